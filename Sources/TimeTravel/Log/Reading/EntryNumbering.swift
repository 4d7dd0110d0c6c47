/// How a log's entries are numbered: the one numbering every reader of the log uses to
/// name entries and states (see <doc:LogFormat>, "Numbering of entries and states").
///
/// - Entry *K* is the entry whose `seq` is *K*; an entry without `seq` takes its 1-based
///   position among the entries. `seq` may start anywhere (0, 1, the first `seq` a ring
///   file kept) and skip numbers (a gap record, or a writer that numbers so).
/// - When `seq` does not increase from one entry to the next (it repeats or goes
///   backwards), no `seq` names one entry, so the log is numbered by position instead,
///   1…*n* (``Basis-swift.enum/position``), and the reader says so in a warning.
///
/// Memory: one pair of integers per place where `seq` does not go up by one, so a
/// regular log costs nothing per entry. Lookups are binary searches over those places.
public struct EntryNumbering: Sendable, Equatable {
  /// What the numbers are.
  public enum Basis: Sendable, Equatable {
    /// Each entry's `seq` (its position when it has none); `seq` increases.
    case seq
    /// Each entry's 1-based position, because `seq` repeats or goes backwards.
    case position
  }

  /// What the numbers are.
  public let basis: Basis
  /// How many entries are numbered.
  public let count: Int
  /// Positions (1-based, ascending) where a run of consecutive numbers starts.
  private let runPositions: [Int]
  /// The number of the entry at each of ``runPositions``.
  private let runNumbers: [Int]

  /// No entries.
  public static let empty = EntryNumbering(basis: .seq, count: 0, runs: [])

  private init(basis: Basis, count: Int, runs: [(position: Int, number: Int)]) {
    self.basis = basis
    self.count = count
    runPositions = runs.map(\.position)
    runNumbers = runs.map(\.number)
  }

  /// Compares numberings by what they number.
  public static func == (lhs: EntryNumbering, rhs: EntryNumbering) -> Bool {
    lhs.basis == rhs.basis && lhs.count == rhs.count && lhs.runPositions == rhs.runPositions
      && lhs.runNumbers == rhs.runNumbers
  }

  /// The number of the entry at `position` (1-based, 1…``count``).
  /// - Complexity: O(log r), r the number of places where `seq` skips.
  public func number(atPosition position: Int) -> Int {
    let run = lastIndex(in: runPositions, atMost: position) ?? 0
    guard run < runNumbers.count else { return position }
    return runNumbers[run] &+ (position - runPositions[run])
  }

  /// The position (1-based) of the entry numbered `number`, or `nil` when no entry is.
  /// - Complexity: O(log r), r the number of places where `seq` skips.
  public func position(ofNumber number: Int) -> Int? {
    guard let run = lastIndex(in: runNumbers, atMost: number) else { return nil }
    let end = run + 1 < runPositions.count ? runPositions[run + 1] : count + 1
    let offset = number.subtractingReportingOverflow(runNumbers[run])
    guard !offset.overflow, offset.partialValue < end - runPositions[run] else { return nil }
    return runPositions[run] + offset.partialValue
  }

  /// The first entry's number, or `nil` for an empty log.
  public var first: Int? { count > 0 ? number(atPosition: 1) : nil }
  /// The last entry's number, or `nil` for an empty log.
  public var last: Int? { count > 0 ? number(atPosition: count) : nil }

  /// `first…last`, or `first` alone for one entry; what messages print.
  public var rangeText: String {
    guard let first, let last else { return "none" }
    return first == last ? "\(first)" : "\(first)…\(last)"
  }

  /// The two entries around a number no entry has, when it lies inside the log's range:
  /// the positions of the last entry numbered below it and the first above it.
  public func neighbours(of number: Int) -> (before: Int, after: Int)? {
    guard let run = lastIndex(in: runNumbers, atMost: number), run + 1 < runPositions.count,
      position(ofNumber: number) == nil
    else { return nil }
    return (runPositions[run + 1] - 1, runPositions[run + 1])
  }

  /// The index of the last element of the ascending `array` that is at most `value`.
  private func lastIndex(in array: [Int], atMost value: Int) -> Int? {
    var low = 0
    var high = array.count
    while low < high {
      let mid = (low + high) / 2
      if array[mid] <= value { low = mid + 1 } else { high = mid }
    }
    return low > 0 ? low - 1 : nil
  }
}

extension EntryNumbering {
  /// Builds a numbering from the entries in order, noting every place where `seq` does
  /// not go up by one.
  struct Builder {
    /// Each irregular place: a warning for the summary.
    private(set) var warnings: [LogWarning] = []
    /// The first place where `seq` does not increase.
    private var firstDecrease: (line: Int, text: String)?
    private var runs: [(position: Int, number: Int)] = []
    private var count = 0
    /// The previous entry's `seq` (or position), line, and whether it has a `seq`.
    private var previous: (number: Int, line: Int, recorded: Bool)?
    /// The number the trailing pending record takes, when the numbering is by `seq`.
    private var pendingSeq: Int?

    /// Adds the next entry.
    /// - Parameters:
    ///   - recordedSeq: Its `seq` member, `nil` when it has none.
    ///   - line: Its 1-based file line.
    ///   - gap: The gap record just before it, if any.
    mutating func add(recordedSeq: Int?, line: Int, after gap: LogGap?) {
      count += 1
      let number = recordedSeq ?? count
      check(number, recorded: recordedSeq != nil, line: line, after: gap)
      if runs.isEmpty || number != previous.map({ $0.number &+ 1 }) {
        runs.append((count, number))
      }
      previous = (number, line, recordedSeq != nil)
    }

    /// Adds the pending record that ends the log: not an entry, but numbered as the
    /// entry it would have become.
    mutating func addPending(seq: Int, line: Int) {
      check(seq, recorded: true, line: line, after: nil)
      pendingSeq = seq
    }

    /// A gap record at the very end: only its start is checked.
    mutating func addTrailingGap(_ gap: LogGap) {
      checkStart(of: gap)
    }

    private mutating func checkStart(of gap: LogGap) {
      guard let previous else { return }
      let (expected, overflow) = previous.number.addingReportingOverflow(1)
      guard overflow || gap.firstSeq != expected else { return }
      warnings.append(
        LogWarning(
          line: gap.line,
          message:
            "the gap record starts at seq \(gap.firstSeq), but the entry before it (line \(previous.line)) \(Self.has(previous))"
        ))
    }

    /// What numbers `entry`: "has seq 6", or, for an entry without one (a line that is
    /// not a JSON object has none that can be read), "has no seq and is numbered 6, its
    /// position".
    private static func has(_ entry: (number: Int, line: Int, recorded: Bool)) -> String {
      entry.recorded
        ? "has seq \(entry.number)" : "has no seq and is numbered \(entry.number), its position"
    }

    private mutating func check(_ number: Int, recorded: Bool, line: Int, after gap: LogGap?) {
      let what =
        recorded ? "seq \(number)" : "an entry without seq (numbered \(number), its position)"
      if let gap { checkStart(of: gap) }
      guard let previous else { return }
      if number <= previous.number {
        let how =
          number < previous.number
          ? "goes backwards: the entry before it (line \(previous.line)) \(Self.has(previous))"
          : previous.recorded
            ? "repeats the seq of line \(previous.line)"
            : "repeats the number of line \(previous.line), which \(Self.has(previous))"
        warnings.append(LogWarning(line: line, message: "\(what) \(how)"))
        if firstDecrease == nil {
          firstDecrease = (line, "\(what) \(how)")
        }
        return
      }
      if let gap {
        let (expected, overflow) = gap.firstSeq.addingReportingOverflow(gap.dropped)
        guard !overflow, number != expected else { return }
        let range = "seq \(gap.firstSeq)…\(gap.firstSeq &+ gap.dropped &- 1)"
        warnings.append(
          LogWarning(
            line: line,
            message: number < expected
              ? "\(what) lies inside the gap record's \(range) (line \(gap.line))"
              : "\(what) follows the gap record's \(range) (line \(gap.line)): \(Self.missing(expected, number)), and no record says why"
          ))
        return
      }
      let expected = previous.number + 1  // number > previous.number, so no overflow
      guard number != expected else { return }
      let before =
        previous.recorded
        ? "seq \(previous.number) (line \(previous.line))"
        : "line \(previous.line), which has no seq and is numbered \(previous.number), its position"
      warnings.append(
        LogWarning(
          line: line,
          message:
            "\(what) follows \(before): \(Self.missing(expected, number)), and no gap record says why"
        ))
    }

    /// "no entry has seq 57" or "no entry has seq 57…59", for `from..<to`.
    private static func missing(_ from: Int, _ to: Int) -> String {
      to - 1 == from ? "no entry has seq \(from)" : "no entry has seq \(from)…\(to &- 1)"
    }

    /// The numbering, the warning every mode gives when it is by position, and the
    /// number of the trailing pending record (when there is one).
    func finish() -> (numbering: EntryNumbering, warning: LogWarning?, pendingNumber: Int) {
      if let firstDecrease {
        let numbering = EntryNumbering(
          basis: .position, count: count, runs: count > 0 ? [(1, 1)] : [])
        let range = count > 1 ? "1…\(count)" : "1"
        let warning = LogWarning(
          line: firstDecrease.line,
          message:
            "seq does not increase here (\(firstDecrease.text)), so entries are numbered by their position in the log, \(range): every number replay reads or prints is a position, and so are .seq and $seq (.recordedSeq holds the seq as written)"
        )
        return (numbering, warning, count + 1)
      }
      let numbering = EntryNumbering(basis: .seq, count: count, runs: runs)
      return (numbering, nil, pendingSeq ?? (numbering.last.map { $0 &+ 1 } ?? 1))
    }
  }
}
