import TimeTravel

/// Gathers, in one pass over a window of a log, everything the HTML report embeds.
///
/// States are embedded compactly, as a recorder's compact encoding stores them: the
/// report is cut into segments, each holding one full state (the state before its first
/// entry, a keyframe) and then, per entry, the action and the RFC 6902 patch that
/// `JSONDiff` computes from the entry's `prior` to its `next`: the id-aware diff of
/// `--diff`, so the page shows exactly what the command line shows. The page rebuilds
/// any state from its segment's keyframe and at most ``keyframeInterval`` − 1 patches.
///
/// A segment ends after ``keyframeInterval`` entries, when its patches pass
/// ``segmentBudget`` bytes (a state replaced wholesale costs less as a keyframe), and
/// before an entry whose `prior` is not the previous entry's `next` (a gap, a restart):
/// the new keyframe is that entry's own `prior`, so every state shown is the recorded one.
struct HTMLReportBuilder: Sendable {
  /// Entries per segment, at most.
  static let keyframeInterval = 64
  /// Bytes of patches per segment, at most (unless one entry's patch alone is larger).
  static let segmentBudget = 256 << 10

  /// The report's rows, column by column; row 0 is the state before the first entry.
  struct Rows: Sendable, Encodable {
    var seq: [Int] = []
    var time: [String?] = []
    var name: [String] = []
    /// The action as compact JSON, abbreviated.
    var payload: [String] = []
    /// The number of changes (patch operations) of each entry.
    var changes: [Int] = []
    /// The entry's line in the log.
    var line: [Int] = []
    /// Entries whose `prior` is not the previous entry's `next`.
    var chainBreaks: [Int] = []
    /// Where each entry was dispatched (`File.swift:42 in f()`), the seq of its cause and
    /// the effect that sent it; each `nil` (left out) while no entry of the report has one.
    var site: [String?]?
    var cause: [Int?]?
    var effect: [String?]?

    /// Appends `value` to `column`, creating the column (with `nil` for the rows before)
    /// at its first value.
    static func add<Value>(_ value: Value?, to column: inout [Value?]?, rows: Int) {
      if column == nil {
        guard value != nil else { return }
        column = Array(repeating: nil, count: rows)
      }
      column!.append(value)
    }

    /// `later`'s column after `column`, `rows` and `laterRows` long.
    static func join<Value>(_ column: [Value?]?, _ later: [Value?]?, rows: Int, laterRows: Int)
      -> [Value?]?
    {
      guard column != nil || later != nil else { return nil }
      return (column ?? Array(repeating: nil, count: rows))
        + (later ?? Array(repeating: nil, count: laterRows))
    }
  }

  let log: LogFile
  let positions: ClosedRange<Int>
  /// The row of the first entry at `positions` (1 unless this builds a later part of the
  /// report, see ``append(_:)``).
  let firstRow: Int
  let diffOptions: DiffOptions
  /// Longest payload shown in the list, in characters; `nil` for whole actions.
  let payloadLimit: Int?
  var series: [ReportSeries]
  var marks: ReportMarks
  private(set) var rows = Rows()
  /// Each segment's first row (an entry row, 1-based) and number of entries.
  private(set) var segments: [(firstRow: Int, count: Int)] = []
  /// The state before the first entry and after the last, to join two parts.
  private(set) var firstPrior: JSONValue?
  private(set) var lastNext: JSONValue?

  /// A builder for the entries at `positions` (1-based, non-empty), the first of which is
  /// row `firstRow` of the report.
  init(
    log: LogFile, positions: ClosedRange<Int>, firstRow: Int = 1, diffOptions: DiffOptions,
    payloadLimit: Int?, series: [ReportSeries], marks: ReportMarks
  ) {
    self.log = log
    self.positions = positions
    self.firstRow = firstRow
    self.diffOptions = diffOptions
    self.payloadLimit = payloadLimit
    self.series = series
    self.marks = marks
  }

  /// Walks the window, handing each segment's JSON text to `emit` when it is complete,
  /// and calling `progress` with the number of entries done.
  /// - Throws: `LogError` for a malformed entry; `CommandError` when a `--plot`,
  ///   `--predicate` or `--find` expression fails; what `emit` throws.
  /// - Complexity: one parse of each state and one diff per entry.
  mutating func run(progress: (Int) -> Void, emit: ([UInt8]) throws -> Void) throws {
    var walk = ReportWalk(log: log)
    var segment = SegmentText()
    for position in positions {
      let step = try walk.step(position)
      let entry = step.entry
      let row = position - positions.lowerBound + firstRow
      let first = position == positions.lowerBound
      if first {
        firstPrior = entry.prior
        // A later part's first state is the earlier part's last.
        if firstRow == 1 { try addState(entry.prior, after: nil, row: 0) }
      }
      let patch = JSONDiff.patch(from: entry.prior, to: entry.next, options: diffOptions)
      var patchText: [UInt8] = []
      JSONPrinter.compact.write(patch.jsonValue, to: &patchText)
      if !first && !step.chained { rows.chainBreaks.append(row) }
      if first || !step.chained || segment.count >= Self.keyframeInterval
        || segment.patchBytes + patchText.count > Self.segmentBudget
      {
        if segment.count > 0 { try emit(segment.finish()) }
        segment = SegmentText(state: entry.prior)
        segments.append((row, 0))
      }
      // Not `cond ? nil : next`: JSONValue is ExpressibleByNilLiteral, so that `nil`
      // would be JSON null rather than no value.
      var fullNext: JSONValue?
      if !Self.reproducesExactly(patch, prior: entry.prior, next: entry.next) {
        fullNext = entry.next
      }
      segment.add(action: entry.action, patch: patchText, next: fullNext)
      segments[segments.count - 1].count += 1
      addRow(entry, changes: patch.operations.count)
      try addState(entry.next, after: entry, row: row)
      lastNext = entry.next
      progress(row - firstRow + 1)
    }
    if segment.count > 0 { try emit(segment.finish()) }
  }

  /// Appends the part built by `later`, which starts where this one ends.
  /// - Complexity: O(rows) plus one comparison of the states where the parts meet.
  mutating func append(_ later: HTMLReportBuilder) {
    if let end = lastNext, let start = later.firstPrior, end != start {
      rows.chainBreaks.append(later.firstRow)
    }
    rows.seq += later.rows.seq
    rows.time += later.rows.time
    rows.name += later.rows.name
    rows.payload += later.rows.payload
    rows.changes += later.rows.changes
    let (count, laterCount) = (rows.seq.count, later.rows.seq.count)
    rows.site = Rows.join(rows.site, later.rows.site, rows: count, laterRows: laterCount)
    rows.cause = Rows.join(rows.cause, later.rows.cause, rows: count, laterRows: laterCount)
    rows.effect = Rows.join(rows.effect, later.rows.effect, rows: count, laterRows: laterCount)
    rows.line += later.rows.line
    rows.chainBreaks += later.rows.chainBreaks
    segments += later.segments
    for i in series.indices { series[i].append(later.series[i]) }
    marks.append(later.marks)
    lastNext = later.lastNext
  }

  /// Whether applying `patch` to `prior` gives `next` exactly as recorded. Equality, and
  /// so the diff, ignores member order and a number's text (`1e2 == 100`), while RFC 6902
  /// adds a member at the end of its object (§4.1) and changes nothing else's place or
  /// text: an app that inserts a member mid-object (a dictionary encoded with sorted
  /// keys), moves one (JavaScript's delete and re-add) or rewrites a number would be
  /// shown otherwise. Such an entry embeds its `next` whole.
  /// - Complexity: the patch's application, then O(size of `next`) comparisons.
  static func reproducesExactly(_ patch: JSONPatch, prior: JSONValue, next: JSONValue) -> Bool {
    guard let patched = try? patch.apply(to: prior) else { return false }
    var pending: [(JSONValue, JSONValue)] = [(patched, next)]
    while let pair = pending.popLast() {
      switch pair {
      case (.object(let a), .object(let b)):
        // Shared storage (what the patch left alone, see StateSharing) is the same text.
        if a.storage === b.storage { continue }
        guard a.count == b.count else { return false }
        for (i, key) in a.keys.enumerated() {
          // Keys compared by their bytes, as the page compares them.
          guard key.utf8.elementsEqual(b.keys[i].utf8) else { return false }
          pending.append((a.values[i], b.values[i]))
        }
      case (.array(let a), .array(let b)):
        if a.storage === b.storage { continue }
        guard a.count == b.count else { return false }
        pending.append(contentsOf: zip(a, b))
      case (.number(let x), .number(let y)):
        guard x.literal == y.literal else { return false }
      default:
        continue
      }
    }
    return true
  }

  private mutating func addRow(_ entry: LogEntry, changes: Int) {
    let count = rows.seq.count
    // The site as the text views print it (sanitized, the file cut unless --full is
    // given: the page shows it in a line of its own).
    Rows.add(entry.site.map { TextStyle().site($0) }, to: &rows.site, rows: count)
    Rows.add(entry.origin?.cause, to: &rows.cause, rows: count)
    Rows.add(entry.origin?.effect, to: &rows.effect, rows: count)
    rows.seq.append(entry.seq)
    rows.time.append(entry.time)
    rows.name.append(entry.actionName)
    let text = JSONPrinter.compact.print(entry.action)
    if let limit = payloadLimit, text.count > limit {
      rows.payload.append(String(text.prefix(limit - 1)) + "…")
    } else {
      rows.payload.append(text)
    }
    rows.changes.append(changes)
    rows.line.append(entry.line)
  }

  private mutating func addState(_ state: JSONValue, after entry: LogEntry?, row: Int) throws {
    for i in series.indices { try series[i].add(state, after: entry) }
    try marks.add(state, after: entry, row: row)
  }
}

/// The JSON text of one segment, `{"state":S,"entries":[{"action":A,"patch":P},…]}`,
/// written as it grows; an entry whose patch would not give its `next` exactly as
/// recorded (member order, number text) also holds its `next`.
private struct SegmentText {
  private var bytes: [UInt8] = []
  private(set) var count = 0
  private(set) var patchBytes = 0

  init() {}

  init(state: JSONValue) {
    bytes.append(contentsOf: #"{"state":"#.utf8)
    JSONPrinter.compact.write(state, to: &bytes)
    bytes.append(contentsOf: #","entries":["#.utf8)
  }

  mutating func add(action: JSONValue, patch: [UInt8], next: JSONValue?) {
    if count > 0 { bytes.append(UInt8(ascii: ",")) }
    bytes.append(contentsOf: #"{"action":"#.utf8)
    JSONPrinter.compact.write(action, to: &bytes)
    bytes.append(contentsOf: #","patch":"#.utf8)
    bytes.append(contentsOf: patch)
    if let next {
      bytes.append(contentsOf: #","next":"#.utf8)
      JSONPrinter.compact.write(next, to: &bytes)
    }
    bytes.append(UInt8(ascii: "}"))
    count += 1
    patchBytes += patch.count
  }

  mutating func finish() -> [UInt8] {
    bytes.append(contentsOf: "]}".utf8)
    return bytes
  }
}
