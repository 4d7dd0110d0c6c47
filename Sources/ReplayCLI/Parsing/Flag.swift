/// One command-line flag, declared once in a ``FlagTable``: its spellings, its value, the
/// modes it belongs to and its help. The parse loop, the "goes with" checks, `--help` and
/// the shell completions are all generated from these declarations, as
/// swift-argument-parser generates help from `@Option(help:)`.
struct Flag: Sendable {
  /// What the flag does to the command line.
  enum Role: Sendable {
    /// Selects the mode; one mode per run. The mode needs one of the flags in `needs`
    /// (`--bisect` needs `--predicate` or `--run`); `stdin` says what it reads from
    /// standard input, which then cannot hold the log.
    case mode(ModeKind, needs: [String] = [], stdin: String? = nil)
    /// Adjusts the modes in `modes` and is a usage error with any other. A flag that
    /// `repeats` keeps every value (`--id-key`); otherwise the last one wins.
    case option(modes: Set<ModeKind>, repeats: Bool = false)
  }

  /// Every spelling; the first is the one help and messages use (`--color`, then
  /// `--colour`).
  var names: [String]
  /// The value it takes, or `nil` for none.
  var value: FlagValue?
  var role: Role
  /// What it does, in sentences; the first is the summary shell completions show.
  var help: String
  /// For a mode flag: the modes it may be given with, as one of their options rather than
  /// as a second mode (`--find EXPR` with `--html FILE` marks the matches in the report).
  var combinesWith: Set<ModeKind> = []
  /// Records the flag's values (one, or two for `--diff A B`), checked against its
  /// choices, in the parse. Flags read only by the checks (`--predicate`, which
  /// `--bisect` needs) record nothing here.
  /// - Throws: ``UsageError`` for a malformed value (`--show two`).
  var apply: @Sendable (inout ParsedArguments, [String]) throws(UsageError) -> Void = { _, _ in }

  /// The spelling help and messages use.
  var name: String { names[0] }

  /// The mode a mode flag selects.
  var mode: ModeKind? {
    if case .mode(let kind, _, _) = role { return kind }
    return nil
  }

  /// The modes the flag goes with: its own for a mode flag.
  var modes: Set<ModeKind> {
    switch role {
    case .mode(let kind, _, _): return [kind]
    case .option(let modes, _): return modes
    }
  }

  /// Whether the flag may be given more than once with every value kept.
  var repeats: Bool {
    if case .option(_, let repeats) = role { return repeats }
    return false
  }

  /// The first sentence of ``help``: up to the first full stop that ends a sentence.
  var summary: String {
    var end = help.endIndex
    var index = help.startIndex
    while let dot = help[index...].firstIndex(of: ".") {
      let after = help.index(after: dot)
      if after == help.endIndex || help[after] == " " {
        end = dot
        break
      }
      index = after
    }
    return String(help[..<end])
  }

  /// `--show N`, `--diff A [B]`, `--color[=auto|always|never]`.
  var synopsis: String { name + (value?.synopsis ?? "") }
}
