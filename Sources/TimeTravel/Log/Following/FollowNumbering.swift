extension LogFollower {
  /// Numbers the entries that arrive while following, continuing the log's numbering
  /// (``EntryNumbering``): by `seq`, or by position.
  struct Numbering {
    /// Whether entries are numbered by position (the log read was).
    let byPosition: Bool
    /// Entries numbered so far in this session.
    private(set) var count: Int
    /// The last entry's number and line, `nil` before the first.
    private var last: (number: Int, line: Int?)?

    /// Continues after `count` entries, the last numbered `last`.
    init(byPosition: Bool, count: Int, last: Int?) {
      self.byPosition = byPosition
      self.count = count
      self.last = last.map { ($0, nil) }
    }

    /// The number of the next entry, whose `seq` member is `recordedSeq`, on `line`; and
    /// a warning when that `seq` does not increase, so that it cannot be the number.
    mutating func add(recordedSeq: Int?, line: Int) -> (Int, LogWarning?) {
      count += 1
      let wanted = byPosition ? count : recordedSeq ?? count
      guard !byPosition, let previous = last, wanted <= previous.number else {
        last = (wanted, line)
        return (wanted, nil)
      }
      let number = previous.number &+ 1
      last = (number, line)
      let what = recordedSeq.map { "seq \($0)" } ?? "an entry without seq"
      let before = previous.line.map { "the entry before it (line \($0))" } ?? "the last entry read"
      let warning = LogWarning(
        line: line,
        message:
          "\(what) does not increase (\(before) is numbered \(previous.number)); numbered \(number) while following"
      )
      return (number, warning)
    }
  }
}
