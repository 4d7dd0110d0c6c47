import Foundation
import TimeTravelDiff
import TimeTravelJSON

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
  /// - Parameters:
  ///   - log: The log.
  ///   - include: Which entries to count (`--where`); the chain is checked
  ///     over all entries regardless.
  /// - Throws: the first ``LogError`` met (a malformed line), or what
  ///   `include` throws.
  /// - Complexity: O(file size); memory O(largest entry).
  public init(scanning log: LogFile, including include: (LogEntry) throws -> Bool = { _ in true })
    throws
  {
    var included = 0
    var warnings = log.warnings
    var firstTime: String?
    var lastTime: String?
    var counts: [ExactKey: Int] = [:]
    var order: [String] = []
    var previous: LogEntry?
    for position in log.positions {
      let entry = try log.entry(position)
      defer { previous = entry }
      if let previous, log.gap(beforeEntry: position) == nil {
        if let warning = Self.seqWarning(entry.seq, after: previous.seq, line: entry.line) {
          warnings.append(warning)
        }
        if entry.prior != previous.next {
          let first =
            JSONDiff.changes(from: previous.next, to: entry.prior).first?.path.quotedText ?? "\"\""
          warnings.append(
            LogWarning(
              line: entry.line,
              message:
                "entry \(entry.seq)'s prior differs from entry \(previous.seq)'s next (first at \(first))"
            ))
        }
      }

      guard try include(entry) else { continue }
      included += 1
      let name = entry.actionName
      if counts[ExactKey(name)] == nil { order.append(name) }
      counts[ExactKey(name), default: 0] += 1
      if let time = entry.time {
        if firstTime == nil { firstTime = time }
        lastTime = time
      }
    }
    self.entryCount = included
    self.warnings = warnings
    self.firstTime = firstTime
    self.lastTime = lastTime
    actionCounts = Self.ranked(counts, firstSeen: order)
  }

  /// Names with their counts, most frequent first; ties in order of first
  /// appearance. Names are counted by their bytes: "é" and "e\u{301}" are two actions.
  static func ranked(_ counts: [ExactKey: Int], firstSeen order: [String]) -> [(
    name: String, count: Int
  )] {
    order.enumerated()
      .sorted { a, b in
        let (ca, cb) = (counts[ExactKey(a.element)]!, counts[ExactKey(b.element)]!)
        return ca != cb ? ca > cb : a.offset < b.offset
      }
      .map { (name: $0.element, count: counts[ExactKey($0.element)]!) }
  }

  /// Compares summaries field by field.
  public static func == (lhs: LogSummary, rhs: LogSummary) -> Bool {
    lhs.entryCount == rhs.entryCount && lhs.firstTime == rhs.firstTime
      && lhs.lastTime == rhs.lastTime
      && lhs.actionCounts.map(\.name).elementsEqual(
        rhs.actionCounts.map(\.name), by: ExactKey.same)
      && lhs.actionCounts.map(\.count) == rhs.actionCounts.map(\.count)
      && lhs.warnings == rhs.warnings
  }
}

extension LogSummary {
  /// The warning for `seq` following `previous` when it is not `previous + 1`, or `nil`.
  /// Log values are untrusted: `previous` may be `Int.max`, after which no `seq` fits.
  static func seqWarning(_ seq: Int, after previous: Int, line: Int) -> LogWarning? {
    let (expected, overflow) = previous.addingReportingOverflow(1)
    if overflow {
      return LogWarning(
        line: line, message: "seq \(seq) follows seq \(previous), the largest seq there can be")
    }
    guard seq != expected else { return nil }
    return LogWarning(
      line: line, message: "seq \(seq) follows seq \(previous); expected \(expected)")
  }
}
