import Foundation
import Synchronization
import TerminalEditor
import TimeTravel

/// `replay LOG --html FILE [--plot PATH]… [--range A..B] [--predicate EXPR] [--find EXPR]`:
/// writes a self-contained HTML report of the log (see ``HTMLReportBuilder`` for what it
/// embeds and ``HTMLPage`` for the page).
enum HTMLMode {
  static func run(_ context: Context, request: HTMLReportRequest) throws -> Int32 {
    let log = context.log
    let series = try request.plots.map(ReportSeries.init)
    let marks = try ReportMarks(predicate: request.predicate, find: request.find)
    let positions = try window(of: log, request.range)
    let summary =
      log.isCompact || log.isActionOnly
      ? try LogSummary(scanning: log) : try LogSummary(fastScanning: log)
    let (builder, segments) = try build(
      context: context, positions: positions, series: series, marks: marks)
    let index = indexValue(
      context: context, builder: builder, summary: summary, request: request)
    let page = HTMLPage(index: index, segments: segments).bytes
    if request.file == "-" {
      context.io.out(String(decoding: page, as: UTF8.self))
    } else {
      do {
        try Data(page).write(to: URL(fileURLWithPath: request.file), options: .atomic)
      } catch {
        throw CommandError(
          code: ExitCode.unreadableLog,
          message:
            "cannot write the report to '\(TerminalText.sanitize(request.file))': \(error.localizedDescription)"
        )
      }
    }
    let rows = builder.rows
    let covered =
      "\(rows.seq.count) \(rows.seq.count == 1 ? "entry" : "entries") (seq \(rows.seq.first!)…\(rows.seq.last!))"
    if context.json {
      context.printJSON([
        "file": .string(request.file), "bytes": .number(JSONNumber(page.count)),
        "entries": .number(JSONNumber(rows.seq.count)),
        "firstSeq": .number(JSONNumber(rows.seq.first!)),
        "lastSeq": .number(JSONNumber(rows.seq.last!)),
        "segments": .number(JSONNumber(builder.segments.count)),
      ])
    } else if request.file != "-" {
      let of = positions.count < log.entryCount ? " of \(log.entryCount)" : ""
      context.io.out(
        "wrote \(TerminalText.sanitize(request.file)): \(covered)\(of), \(Self.size(page.count))\n")
    }
    return ExitCode.success
  }

  /// Entries below which the report is built on one thread.
  static let parallelThreshold = 2_000

  /// Builds the report over `positions`: on a machine with two cores or more, a long
  /// window in two halves at once (the second starts a segment of its own), each on a
  /// thread with the large stack jq needs (see `WorkThread`).
  /// - Throws: the error of the earlier half first, as a single pass would.
  private static func build(
    context: Context, positions: ClosedRange<Int>, series: [ReportSeries], marks: ReportMarks
  ) throws -> (HTMLReportBuilder, [[UInt8]]) {
    let limit = context.options.full ? nil : 160
    func builder(_ part: ClosedRange<Int>) -> HTMLReportBuilder {
      HTMLReportBuilder(
        log: context.log, positions: part, firstRow: part.lowerBound - positions.lowerBound + 1,
        diffOptions: context.diffOptions, payloadLimit: limit, series: series, marks: marks)
    }
    var progress = Progress(io: context.io, total: positions.count, label: "writing the report")
    defer { progress.finish() }
    guard positions.count >= parallelThreshold, ProcessInfo.processInfo.activeProcessorCount >= 2
    else {
      var whole = builder(positions)
      var segments: [[UInt8]] = []
      try whole.run(progress: { progress.update($0) }, emit: { segments.append($0) })
      return (whole, segments)
    }
    let middle = positions.lowerBound + positions.count / 2
    let secondHalf = builder(middle...positions.upperBound)
    let later = Mutex<Result<(HTMLReportBuilder, [[UInt8]]), Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      let result = WorkThread.run {
        Result { () throws -> (HTMLReportBuilder, [[UInt8]]) in
          var part = secondHalf
          var segments: [[UInt8]] = []
          try part.run(progress: { _ in }, emit: { segments.append($0) })
          return (part, segments)
        }
      }
      later.withLock { $0 = result }
      done.signal()
    }
    var first = builder(positions.lowerBound...(middle - 1))
    var segments: [[UInt8]] = []
    // Progress counts the first half twice: both halves go at about the same pace.
    let firstResult = Result {
      try first.run(progress: { progress.update($0 * 2) }, emit: { segments.append($0) })
    }
    done.wait()
    try firstResult.get()
    let (part, laterSegments) = try later.withLock { $0! }.get()
    first.append(part)
    return (first, segments + laterSegments)
  }

  /// "312 KB", "18.4 MB".
  static func size(_ bytes: Int) -> String {
    if bytes < 1_000_000 { return "\(max(1, (bytes + 500) / 1000)) KB" }
    let tenths = (bytes + 50_000) / 100_000
    return "\(tenths / 10).\(tenths % 10) MB"
  }

  /// The positions of the entries whose seq lies in `range` (all for `nil`), found by
  /// binary search on seq, which recorders write increasing.
  /// - Throws: `CommandError` when the log has no entries or none lies in the range.
  static func window(of log: LogFile, _ range: SeqRange?) throws -> ClosedRange<Int> {
    let count = log.entryCount
    guard count > 0 else {
      throw CommandError(code: ExitCode.notFound, message: "the log has no entries to report")
    }
    guard let range else { return 1...count }
    func seq(_ position: Int) throws -> Int { try log.entry(position).seq }
    /// The first position whose seq is not below `bound`, or count + 1.
    func firstNotBelow(_ bound: Int) throws -> Int {
      var low = 1
      var high = count + 1
      while low < high {
        let mid = (low + high) / 2
        if try seq(mid) < bound { low = mid + 1 } else { high = mid }
      }
      return low
    }
    let first = try range.lower.map(firstNotBelow) ?? 1
    let last = try range.upper.map { try firstNotBelow($0 + 1) - 1 } ?? count
    guard first <= last, try range.contains(seq(first)) else {
      let span = "the log's seqs run \(try seq(1))…\(try seq(count))"
      throw CommandError(
        code: ExitCode.usage, message: "--range \(range.description) holds no entry (\(span))")
    }
    return first...last
  }

  /// The report's index: everything but the states, read by the page with `JSON.parse`.
  private static func indexValue(
    context: Context, builder: HTMLReportBuilder, summary: LogSummary,
    request: HTMLReportRequest
  ) -> JSONValue {
    let log = context.log
    let rows = builder.rows
    func numbers(_ values: [Int]) -> JSONValue {
      .array(JSONArray(values.map { .number(JSONNumber($0)) }))
    }
    var rowOfLine: [Int: Int] = [:]
    for (i, line) in rows.line.enumerated() { rowOfLine[line] = i + 1 }
    var object = JSONObject()
    object["format"] = "replay-html-report"
    object["version"] = 1
    object["generator"] = .string("replay \(ReplayCommand.version)")
    var logObject: JSONObject = [
      "path": .string(log.path), "entries": .number(JSONNumber(log.entryCount)),
    ]
    if let header = log.header {
      var h = JSONObject()
      h["format"] = .string(header.format)
      if let app = header.app { h["app"] = .string(app) }
      if let s = header.stateType { h["stateType"] = .string(s) }
      if let a = header.actionType { h["actionType"] = .string(a) }
      if let c = header.created { h["created"] = .string(c) }
      logObject["header"] = .object(h)
    }
    logObject["firstTime"] = summary.firstTime.map(JSONValue.string) ?? .null
    logObject["lastTime"] = summary.lastTime.map(JSONValue.string) ?? .null
    logObject["actions"] = .array(
      JSONArray(summary.actionCounts.map { [.string($0.name), .number(JSONNumber($0.count))] }))
    logObject["warnings"] = .array(
      JSONArray(
        summary.warnings.map { warning in
          [
            "line": warning.line.map { .number(JSONNumber($0)) } ?? .null,
            "row": warning.line.flatMap { rowOfLine[$0] }.map { .number(JSONNumber($0)) } ?? .null,
            "message": .string(warning.message),
          ]
        }))
    object["log"] = .object(logObject)
    object["window"] = [
      "range": request.range.map { .string($0.description) } ?? .null,
      "firstPosition": .number(JSONNumber(builder.positions.lowerBound)),
      "lastPosition": .number(JSONNumber(builder.positions.upperBound)),
      "startsAtBeginning": .bool(builder.positions.lowerBound == 1),
    ]
    object["rows"] = [
      "seq": numbers(rows.seq),
      "time": .array(JSONArray(rows.time.map { $0.map(JSONValue.string) ?? .null })),
      "name": .array(JSONArray(rows.name.map(JSONValue.string))),
      "payload": .array(JSONArray(rows.payload.map(JSONValue.string))),
      "changes": numbers(rows.changes),
      "line": numbers(rows.line),
      "chainBreaks": numbers(rows.chainBreaks),
    ]
    object["segments"] = .array(
      JSONArray(
        builder.segments.map { [.number(JSONNumber($0.firstRow)), .number(JSONNumber($0.count))] }))
    object["idKeys"] = .array(JSONArray(context.diffOptions.idKeys.map(JSONValue.string)))
    object["gaps"] = .array(
      JSONArray(
        log.gaps.compactMap { gap -> JSONValue? in
          guard let before = gap.beforeEntry, builder.positions.contains(before) else { return nil }
          return [
            "row": .number(JSONNumber(before - builder.positions.lowerBound + 1)),
            "dropped": .number(JSONNumber(gap.dropped)),
            "firstSeq": .number(JSONNumber(gap.firstSeq)),
            "message": .string(gap.message),
          ]
        }))
    if let pending = log.pendingEntry, builder.positions.upperBound == log.entryCount {
      object["pending"] = [
        "seq": .number(JSONNumber(pending.seq)),
        "time": pending.time.map(JSONValue.string) ?? .null,
        "name": .string(pending.actionName),
        "action": .string(JSONPrinter.compact.print(pending.action)),
        "line": .number(JSONNumber(pending.line)),
        "message": .string(pending.crashMessage),
      ]
    } else {
      object["pending"] = .null
    }
    object["plots"] = .array(JSONArray(builder.series.map(\.jsonValue)))
    let (predicate, find) = builder.marks.jsonValues()
    object["predicate"] = predicate
    object["find"] = find
    return .object(object)
  }
}
