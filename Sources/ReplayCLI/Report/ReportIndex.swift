import TimeTravel

/// The report's index: everything the page embeds but the states, read by its script
/// with `JSON.parse` (the page's `log`, `window`, `rows`, `segments`, `gaps`, `pending`,
/// `plots` and marks).
struct ReportIndex: Encodable {
  var format = "replay-html-report"
  var version = 1
  var generator = "replay \(ReplayCommand.version)"
  var log: LogRecord
  var window: WindowRecord
  var rows: HTMLReportBuilder.Rows
  /// Each segment's first row and row count.
  var segments: [Pair<Int, Int>]
  var idKeys: [String]
  var gaps: [GapRecord]
  var pending: OrNull<PendingRecord>
  var plots: [ReportSeries]
  var predicate: OrNull<ReportMarks.PredicateRecord>
  var find: OrNull<ReportMarks.FindRecord>
  /// The log's effect runs, when it has effect records: what the page lists as running
  /// at the selected entry.
  var effects: [EffectRecord]?
  /// With `--what-if` or `--minimize`: the report's history beside the recording.
  var edited: EditedHistoryReport.Record?

  /// One effect run: `startedAfter` and `endedAfter` are the seqs of the entries its
  /// start and end records follow (`null`: before the first entry; no end: still running
  /// when the log ended).
  struct EffectRecord: Encodable {
    var name: String
    var id: Int
    var cause: Int?
    var site: String?
    var started: String?
    var startedAfter: Int?
    var endedAfter: Int?
    var outcome: String?
  }

  struct LogRecord: Encodable {
    var path: String
    var entries: Int
    var header: HeaderRecord?
    var firstTime: OrNull<String>
    var lastTime: OrNull<String>
    /// Each action's name and count.
    var actions: [Pair<String, Int>]
    var warnings: [WarningRecord]
  }

  struct HeaderRecord: Encodable {
    var format: String
    var app: String?
    var stateType: String?
    var actionType: String?
    var created: String?
  }

  struct WarningRecord: Encodable {
    var line: OrNull<Int>
    /// The row of the entry on the warning's line, when the report shows it.
    var row: OrNull<Int>
    var message: String
  }

  struct WindowRecord: Encodable {
    var range: OrNull<String>
    var firstPosition: Int
    var lastPosition: Int
    var startsAtBeginning: Bool
  }

  struct GapRecord: Encodable {
    var row: Int
    var dropped: Int
    var firstSeq: Int
    var message: String
  }

  struct PendingRecord: Encodable {
    var seq: Int
    var time: OrNull<String>
    var name: String
    /// The action as compact JSON text.
    var action: String
    var line: Int
    var message: String
  }

  /// The index of the report `builder` made of `context`'s log.
  init(
    context: Context, builder: HTMLReportBuilder, summary: LogSummary,
    request: HTMLReportRequest, effects: EffectRuns? = nil
  ) {
    let log = context.log
    let positions = builder.positions
    var rowOfLine: [Int: Int] = [:]
    for (i, line) in builder.rows.line.enumerated() { rowOfLine[line] = i + 1 }
    self.log = LogRecord(
      path: log.path, entries: log.entryCount,
      header: log.header.map {
        HeaderRecord(
          format: $0.format, app: $0.app, stateType: $0.stateType, actionType: $0.actionType,
          created: $0.created)
      }, firstTime: OrNull(summary.firstTime), lastTime: OrNull(summary.lastTime),
      actions: summary.actionCounts.map { Pair($0.name, $0.count) },
      warnings: summary.warnings.map {
        WarningRecord(
          line: OrNull($0.line), row: OrNull($0.line.flatMap { rowOfLine[$0] }),
          message: $0.message)
      })
    window = WindowRecord(
      range: OrNull(request.range?.description), firstPosition: positions.lowerBound,
      lastPosition: positions.upperBound, startsAtBeginning: positions.lowerBound == 1)
    rows = builder.rows
    segments = builder.segments.map { Pair($0.firstRow, $0.count) }
    idKeys = context.diffOptions.idKeys
    gaps = log.gaps.compactMap { gap in
      guard let before = gap.beforeEntry, positions.contains(before) else { return nil }
      return GapRecord(
        row: before - positions.lowerBound + 1, dropped: gap.dropped, firstSeq: gap.firstSeq,
        message: gap.message)
    }
    pending = OrNull(
      log.pendingEntry.flatMap { pending in
        guard positions.upperBound == log.entryCount else { return nil }
        return PendingRecord(
          seq: pending.seq, time: OrNull(pending.time), name: pending.actionName,
          action: JSONPrinter.compact.print(pending.action), line: pending.line,
          message: pending.crashMessage)
      })
    plots = builder.series
    predicate = OrNull(builder.marks.predicateRecord)
    find = OrNull(builder.marks.findRecord)
    self.effects = effects.map { runs in
      runs.runs.map { run in
        EffectRecord(
          name: run.name, id: run.id, cause: run.cause, site: run.site.map { TextStyle().site($0) },
          started: run.started, startedAfter: run.startedAfter, endedAfter: run.end?.after,
          outcome: run.end?.outcome)
      }
    }
  }
}

/// Two values written as a JSON array of two, as the page reads pairs.
struct Pair<First: Encodable, Second: Encodable>: Encodable {
  var first: First
  var second: Second

  init(_ first: First, _ second: Second) { (self.first, self.second) = (first, second) }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(first)
    try container.encode(second)
  }
}
