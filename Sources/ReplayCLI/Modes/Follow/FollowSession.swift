import TerminalEditor
import TimeTravel
import TimeTravelJQ

/// One run of `--follow` for the summary, `--find` and `--watch`: reports each event of
/// the follower as it comes, in text or JSON, and tallies what it saw.
struct FollowSession {
  let context: Context
  let report: FollowMode.Report
  let restriction: EntryFilter
  let until: JQFilter?
  private(set) var tally = FollowMode.Tally()
  /// Where reports go instead of the context's output, when set (`--listen` says which
  /// session each came from).
  var output: ((FollowEvent) throws -> Void)?
  /// Whether the log is a stream read to its end (stdin, a FIFO).
  var isStream = false

  init(context: Context, report: FollowMode.Report, restriction: EntryFilter, until: JQFilter?) {
    self.context = context
    self.report = report
    self.restriction = restriction
    self.until = until
  }

  private var path: String { context.log.path }

  /// Reports `event`; the entry on which `--until` holds, which ends following.
  /// - Throws: `CommandError` (exit 4) when `--where`, `--find` or `--until` fails on an
  ///   entry.
  mutating func handle(_ event: LogFollower.Event) throws -> LogEntry? {
    switch event {
    case .entry(let entry):
      try reportEntry(entry)
      if let until,
        try JQPredicate.holds(
          until, onEntry: entry, in: context.log, what: "the --until expression")
      {
        return entry
      }
    case .header(let header):
      try say(.newSession(path: path, header: header))
    case .closing(let closing):
      try say(.closed(path: path, lastSeq: closing.lastSeq))
    case .truncated(let size):
      tally.truncated += 1
      try say(.truncated(path: path, size: size))
    case .replaced:
      tally.replaced += 1
      try say(.replaced(path: path))
    case .removed:
      tally.removed += 1
      try say(.removed(path: path))
    case .pending:
      break  // Its entry follows when the reducer returns; a crash leaves it for --reproduce.
    case .gap(let gap):
      warn(line: gap.line, gap.message)
    case .warning(let warning):
      warn(line: warning.line, warning.message)
    case .skipped(let error):
      context.io.errText("replay: warning: \(error); skipped it\n")
    case .ended:
      tally.ended = true
    case .incompleteLine(let line):
      let first = isStream ? "the stream ended first" : "the file changed first"
      warn(line: line, "the last line was never completed (\(first)); ignored it")
    }
    return nil
  }

  private mutating func reportEntry(_ entry: LogEntry) throws {
    tally.entries += 1
    guard try restriction.includes(entry) else { return }
    switch report {
    case .summary:
      tally.count(entry.actionName)
      if context.options.filter != nil { tally.matched += 1 }
      try say(.entry(entry))
    case .find(let filter):
      guard
        try JQPredicate.holds(
          filter, onEntry: entry, in: context.log, what: "the --find expression")
      else {
        return
      }
      tally.matched += 1
      try say(.entry(entry))
    case .watch(let path):
      guard let hit = Watch.hit(entry, at: path) else { return }
      tally.matched += 1
      try say(.hit(hit, path: path))
    }
  }

  /// Reports `event` as the mode reports: a line of text, or a JSON object.
  private func say(_ event: FollowEvent) throws {
    if let output { return try output(event) }
    _ = try context.emit(event)
  }

  private func warn(line: Int?, _ message: String) {
    context.io.errText(
      "replay: warning: \(context.log.path):\(line.map(String.init) ?? ""): \(message)\n")
  }

  /// The summary of what following saw (see ``FollowStop``).
  func finish(stoppedAt: LogEntry?) throws {
    _ = try context.emit(
      FollowStop(
        tally: tally, report: report, stoppedAt: stoppedAt?.seq, streamName: path,
        filtered: context.options.filter != nil))
  }
}
