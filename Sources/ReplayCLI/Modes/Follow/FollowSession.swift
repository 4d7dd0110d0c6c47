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

  init(context: Context, report: FollowMode.Report, restriction: EntryFilter, until: JQFilter?) {
    self.context = context
    self.report = report
    self.restriction = restriction
    self.until = until
  }

  private var path: String { TerminalText.sanitize(context.log.path) }

  /// Reports `event`; the entry on which `--until` holds, which ends following.
  /// - Throws: `CommandError` (exit 4) when `--where`, `--find` or `--until` fails on an
  ///   entry.
  mutating func handle(_ event: LogFollower.Event) throws -> LogEntry? {
    switch event {
    case .entry(let entry):
      try reportEntry(entry)
      if let until, try Predicate.holds(until, onEntry: entry, what: "the --until expression") {
        return entry
      }
    case .header(let header):
      say("\(path): new session (\(SummaryMode.headerText(header)))", ["event": "session"])
    case .closing(let closing):
      say(
        "\(path): the app closed the log (last seq \(closing.lastSeq))",
        ["event": "closed", "lastSeq": .number(JSONNumber(closing.lastSeq))])
    case .truncated(let size):
      tally.truncated += 1
      say(
        "\(path) was truncated (now \(size) bytes): a new session, read from its start",
        ["event": "truncated", "size": .number(JSONNumber(size))])
    case .replaced:
      tally.replaced += 1
      say(
        "\(path) was replaced by a new file: a new session, read from its start",
        ["event": "replaced"])
    case .removed:
      tally.removed += 1
      say("\(path) was removed; waiting for a new file at that path", ["event": "removed"])
    case .pending:
      break  // Its entry follows when the reducer returns; a crash leaves it for --reproduce.
    case .gap(let gap):
      warn(line: gap.line, gap.message)
    case .warning(let warning):
      warn(line: warning.line, warning.message)
    case .skipped(let error):
      context.io.errText("replay: warning: \(error); skipped it\n")
    case .incompleteLine(let line):
      warn(line: line, "the last line was never completed (the file changed first); ignored it")
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
      print(entry)
    case .find(let filter):
      guard try Predicate.holds(filter, onEntry: entry, what: "the --find expression") else {
        return
      }
      tally.matched += 1
      print(entry)
    case .watch(let path):
      guard let hit = Watch.hit(entry, at: path) else { return }
      tally.matched += 1
      if context.json {
        var object = JSONObject()
        object["seq"] = .number(JSONNumber(hit.seq))
        object["action"] = hit.action
        if let old = hit.old { object["old"] = old }
        if let new = hit.new { object["new"] = new }
        context.printJSON(.object(object))
      } else {
        context.io.out(
          "  entry \(hit.seq) (\(context.name(hit.action))): \(context.valueOrAbsent(hit.old)) → \(context.valueOrAbsent(hit.new))\n"
        )
      }
    }
  }

  /// A new entry as `--find` lists it.
  private func print(_ entry: LogEntry) {
    guard context.json else {
      context.io.out("  " + context.entryLine(entry) + "\n")
      return
    }
    var object = JSONObject()
    object["seq"] = .number(JSONNumber(entry.seq))
    if let recorded = entry.recordedSeq, recorded != entry.seq {
      object["recordedSeq"] = .number(JSONNumber(recorded))
    }
    if let time = entry.time { object["time"] = .string(time) }
    object["action"] = entry.action
    object["actionName"] = .string(entry.actionName)
    context.printJSON(.object(object))
  }

  /// Says what happened to the file: `text` as a line, or `json` as an object.
  private func say(_ text: String, _ json: JSONObject) {
    if context.json { context.printJSON(.object(json)) } else { context.io.out(text + "\n") }
  }

  private func warn(line: Int?, _ message: String) {
    context.io.errText(
      "replay: warning: \(context.log.path):\(line.map(String.init) ?? ""): \(message)\n")
  }

  /// The summary of what following saw: why it stopped, how many entries came, how many
  /// matched, what happened to the file, and (for the summary) the new entries' actions.
  func finish(stoppedAt: LogEntry?) {
    let reason =
      stoppedAt.map { "stopped at entry \($0.seq) (--until holds)" } ?? "stopped by Ctrl-C"
    if context.json {
      var object: JSONObject = [
        "event": "stopped", "reason": .string(stoppedAt == nil ? "interrupt" : "until"),
      ]
      if let stoppedAt { object["seq"] = .number(JSONNumber(stoppedAt.seq)) }
      object["entries"] = .number(JSONNumber(tally.entries))
      if countsMatches { object["matched"] = .number(JSONNumber(tally.matched)) }
      for (key, count) in [
        ("truncated", tally.truncated), ("replaced", tally.replaced), ("removed", tally.removed),
      ] where count > 0 {
        object[key] = .number(JSONNumber(count))
      }
      context.printJSON(.object(object))
      return
    }
    var line = "\(reason) after \(Self.count(tally.entries, "new entry", "new entries"))"
    switch report {
    case .summary where context.options.filter != nil:
      line += ": \(tally.matched) matching --where"
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
    if !happened.isEmpty {
      line += "; the log was " + FlagTable.list(happened, "and")
    }
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
    context.io.out(text)
  }

  /// Whether some new entries may not be reported: `--find`, `--watch` or `--where`.
  private var countsMatches: Bool {
    if case .summary = report { return context.options.filter != nil }
    return true
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
