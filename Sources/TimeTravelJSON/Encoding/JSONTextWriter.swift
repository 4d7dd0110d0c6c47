import Foundation

/// The output of ``JSONPrinter``: a growable buffer of UTF-8 bytes written through a
/// pointer, and the escaping of strings.
///
/// Why not `[UInt8]`: each `append` to an array checks uniqueness and capacity and goes
/// through the generic sequence path; printing a log's states made a dozen such calls
/// per value. Here an append is a capacity check and a copy, and the bytes reach the
/// caller's array in one copy at the end.
///
/// Strings: runs of printable ASCII other than `"` and `\` are found eight bytes at a
/// time and copied whole; other bytes are escaped, and a non-ASCII character is looked
/// up in a table of ``JSONPrinter/needsEscape(_:)`` for the scalars below U+3000 (the
/// property lookup beyond).
struct JSONTextWriter: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int = 256) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  deinit { base.deallocate() }

  /// Makes room for `extra` more bytes.
  @inline(__always)
  private mutating func reserve(_ extra: Int) {
    if count &+ extra > capacity { grow(count + extra) }
  }

  @inline(never)
  private mutating func grow(_ needed: Int) {
    let larger = max(needed, capacity * 2)
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    buffer.initialize(from: base, count: count)
    base.deallocate()
    base = buffer
    capacity = larger
  }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count &+= 1
  }

  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    reserve(bytes.count)
    (base + count).initialize(from: source, count: bytes.count)
    count &+= bytes.count
  }

  @inline(__always)
  mutating func append(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  @inline(__always)
  mutating func appendUTF8(_ text: String) {
    let done: Void? = text.utf8.withContiguousStorageIfAvailable { append($0) }
    if done == nil {
      var text = text
      text.withUTF8 { append($0) }
    }
  }

  /// Forgets the bytes written after the first `count`.
  mutating func truncate(to count: Int) { self.count = min(self.count, count) }

  /// A line feed and `indent` spaces.
  mutating func appendNewline(indent: Int) {
    reserve(1 + indent)
    base[count] = 0x0A
    (base + count + 1).initialize(repeating: UInt8(ascii: " "), count: indent)
    count &+= 1 + indent
  }

  /// The bytes written, appended to `out`.
  func append(to out: inout [UInt8]) {
    out.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
  }

  /// The bytes written, as a string (they are valid UTF-8).
  func string() -> String {
    String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
  }

  /// Appends `s` quoted and escaped.
  mutating func appendQuoted(_ s: String) {
    // Borrowed where the string is stored contiguously (every native string); copied
    // only otherwise (a bridged one).
    let done: Void? = s.utf8.withContiguousStorageIfAvailable { appendQuoted(utf8: $0) }
    if done == nil {
      var s = s
      s.withUTF8 { appendQuoted(utf8: $0) }
    }
  }

  /// Appends the valid UTF-8 text `bytes` quoted and escaped.
  mutating func appendQuoted(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    append(UInt8(ascii: "\""))
    guard let source = bytes.baseAddress else {
      append(UInt8(ascii: "\""))
      return
    }
    let total = bytes.count
    var copied = 0
    var i = 0
    while i < total {
      i = SWAR.firstByteToPrintWithCare(source, i, total)
      guard i < total else { break }
      let byte = source[i]
      if byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
        i &+= 1
        continue
      }
      let (scalar, length) =
        byte < 0x80 ? (UInt32(byte), 1) : Self.decodeScalar(source + i, total - i)
      guard scalar < 0x80 || Self.escapes(scalar) else {
        i &+= length
        continue
      }
      append(UnsafeBufferPointer(start: source + copied, count: i - copied))
      appendEscape(scalar)
      i &+= length
      copied = i
    }
    append(UnsafeBufferPointer(start: source + copied, count: total - copied))
    append(UInt8(ascii: "\""))
  }

  /// The escape of an ASCII byte that needs one, or of a scalar that
  /// ``JSONPrinter/needsEscape(_:)``: jq's short escapes, else `\uXXXX` in lowercase hex.
  private mutating func appendEscape(_ scalar: UInt32) {
    switch scalar {
    case 0x22: append(#"\""#)
    case 0x5C: append(#"\\"#)
    case 0x0A: append(#"\n"#)
    case 0x0D: append(#"\r"#)
    case 0x09: append(#"\t"#)
    case 0x08: append(#"\b"#)
    case 0x0C: append(#"\f"#)
    case ..<0x10000:
      appendUnicodeEscape(scalar)
    default:
      // JSON escapes are UTF-16 code units: a scalar beyond U+FFFF is a surrogate pair.
      appendUnicodeEscape(0xD800 + ((scalar - 0x10000) >> 10))
      appendUnicodeEscape(0xDC00 + ((scalar - 0x10000) & 0x3FF))
    }
  }

  private mutating func appendUnicodeEscape(_ unit: UInt32) {
    append("\\u")
    for shift in stride(from: 12, through: 0, by: -4) {
      let digit = UInt8((unit >> UInt32(shift)) & 0xF)
      append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
    }
  }

  /// The scalar whose valid UTF-8 sequence starts at `p` (at most `available` bytes),
  /// and its length in bytes.
  @inline(__always)
  static func decodeScalar(_ p: UnsafePointer<UInt8>, _ available: Int) -> (UInt32, Int) {
    let lead = UInt32(p[0])
    if lead < 0xE0, available >= 2 { return ((lead & 0x1F) << 6 | UInt32(p[1] & 0x3F), 2) }
    if lead < 0xF0, available >= 3 {
      return ((lead & 0x0F) << 12 | UInt32(p[1] & 0x3F) << 6 | UInt32(p[2] & 0x3F), 3)
    }
    if available >= 4 {
      let value =
        (lead & 0x07) << 18 | UInt32(p[1] & 0x3F) << 12 | UInt32(p[2] & 0x3F) << 6
        | UInt32(p[3] & 0x3F)
      return (value, 4)
    }
    // Not valid UTF-8, which a Swift string never holds.
    return (0xFFFD, 1)
  }

  /// ``JSONPrinter/needsEscape(_:)``, from a table below U+3000 (Latin, Greek, Cyrillic,
  /// the scripts of South Asia, and the punctuation blocks with the format and bidi
  /// controls), where a property lookup per character would cost more than printing it.
  @inline(__always)
  static func escapes(_ scalar: UInt32) -> Bool {
    guard scalar < tableLimit else { return lookUp(scalar) }
    return escapeTable[Int(scalar >> 6)] >> UInt64(scalar & 63) & 1 == 1
  }

  /// The property lookup, kept out of line: inlined, its type metadata lookups were
  /// hoisted to the start of every string's escaping.
  @inline(never)
  private static func lookUp(_ scalar: UInt32) -> Bool { JSONPrinter.needsEscape(scalar) }

  private static let tableLimit: UInt32 = 0x3000

  private static let escapeTable: [UInt64] = {
    var table = [UInt64](repeating: 0, count: Int(tableLimit) / 64)
    for scalar in 0..<tableLimit where JSONPrinter.needsEscape(scalar) {
      table[Int(scalar >> 6)] |= 1 << UInt64(scalar & 63)
    }
    return table
  }()
}
