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
  /// The log's own warnings (``LogFile/warnings``), then, in file order, every place
  /// where `seq` does not go up by one (``LogFile/sequenceWarnings``), and what the scan
  /// finds: pending records whose `seq` does not fit, `time` going backwards, entries
  /// whose `prior` differs from the previous entry's `next`, and sites and causes that
  /// cannot be followed (a site that cannot be read or holds control characters, a cause
  /// that names no entry, comes after what it caused or goes round in a cycle), the first
  /// three of each kind listed and the rest counted.
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
    var chain: [LogWarning] = []
    var tally = ActionTally()
    var previous: LogEntry?
    var sequence = LogSequenceCheck(log)
    var provenance = ProvenanceCheck(log)
    for position in log.positions {
      let entry = try log.entry(position)
      defer { previous = entry }
      chain += sequence.check(
        position: position, number: entry.seq, seq: entry.recordedSeq ?? entry.seq,
        line: entry.line, time: entry.time, afterGap: log.gap(beforeEntry: position) != nil)
      provenance.check(
        position: position, seq: entry.seq, line: entry.line, site: entry.otherMembers["site"],
        origin: entry.otherMembers["origin"])
      if let previous, log.gap(beforeEntry: position) == nil, entry.prior != previous.next {
        let first =
          JSONDiff.changes(from: previous.next, to: entry.prior).first?.shownPath.quotedText
          ?? "\"\""
        chain.append(Self.chainWarning(entry.seq, after: previous.seq, line: entry.line, first))
      }

      guard try include(entry) else { continue }
      included += 1
      tally.add(name: entry.actionName, time: entry.time)
    }
    self.entryCount = included
    chain += sequence.finish()
    self.warnings =
      log.warnings
      + Self.inLineOrder(Self.inLineOrder(log.sequenceWarnings, chain), provenance.finish())
    self.firstTime = tally.firstTime
    self.lastTime = tally.lastTime
    actionCounts = tally.ranked
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
  /// The warning for a broken chain: entry `seq`'s prior is not the `next` of the entry
  /// before it, `previous`; `first` is the first differing path, quoted.
  static func chainWarning(_ seq: Int, after previous: Int, line: Int, _ first: String)
    -> LogWarning
  {
    LogWarning(
      line: line,
      message:
        "entry \(seq)'s prior differs from entry \(previous)'s next, state \(previous) (first at \(first)); every mode counts what entry \(seq) changed from its own prior, and --diff \(previous) \(seq) compares the two states"
    )
  }

  /// Two lists of warnings, each in line order, merged in line order (`a` first on a tie).
  static func inLineOrder(_ a: [LogWarning], _ b: [LogWarning]) -> [LogWarning] {
    var merged: [LogWarning] = []
    merged.reserveCapacity(a.count + b.count)
    var (i, j) = (0, 0)
    while i < a.count || j < b.count {
      if j == b.count || (i < a.count && (a[i].line ?? 0) <= (b[j].line ?? 0)) {
        merged.append(a[i])
        i += 1
      } else {
        merged.append(b[j])
        j += 1
      }
    }
    return merged
  }
}
