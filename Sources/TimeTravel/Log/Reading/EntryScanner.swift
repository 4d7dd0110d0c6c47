import Foundation
import TimeTravelJSON

/// A log entry read without building its states: `seq`, `time` and `action`
/// materialized, `prior` and `next` validated and kept as byte ranges of the
/// line.
///
/// Why: full-scan commands (the summary, the chain check) look at every
/// entry, and two 10 KB state trees per line cost far more to build than to
/// validate. Ranges let the chain check compare bytes first and parse only
/// when the bytes differ.
public struct RawEntry: Sendable, Equatable {
  /// The `seq` member as an integer, or `nil` when the entry has none (the
  /// reader then numbers it by position).
  public var seq: Int?
  /// The `time` member, or `nil` when absent or `null`.
  public var time: String?
  /// The `action` member, parsed.
  public var action: JSONValue
  /// Byte offsets of the `prior` value within the line (exactly its text,
  /// without surrounding whitespace).
  public var prior: Range<Int>
  /// Byte offsets of the `next` value within the line.
  public var next: Range<Int>
  /// The `origin` member, parsed, when the entry has one (see ``LogOrigin``).
  public var origin: JSONValue?
  /// The `site` member, parsed, when the entry has one (see ``LogSite``).
  public var site: JSONValue?
  /// Whether `prior` holds exactly the bytes of the `next` the scanner was given (the
  /// entry before's): they were compared rather than validated again, and the chain
  /// check has nothing more to compare.
  var priorRepeatsPreviousNext = false

  /// Creates a raw entry; used by the scanner and by tests.
  public init(seq: Int?, time: String?, action: JSONValue, prior: Range<Int>, next: Range<Int>) {
    self.seq = seq
    self.time = time
    self.action = action
    self.prior = prior
    self.next = next
  }

  /// The action's display name (see ``ActionName``).
  public var actionName: String { ActionName.of(action) }
}

/// Why a line could not be read as an entry by ``EntryScanner``.
public enum EntryScanError: Error, Equatable, Sendable {
  /// The line is not valid JSON: the error `JSONParser` reports for the
  /// whole line (same message, line 1, same column).
  case malformed(JSONParseError)
  /// The line is JSON but not an entry; the message is the one ``LogFile``
  /// gives (`"the entry has no /prior member"`, …).
  case invalidEntry(String)
}

/// Reads entry lines of a log at validation speed (see ``RawEntry``).
///
/// Accepts and rejects exactly the lines that parsing with `JSONParser` and
/// then reading the members as ``LogFile`` does would, with the same messages:
/// members in any order, unknown members validated and ignored, a repeated
/// key keeping its last value, keys compared after unescaping.
///
/// Complexity: O(line length), allocating only for `seq`, `time`, `action`, `origin` and
/// `site`.
public enum EntryScanner {
  /// Scans one entry line (without its line terminator).
  /// - Throws: ``EntryScanError``.
  public static func scan(line: UnsafeBufferPointer<UInt8>) throws(EntryScanError) -> RawEntry {
    var plain: NextComparison? = nil
    return try scan(line: line, previousNext: nil, comparing: &plain)
  }

  /// How a scan reads `next` against the `next` of the entry before, as a scan of a
  /// chunk's lines in order does (see `LineMemo`): one action changes a small part of the
  /// state, so most of its bytes are compared with the reference's, not validated.
  struct NextComparison {
    /// The `next` before, with the outline recorded when it was read; `nil` for none
    /// (the first line of a chunk), when `next` is validated while its outline is
    /// recorded.
    var reference: JSONReference?
    /// The outline of this line's `next`, recorded as it is read (its storage reused).
    var outline: JSONOutline
    /// Whether ``outline`` is the outline of the `next` the scan returned.
    var isOutlined = false
  }

  /// ``scan(line:)`` given the `next` of the entry before (its exact bytes, validated),
  /// which a recorder writes again as this entry's `prior`: a `prior` that begins with
  /// those bytes is compared with one `memcmp` instead of validated again, which checks
  /// as much (see `JSONSkipper.skipRepeated`), so the line is accepted or rejected, with
  /// the same error, exactly as ``scan(line:)`` would.
  ///
  /// With a `comparison`, `next` is read against its reference
  /// (`JSONSkipper.skipValue(_:_:_:reference:into:)`), which also accepts and rejects
  /// exactly what validating it would, and its outline is recorded for the line after.
  static func scan(
    line: UnsafeBufferPointer<UInt8>, previousNext: UnsafeBufferPointer<UInt8>?,
    comparing comparison: inout NextComparison?
  ) throws(EntryScanError) -> RawEntry {
    guard let base = line.baseAddress else {
      throw .malformed(malformedError(line))
    }
    var scanner = JSONValidator.Scanner(base: base, end: line.count)
    scanner.skipWhitespace()
    guard scanner.peek == UInt8(ascii: "{") else {
      // Not an object: report what LogFile would, syntax errors first.
      guard JSONValidator.isValid(line) else { throw .malformed(malformedError(line)) }
      throw .invalidEntry("expected an entry object, found \(typeName(of: scanner.peek))")
    }
    var members = Members()
    scanner.offset += 1
    scanner.skipWhitespace()
    if scanner.peek == UInt8(ascii: "}") {
      scanner.offset += 1
    } else {
      while true {
        guard scanner.peek == UInt8(ascii: "\"") else { throw .malformed(malformedError(line)) }
        let keyStart = scanner.offset
        var hadEscape = false
        guard scanner.skipString(hadEscape: &hadEscape) else {
          throw .malformed(malformedError(line))
        }
        let member = memberKind(line, keyStart + 1..<scanner.offset - 1, escaped: hadEscape)
        scanner.skipWhitespace()
        guard scanner.peek == UInt8(ascii: ":") else { throw .malformed(malformedError(line)) }
        scanner.offset += 1
        scanner.skipWhitespace()
        let valueStart = scanner.offset
        if member == .seq, let (n, next) = Self.plainInteger(base, valueStart, line.count) {
          // The common `seq`, digits only: read without building a number.
          (members.seq, members.seqNumber) = (nil, n)
          scanner.offset = next
        } else if member == .time, let next = Self.plainString(base, valueStart, line.count) {
          // The common `time`, a string without escapes: made from its bytes.
          let text = UnsafeBufferPointer(rebasing: line[(valueStart + 1)..<(next - 1)])
          members.time = .string(String(decoding: text, as: UTF8.self))
          scanner.offset = next
        } else {
          try scanMember(
            member, line, &scanner, &members, previousNext: previousNext, comparing: &comparison)
        }
        scanner.skipWhitespace()
        guard let separator = scanner.peek else { throw .malformed(malformedError(line)) }
        scanner.offset += 1
        if separator == UInt8(ascii: "}") { break }
        guard separator == UInt8(ascii: ",") else { throw .malformed(malformedError(line)) }
        scanner.skipWhitespace()
      }
    }
    scanner.skipWhitespace()
    guard scanner.offset == line.count else { throw .malformed(malformedError(line)) }
    return try members.entry()
  }

  /// Reads the value of one member at the scanner (past its colon): a small member parsed,
  /// `prior`, `next` and the others validated and kept as ranges.
  private static func scanMember(
    _ member: MemberKind, _ line: UnsafeBufferPointer<UInt8>,
    _ scanner: inout JSONValidator.Scanner, _ members: inout Members,
    previousNext: UnsafeBufferPointer<UInt8>?, comparing comparison: inout NextComparison?
  ) throws(EntryScanError) {
    let valueStart = scanner.offset
    switch member {
    case .seq, .time, .action, .origin, .site:
      // Small members: parse in place, which validates them too.
      var parser = JSONParser(bytes: line, offset: valueStart)
      guard let value = try? parser.parseNext(small: true) else {
        throw .malformed(malformedError(line))
      }
      scanner.offset = parser.offset
      members.set(member, value: value)
      if member == .seq { members.seqNumber = nil }
    case .prior where previousNext.map({ scanner.skip(repeating: $0) }) == true:
      members.set(member, range: valueStart..<scanner.offset)
      members.priorRepeats = true
    case .next where comparison != nil:
      // Against the `next` before (`scan` checked that the line has a base address).
      let reference = comparison?.reference
      let end = JSONSkipper.skipValue(
        line.baseAddress!, valueStart, line.count, reference: reference,
        into: &comparison!.outline)
      guard end >= 0 else { throw .malformed(malformedError(line)) }
      scanner.offset = end
      members.set(member, range: valueStart..<end)
      comparison!.isOutlined = true
    case .prior, .next, .other:
      guard scanner.skipValue() else { throw .malformed(malformedError(line)) }
      members.set(member, range: valueStart..<scanner.offset)
      if member == .prior { members.priorRepeats = false }
    }
  }

  /// The members an entry reader cares about.
  enum MemberKind {
    case seq, time, action, prior, next, origin, site, other
  }

  /// The integer at `start` and the offset past it, when it is a valid JSON number of at
  /// most 18 digits, an optional minus sign and nothing else (no fraction, no exponent):
  /// exactly what the parser reads as that `Int`. `nil` for anything else, which the
  /// parser then reads.
  @inline(__always) static func plainInteger(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int
  ) -> (Int, Int)? {
    guard start < end else { return nil }
    let stop = JSONSkipper.skipNumber(base, start, end)
    guard stop > start else { return nil }
    var i = start
    let negative = base[i] == UInt8(ascii: "-")
    if negative { i += 1 }
    guard stop - i <= 18 else { return nil }
    var n = 0
    while i < stop {
      let digit = base[i] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      n = n * 10 + Int(digit)
      i += 1
    }
    return (negative ? -n : n, stop)
  }

  /// The offset past the string at `start` when it is a valid JSON string without
  /// escapes (so its bytes between the quotes are its UTF-8 text), else `nil`.
  @inline(__always) static func plainString(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int
  ) -> Int? {
    guard start < end, base[start] == UInt8(ascii: "\"") else { return nil }
    var escaped = false
    let stop = JSONSkipper.skipString(base, start, end, hadEscape: &escaped)
    return stop >= 0 && !escaped ? stop : nil
  }

  private struct Members {
    /// `seq` when it was read as plain digits (``seq`` is then `nil`).
    var seqNumber: Int?
    var seq: JSONValue?
    var time: JSONValue?
    var action: JSONValue?
    var prior: Range<Int>?
    var next: Range<Int>?
    var origin: JSONValue?
    var site: JSONValue?
    /// Whether the last `prior` repeated the previous entry's `next`.
    var priorRepeats = false

    mutating func set(_ kind: MemberKind, value: JSONValue) {
      switch kind {
      case .seq: seq = value
      case .time: time = value
      case .action: action = value
      case .origin: origin = value
      case .site: site = value
      default: break
      }
    }

    mutating func set(_ kind: MemberKind, range: Range<Int>) {
      switch kind {
      case .prior: prior = range
      case .next: next = range
      default: break
      }
    }

    /// The checks of `LogFile`, in its order, with its messages.
    func entry() throws(EntryScanError) -> RawEntry {
      var seqNumber = self.seqNumber
      if let seq {
        guard let n = seq.numberValue?.intValue else {
          throw .invalidEntry("/seq must be an integer, found \(JSONPrinter.compact.print(seq))")
        }
        seqNumber = n
      }
      var timeText: String?
      if let time, time != .null {
        guard let t = time.stringValue else {
          throw .invalidEntry("/time must be a string, found \(time.typeName)")
        }
        timeText = t
      }
      guard let action else { throw .invalidEntry("the entry has no /action member") }
      guard let prior else { throw .invalidEntry("the entry has no /prior member") }
      guard let next else { throw .invalidEntry("the entry has no /next member") }
      var entry = RawEntry(
        seq: seqNumber, time: timeText, action: action, prior: prior, next: next)
      (entry.origin, entry.site) = (origin, site)
      entry.priorRepeatsPreviousNext = priorRepeats
      return entry
    }
  }

  private static func memberKind(
    _ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, escaped: Bool
  ) -> MemberKind {
    if escaped {
      // Rare: a key such as "se\u0071"; decode it as the parser would.
      var parser = JSONParser(bytes: line, offset: range.lowerBound - 1)
      guard case .string(let key)? = try? parser.parseNext() else { return .other }
      switch key {
      case "seq": return .seq
      case "time": return .time
      case "action": return .action
      case "prior": return .prior
      case "next": return .next
      case "origin": return .origin
      case "site": return .site
      default: return .other
      }
    }
    let p = line.baseAddress! + range.lowerBound
    @inline(__always) func matches(_ word: StaticString) -> Bool {
      range.count == word.utf8CodeUnitCount && memcmp(p, word.utf8Start, range.count) == 0
    }
    switch range.count {
    case 3: return matches("seq") ? .seq : .other
    case 4:
      return matches("time") ? .time : matches("next") ? .next : matches("site") ? .site : .other
    case 5: return matches("prior") ? .prior : .other
    case 6: return matches("action") ? .action : matches("origin") ? .origin : .other
    default: return .other
    }
  }

  /// The parser's error for the whole line: failures are rare, so they are
  /// re-read by the parser for its exact message and column.
  private static func malformedError(_ line: UnsafeBufferPointer<UInt8>) -> JSONParseError {
    do {
      _ = try JSONParser.parse(bytes: line)
    } catch {
      return error
    }
    // The validator and the parser disagree: a bug, reported rather than
    // hidden.
    assertionFailure("EntryScanner rejected a line that JSONParser accepts")
    return JSONParseError(
      message: "internal error: the scanner and the parser disagree", offset: 0, line: 1,
      column: 1)
  }

  private static func typeName(of first: UInt8?) -> String {
    switch first {
    case UInt8(ascii: "["): "array"
    case UInt8(ascii: "\""): "string"
    case UInt8(ascii: "t"), UInt8(ascii: "f"): "boolean"
    case UInt8(ascii: "n"): "null"
    default: "number"
    }
  }
}
