import Foundation
import Synchronization
import TerminalEditor
import TimeTravel

/// `replay LOG --html FILE [--plot PATH]… [--range A..B] [--predicate EXPR] [--find EXPR]`:
/// writes a self-contained HTML report of the log (see ``HTMLReportBuilder`` for what it
/// embeds and ``HTMLPage`` for the page). Given after `--what-if EDIT… --reducer NAME` or
/// `--minimize --predicate EXPR --reducer NAME`, it writes the report of the edited or
/// minimised history, beside the recording (see ``EditedHistoryReport``).
struct HTMLMode: LogMode {
  static let flag = Flag(
    names: ["--html"], value: .text("FILE", meaning: "the report's path"),
    help:
      "Write a self-contained HTML report of the log to FILE: a timeline to select entries by click, slider or keyboard, the state tree, each entry's diff and the diff of any two states, charts of --plot values, and marks for --predicate and --find. It makes no network requests. After --what-if EDIT… or --minimize, the report is of the edited or minimised history, beside the recording: each entry says which recorded entry it is and how it changed, with the diff of the recorded state after that entry to the state the edited history has there."
  )
  static let declaration = ModeDeclaration(
    HTMLMode.self,
    flag: flag, options: [OptionFlags.predicate, OptionFlags.plot, OptionFlags.range],
    modeFlags: [FindMode.flag])

  /// What the report was asked to be.
  var request: HTMLReportRequest

  init(request: HTMLReportRequest) { self.request = request }

  init(_ arguments: ModeArguments) {
    let options = arguments.options
    request = HTMLReportRequest(
      file: arguments.values[0], plots: options.plots, range: options.range,
      predicate: options.predicate, find: arguments.values(of: FindMode.flag)?.first)
  }

  func run(_ context: Context) throws -> Int32 {
    var context = context
    let recorded = context.log
    var edited: (log: EditedLog, minimized: MinimizeResult?)?
    if let request = request.edited {
      edited = try EditedHistoryReport.history(
        request, predicate: self.request.predicate, context: context)
      context.log = edited!.log.log
    }
    let log = context.log
    let modules = context.options.modules
    let series = try request.plots.map { try ReportSeries($0, modules: modules) }
    let marks = try ReportMarks(
      predicate: request.predicate, find: request.find, log: log, modules: modules)
    let positions = try Self.window(of: log, request.range)
    var summary =
      log.isCompact || log.isActionOnly
      ? try LogSummary(scanning: log) : try LogSummary(fastScanning: log)
    if edited != nil {
      // An edited history keeps the recorded seqs where it can: a seq it skips is an
      // entry it left out, which the report lists, not a fault of a log.
      summary.warnings.removeAll { $0.message.hasSuffix("and no gap record says why") }
    }
    let (builder, segments) = try Self.build(
      context: context, positions: positions, series: series, marks: marks)
    var report = ReportIndex(
      context: context, builder: builder, summary: summary, request: request,
      effects: log.hasEffectRecords ? try log.effectRuns() : nil)
    if let edited, let kind = request.edited {
      report.edited = try EditedHistoryReport.record(
        kind, edited: edited.log, minimized: edited.minimized, recorded: recorded,
        positions: positions, reducer: context.options.reducer ?? "",
        diffOptions: context.diffOptions)
    }
    let index = try JSONValueEncoder().encode(report)
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
    return try context.emit(
      HTMLReportOutput(
        file: request.file, bytes: page.count, entries: rows.seq.count, firstSeq: rows.seq.first!,
        lastSeq: rows.seq.last!, segments: builder.segments.count,
        logEntries: positions.count < log.entryCount ? log.entryCount : nil))
  }

  /// Entries below which the report is built on one thread.
  static let parallelThreshold = 2_000

  /// Builds the report over `positions`: when the log's scans use two threads or more
  /// (`REPLAY_THREADS`, the machine's cores by default), a long window in two halves at
  /// once (the second starts a segment of its own), each on a thread with the large
  /// stack jq needs (see `WorkThread`).
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
    var progress = ProgressLine(io: context.io, total: positions.count, label: "writing the report")
    defer { progress.finish() }
    guard positions.count >= parallelThreshold, context.log.scanSettings.threads >= 2
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
}
