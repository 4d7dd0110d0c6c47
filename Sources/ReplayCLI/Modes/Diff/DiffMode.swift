import TimeTravel

/// `replay LOG --diff A B`: what changed from state A to state B.
struct DiffMode: LogMode {
  static let declaration = ModeDeclaration(
    DiffMode.self,
    flag: Flag(
      names: ["--diff"],
      value: FlagValue(
        placeholder: "A", meaning: "a state: init or an entry's seq", choices: [],
        form: .withOptionalNumber(second: "B"),
        validate: { text, flag throws(UsageError) in _ = try StateName.parse(text, for: flag) }),
      help:
        "What changed from state A to state B. Each change is shown inside the surrounding structure with its RFC 6901 JSON Pointer; unchanged runs are folded. With A alone: what entry A changed, from its prior to its next."
    ))

  /// State A, or entry K for `--diff K`.
  var from: StateName
  /// State B; `nil` for `--diff K`.
  var to: StateName?

  init(from: StateName, to: StateName?) {
    self.from = from
    self.to = to
  }

  init(_ arguments: ModeArguments) throws(UsageError) {
    from = try StateName.parse(arguments.values[0], for: "--diff")
    to = arguments.values.count > 1 ? try StateName.parse(arguments.values[1], for: "--diff") : nil
  }

  func run(_ context: Context) throws -> Int32 {
    guard let to else { return try Self.run(context, entry: from) }
    return try Self.run(context, from: from, to: to)
  }

  /// What entry K did: from the state before it to the state after it.
  struct EntryChange {
    /// Entry K's own prior.
    var old: JSONValue
    /// Entry K's next (state K).
    var new: JSONValue
    /// The position of the state entry K's prior is: the previous entry's (0 for the
    /// initial state), or `nil` after a gap record or a broken chain, where the prior is
    /// no state of the log.
    var from: Int?
  }

  /// What the entry at `position` changed: its own prior to its next, the meaning
  /// `--watch`, the stepper and bisect's report share. Its prior is named as the state
  /// before it only when it is that state.
  static func change(_ context: Context, entryAt position: Int) throws -> EntryChange {
    let log = context.log
    let entry = try log.entry(position)
    var from: Int?
    if position == 1 {
      from = 0
    } else if log.gap(beforeEntry: position) == nil, try log.state(position - 1) == entry.prior {
      from = position - 1
    }
    return EntryChange(old: entry.prior, new: entry.next, from: from)
  }

  /// "state 52 → state 53", or "entry 53's prior → state 53" when the prior is no state
  /// of the log.
  static func heading(_ context: Context, _ change: EntryChange, entryAt position: Int) -> String {
    let to = context.stateName(position)
    guard let from = change.from else { return "entry \(to)'s prior → state \(to)" }
    return "state \(context.stateName(from)) → state \(to)"
  }

  /// `--diff K`: what entry K changed, from its prior to its next.
  static func run(_ context: Context, entry name: StateName) throws -> Int32 {
    guard case .after(let k) = name, context.log.numbering.position(ofNumber: k) != nil || k != 0
    else {
      throw CommandError(
        code: ExitCode.usage,
        message:
          "--diff \(name == .initial ? "init" : "0"): no entry led to the initial state; use --diff A B to compare two states"
      )
    }
    let position = try context.position(ofEntry: k)
    let change = try change(context, entryAt: position)
    return try render(
      context, old: change.old, new: change.new, from: change.from.map(context.stateLabel),
      to: context.stateLabel(position), heading: heading(context, change, entryAt: position),
      entry: try context.log.entry(position))
  }

  /// `--diff A B`: state A to state B.
  static func run(_ context: Context, from a: StateName, to b: StateName) throws -> Int32 {
    let (from, to) = (try context.position(of: a), try context.position(of: b))
    return try render(
      context, old: try context.log.state(from), new: try context.log.state(to),
      from: context.stateLabel(from), to: context.stateLabel(to),
      heading: "state \(context.stateName(from)) → state \(context.stateName(to))")
  }

  /// `entry`, when given, is the one that led from the old state to the new.
  private static func render(
    _ context: Context, old: JSONValue, new: JSONValue, from: StateLabel?, to: StateLabel,
    heading: String, entry: LogEntry? = nil
  ) throws -> Int32 {
    if context.options.format == .jsonPatch {
      // RFC 6902: applying this to the old state gives the new one exactly.
      return try context.emit(
        PatchOutput(patch: JSONDiff.patch(from: old, to: new, options: context.diffOptions)))
    }
    let changes = JSONDiff.changes(from: old, to: new, options: context.diffOptions)
    return try context.emit(
      DiffOutput(
        old: old, new: new, from: from, to: to, heading: heading, entry: entry, changes: changes,
        causeAction: entry.flatMap(context.causeAction)))
  }
}
