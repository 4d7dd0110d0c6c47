import Foundation
import TimeTravel

/// Reads the entries of a window of a log in order, each with the state before it and
/// whether that state continues the chain (entry k's `prior` is entry k−1's `next`).
///
/// Why not ``LogFile/entry(_:)`` alone: the report walks every entry, and in a chained
/// log each `prior` repeats the previous `next`. For full entries the walk scans the line
/// with `EntryScanner`, compares the `prior` bytes with the previous `next` bytes, and
/// parses only `next`, so each state is parsed once, and `next` shares with `prior` every
/// container whose text is unchanged (``StateSharing``). A line the scanner cannot read, and
/// every compact (patch) entry, goes through `LogFile`, which reports errors with their
/// line and column.
struct ReportWalk {
  /// One entry of the walk.
  struct Step {
    var entry: LogEntry
    /// Whether `entry.prior` equals the previous step's `next`; false for the first.
    var chained: Bool
  }

  let log: LogFile
  private var previousNext: (value: JSONValue, bytes: Data?)?

  init(log: LogFile) { self.log = log }

  /// The entry at `position` (1-based); call with consecutive positions.
  /// - Throws: `LogError` as `LogFile.entry(_:)` does.
  mutating func step(_ position: Int) throws -> Step {
    if !log.isCompact, !log.isActionOnly, let fast = try fastStep(position) { return fast }
    let entry = try log.entry(position)
    let chained = previousNext.map { $0.value == entry.prior } ?? false
    previousNext = (entry.next, nil)
    return Step(entry: entry, chained: chained)
  }

  private mutating func fastStep(_ position: Int) throws -> Step? {
    let line = try log.rawLine(ofEntry: position)
    let scanned: RawEntry? = line.withUnsafeBytes { raw in
      try? EntryScanner.scan(line: raw.bindMemory(to: UInt8.self))
    }
    guard let raw = scanned else { return nil }
    let nextBytes = line[
      line.startIndex + raw.next.lowerBound..<line.startIndex + raw.next.upperBound]
    let priorBytes = line[
      line.startIndex + raw.prior.lowerBound..<line.startIndex + raw.prior.upperBound]
    let prior: JSONValue
    var chained = false
    if let previous = previousNext, let bytes = previous.bytes, bytes == priorBytes {
      prior = previous.value
      chained = true
    } else {
      prior = try Self.parse(priorBytes)
      chained = previousNext.map { $0.value == prior } ?? false
    }
    let next = StateSharing.shared(
      prior: prior, priorText: priorBytes, next: try Self.parse(nextBytes), nextText: nextBytes)
    previousNext = (next, Data(nextBytes))
    var entry = LogEntry(
      seq: log.numbering.number(atPosition: position), time: raw.time, action: raw.action,
      prior: prior, next: next,
      line: log.lineNumber(ofEntry: position))
    entry.recordedSeq = raw.seq
    if let origin = raw.origin { entry.otherMembers["origin"] = origin }
    if let site = raw.site { entry.otherMembers["site"] = site }
    return Step(entry: entry, chained: chained)
  }

  /// A value the scanner has validated.
  private static func parse(_ bytes: Data) throws -> JSONValue {
    try bytes.withUnsafeBytes { raw in try JSONParser.parse(bytes: raw.bindMemory(to: UInt8.self)) }
  }
}
