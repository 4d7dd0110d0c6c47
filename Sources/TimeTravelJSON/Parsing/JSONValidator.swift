/// A strict RFC 8259 validator that builds nothing: it answers "is this one
/// JSON value, and where does it end?" at several hundred MB/s.
///
/// It accepts exactly what ``JSONParser`` accepts (strings must be valid
/// UTF-8, escapes well formed, no leading zeros, any nesting depth), so a
/// caller can validate the big parts of a document cheaply, keep their byte
/// ranges, and parse them only when needed. It reports no error details:
/// when validation fails, parse the same bytes with ``JSONParser`` for the
/// message, line and column (see ``validate(_:)``).
///
/// Why no recursion and no allocation: nesting is tracked with one bit per
/// level (array or object) in a 64-bit word, spilling to an array only beyond
/// 64 levels, so a 100,000-deep value costs 12.5 KB and a typical state none.
///
/// Complexity: O(n) in the bytes, one pass.
public enum JSONValidator {
  /// Whether `bytes` hold exactly one JSON value, with optional whitespace
  /// around it. Agrees with ``JSONParser/parse(bytes:)-(UnsafeBufferPointer<UInt8>)`` succeeding.
  public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    var scanner = Scanner(base: base, end: bytes.count)
    scanner.skipWhitespace()
    guard scanner.skipValue() else { return false }
    scanner.skipWhitespace()
    return scanner.offset == bytes.count
  }

  /// Checks that `bytes` hold exactly one JSON value.
  /// - Throws: the ``JSONParseError`` that ``JSONParser`` reports for the same
  ///   bytes, so messages and columns are the parser's, exactly.
  public static func validate(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) {
    if isValid(bytes) { return }
    _ = try JSONParser.parse(eagerly: bytes)
  }

  /// The offset just past the JSON value that starts at `start` (after
  /// optional whitespace), or `nil` when no valid value starts there.
  /// Trailing bytes are not examined, so this can step over one member of a
  /// larger document.
  /// - Complexity: O(length of the value).
  public static func endOfValue(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let base = bytes.baseAddress, start <= bytes.count else { return nil }
    var scanner = Scanner(base: base, end: bytes.count)
    scanner.offset = start
    scanner.skipWhitespace()
    return scanner.skipValue() ? scanner.offset : nil
  }

  /// The byte-level scanner shared by the validator and ``EntryScanner``.
  /// Every read is at an offset below `end`.
  package struct Scanner {
    let base: UnsafePointer<UInt8>
    let end: Int
    package var offset = 0

    package init(base: UnsafePointer<UInt8>, end: Int) {
      self.base = base
      self.end = end
    }

    @inline(__always) package var peek: UInt8? { offset < end ? base[offset] : nil }

    @inline(__always) package mutating func skipWhitespace() {
      while offset < end {
        switch base[offset] {
        case 0x20, 0x09, 0x0A, 0x0D: offset += 1
        default: return
        }
      }
    }

    /// Skips one value at `offset` (no leading whitespace). `false` when it is
    /// not valid; `offset` is then unspecified.
    package mutating func skipValue() -> Bool {
      var none = NoContainerObserver()
      return skipValue(observing: &none)
    }

    /// ``skipValue()``, telling `observer` where each non-empty container opens and
    /// closes (specialized per observer, so the plain scan pays nothing for it).
    mutating func skipValue<Observer: ContainerObserver>(observing observer: inout Observer)
      -> Bool
    {
      var nesting = NestingStack()
      while true {
        // A value starts here.
        guard offset < end else { return false }
        switch base[offset] {
        case UInt8(ascii: "{"):
          let open = offset
          offset += 1
          skipWhitespace()
          guard offset < end else { return false }
          if base[offset] == UInt8(ascii: "}") {
            offset += 1
          } else {
            guard skipKeyAndColon() else { return false }
            nesting.push(isObject: true)
            observer.opened(at: open)
            continue
          }
        case UInt8(ascii: "["):
          let open = offset
          offset += 1
          skipWhitespace()
          guard offset < end else { return false }
          if base[offset] == UInt8(ascii: "]") {
            offset += 1
          } else {
            nesting.push(isObject: false)
            observer.opened(at: open)
            continue
          }
        case UInt8(ascii: "\""):
          guard skipString() else { return false }
        case UInt8(ascii: "t"):
          guard skipLiteral(0x65_75_72_74, count: 4) else { return false }  // "true"
        case UInt8(ascii: "n"):
          guard skipLiteral(0x6C_6C_75_6E, count: 4) else { return false }  // "null"
        case UInt8(ascii: "f"):
          guard offset + 5 <= end, base[offset + 4] == UInt8(ascii: "e"),
            skipLiteral(0x73_6C_61_66, count: 4)  // "fals"
          else { return false }
          offset += 1
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          guard skipNumber() else { return false }
        default:
          return false
        }
        // A value ended: close containers until one continues.
        while true {
          guard nesting.depth > 0 else { return true }
          skipWhitespace()
          guard offset < end else { return false }
          let byte = base[offset]
          offset += 1
          if byte == UInt8(ascii: ",") {
            skipWhitespace()
            if nesting.topIsObject {
              guard offset < end, skipKeyAndColon() else { return false }
            }
            break
          }
          guard byte == (nesting.topIsObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
            return false
          }
          observer.closed(at: offset - 1)
          nesting.pop()
        }
      }
    }

    /// `"key"` then optional whitespace, `:` and optional whitespace.
    @inline(__always) mutating func skipKeyAndColon() -> Bool {
      guard base[offset] == UInt8(ascii: "\""), skipString() else { return false }
      skipWhitespace()
      guard offset < end, base[offset] == UInt8(ascii: ":") else { return false }
      offset += 1
      skipWhitespace()
      return true
    }

    /// Compares 4 bytes at `offset` with `word` (little-endian ASCII).
    @inline(__always) mutating func skipLiteral(_ word: UInt32, count: Int) -> Bool {
      guard offset + count <= end else { return false }
      let loaded = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt32.self)
      guard UInt32(littleEndian: loaded) == word else { return false }
      offset += count
      return true
    }

    @inline(__always) mutating func skipDigits() -> Bool {
      guard offset < end, base[offset] &- UInt8(ascii: "0") < 10 else { return false }
      offset += 1
      while offset < end, base[offset] &- UInt8(ascii: "0") < 10 { offset += 1 }
      return true
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, and no digit after a
    /// leading zero (the parser rejects `01` rather than reading `0`, `1`).
    mutating func skipNumber() -> Bool {
      if base[offset] == UInt8(ascii: "-") { offset += 1 }
      guard offset < end else { return false }
      if base[offset] == UInt8(ascii: "0") {
        offset += 1
        if offset < end, base[offset] &- UInt8(ascii: "0") < 10 { return false }
      } else {
        guard skipDigits() else { return false }
      }
      if offset < end, base[offset] == UInt8(ascii: ".") {
        offset += 1
        guard skipDigits() else { return false }
      }
      if offset < end, base[offset] | 0x20 == UInt8(ascii: "e") {
        offset += 1
        if offset < end, base[offset] == UInt8(ascii: "+") || base[offset] == UInt8(ascii: "-") {
          offset += 1
        }
        guard skipDigits() else { return false }
      }
      return true
    }

    /// Skips a string whose opening quote is at `offset`, checking escapes and
    /// UTF-8. Returns whether it contained a backslash through `hadEscape`.
    @inline(__always) mutating func skipString() -> Bool {
      var hadEscape = false
      return skipString(hadEscape: &hadEscape)
    }

    package mutating func skipString(hadEscape: inout Bool) -> Bool {
      offset += 1
      while true {
        // Eight bytes at a time while no byte needs attention: the common
        // case of plain ASCII text.
        while offset + 8 <= end {
          let word = UInt64(
            littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
          let special = Self.specialBytes(word)
          if special != 0 {
            offset += special.trailingZeroBitCount >> 3
            break
          }
          offset += 8
        }
        guard offset < end else { return false }
        let byte = base[offset]
        switch byte {
        case UInt8(ascii: "\""):
          offset += 1
          return true
        case UInt8(ascii: "\\"):
          hadEscape = true
          guard offset + 1 < end else { return false }
          switch base[offset + 1] {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            offset += 2
          case UInt8(ascii: "u"):
            guard offset + 6 <= end else { return false }
            for i in 2..<6 where !Self.isHexDigit(base[offset + i]) { return false }
            offset += 6
          default:
            return false
          }
        case 0..<0x20:
          return false
        case 0x80...:
          guard skipUTF8Sequence(lead: byte) else { return false }
        default:
          offset += 1
        }
      }
    }

    /// A word whose lowest set high bit marks the first byte that is `"`,
    /// `\`, a control character or non-ASCII. Bits above the first marked
    /// byte may be spurious (borrows), which is why only the lowest is used.
    @inline(__always) static func specialBytes(_ x: UInt64) -> UInt64 {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      let quote = x ^ (ones &* 0x22)
      let backslash = x ^ (ones &* 0x5C)
      let hasQuote = (quote &- ones) & ~quote
      let hasBackslash = (backslash &- ones) & ~backslash
      let hasControl = x &- (ones &* 0x20)  // borrows into the high bit below 0x20
      return (hasQuote | hasBackslash | hasControl | x) & highs
    }

    @inline(__always) static func isHexDigit(_ b: UInt8) -> Bool {
      b &- UInt8(ascii: "0") < 10 || (b | 0x20) &- UInt8(ascii: "a") < 6
    }

    /// One well-formed UTF-8 sequence (Unicode Table 3-7: no overlongs, no
    /// surrogates, nothing above U+10FFFF), as `String(validating:)` checks.
    @inline(__always) mutating func skipUTF8Sequence(lead: UInt8) -> Bool {
      @inline(__always) func continuation(_ i: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF)
        -> Bool
      {
        offset + i < end && base[offset + i] >= low && base[offset + i] <= high
      }
      switch lead {
      case 0xC2...0xDF:
        guard continuation(1) else { return false }
        offset += 2
      case 0xE0:
        guard continuation(1, 0xA0), continuation(2) else { return false }
        offset += 3
      case 0xE1...0xEC, 0xEE...0xEF:
        guard continuation(1), continuation(2) else { return false }
        offset += 3
      case 0xED:
        guard continuation(1, 0x80, 0x9F), continuation(2) else { return false }
        offset += 3
      case 0xF0:
        guard continuation(1, 0x90), continuation(2), continuation(3) else { return false }
        offset += 4
      case 0xF1...0xF3:
        guard continuation(1), continuation(2), continuation(3) else { return false }
        offset += 4
      case 0xF4:
        guard continuation(1, 0x80, 0x8F), continuation(2), continuation(3) else { return false }
        offset += 4
      default:
        return false
      }
      return true
    }
  }

  /// Told where each non-empty container of a scanned value opens and closes (byte
  /// offsets of its brackets), in document order.
  protocol ContainerObserver {
    mutating func opened(at offset: Int)
    mutating func closed(at offset: Int)
  }

  struct NoContainerObserver: ContainerObserver {
    @inline(__always) func opened(at offset: Int) {}
    @inline(__always) func closed(at offset: Int) {}
  }

  /// Which open containers are objects, one bit per level.
  struct NestingStack {
    private(set) var depth = 0
    private var low: UInt64 = 0
    private var high: [UInt64] = []  // levels 64 and up; allocated only when that deep

    @inline(__always) var topIsObject: Bool {
      let level = depth - 1
      if level < 64 { return low >> UInt64(level) & 1 == 1 }
      return high[(level - 64) >> 6] >> UInt64(level & 63) & 1 == 1
    }

    @inline(__always) mutating func push(isObject: Bool) {
      let level = depth
      depth += 1
      let bit: UInt64 = isObject ? 1 : 0
      if level < 64 {
        low = low & ~(1 << UInt64(level)) | bit << UInt64(level)
        return
      }
      let word = (level - 64) >> 6
      if word == high.count { high.append(0) }
      high[word] = high[word] & ~(1 << UInt64(level & 63)) | bit << UInt64(level & 63)
    }

    @inline(__always) mutating func pop() { depth -= 1 }
  }
}
