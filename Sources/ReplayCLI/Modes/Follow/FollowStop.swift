import TerminalEditor
import TimeTravel

/// What `--follow` says when it stops: why, how many entries came, how many matched,
/// what happened to the file, and for the summary the new entries' actions.
struct FollowStop: ModeOutput {
  var tally: FollowMode.Tally
  var report: FollowMode.Report
  /// The entry `--until` held on; `nil` for Ctrl-C or the stream's end
  /// (``FollowMode/Tally/ended``).
  var stoppedAt: Int?
  /// What the stream followed is called, when it ended.
  var streamName: String?
  /// Whether `--where` restricts what is reported.
  var filtered: Bool

  /// Whether some new entries may not be reported: `--find`, `--watch` or `--where`.
  private var countsMatches: Bool {
    if case .summary = report { return filtered }
    return true
  }

  struct Record: Encodable {
    var event = "stopped"
    var reason: String
    var seq: Int?
    var entries: Int
    var matched: Int?
    var truncated: Int?
    var replaced: Int?
    var removed: Int?
  }

  var record: Record {
    func counted(_ n: Int) -> Int? { n > 0 ? n : nil }
    return Record(
      reason: stoppedAt != nil ? "until" : tally.ended ? "ended" : "interrupt", seq: stoppedAt,
      entries: tally.entries,
      matched: countsMatches ? tally.matched : nil, truncated: counted(tally.truncated),
      replaced: counted(tally.replaced), removed: counted(tally.removed))
  }

  func text(_ style: TextStyle) -> String {
    let reason =
      stoppedAt.map { "stopped at entry \($0) (--until holds)" }
      ?? (tally.ended
        ? "\(TerminalText.sanitize(streamName ?? "the stream")) ended" : "stopped by Ctrl-C")
    var line = "\(reason) after \(Self.count(tally.entries, "new entry", "new entries"))"
    switch report {
    case .summary where filtered: line += ": \(tally.matched) matching --where"
    case .summary: break
    case .find: line += ": \(tally.matched) matched"
    case .watch(let path):
      let shown =
        path.description.isEmpty ? "the whole state" : TerminalText.sanitize(path.description)
      line += ": \(tally.matched) changed \(shown)"
    }
    var happened: [String] = []
    if tally.truncated > 0 { happened.append("truncated \(Self.times(tally.truncated))") }
    if tally.replaced > 0 { happened.append("replaced \(Self.times(tally.replaced))") }
    if tally.removed > 0 { happened.append("removed \(Self.times(tally.removed))") }
    if !happened.isEmpty { line += "; the log was " + FlagTable.list(happened, "and") }
    var text = line + "\n"
    if case .summary = report, !tally.actions.isEmpty {
      text += "actions:\n"
      // By count, as the summary lists them; ties in order of arrival.
      let names = tally.actions.enumerated()
        .sorted { ($0.element.count, $1.offset) > ($1.element.count, $0.offset) }
        .map { (TerminalText.sanitize($0.element.name), $0.element.count) }
      let width = names.map(\.0.count).max() ?? 0
      for (name, count) in names {
        text += "  \(name)\(String(repeating: " ", count: width - name.count))  \(count)\n"
      }
    }
    return text
  }

  /// "1 new entry", "5 new entries".
  private static func count(_ n: Int, _ one: String, _ many: String) -> String {
    "\(n) \(n == 1 ? one : many)"
  }

  /// "once", "twice", "3 times".
  private static func times(_ n: Int) -> String {
    n == 1 ? "once" : n == 2 ? "twice" : "\(n) times"
  }
}
