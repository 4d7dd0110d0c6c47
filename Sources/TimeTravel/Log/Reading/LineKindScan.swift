import Foundation

/// Tells entries, compact patch entries, pending records, gap records, closing records,
/// effect records and blank lines apart from each line's first bytes, without parsing the line, and
/// reads the entry's `seq` on the way.
///
/// The format puts every distinguishing member before the first object or array member
/// (`pending` and `patch` precede `action`, `prior` and `next`; a gap record starts with
/// `{"dropped":`, a closing record with `{"closed":`, an effect record with `{"effect":`),
/// so the scan reads each line's
/// top-level members only up to the first container value: typically 60 bytes per line,
/// whatever the state's size. Writers put `seq` first, so it is read in the same bytes; a
/// `seq` written later is found by ``seqMember(_:)``, which steps over the whole line.
enum LineKindScan {
  enum Kind: Equatable {
    /// An empty line, or one of JSON whitespace only: not a record.
    case blank
    /// A full entry (in a compact log, a keyframe).
    case entry
    /// A compact entry: `next` is a patch against the previous entry's `next`.
    case patch
    /// A pending record (see ``PendingEntry``).
    case pending
    /// A gap record: `{"dropped":N,"seq":S}`.
    case gap
    /// A closing record: `{"closed":true,"lastSeq":N,…}` (see ``LogClosing``).
    case closing
    /// An effect record: `{"effect":"start",…}` or `{"effect":"end",…}` (see
    /// ``EffectRecord``); neither an entry nor a state.
    case effect
  }

  /// What the first bytes of a line say about its `seq` member.
  enum Seq: Equatable {
    /// The member, an integer.
    case value(Int)
    /// No `seq` member, or one that is not an integer (reading the entry reports that).
    case absent
    /// Not known from the bytes scanned: the scan stopped at an object or array member
    /// before meeting `seq`, or met a key written with escapes.
    case later
  }

  /// A line's kind and, for an entry, its `seq`.
  struct Classification: Equatable {
    var kind: Kind
    var seq: Seq
  }

  private static let gapPrefix = Array(#"{"dropped":"#.utf8)
  private static let closingPrefix = Array(#"{"closed":"#.utf8)
  private static let effectPrefix = Array(#"{"effect":"#.utf8)

  /// The kind of the line whose first bytes are `line`.
  ///
  /// - Parameters:
  ///   - line: The whole line, or (`isPrefix`) its first bytes.
  ///   - isPrefix: Whether the line goes on past `line`.
  /// - Returns: The kind, or `nil` when `isPrefix` and the bytes end before the kind is
  ///   known. A line that is not an object, or is malformed, counts as an entry: parsing
  ///   it reports the problem with its line and column.
  static func kind(_ line: UnsafeRawBufferPointer, isPrefix: Bool) -> Kind? {
    classify(line, isPrefix: isPrefix)?.kind
  }

  /// The kind of the line whose first bytes are `line`, and its `seq` as far as those
  /// bytes tell it (see ``kind(_:isPrefix:)``). A prefix never tells a `seq` that the whole
  /// line contradicts: a number running to the end of a prefix leaves the result open.
  static func classify(_ line: UnsafeRawBufferPointer, isPrefix: Bool) -> Classification? {
    let n = line.count
    // Records whose literal first bytes name their kind.
    var undecided = false
    func starts(with prefix: [UInt8]) -> Bool {
      if n >= prefix.count { return line[0..<prefix.count].elementsEqual(prefix) }
      if isPrefix, prefix.starts(with: line) { undecided = true }
      return false
    }
    if starts(with: gapPrefix) { return Classification(kind: .gap, seq: .absent) }
    if starts(with: closingPrefix) { return Classification(kind: .closing, seq: .absent) }
    if starts(with: effectPrefix) { return Classification(kind: .effect, seq: .absent) }
    if undecided { return nil }
    // Running out of bytes decides nothing when more follow.
    let unknown: Classification? =
      isPrefix ? nil : Classification(kind: .entry, seq: .absent)
    let malformed = Classification(kind: .entry, seq: .absent)
    var seq = Seq.absent
    var escapedKey = false
    var i = 0
    func skipSpace() {
      while i < n, line[i] == 0x20 || line[i] == 0x09 || line[i] == 0x0D { i += 1 }
    }
    skipSpace()
    guard i < n else { return isPrefix ? nil : Classification(kind: .blank, seq: .absent) }
    guard line[i] == UInt8(ascii: "{") else { return malformed }
    i += 1
    while true {
      skipSpace()
      guard i < n else { return unknown }
      guard line[i] == UInt8(ascii: "\"") else { return malformed }
      let keyStart = i + 1
      i += 1
      while i < n, line[i] != UInt8(ascii: "\"") {
        if line[i] == UInt8(ascii: "\\") { escapedKey = true }
        i += line[i] == UInt8(ascii: "\\") ? 2 : 1
      }
      guard i < n else { return unknown }
      let key = line[keyStart..<i]
      i += 1
      skipSpace()
      guard i < n else { return unknown }
      guard line[i] == UInt8(ascii: ":") else { return malformed }
      i += 1
      skipSpace()
      guard i < n else { return unknown }
      switch line[i] {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        // The first container value ends the search; `seq` may still follow it.
        let kind: Kind = key.elementsEqual("patch".utf8) ? .patch : .entry
        return Classification(kind: kind, seq: seq == .absent || escapedKey ? .later : seq)
      case UInt8(ascii: "\""):
        if key.elementsEqual("seq".utf8) { seq = .absent }
        i += 1
        while i < n, line[i] != UInt8(ascii: "\"") { i += line[i] == UInt8(ascii: "\\") ? 2 : 1 }
        i += 1
      default:
        if key.elementsEqual("pending".utf8) {
          if i + 4 <= n, line[i..<i + 4].elementsEqual("true".utf8) {
            return Classification(kind: .pending, seq: .absent)
          }
          if n - i < 4 { return unknown }
        }
        let valueStart = i
        while i < n, line[i] != UInt8(ascii: ","), line[i] != UInt8(ascii: "}") { i += 1 }
        guard i < n else { return unknown }
        if key.elementsEqual("seq".utf8) {
          seq =
            integer(UnsafeRawBufferPointer(rebasing: line[valueStart..<i])).map(Seq.value)
            ?? .absent
        }
      }
      skipSpace()
      guard i < n else { return unknown }
      guard line[i] == UInt8(ascii: ",") else {
        // The end of the object (or a malformed line, which reading reports).
        return Classification(kind: .entry, seq: escapedKey ? .later : seq)
      }
      i += 1
    }
  }

  /// The integer a scalar member's bytes hold (surrounding whitespace allowed), as
  /// reading the entry takes it; `nil` for anything else.
  private static func integer(_ bytes: UnsafeRawBufferPointer) -> Int? {
    let value = try? JSONParser.parse(bytes: bytes.bindMemory(to: UInt8.self))
    return value?.numberValue?.intValue
  }

  /// The `seq` member of a whole line, found by stepping over every top-level member
  /// (for lines whose first bytes did not tell it, see ``Seq/later``). A repeated key
  /// keeps its last value, as the parser does.
  /// - Complexity: O(line length) at validation speed; only the keys and `seq` are read.
  static func seqMember(_ line: UnsafeRawBufferPointer) -> Seq {
    let bytes = line.bindMemory(to: UInt8.self)
    guard let base = bytes.baseAddress else { return .absent }
    var scanner = JSONValidator.Scanner(base: base, end: bytes.count)
    var seq = Seq.absent
    scanner.skipWhitespace()
    guard scanner.peek == UInt8(ascii: "{") else { return .absent }
    scanner.offset += 1
    scanner.skipWhitespace()
    if scanner.peek == UInt8(ascii: "}") { return .absent }
    while true {
      guard scanner.peek == UInt8(ascii: "\"") else { return .absent }
      let keyStart = scanner.offset
      var hadEscape = false
      guard scanner.skipString(hadEscape: &hadEscape) else { return .absent }
      let isSeq: Bool
      if hadEscape {
        var parser = JSONParser(bytes: bytes, offset: keyStart)
        isSeq = (try? parser.parseNext()) == .string("seq")
      } else {
        isSeq =
          scanner.offset - keyStart == 5
          && bytes[keyStart + 1] == UInt8(ascii: "s") && bytes[keyStart + 2] == UInt8(ascii: "e")
          && bytes[keyStart + 3] == UInt8(ascii: "q")
      }
      scanner.skipWhitespace()
      guard scanner.peek == UInt8(ascii: ":") else { return .absent }
      scanner.offset += 1
      scanner.skipWhitespace()
      let valueStart = scanner.offset
      guard scanner.skipValue() else { return .absent }
      if isSeq {
        let value = UnsafeRawBufferPointer(rebasing: line[valueStart..<scanner.offset])
        seq = integer(value).map(Seq.value) ?? .absent
      }
      scanner.skipWhitespace()
      guard let separator = scanner.peek else { return .absent }
      scanner.offset += 1
      if separator == UInt8(ascii: "}") { return seq }
      guard separator == UInt8(ascii: ",") else { return .absent }
      scanner.skipWhitespace()
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
  /// Why the transitions are missing, as the record's `reason` member says: absent (the
  /// recorder's queue was full), `"buffer"` (a live stream's buffer was full while its
  /// listener was away or slow) or `"lost"` (sent to a listener that never got them).
  public var reason: String?

  /// Creates a gap.
  public init(dropped: Int, firstSeq: Int, line: Int, beforeEntry: Int?, reason: String? = nil) {
    self.dropped = dropped
    self.firstSeq = firstSeq
    self.line = line
    self.beforeEntry = beforeEntry
    self.reason = reason
  }

  /// The warning a reader gives: `3 entries were dropped before entry 60 (…)`, naming
  /// the next entry by the `seq` the gap record implies.
  public var message: String { message(nextEntry: firstSeq &+ dropped) }

  /// The warning a reader gives, naming the entry after the gap by `nextEntry`, its
  /// number (see `EntryNumbering`).
  /// - Parameter nextEntry: The number of the entry that follows; ignored at the end.
  public func message(nextEntry: Int?) -> String {
    let what = dropped == 1 ? "1 entry was" : "\(dropped) entries were"
    let place =
      beforeEntry == nil || nextEntry == nil
      ? "at the end of the log" : "before entry \(nextEntry!)"
    let why =
      switch reason {
      case nil, "queue"?: "the recorder's queue was full"
      case "buffer"?: "the live stream's buffer was full while its listener was away or slow"
      case "lost"?: "sent to the listener, they never reached it"
      case let other?: "reason: \(JSONValue.string(other))"
      }
    return "\(what) dropped \(place) (seq \(firstSeq)…\(firstSeq &+ dropped &- 1); \(why))"
  }
}
