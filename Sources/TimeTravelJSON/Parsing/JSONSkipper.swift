import Foundation

/// The validating byte skippers under ``JSONValidator``, ``JSONCursor`` and the log
/// scanners: each steps over one JSON token or value starting at byte `i` of `base`
/// (reading nothing at or past `end`) and returns the offset just past it, or -1 when the
/// bytes there are not valid JSON.
///
/// Why free functions on a pointer and two offsets, not methods of a scanner: the offset
/// then lives in a register for the whole loop (a `mutating` method kept writing it back
/// to memory at every byte), and `&+` arithmetic has no overflow checks (an offset is
/// below `end`, itself a buffer's count). Together they cut the validator's instructions
/// per byte by a fifth.
///
/// They accept exactly what ``JSONParser`` accepts: strings of valid UTF-8 with well
/// formed escapes, RFC 8259 numbers without a leading zero, any nesting depth (one bit per
/// level, spilling to an array beyond 64 levels).
package enum JSONSkipper {
  /// Whether `byte` is JSON whitespace: space, tab, line feed or carriage return.
  @inline(__always) package static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  /// The offset of the first byte at or after `i` that is not whitespace (or `end`).
  @inline(__always) package static func skipWhitespace(
    _ base: UnsafePointer<UInt8>, _ i: Int, _ end: Int
  ) -> Int {
    var i = i
    while i < end, base[i] <= 0x20, isWhitespace(base[i]) { i &+= 1 }
    return i
  }

  /// A word whose lowest set high bit marks the first byte that is `"`, `\`, a control
  /// character or not ASCII. Bits above the first marked byte may be spurious (borrows),
  /// which is why only the lowest is used.
  @inline(__always) package static func specialBytes(_ x: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let quote = x ^ (ones &* 0x22)
    let backslash = x ^ (ones &* 0x5C)
    // Each subtraction borrows into a byte's high bit where the byte was zero (or, for
    // the control characters, below 0x20); `| x` flags the bytes of 0x80 and up.
    return ((quote &- ones) | (backslash &- ones) | (x &- ones &* 0x20) | x) & (ones &* 0x80)
  }

  @inline(__always) static func isHexDigit(_ b: UInt8) -> Bool {
    b &- UInt8(ascii: "0") < 10 || (b | 0x20) &- UInt8(ascii: "a") < 6
  }

  /// Skips the string whose opening quote is at `start`; sets `hadEscape` when it holds
  /// a backslash. Returns the offset past the closing quote, or -1.
  @inline(__always) package static func skipString(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, hadEscape: inout Bool
  ) -> Int {
    var i = start &+ 1
    while true {
      // Eight bytes at a time while no byte needs attention: the common case of plain
      // ASCII text.
      while i &+ 8 <= end {
        let word = UInt64(
          littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
        let special = specialBytes(word)
        if special != 0 {
          i &+= special.trailingZeroBitCount &>> 3
          break
        }
        i &+= 8
      }
      guard i < end else { return -1 }
      let byte = base[i]
      if byte == UInt8(ascii: "\"") { return i &+ 1 }
      if byte >= 0x80 {
        i = skipUTF8Sequence(base, i, end, lead: byte)
        if i < 0 { return -1 }
      } else if byte == UInt8(ascii: "\\") {
        hadEscape = true
        i = skipEscape(base, i, end)
        if i < 0 { return -1 }
      } else if byte < 0x20 {
        return -1
      } else {
        // Only within the last eight bytes of the input.
        i &+= 1
      }
    }
  }

  /// Skips the escape whose backslash is at `i`.
  @inline(__always) static func skipEscape(_ base: UnsafePointer<UInt8>, _ i: Int, _ end: Int)
    -> Int
  {
    guard i &+ 1 < end else { return -1 }
    switch base[i &+ 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
      UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return i &+ 2
    case UInt8(ascii: "u"):
      guard i &+ 6 <= end, isHexDigit(base[i &+ 2]), isHexDigit(base[i &+ 3]),
        isHexDigit(base[i &+ 4]), isHexDigit(base[i &+ 5])
      else { return -1 }
      return i &+ 6
    default:
      return -1
    }
  }

  /// Skips one well-formed UTF-8 sequence whose lead byte (0x80 or above) is at `i`
  /// (Unicode Table 3-7: no overlongs, no surrogates, nothing above U+10FFFF), as
  /// `String(validating:)` checks.
  @inline(__always) static func skipUTF8Sequence(
    _ base: UnsafePointer<UInt8>, _ i: Int, _ end: Int, lead: UInt8
  ) -> Int {
    @inline(__always) func continuation(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF)
      -> Bool
    {
      i &+ k < end && base[i &+ k] >= low && base[i &+ k] <= high
    }
    switch lead {
    case 0xC2...0xDF: return continuation(1) ? i &+ 2 : -1
    case 0xE0: return continuation(1, 0xA0) && continuation(2) ? i &+ 3 : -1
    case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? i &+ 3 : -1
    case 0xED: return continuation(1, 0x80, 0x9F) && continuation(2) ? i &+ 3 : -1
    case 0xF0:
      return continuation(1, 0x90) && continuation(2) && continuation(3) ? i &+ 4 : -1
    case 0xF1...0xF3:
      return continuation(1) && continuation(2) && continuation(3) ? i &+ 4 : -1
    case 0xF4:
      return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? i &+ 4 : -1
    default: return -1
    }
  }

  @inline(__always) static func skipDigits(_ base: UnsafePointer<UInt8>, _ i: Int, _ end: Int)
    -> Int
  {
    guard i < end, base[i] &- UInt8(ascii: "0") < 10 else { return -1 }
    var i = i &+ 1
    while i < end, base[i] &- UInt8(ascii: "0") < 10 { i &+= 1 }
    return i
  }

  /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` at `start`, with no digit after a
  /// leading zero (the parser rejects `01` rather than reading `0`, `1`).
  @inline(__always) package static func skipNumber(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int
  ) -> Int {
    var i = start
    if base[i] == UInt8(ascii: "-") { i &+= 1 }
    guard i < end else { return -1 }
    if base[i] == UInt8(ascii: "0") {
      i &+= 1
      if i < end, base[i] &- UInt8(ascii: "0") < 10 { return -1 }
    } else {
      i = skipDigits(base, i, end)
      if i < 0 { return -1 }
    }
    if i < end, base[i] == UInt8(ascii: ".") {
      i = skipDigits(base, i &+ 1, end)
      if i < 0 { return -1 }
    }
    if i < end, base[i] | 0x20 == UInt8(ascii: "e") {
      i &+= 1
      if i < end, base[i] == UInt8(ascii: "+") || base[i] == UInt8(ascii: "-") { i &+= 1 }
      i = skipDigits(base, i, end)
    }
    return i
  }

  /// Whether the four bytes at `i` are `word` (little-endian ASCII).
  @inline(__always) static func hasWord(
    _ base: UnsafePointer<UInt8>, _ i: Int, _ end: Int, _ word: UInt32
  ) -> Bool {
    i &+ 4 <= end
      && UInt32(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt32.self)) == word
  }

  /// Skips `true`, `false` or `null` at `i` (whose first byte is `t`, `f` or `n`).
  @inline(__always) static func skipLiteral(_ base: UnsafePointer<UInt8>, _ i: Int, _ end: Int)
    -> Int
  {
    switch base[i] {
    case UInt8(ascii: "t"): return hasWord(base, i, end, 0x65_75_72_74) ? i &+ 4 : -1  // true
    case UInt8(ascii: "n"): return hasWord(base, i, end, 0x6C_6C_75_6E) ? i &+ 4 : -1  // null
    default:  // "fals" then "e"
      return i &+ 5 <= end && base[i &+ 4] == UInt8(ascii: "e")
        && hasWord(base, i, end, 0x73_6C_61_66) ? i &+ 5 : -1
    }
  }

  /// Skips `"key"`, optional whitespace, `:` and optional whitespace at `start`, which
  /// must be the key's opening quote.
  @inline(__always) package static func skipKeyAndColon(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int
  ) -> Int {
    guard start < end, base[start] == UInt8(ascii: "\"") else { return -1 }
    var escaped = false
    var i = skipString(base, start, end, hadEscape: &escaped)
    guard i >= 0 else { return -1 }
    if i < end, base[i] == UInt8(ascii: ":") {
      i &+= 1
    } else {
      i = skipWhitespace(base, i, end)
      guard i < end, base[i] == UInt8(ascii: ":") else { return -1 }
      i &+= 1
    }
    return skipWhitespace(base, i, end)
  }

  /// One step of the validator where a value starts at `i`: past a scalar or an empty
  /// container, or, for a non-empty one, into it (past its opening bracket and, for an
  /// object, its first key and colon) with the container pushed on `nesting` and
  /// `opened` set. Returns the offset reached, or -1 when the bytes are not a value.
  /// The step every validating loop shares (``skipValue(_:_:_:)`` and the reference
  /// skipper), so that they accept exactly the same bytes.
  @inline(__always) static func stepIntoValue(
    _ base: UnsafePointer<UInt8>, _ i: Int, _ end: Int,
    nesting: inout JSONValidator.NestingStack, opened: inout Bool
  ) -> Int {
    guard i < end else { return -1 }
    switch base[i] {
    case UInt8(ascii: "\""):
      var escaped = false
      return skipString(base, i, end, hadEscape: &escaped)
    case UInt8(ascii: "{"):
      let j = skipWhitespace(base, i &+ 1, end)
      guard j < end else { return -1 }
      if base[j] == UInt8(ascii: "}") { return j &+ 1 }
      let k = skipKeyAndColon(base, j, end)
      if k < 0 { return -1 }
      nesting.push(isObject: true)
      opened = true
      return k
    case UInt8(ascii: "["):
      let j = skipWhitespace(base, i &+ 1, end)
      guard j < end else { return -1 }
      if base[j] == UInt8(ascii: "]") { return j &+ 1 }
      nesting.push(isObject: false)
      opened = true
      return j
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      return skipLiteral(base, i, end)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return skipNumber(base, i, end)
    default:
      return -1
    }
  }

  /// One step of the validator where a value inside the innermost open container ended
  /// at `i`: past the `,` that follows (and, in an object, the next key and colon), with
  /// `continued` set, or past the container's closing bracket, popped from `nesting`.
  /// Returns the offset reached, or -1. Shared as ``stepIntoValue(_:_:_:nesting:opened:)``
  /// is.
  @inline(__always) static func stepAfterValue(
    _ base: UnsafePointer<UInt8>, _ i: Int, _ end: Int,
    nesting: inout JSONValidator.NestingStack, continued: inout Bool
  ) -> Int {
    var i = i
    if i < end, base[i] <= 0x20 { i = skipWhitespace(base, i, end) }
    guard i < end else { return -1 }
    let byte = base[i]
    i &+= 1
    let inObject = nesting.topIsObject
    if byte == UInt8(ascii: ",") {
      continued = true
      i = skipWhitespace(base, i, end)
      return inObject ? skipKeyAndColon(base, i, end) : i
    }
    guard byte == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return -1 }
    nesting.pop()
    return i
  }

  /// Skips the value at `start` (no leading whitespace), telling `observer` where each
  /// non-empty container opens and closes. Returns the offset past it, or -1.
  @inline(__always) static func skipValue<Observer: JSONValidator.ContainerObserver>(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, observing observer: inout Observer
  ) -> Int {
    var i = start
    var nesting = JSONValidator.NestingStack()
    while true {
      // A value starts here.
      let open = i
      var opened = false
      i = stepIntoValue(base, i, end, nesting: &nesting, opened: &opened)
      if i < 0 { return -1 }
      if opened {
        observer.opened(at: open)
        continue
      }
      // A value ended: close containers until one continues.
      while true {
        guard nesting.depth > 0 else { return i }
        var continued = false
        i = stepAfterValue(base, i, end, nesting: &nesting, continued: &continued)
        if i < 0 { return -1 }
        if continued { break }
        observer.closed(at: i &- 1)
      }
    }
  }

  /// The offset past the value at `start` when its bytes begin with `span`, the whole
  /// text of a valid object or array (the same member of the line before, say), or -1
  /// when they do not (or `span` is no such value).
  ///
  /// Why this checks as much as ``skipValue(_:_:_:)``: an object or array ends at its own
  /// closing bracket, so the value at `start` is then exactly those bytes, valid JSON
  /// wherever they stand, and the skipper would stop at the same offset. A scalar's end
  /// can depend on the byte after it (`1` before `2`), so a scalar `span` never matches.
  /// - Complexity: one `memcmp`, several times faster than validating the bytes.
  @inline(__always) package static func skipRepeated(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ span: UnsafeBufferPointer<UInt8>
  ) -> Int {
    guard let bytes = span.baseAddress, span.count >= 2, start < end,
      span.count <= end &- start,
      bytes[0] == UInt8(ascii: "{") || bytes[0] == UInt8(ascii: "["),
      memcmp(base + start, bytes, span.count) == 0
    else { return -1 }
    return start &+ span.count
  }

  /// Skips the value at `start` (no leading whitespace). Returns the offset past it, or
  /// -1.
  package static func skipValue(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int {
    var none = JSONValidator.NoContainerObserver()
    return skipValue(base, start, end, observing: &none)
  }
}
