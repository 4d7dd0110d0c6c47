/// The order checks of a summary: `seq` goes up by one from record to record, pending
/// records included, and `time` never goes backwards.
///
/// A pending record is checked like an entry against the entry before it (`seq 9
/// follows seq 4; expected 5`), and the entry completing it must repeat its `seq`.
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

  /// Checks the pending records before the entry at `position`, then the entry.
  /// - Returns: The warnings, in line order.
  mutating func check(position: Int, seq: Int, line: Int, time: String?) -> [LogWarning] {
    var warnings: [LogWarning] = []
    let afterGap = log.gap(beforeEntry: position) != nil
    var completing: Int?
    while nextPending < log.pendingLines.count, log.pendingLines[nextPending] < line {
      let pendingLine = log.pendingLines[nextPending]
      nextPending += 1
      let seq = pendingSeq(atLine: pendingLine)
      if let seq, let previousSeq, !afterGap,
        let warning = LogSummary.seqWarning(seq, after: previousSeq, line: pendingLine)
      {
        warnings.append(warning)
      }
      completing = pendingLine == line - 1 ? seq : nil
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
    } else if let previousSeq, !afterGap,
      let warning = LogSummary.seqWarning(seq, after: previousSeq, line: line)
    {
      warnings.append(warning)
    }
    previousSeq = seq
    if let time, let instant = RFC3339Instant(time) {
      if let previous = previousTime, instant < previous.instant {
        warnings.append(
          LogWarning(
            line: line,
            message:
              "entry \(seq)'s time \(time) is \(previous.instant.distance(after: instant)) before entry \(previous.seq)'s (\(previous.text)): the clock went backwards"
          ))
      }
      previousTime = (seq, time, instant)
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
      if let seq = pendingSeq(atLine: pendingLine), let previousSeq, !afterGap,
        let warning = LogSummary.seqWarning(seq, after: previousSeq, line: pendingLine)
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
}
