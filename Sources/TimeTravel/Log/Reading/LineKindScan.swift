import Foundation

/// Tells entries, compact patch entries, pending records and gap records apart from each
/// line's first bytes, without parsing the line.
///
/// The format puts every distinguishing member before the first object or array member
/// (`pending` and `patch` precede `action`, `prior` and `next`; a gap record starts with
/// `{"dropped":`), so the scan reads each line's top-level members only up to the first
/// container value: typically 60 bytes per line, whatever the state's size.
enum LineKindScan {
  enum Kind: Equatable {
    /// A full entry (in a compact log, a keyframe).
    case entry
    /// A compact entry: `next` is a patch against the previous entry's `next`.
    case patch
    /// A pending record (see ``PendingEntry``).
    case pending
    /// A gap record: `{"dropped":N,"seq":S}`.
    case gap
  }

  private static let gapPrefix = Array(#"{"dropped":"#.utf8)

  /// The kind of the line whose first bytes are `line`.
  ///
  /// - Parameters:
  ///   - line: The whole line, or (`isPrefix`) its first bytes.
  ///   - isPrefix: Whether the line goes on past `line`.
  /// - Returns: The kind, or `nil` when `isPrefix` and the bytes end before the kind is
  ///   known. A line that is not an object, or is malformed, counts as an entry: parsing
  ///   it reports the problem with its line and column.
  static func kind(_ line: UnsafeRawBufferPointer, isPrefix: Bool) -> Kind? {
    let n = line.count
    if n >= gapPrefix.count, line[0..<gapPrefix.count].elementsEqual(gapPrefix) {
      return .gap
    }
    if isPrefix, n < gapPrefix.count, gapPrefix.starts(with: line) { return nil }
    // Running out of bytes decides nothing when more follow.
    let unknown: Kind? = isPrefix ? nil : .entry
    var i = 0
    func skipSpace() {
      while i < n, line[i] == 0x20 || line[i] == 0x09 || line[i] == 0x0D { i += 1 }
    }
    skipSpace()
    guard i < n else { return unknown }
    guard line[i] == UInt8(ascii: "{") else { return .entry }
    i += 1
    while true {
      skipSpace()
      guard i < n else { return unknown }
      guard line[i] == UInt8(ascii: "\"") else { return .entry }
      let keyStart = i + 1
      i += 1
      while i < n, line[i] != UInt8(ascii: "\"") { i += line[i] == UInt8(ascii: "\\") ? 2 : 1 }
      guard i < n else { return unknown }
      let key = line[keyStart..<i]
      i += 1
      skipSpace()
      guard i < n else { return unknown }
      guard line[i] == UInt8(ascii: ":") else { return .entry }
      i += 1
      skipSpace()
      guard i < n else { return unknown }
      switch line[i] {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        // The first container value ends the search.
        return key.elementsEqual("patch".utf8) ? .patch : .entry
      case UInt8(ascii: "\""):
        i += 1
        while i < n, line[i] != UInt8(ascii: "\"") { i += line[i] == UInt8(ascii: "\\") ? 2 : 1 }
        i += 1
      default:
        if key.elementsEqual("pending".utf8) {
          if i + 4 <= n, line[i..<i + 4].elementsEqual("true".utf8) { return .pending }
          if n - i < 4 { return unknown }
        }
        while i < n, line[i] != UInt8(ascii: ","), line[i] != UInt8(ascii: "}") { i += 1 }
      }
      skipSpace()
      guard i < n else { return unknown }
      guard line[i] == UInt8(ascii: ",") else { return .entry }
      i += 1
    }
  }
}

/// A gap record: entries the recorder dropped (its queue was full) at this point.
public struct LogGap: Sendable, Equatable {
  /// How many transitions were dropped.
  public var dropped: Int
  /// The `seq` the first dropped transition had; the next entry's `seq` is
  /// `firstSeq + dropped`.
  public var firstSeq: Int
  /// The 1-based file line of the gap record.
  public var line: Int
  /// The position (1-based) of the entry that follows the gap, or `nil` at the end.
  public var beforeEntry: Int?

  /// Creates a gap.
  public init(dropped: Int, firstSeq: Int, line: Int, beforeEntry: Int?) {
    self.dropped = dropped
    self.firstSeq = firstSeq
    self.line = line
    self.beforeEntry = beforeEntry
  }

  /// The warning a reader gives: `3 entries were dropped before entry 57 (…)`.
  public var message: String {
    let what = dropped == 1 ? "1 entry was" : "\(dropped) entries were"
    let place =
      beforeEntry == nil
      ? "at the end of the log" : "before entry \(firstSeq &+ dropped)"
    return
      "\(what) dropped \(place) (seq \(firstSeq)…\(firstSeq &+ dropped &- 1); the recorder's queue was full)"
  }
}
