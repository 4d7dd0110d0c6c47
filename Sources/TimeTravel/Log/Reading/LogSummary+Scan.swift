import Foundation
import TimeTravelDiff
import TimeTravelJSON

extension LogSummary {
  /// The summary of every entry of `log`, read with ``EntryScanner``: the same
  /// result as ``init(scanning:including:)`` with no filter, several times
  /// faster, because states are validated rather than built. A compact log (see
  /// ``LogFile/isCompact``) is read with ``init(scanning:including:)``, which
  /// rebuilds each state from its patch.
  ///
  /// The chain check compares `prior` with the previous `next` byte for byte
  /// first (the recorder writes the very same bytes); only when the bytes
  /// differ are both parsed and compared by value, so reordered keys or `1.0`
  /// vs `1` still count as equal, and a real break names its first differing
  /// JSON Pointer.
  ///
  /// - Throws: the first ``LogError`` met, with the same kind, line, column
  ///   and message as ``LogFile/entry(_:)``.
  /// - Complexity: O(file size); memory O(largest line).
  public init(fastScanning log: LogFile) throws(LogError) {
    // Compact entries hold a patch, not their states: only the tree scan rebuilds them.
    if log.isCompact {
      do {
        self = try LogSummary(scanning: log)
      } catch let error as LogError {
        throw error
      } catch {
        // The tree scan throws nothing else without an `including` filter.
        throw LogError(kind: .invalidEntry, path: log.path, message: "\(error)")
      }
      return
    }
    var chain: [LogWarning] = []
    var sequence = LogSequenceCheck(log)
    var tally = ActionTally()
    var previous: (seq: Int, line: Data, next: Range<Int>)?
    for position in log.positions {
      let lineNumber = log.lineNumber(ofEntry: position)
      let line = try log.rawLine(ofEntry: position)
      let scanned: Result<RawEntry, EntryScanError> = line.withUnsafeBytes { raw in
        Result { () throws(EntryScanError) in
          try EntryScanner.scan(line: raw.bindMemory(to: UInt8.self))
        }
      }
      let entry: RawEntry
      switch scanned {
      case .success(let e): entry = e
      case .failure(.malformed(let error)):
        if line.isEmpty {
          throw LogError(
            kind: .malformedLine, path: log.path, line: lineNumber,
            message: "blank line (JSON Lines allows none)")
        }
        throw LogError(
          kind: .malformedLine, path: log.path, line: lineNumber, column: error.column,
          message: "not valid JSON: \(error.message)")
      case .failure(.invalidEntry(let message)):
        throw LogError(kind: .invalidEntry, path: log.path, line: lineNumber, message: message)
      }
      let seq = log.numbering.number(atPosition: position)
      chain += sequence.check(
        position: position, seq: entry.seq ?? seq, line: lineNumber, time: entry.time)
      // After a gap record the chain restarts: the prior does not follow on.
      if let previous, log.gap(beforeEntry: position) == nil,
        let first = Self.chainBreak(previous.line, previous.next, line, entry.prior)
      {
        chain.append(Self.chainWarning(seq, after: previous.seq, line: lineNumber, first))
      }
      previous = (seq, line, entry.next)

      tally.add(name: entry.actionName, time: entry.time)
    }
    self.entryCount = log.entryCount
    chain += sequence.finish()
    self.warnings = log.warnings + Self.inLineOrder(log.sequenceWarnings, chain)
    self.firstTime = tally.firstTime
    self.lastTime = tally.lastTime
    actionCounts = tally.ranked
  }

  /// `nil` when the two values are equal; otherwise the first differing path.
  private static func chainBreak(
    _ lineA: Data, _ rangeA: Range<Int>, _ lineB: Data, _ rangeB: Range<Int>
  ) -> String? {
    let sameBytes = lineA.withUnsafeBytes { a in
      lineB.withUnsafeBytes { b in
        rangeA.count == rangeB.count
          && memcmp(
            a.baseAddress! + rangeA.lowerBound, b.baseAddress! + rangeB.lowerBound, rangeA.count)
            == 0
      }
    }
    if sameBytes { return nil }
    // Both ranges were validated, so parsing cannot fail.
    guard let old = try? parse(lineA, rangeA), let new = try? parse(lineB, rangeB),
      old != new
    else { return nil }
    return JSONDiff.changes(from: old, to: new).first?.shownPath.quotedText ?? "\"\""
  }

  private static func parse(_ line: Data, _ range: Range<Int>) throws(JSONParseError) -> JSONValue {
    let result: Result<JSONValue, JSONParseError> = line.withUnsafeBytes { raw in
      let bytes = UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[range])
      return Result { () throws(JSONParseError) in try JSONParser.parse(bytes: bytes) }
    }
    return try result.get()
  }
}
