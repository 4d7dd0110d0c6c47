extension LogFile {
  /// The position (1-based, for ``entry(_:)``) of entry `number`: the entry whose `seq`
  /// is `number`, or whose position is, when the log is numbered by position (see
  /// ``numbering``).
  /// - Throws: ``LogError`` `.outOfRange` saying why no entry has that number: the
  ///   recorder dropped it (a gap record covers it), `seq` skips it, or it lies outside
  ///   the log's range.
  /// - Complexity: O(log r), r the number of places where `seq` skips.
  public func position(ofEntry number: Int) throws(LogError) -> Int {
    if let position = numbering.position(ofNumber: number) { return position }
    if let reason = absence(ofEntry: number) {
      throw LogError(
        kind: .outOfRange, path: path, message: "entry \(number) is not in the log: \(reason)")
    }
    throw LogError(
      kind: .outOfRange, path: path,
      message: "entry \(number) is out of range (\(entriesText))")
  }

  /// "the log has entries 50…56", "the log has no entries", with "(numbered by position)"
  /// when it is: what out-of-range messages say.
  public var entriesText: String {
    guard entryCount > 0 else { return "the log has no entries" }
    let basis = numbering.basis == .position ? ", numbered by position" : ""
    return "the log has entries \(numbering.rangeText)\(basis)"
  }

  /// Why no entry is numbered `number` although it lies within the log's range: the
  /// recorder dropped it (`the recorder dropped entry 58 (the gap record at line 12
  /// covers seq 57…59)`) or `seq` skips it (`no entry has seq 58 (seq goes from 57 on
  /// line 9 to 60 on line 10)`); `nil` when an entry has it, or when it is outside the
  /// range.
  public func absence(ofEntry number: Int) -> String? {
    guard let (before, after) = numbering.neighbours(of: number) else { return nil }
    if numbering.basis == .seq,
      let gap = gaps.first(where: {
        $0.firstSeq <= number && number - $0.firstSeq < $0.dropped
      })
    {
      return
        "the recorder dropped entry \(number) (the gap record at line \(gap.line) covers seq \(gap.firstSeq)…\(gap.firstSeq &+ gap.dropped &- 1))"
    }
    let a = numbering.number(atPosition: before)
    let b = numbering.number(atPosition: after)
    return
      "no entry has seq \(number) (seq goes from \(a) on line \(lineNumber(ofEntry: before)) to \(b) on line \(lineNumber(ofEntry: after)))"
  }
}
