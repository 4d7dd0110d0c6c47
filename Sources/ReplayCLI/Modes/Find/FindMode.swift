import TimeTravel
import TimeTravelJQ

/// `replay LOG --find EXPR`: the entries on which EXPR holds, evaluated on
/// the whole entry `{seq, time, action, prior, next}`.
///
/// `--format json` streams: the array's records are printed as the scan consumes their
/// entries (``JSONArrayStream``), and the log's warnings, known when the scan that indexes
/// it ends, follow them on stderr. The text is printed when the scan ends, as its heading
/// counts the entries ("6 entries match:").
struct FindMode: FollowableMode, ScanningMode {
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
    let restriction = try EntryFilter(
      context.options.filter, log: context.log, modules: context.options.modules)
    guard context.options.format == .text else {
      return try Self.streamJSON(context, filter: filter, restriction: restriction)
    }
    // The text waits for the scan's end: its heading counts the entries.
    let found = try Self.search(
      context, filter: filter, what: "the --find expression", restriction: restriction,
      progress: "searching")
    context.openingWarnings.say()
    return try context.emit(FindOutput(entries: found.map(\.entry)))
  }

  /// `--format json`: the entries' records printed as the scan consumes them
  /// (``JSONArrayStream``), each rendered on the worker that read its entry; the bytes
  /// ``FindOutput``'s record prints. A progress line shows only when standard output is
  /// no terminal: there the records are the progress.
  private static func streamJSON(
    _ context: Context, filter: JQFilter, restriction: EntryFilter
  ) throws -> Int32 {
    let stream = JSONArrayStream(context.io)
    try stream.run {
      try forEachHit(
        context, filter: filter, what: "the --find expression", restriction: restriction,
        progress: context.io.isTerminal ? nil : "searching",
        render: { entry in
          try JSONArrayStream.item { out in
            JSONPrinter.compact.write(try JSONValueEncoder().encode(EntryRecord(entry)), to: &out)
          }
        }
      ) { _, item in stream.append(item) }
    }
    return stream.count == 0 ? ExitCode.notFound : ExitCode.success
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
    try forEachHit(
      context, filter: filter, what: what, restriction: restriction, progress: label,
      render: { $0 }
    ) { position, entry in found.append(Hit(position: position, entry: entry)) }
    return found
  }

  /// The scan under ``search(_:filter:what:restriction:progress:)``: each hit's entry
  /// (without its states) is rendered by `render` on the worker that read it, and the
  /// result handed to `body` with the entry's position on the calling thread, in log
  /// order, as the scan consumes it.
  /// - Throws: What reading an entry, the expressions or `render` throw, after `body` has
  ///   had every hit before that entry.
  static func forEachHit<Value: Sendable>(
    _ context: Context, filter: JQFilter, what: String, restriction: EntryFilter?,
    progress label: String?, render: @Sendable (LogEntry) throws -> Value,
    _ body: (Int, Value) throws -> Void
  ) throws {
    var progress = label.map {
      ProgressLine(io: context.io, total: context.log.entryCount, label: $0)
    }
    // The action read as far as the expressions look, and a hit's in full afterwards:
    // building every entry's action is a sixth of a search that reads none of a state.
    let reading = JQPredicate.entryProjectionReadingActionInPart(
      [filter] + (restriction?.filters ?? [])
    ).union(TextStyle.listingReading.readingAction(nil))
    let log = context.log
    let host = JQPredicate.host(log)
    try log.scan { line -> Value? in
      var entry = try line.entry(reading: reading)
      guard try restriction?.includes(entry) ?? true,
        try JQPredicate.holds(filter, onEntry: entry, host: host, what: what)
      else { return nil }
      if !reading.action.isWhole { entry.action = try line.action() }
      entry.prior = .null
      entry.next = .null
      return try render(entry)
    } consume: { position, value in
      progress?.update(position)
      if let value { try body(position, value) }
      return true
    }
    progress?.finish()
  }

  /// "no entry matches", "1 entry matches:", "6 entries match:".
  static func heading(_ count: Int) -> String {
    count == 0
      ? "no entry matches\n" : "\(count) \(count == 1 ? "entry matches" : "entries match"):\n"
  }
}
