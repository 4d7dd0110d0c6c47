import TimeTravel
import TimeTravelJQ

/// `replay LOG --find EXPR`: the entries on which EXPR holds, evaluated on
/// the whole entry `{seq, time, action, prior, next}`.
struct FindMode: FollowableMode {
  static let flag = Flag(
    names: ["--find"], value: .text("EXPR"),
    help:
      "The entries on which EXPR holds. EXPR runs on the whole entry {seq, time, action, prior, next}. With --html, the report marks them."
  )
  static let declaration = ModeDeclaration(
    FindMode.self, flag: flag,
    options: [OptionFlags.filter, OptionFlags.follow, OptionFlags.until], states: .actions)

  /// The jq expression run on each entry.
  var expression: String

  init(expression: String) { self.expression = expression }
  init(_ arguments: ModeArguments) { expression = arguments.values[0] }

  /// An entry that matched, and where it is.
  struct Hit {
    /// The entry's position in the log, 1-based.
    var position: Int
    /// The entry, without its states (`prior` and `next` are null).
    var entry: LogEntry
  }

  func runBeforeFollowing(_ context: Context) throws -> (code: Int32, report: FollowMode.Report) {
    let report = try followReport(context)
    return (try run(context), report)
  }

  func followReport(_ context: Context) throws -> FollowMode.Report {
    .find(
      try JQPredicate.compile(
        expression, what: "--find expression", modules: context.options.modules))
  }

  func run(_ context: Context) throws -> Int32 {
    let filter = try JQPredicate.compile(
      expression, what: "--find expression", modules: context.options.modules)
    let found = try Self.search(
      context, filter: filter, what: "the --find expression",
      restriction: try EntryFilter(
        context.options.filter, log: context.log, modules: context.options.modules),
      progress: "searching")
    return try context.emit(FindOutput(entries: found.map(\.entry)))
  }

  /// Every entry of the log that `restriction` includes and `filter` holds on, in order;
  /// the search of `--find` and of the stepper's `find`.
  ///
  /// The log is scanned on every core (`LogFile.scan`), each entry read only as far as
  /// the two expressions look into it (`JQFilter.projection(reading:)`): an expression on
  /// the action builds neither state.
  ///
  /// - Parameters:
  ///   - what: Names the expression in an evaluation error ("the --find expression").
  ///   - progress: The label of a progress line on stderr, or `nil` for none.
  /// - Complexity: One validating pass over every line. Only the action and the place of
  ///   each hit are kept, so memory follows the number of hits, not the size of their
  ///   states.
  static func search(
    _ context: Context, filter: JQFilter, what: String, restriction: EntryFilter? = nil,
    progress label: String? = nil
  ) throws -> [Hit] {
    var found: [Hit] = []
    var progress = label.map {
      ProgressLine(io: context.io, total: context.log.entryCount, label: $0)
    }
    let reading = JQPredicate.entryProjection([filter] + (restriction?.filters ?? []))
      .union(TextStyle.listingReading)
    let log = context.log
    try log.scan { line -> LogEntry? in
      var entry = try line.entry(reading: reading)
      guard try restriction?.includes(entry) ?? true,
        try JQPredicate.holds(filter, onEntry: entry, in: log, what: what)
      else { return nil }
      entry.prior = .null
      entry.next = .null
      return entry
    } consume: { position, entry in
      progress?.update(position)
      if let entry { found.append(Hit(position: position, entry: entry)) }
      return true
    }
    progress?.finish()
    return found
  }

  /// "no entry matches", "1 entry matches:", "6 entries match:".
  static func heading(_ count: Int) -> String {
    count == 0
      ? "no entry matches\n" : "\(count) \(count == 1 ? "entry matches" : "entries match"):\n"
  }
}
