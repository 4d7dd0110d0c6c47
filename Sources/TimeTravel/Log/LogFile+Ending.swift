import Foundation

extension LogFile {
  /// What the end of a log says about how its writer stopped: a missing closing record
  /// that the header promised, or one that disagrees with the entries before it.
  ///
  /// A log ending in a pending record already has its warning (the app stopped while
  /// applying that action), which says why the session did not end cleanly; it gets no
  /// second one. Logs whose header does not promise a closing record (other writers,
  /// older logs, logs without a header) are never warned about a missing one.
  ///
  /// - Parameters:
  ///   - lastLine: The 1-based line of the last non-blank line.
  ///   - lastSeq: The last `seq` the log accounts for (``lastSeq(_:_:lastEntry:entryCount:endGap:)``).
  static func endingWarnings(
    closing: LogClosing?, header: LogHeader?, endsInPending: Bool, lastLine: Int,
    lastSeq: Int?
  ) -> [LogWarning] {
    if let closing {
      guard closing.lastSeq != (lastSeq ?? 0) else { return [] }
      return [LogWarning(line: closing.line, message: closing.mismatchMessage(lastSeq: lastSeq))]
    }
    guard header?.closingRecord == true, !endsInPending else { return [] }
    return [
      LogWarning(line: max(1, lastLine), message: LogClosing.missingMessage(lastSeq: lastSeq))
    ]
  }

  /// The last `seq` the log accounts for: that of a gap record after the last entry,
  /// else the last entry's (its position when it has no `seq`), else `nil`.
  /// - Complexity: Reads the last entry's first bytes (its `seq` comes first).
  static func lastSeq(
    _ source: LogSource, _ lines: LineIndex, lastEntry: Int?, entryCount: Int, endGap: LogGap?
  ) -> Int? {
    if let endGap { return endGap.firstSeq &+ endGap.dropped &- 1 }
    guard let i = lastEntry else { return nil }
    guard let bytes = try? source.bytes(lines.starts[i]..<lines.ends[i], line: i + 1) else {
      return nil
    }
    return RecordSeq.read(bytes) ?? entryCount
  }
}
