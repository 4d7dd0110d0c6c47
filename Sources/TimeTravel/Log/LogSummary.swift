import Foundation

/// What a full scan of a log finds: its size, time span, actions and problems.
public struct LogSummary: Sendable, Equatable {
  /// The number of entries.
  public var entryCount: Int
  /// The first entry's `time`, if any entry has one.
  public var firstTime: String?
  /// The last entry's `time`, if any entry has one.
  public var lastTime: String?
  /// Each action name with its count, most frequent first; ties in order of
  /// first appearance.
  public var actionCounts: [(name: String, count: Int)]
  /// The log's own warnings plus those found by the scan: gaps in `seq`, and
  /// entries whose `prior` differs from the previous entry's `next`.
  public var warnings: [LogWarning]

  /// Scans every entry of `log`, checking the chain invariants.
  /// - Throws: the first ``LogError`` met (a malformed line).
  /// - Complexity: O(file size); memory O(largest entry).
  public init(scanning log: LogFile) throws(LogError) {
    entryCount = log.entryCount
    var warnings = log.warnings
    var firstTime: String?
    var lastTime: String?
    var counts: [String: Int] = [:]
    var order: [String] = []
    var previous: LogEntry?
    try log.forEachEntry { entry throws(LogError) in
      if counts[entry.actionName] == nil { order.append(entry.actionName) }
      counts[entry.actionName, default: 0] += 1
      if let time = entry.time {
        if firstTime == nil { firstTime = time }
        lastTime = time
      }
      if let previous {
        if entry.seq != previous.seq + 1 {
          warnings.append(
            LogWarning(
              line: entry.line,
              message: "seq \(entry.seq) follows seq \(previous.seq); expected \(previous.seq + 1)")
          )
        }
        if entry.prior != previous.next {
          let first = JSONDiffSummary.firstDifference(previous.next, entry.prior)
          warnings.append(
            LogWarning(
              line: entry.line,
              message:
                "entry \(entry.seq)'s prior differs from entry \(previous.seq)'s next (first at \"\(first)\")"
            ))
        }
      }
      previous = entry
    }
    self.warnings = warnings
    self.firstTime = firstTime
    self.lastTime = lastTime
    actionCounts = order.enumerated()
      .sorted { a, b in
        let (ca, cb) = (counts[a.element]!, counts[b.element]!)
        return ca != cb ? ca > cb : a.offset < b.offset
      }
      .map { (name: $0.element, count: counts[$0.element]!) }
  }

  /// Compares summaries field by field.
  public static func == (lhs: LogSummary, rhs: LogSummary) -> Bool {
    lhs.entryCount == rhs.entryCount && lhs.firstTime == rhs.firstTime
      && lhs.lastTime == rhs.lastTime
      && lhs.actionCounts.map(\.name) == rhs.actionCounts.map(\.name)
      && lhs.actionCounts.map(\.count) == rhs.actionCounts.map(\.count)
      && lhs.warnings == rhs.warnings
  }
}

/// The first place two values differ, as a JSON Pointer string, found
/// without recursion. Used for warnings, where one place is enough.
enum JSONDiffSummary {
  static func firstDifference(_ a: JSONValue, _ b: JSONValue) -> String {
    var pending: [(JSONValue, JSONValue, String)] = [(a, b, "")]
    while let (x, y, path) = pending.popLast() {
      switch (x, y) {
      case (.array(let p), .array(let q)) where p.count == q.count:
        for i in (0..<p.count).reversed() { pending.append((p[i], q[i], path + "/\(i)")) }
      case (.object(let p), .object(let q)) where Set(p.keys) == Set(q.keys):
        for key in p.keys.reversed() {
          pending.append((p[key]!, q[key]!, path + "/" + escape(key)))
        }
      default:
        if x != y { return path }
      }
    }
    return ""
  }

  private static func escape(_ token: String) -> String {
    token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
  }
}
