/// Everything the command line knows of a mode, in one place beside the mode's `run`: its
/// flag, the flag it needs, the options it takes, whether it reads stdin and whether it
/// needs the log's states. The parser, `--help`, the man page, the completions and the
/// check of action-only logs are derived from the declarations in ``ModeTable``.
struct ModeDeclaration: Sendable {
  /// What a mode needs of a log that records actions only (a Redux DevTools default
  /// export, an Elm history).
  enum States: Sendable, Equatable {
    /// The actions are enough (the summary, `--find`, `--convert`).
    case actions
    /// States, recomputed through `--reducer NAME` when the log has none.
    case needed
    /// The states the log recorded: refused on an action-only log with `reason`, what
    /// follows "so FLAG" in the message ("has no recorded states to compare with; …").
    case recorded(reason: String)
  }

  /// Who the mode is.
  let id: ModeID
  /// The flag that selects it; `nil` for the summary, the mode without one.
  var flag: Flag?
  /// Whether it opens a log: every mode but `--eval`, `--completion`, `--help` and
  /// `--version`.
  var opensLog = true
  /// Options of which exactly one must be given (`--bisect` needs `--predicate` or
  /// `--run`); help shows them with the mode.
  var needs: [Flag] = []
  /// Options that must each be given besides (`--minimize --predicate EXPR` needs
  /// `--reducer NAME` too); help shows them with the mode.
  var alsoNeeds: [Flag] = []
  /// How help writes the mode with what it needs, when the generated form would not fit
  /// a line (`--what-if EDIT… --reducer NAME`); its options are listed under it either way.
  var synopsis: String?
  /// The other options it takes, besides those of every mode on a log.
  var options: [Flag] = []
  /// Other modes' flags it takes as options (`--html FILE --find EXPR` marks the
  /// matches in the report).
  var modeFlags: [Flag] = []
  /// What it reads from stdin, which then cannot hold the log ("reads its commands from
  /// stdin").
  var stdin: String?
  var states = States.needed
  /// Whether it wins over every other flag once the words are read (`--help`,
  /// `--version`).
  var overridesOthers = false
  /// Makes the mode from what the command line gave it.
  let make: @Sendable (ModeArguments) throws(UsageError) -> any ReplayMode

  /// Declares `mode`; the remaining properties are set by name.
  init<Mode: ReplayMode>(
    _ mode: Mode.Type, flag: Flag?, opensLog: Bool = true, needs: [Flag] = [],
    alsoNeeds: [Flag] = [], synopsis: String? = nil, options: [Flag] = [], modeFlags: [Flag] = [],
    stdin: String? = nil,
    states: States = .needed, overridesOthers: Bool = false
  ) {
    id = ModeID(mode)
    self.flag = flag
    self.opensLog = opensLog
    self.needs = needs
    self.alsoNeeds = alsoNeeds
    self.synopsis = synopsis
    self.options = options
    self.modeFlags = modeFlags
    self.stdin = stdin
    self.states = states
    self.overridesOthers = overridesOthers
    make = { arguments throws(UsageError) in try Mode(arguments) }
  }

  /// How messages and help name the mode: its flag, or "the summary".
  var name: String { flag?.name ?? "the summary" }

  /// Whether it takes `option`: needs it, lists it, or the option goes with every mode
  /// on a log and this mode opens one (`--eval` lists `-L`, which every mode on a log
  /// takes).
  func takes(_ option: Flag) -> Bool {
    if option.scope == .everyModeOnALog, opensLog { return true }
    return (needs + alsoNeeds + options).contains { $0.name == option.name }
  }
}

/// A mode's identity: its type.
struct ModeID: Hashable, Sendable {
  private let type: ObjectIdentifier

  init(_ mode: any ReplayMode.Type) { type = ObjectIdentifier(mode) }
}
