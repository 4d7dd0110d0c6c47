/// The order checks of a summary that the numbering (``EntryNumbering``) leaves to it:
/// pending records' `seq`, and `time` never going backwards.
///
/// A pending record in the middle of a log that no entry completes is checked against the
/// entry before it (`the pending record's seq 9 follows seq 4; expected 5`), and the entry
/// after a pending record must repeat its `seq`; a completed pending record is checked
/// as its entry is, and the pending record that ends a log as the entry it would have
/// become, by the numbering.
/// After a gap record neither is checked: the gap says what is missing. Time is
/// compared between consecutive entries that have an RFC 3339 `time`, across gaps too
/// (a gap loses entries, not time); a step back is a warning, not an error, because
/// wall clocks are set back (NTP, daylight-saving bugs, a user changing the time).
struct LogSequenceCheck {
  private let log: LogFile
  /// Index into ``LogFile/pendingLines`` of the next pending record to check.
  private var nextPending = 0
  private var previousSeq: Int?
  private var previousTime: (seq: Int, text: String, instant: RFC3339Instant)?

  init(_ log: LogFile) { self.log = log }

  /// Checks the pending records before the entry at `position`, then the entry's `time`.
  /// - Parameters:
  ///   - number: The entry's number (``LogFile/numbering``).
  ///   - seq: The entry's `seq` as recorded (its number when it has none).
  ///   - afterGap: Whether a gap record comes just before the entry.
  /// - Returns: The warnings, in line order.
  ///
  /// The pending records are those of the log's index; while the scan that opens the log
  /// builds it, there are none before the entries it reads ahead (a pending record ends
  /// that reading, see `OpeningScan`).
  mutating func check(
    position: Int, number: Int, seq: Int, line: Int, time: String?, afterGap: Bool
  ) -> [LogWarning] {
    var warnings: [LogWarning] = []
    let pendingLines = log.layoutCell.current?.pendingLines ?? []
    var completing: Int?
    while nextPending < pendingLines.count, pendingLines[nextPending] < line {
      let pendingLine = pendingLines[nextPending]
      nextPending += 1
      let pending = pendingSeq(atLine: pendingLine)
      // A pending record its entry completes is numbered by that entry's check.
      let completed = pendingLine == line - 1 && pending == seq
      if let pending, let previousSeq, !afterGap, !completed,
        let warning = Self.seqWarning(pending, after: previousSeq, line: pendingLine)
      {
        warnings.append(warning)
      }
      completing = pendingLine == line - 1 ? pending : nil
    }
    if let pendingSeq = completing {
      if seq != pendingSeq {
        warnings.append(
          LogWarning(
            line: line,
            message:
              "seq \(seq) follows the pending record for seq \(pendingSeq); expected \(pendingSeq)"
          ))
      }
    }
    previousSeq = seq
    if let time, let instant = RFC3339Instant(time) {
      if let previous = previousTime, instant < previous.instant {
        warnings.append(
          LogWarning(
            line: line,
            message:
              "entry \(number)'s time \(time) is \(previous.instant.distance(after: instant)) before entry \(previous.seq)'s (\(previous.text)): the clock went backwards"
          ))
      }
      previousTime = (number, time, instant)
    }
    return warnings
  }

  /// Checks the pending records after the last entry.
  mutating func finish() -> [LogWarning] {
    var warnings: [LogWarning] = []
    let afterGap = log.gaps.last.map { $0.beforeEntry == nil } ?? false
    while nextPending < log.pendingLines.count {
      let pendingLine = log.pendingLines[nextPending]
      nextPending += 1
      if pendingLine != log.pendingEntry?.line, let seq = pendingSeq(atLine: pendingLine),
        let previousSeq, !afterGap,
        let warning = Self.seqWarning(seq, after: previousSeq, line: pendingLine)
      {
        warnings.append(warning)
      }
    }
    return warnings
  }

  private func pendingSeq(atLine line: Int) -> Int? {
    guard let bytes = try? log.rawLine(atLine: line) else { return nil }
    return RecordSeq.read(bytes)
  }

  /// The warning for `seq` following `previous` when it is not `previous + 1`, or `nil`.
  /// Log values are untrusted: `previous` may be `Int.max`, after which no `seq` fits.
  private static func seqWarning(_ seq: Int, after previous: Int, line: Int) -> LogWarning? {
    let (expected, overflow) = previous.addingReportingOverflow(1)
    if overflow {
      return LogWarning(
        line: line,
        message:
          "the pending record's seq \(seq) follows seq \(previous), the largest seq there can be")
    }
    guard seq != expected else { return nil }
    return LogWarning(
      line: line,
      message: "the pending record's seq \(seq) follows seq \(previous); expected \(expected)")
  }
}
