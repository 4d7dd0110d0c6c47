import TerminalEditor
import TimeTravel

/// What a fleet's run reports: across the logs read, the summary (sessions, entries,
/// actions, the sessions that ended in a pending record, grouped by the fatal action and
/// its site), or each match of `--find` and `--watch` after its log's path (the matches'
/// records rendered by ``record(_:log:question:json:style:)`` as the logs are read, and
/// held or streamed by ``FleetStream``; this type makes what comes around them).
struct FleetOutput: Encodable {
  var question: FleetQuestion
  var answers: [FleetRun.Answer]

  /// The logs read, with their results, in the order given.
  private var read: [(path: String, result: FleetLogResult)] {
    answers.compactMap { answer in
      guard case .success(let result) = answer.result else { return nil }
      return (answer.path, result)
    }
  }

  /// A fatal action: the action a session ended while applying, where it was dispatched,
  /// and the logs that ended so.
  struct Fatal {
    var action: String
    /// The pending record's `site` as written.
    var site: JSONValue?
    var logs: [String]
  }

  /// The number of matches of each log given, those before the error of a log that
  /// failed part-way included.
  private var matches: [Int] { answers.map(\.matches) }

  /// The logs that failed, each with its failure.
  private var failures: [(path: String, failure: FleetFailure)] {
    answers.compactMap { answer in
      guard case .failure(let failure) = answer.result else { return nil }
      return (answer.path, failure)
    }
  }

  private var summaries: [(path: String, summary: LogSummary, pending: PendingEntry?, total: Int?)]
  {
    read.compactMap { log in
      guard case .summary(let summary, let pending, let total) = log.result else { return nil }
      return (log.path, summary, pending, total)
    }
  }

  /// The entries of every log read, when `--where` restricted the summary.
  private var total: Int? {
    let totals = summaries.map(\.total)
    guard !totals.isEmpty, !totals.contains(where: { $0 == nil }) else { return nil }
    return totals.reduce(0) { $0 + $1! }
  }

  /// The earliest first time and the latest last time over the logs (each compared as an
  /// RFC 3339 instant; a log whose times do not parse is left out of the span).
  var timeSpan: (first: String, last: String)? {
    var first: (text: String, instant: RFC3339Instant)?
    var last: (text: String, instant: RFC3339Instant)?
    for log in summaries {
      if let text = log.summary.firstTime, let instant = RFC3339Instant(text),
        first.map({ instant < $0.instant }) ?? true
      {
        first = (text, instant)
      }
      if let text = log.summary.lastTime, let instant = RFC3339Instant(text),
        last.map({ instant > $0.instant }) ?? true
      {
        last = (text, instant)
      }
    }
    guard let first, let last else { return nil }
    return (first.text, last.text)
  }

  /// Action names with their counts over every log, most frequent first; ties in order
  /// of first appearance.
  var actionCounts: [(name: String, count: Int)] {
    var counts: [String: Int] = [:]
    var order: [String] = []
    for log in summaries {
      for (name, count) in log.summary.actionCounts {
        if counts[name] == nil { order.append(name) }
        counts[name, default: 0] += count
      }
    }
    return order.enumerated().sorted {
      (counts[$0.element]!, -$0.offset) > (counts[$1.element]!, -$1.offset)
    }.map { ($0.element, counts[$0.element]!) }
  }

  /// The sessions that ended in a pending record, grouped by the action and its site,
  /// most logs first; ties in log order.
  var fatal: [Fatal] {
    var groups: [Fatal] = []
    for log in summaries {
      guard let pending = log.pending else { continue }
      let site = pending.site
      if let i = groups.firstIndex(where: { $0.action == pending.actionName && $0.site == site }) {
        groups[i].logs.append(log.path)
      } else {
        groups.append(Fatal(action: pending.actionName, site: site, logs: [log.path]))
      }
    }
    return groups.enumerated().sorted {
      ($0.element.logs.count, -$0.offset) > ($1.element.logs.count, -$1.offset)
    }.map(\.element)
  }

  var exitCode: Int32 {
    switch question.kind {
    case .summary: return ExitCode.success
    case .find, .watch:
      return matches.contains { $0 > 0 } ? ExitCode.success : ExitCode.notFound
    }
  }

  /// "in 2 of 3 logs" (the logs with a match, of those given: a log given twice counts
  /// twice), "in 3 logs" when none has one; then how many could not be read or answered
  /// to the end: "(1 unreadable, 1 failed)".
  private var spread: String {
    let with = matches.filter { $0 > 0 }.count
    let given = "\(answers.count) \(answers.count == 1 ? "log" : "logs")"
    let problems = problemCounts
    return (with == 0 ? "in \(given)" : "in \(with) of \(given)")
      + (problems.isEmpty ? "" : " (\(problems))")
  }

  /// "1 unreadable, 2 failed": how many logs could not be read, and on how many an
  /// expression failed; empty when none.
  private var problemCounts: String {
    let failed = failures.filter { !$0.failure.isUnreadable }.count
    let unreadable = failures.count - failed
    return [
      unreadable > 0 ? "\(unreadable) unreadable" : nil, failed > 0 ? "\(failed) failed" : nil,
    ]
    .compactMap { $0 }.joined(separator: ", ")
  }

  /// The summary's text.
  func text(_ style: TextStyle) -> String { summaryText(style) }

  /// The first line of the text of `--find` and `--watch`: how many matched, in how many
  /// logs ("2 entries match in 2 of 3 logs:"); the records follow it.
  func heading() -> String {
    let count = matches.reduce(0, +)
    let logs = spread
    switch question.kind {
    case .summary:
      return ""
    case .find:
      guard count > 0 else { return "no entry matches \(logs)\n" }
      return "\(count) \(count == 1 ? "entry matches" : "entries match") \(logs):\n"
    case .watch(let pointer):
      let shown = pointer.tokens.isEmpty ? "the whole state" : pointer.displayText
      guard count > 0 else { return "no entry changed \(shown) \(logs)\n" }
      return "\(count) \(count == 1 ? "entry" : "entries") changed \(shown) \(logs):\n"
    }
  }

  /// A match's record after its log's `path`: as text, its line of the listing; as JSON, an
  /// item of the record's array (``JSONArrayStream/item(_:)``), `{"log":PATH,…}` and the
  /// fields of the single log's record.
  /// - Throws: `EncodingError` for a number JSON cannot hold (none a log holds).
  static func record(
    _ match: FleetMatch, log path: String, question: FleetQuestion, json: Bool,
    style: TextStyle
  ) throws -> [UInt8] {
    guard json else {
      switch (match, question.kind) {
      case (.entry(let entry), _):
        return Array("  \(TerminalText.sanitize(path)): \(style.listing(entry))\n".utf8)
      case (.hit(let hit), .watch(let pointer)):
        return Array(
          ("  \(TerminalText.sanitize(path)): "
            + WatchOutput.line(hit, at: pointer, style).dropFirst(2)).utf8)
      case (.hit, _):
        return []
      }
    }
    return try JSONArrayStream.item { out in
      let record: JSONValue
      switch match {
      case .entry(let entry):
        record = try JSONValueEncoder().encode(Prefixed(log: path, record: EntryRecord(entry)))
      case .hit(let hit):
        record = try JSONValueEncoder().encode(
          Prefixed(log: path, record: WatchOutput.HitRecord(hit)))
      }
      JSONPrinter.compact.write(record, to: &out)
    }
  }

  /// What the JSON record of `--find` or `--watch` starts with, before the first match's
  /// record: `{"matches":[` or `{"changes":[`.
  static func opening(_ question: FleetQuestion) -> String {
    switch question.kind {
    case .find: #"{"matches":["#
    case .watch: #"{"changes":["#
    case .summary: ""
    }
  }

  /// What the JSON record of `--find` or `--watch` ends with, after the last match's
  /// record: `],"unreadable":[…],"failed":[…]}` and a newline.
  /// - Throws: `EncodingError` for a message JSON cannot hold (none).
  func closing() throws -> String {
    var bytes: [UInt8] = Array("],\"unreadable\":".utf8)
    JSONPrinter.compact.write(try JSONValueEncoder().encode(problems(failed: false)), to: &bytes)
    bytes += Array(",\"failed\":".utf8)
    JSONPrinter.compact.write(try JSONValueEncoder().encode(problems(failed: true)), to: &bytes)
    return String(decoding: bytes, as: UTF8.self) + "}\n"
  }

  private func summaryText(_ style: TextStyle) -> String {
    let logs = summaries
    let entries = logs.reduce(0) { $0 + $1.summary.entryCount }
    let pending = logs.filter { $0.pending != nil }.count
    var text =
      "\(logs.count) \(logs.count == 1 ? "session (log)" : "sessions (logs)"), \(entries) \(entries == 1 ? "entry" : "entries")"
    if let total { text += " matching --where (of \(total))" }
    let problems = problemCounts
    if !problems.isEmpty { text += ", " + problems }
    if let (first, last) = timeSpan {
      text += "\ntime: \(TerminalText.sanitize(first)) … \(TerminalText.sanitize(last))"
      if let duration = SummaryMode.duration(from: first, to: last) { text += " (\(duration))" }
    }
    text += "\nended in a pending record: \(pending)\n"
    let fatal = self.fatal
    if !fatal.isEmpty {
      text += "fatal actions:\n"
      let width = fatal.map { TerminalText.columns($0.action) }.max() ?? 0
      for group in fatal {
        let name = TerminalText.sanitize(group.action, paddedTo: width)
        let site =
          group.site.flatMap(LogSite.init).map { " — from " + style.site($0, function: false) }
          ?? ""
        text +=
          "  \(name)  \(group.logs.count)\(site)\n"
      }
    }
    let actions = actionCounts
    if !actions.isEmpty {
      text += "actions:\n"
      let width = actions.map { TerminalText.columns($0.name) }.max() ?? 0
      for (name, count) in actions {
        text += "  \(TerminalText.sanitize(name, paddedTo: width))  \(count)\n"
      }
    }
    text += "logs:\n"
    // In the order given, the unreadable and failed among them with their error (said on
    // stderr too).
    for answer in answers {
      let path = TerminalText.sanitize(answer.path)
      guard case .success(.summary(let summary, let pending, let total)) = answer.result else {
        if case .failure(let failure) = answer.result {
          let what = failure.isUnreadable ? "unreadable" : "failed"
          text += "  \(path): \(what): \(TerminalText.sanitize(failure.reason))\n"
        }
        continue
      }
      text += "  \(path): \(summary.entryCount) \(summary.entryCount == 1 ? "entry" : "entries")"
      if let total { text += " of \(total)" }
      if let pending {
        text += ", ended during entry \(pending.seq) (\(TerminalText.sanitize(pending.actionName)))"
      }
      text += "\n"
    }
    return text
  }

  // MARK: The JSON record

  private enum Key: String, CodingKey {
    case logs, sessions, entries, total, firstTime, lastTime, pendingEnd, fatalActions, actions
    case unreadable, failed
  }

  private struct LogRecord: Encodable {
    var path: String
    var entries: Int
    /// The log's entry count when `--where` restricted `entries`.
    var total: Int?
    var firstTime: String?
    var lastTime: String?
    var pending: PendingRecord?
  }

  private struct PendingRecord: Encodable {
    var seq: Int
    var action: JSONValue
    var site: JSONValue?
  }

  private struct FatalRecord: Encodable {
    var action: String
    var site: JSONValue?
    var count: Int
    var logs: [String]
  }

  private struct ActionRecord: Encodable {
    var name: String
    var count: Int
  }

  /// A log that could not be read, or read and not answered, and why.
  private struct ProblemRecord: Encodable {
    var path: String
    var message: String
  }

  /// A record of an entry or hit, after its log's path.
  private struct Prefixed<Record: Encodable>: Encodable {
    var log: String
    var record: Record

    private enum Key: String, CodingKey { case log }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(log, forKey: .log)
      try record.encode(to: encoder)
    }
  }

  /// The logs that could not be read (`failed` false) or were read and could not be
  /// answered (`failed` true), and why.
  private func problems(failed: Bool) -> [ProblemRecord] {
    failures.filter { $0.failure.isUnreadable != failed }.map {
      ProblemRecord(path: $0.path, message: $0.failure.message)
    }
  }

  /// The summary's JSON record.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    switch question.kind {
    case .summary:
      let logs = summaries
      try container.encode(logs.count, forKey: .sessions)
      try container.encode(logs.reduce(0) { $0 + $1.summary.entryCount }, forKey: .entries)
      try container.encodeIfPresent(total, forKey: .total)
      let span = timeSpan
      try container.encode(OrNull(span?.first), forKey: .firstTime)
      try container.encode(OrNull(span?.last), forKey: .lastTime)
      try container.encode(logs.filter { $0.pending != nil }.count, forKey: .pendingEnd)
      try container.encode(
        fatal.map {
          FatalRecord(
            action: $0.action, site: $0.site, count: $0.logs.count,
            logs: $0.logs)
        }, forKey: .fatalActions)
      try container.encode(
        actionCounts.map { ActionRecord(name: $0.name, count: $0.count) }, forKey: .actions)
      try container.encode(
        logs.map { log in
          LogRecord(
            path: log.path, entries: log.summary.entryCount, total: log.total,
            firstTime: log.summary.firstTime, lastTime: log.summary.lastTime,
            pending: log.pending.map {
              PendingRecord(seq: $0.seq, action: $0.action, site: $0.site)
            }
          )
        }, forKey: .logs)
    case .find, .watch:
      // Streamed instead: ``opening(_:)``, the records, ``closing()``.
      break
    }
    try container.encode(problems(failed: false), forKey: .unreadable)
    try container.encode(problems(failed: true), forKey: .failed)
  }
}
