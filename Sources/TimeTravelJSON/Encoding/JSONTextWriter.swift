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
  private(set) var capacity: Int
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
    let done: Void? = text.utf8.withContiguousStorageIfAvailable {
      if let source = $0.baseAddress { appendBytes(source, $0.count) }
    }
    if done == nil {
      var text = text
      text.withUTF8 { append($0) }
    }
  }

  /// Appends the `total` bytes at `source`: up to 16 as two words (or two halves of one)
  /// that may overlap, so that a key, a literal or a short number costs a few loads and
  /// stores rather than a call to copy memory.
  @inline(__always)
  mutating func appendBytes(_ source: UnsafeRawPointer, _ total: Int) {
    reserve(total)
    let out = UnsafeMutableRawPointer(base + count)
    if total >= 8 {
      if total <= 16 {
        let first = source.loadUnaligned(as: UInt64.self)
        let last = source.loadUnaligned(fromByteOffset: total &- 8, as: UInt64.self)
        out.storeBytes(of: first, as: UInt64.self)
        out.storeBytes(of: last, toByteOffset: total &- 8, as: UInt64.self)
      } else {
        out.copyMemory(from: source, byteCount: total)
      }
    } else if total >= 4 {
      let first = source.loadUnaligned(as: UInt32.self)
      let last = source.loadUnaligned(fromByteOffset: total &- 4, as: UInt32.self)
      out.storeBytes(of: first, as: UInt32.self)
      out.storeBytes(of: last, toByteOffset: total &- 4, as: UInt32.self)
    } else if total > 0 {
      // One to three bytes: the first, the middle and the last cover them.
      let bytes = source.assumingMemoryBound(to: UInt8.self)
      let target = out.assumingMemoryBound(to: UInt8.self)
      target[0] = bytes[0]
      target[total &>> 1] = bytes[total &>> 1]
      target[total &- 1] = bytes[total &- 1]
    }
    count &+= total
  }

  /// Appends `true` or `false`.
  @inline(__always)
  mutating func appendBool(_ value: Bool) {
    reserve(5)
    let out = UnsafeMutableRawPointer(base + count)
    // Little-endian words of "true" and "fals", then the "e".
    out.storeBytes(of: UInt32(littleEndian: value ? 0x6575_7274 : 0x736C_6166), as: UInt32.self)
    out.storeBytes(of: UInt8(ascii: "e"), toByteOffset: 4, as: UInt8.self)
    count &+= value ? 4 : 5
  }

  /// Appends `null`.
  @inline(__always)
  mutating func appendNull() {
    reserve(4)
    UnsafeMutableRawPointer(base + count).storeBytes(
      of: UInt32(littleEndian: 0x6C6C_756E), as: UInt32.self)
    count &+= 4
  }

  /// Copies the bytes written to `target`, which has room for ``count`` bytes.
  func copy(to target: UnsafeMutableRawPointer) {
    target.copyMemory(from: base, byteCount: count)
  }

  /// Appends a copy of the bytes already written at `start..<end` (`end` at most
  /// ``count``).
  @inline(__always)
  mutating func appendCopy(from start: Int, to end: Int) {
    let total = end &- start
    reserve(total)
    (base + count).initialize(from: base + start, count: total)
    count &+= total
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

  /// The bytes written, as a string: they are valid UTF-8 (they come from strings and
  /// checked documents), so they are not checked again.
  func string() -> String {
    String(validUTF8: UnsafeBufferPointer(start: base, count: count))
  }

  /// Appends `s` quoted and escaped.
  @inline(__always)
  mutating func appendQuoted(_ s: String) {
    // Borrowed where the string is stored contiguously (every native string); copied
    // only otherwise (a bridged one).
    let done: Void? = s.utf8.withContiguousStorageIfAvailable { appendQuoted(utf8: $0) }
    if done == nil {
      var s = s
      s.withUTF8 { appendQuoted(utf8: $0) }
    }
  }

  /// Appends the string at `s` quoted and escaped, read in place (a key printed from its
  /// object's storage, without a retain and a release).
  @inline(__always)
  mutating func appendQuoted(at s: UnsafePointer<String>) {
    let done: Void? = s.pointee.utf8.withContiguousStorageIfAvailable { appendQuoted(utf8: $0) }
    if done == nil { appendQuoted(s.pointee) }
  }

  /// Appends the valid UTF-8 text `bytes` quoted and escaped: a string of up to 16 bytes
  /// that prints as it stands (most keys and identifiers) in a few loads and stores, any
  /// other by ``appendQuotedScanning(utf8:)``.
  @inline(__always)
  mutating func appendQuoted(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    if let source = bytes.baseAddress, UInt(bitPattern: bytes.count &- 1) < 16,
      appendShortAsItStands(source, bytes.count)
    {
      return
    }
    appendQuotedScanning(utf8: bytes)
  }

  /// Appends the 1 to 16 bytes at `source` quoted when none is to print with care
  /// (``SWAR/printWithCare(_:)``), and returns `true`; else writes nothing. The bytes are
  /// read as two words that may overlap (two halves of one word below eight bytes, three
  /// bytes and spaces below four), and written the same way.
  @inline(__always)
  private mutating func appendShortAsItStands(_ source: UnsafePointer<UInt8>, _ total: Int)
    -> Bool
  {
    let raw = UnsafeRawPointer(source)
    if total >= 8 {
      let first = raw.loadUnaligned(as: UInt64.self)
      let last = raw.loadUnaligned(fromByteOffset: total &- 8, as: UInt64.self)
      guard
        SWAR.printWithCare(UInt64(littleEndian: first))
          | SWAR.printWithCare(UInt64(littleEndian: last)) == 0
      else { return false }
      reserve(total &+ 2)
      let out = UnsafeMutableRawPointer(base + count)
      out.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
      out.storeBytes(of: first, toByteOffset: 1, as: UInt64.self)
      out.storeBytes(of: last, toByteOffset: total &- 7, as: UInt64.self)
      out.storeBytes(of: UInt8(ascii: "\""), toByteOffset: total &+ 1, as: UInt8.self)
    } else if total >= 4 {
      let first = raw.loadUnaligned(as: UInt32.self)
      let last = raw.loadUnaligned(fromByteOffset: total &- 4, as: UInt32.self)
      let word = UInt64(UInt32(littleEndian: first)) | UInt64(UInt32(littleEndian: last)) &<< 32
      guard SWAR.printWithCare(word) == 0 else { return false }
      reserve(total &+ 2)
      let out = UnsafeMutableRawPointer(base + count)
      out.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
      out.storeBytes(of: first, toByteOffset: 1, as: UInt32.self)
      out.storeBytes(of: last, toByteOffset: total &- 3, as: UInt32.self)
      out.storeBytes(of: UInt8(ascii: "\""), toByteOffset: total &+ 1, as: UInt8.self)
    } else {
      // One to three bytes: the first, the middle and the last cover them; spaces above.
      let a = source[0]
      let b = source[total &>> 1]
      let c = source[total &- 1]
      let word = UInt64(a) | UInt64(b) &<< 8 | UInt64(c) &<< 16 | 0x2020_2020_2000_0000
      guard SWAR.printWithCare(word) == 0 else { return false }
      reserve(total &+ 2)
      let out = base + count
      out[0] = UInt8(ascii: "\"")
      out[1] = a
      out[1 &+ (total &>> 1)] = b
      out[total] = c
      out[total &+ 1] = UInt8(ascii: "\"")
    }
    count &+= total &+ 2
    return true
  }

  /// Appends the valid UTF-8 text `bytes` quoted and escaped.
  ///
  /// One pass that scans and copies together: each word of eight bytes is stored to the
  /// output as it is read, and counts as written up to its first byte to print with care
  /// (room for the text as it stands and the quotes is reserved first). A Latin-1 letter
  /// is passed over where it is found. A string's last bytes are read as the word ending
  /// at its end, so a string of eight bytes or more is never read a byte at a time; any
  /// other non-ASCII character is looked up by its block of 64 scalars, and copied when
  /// the block holds nothing to escape.
  @inline(never)
  mutating func appendQuotedScanning(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    let total = bytes.count
    reserve(total &+ Self.quotedSlack)
    var out = base + count
    out[0] = UInt8(ascii: "\"")
    out += 1
    guard let source = bytes.baseAddress, total > 0 else {
      out[0] = UInt8(ascii: "\"")
      count = out + 1 - base
      return
    }
    // The output from source offset `verbatim` on is the source as it stands: the last
    // word may then be read again where it overlaps bytes already written.
    var verbatim = 0
    var i = 0
    while true {
      // Copy words up to the first byte to look at.
      while i &+ 8 <= total {
        let word = UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self)
        UnsafeMutableRawPointer(out).storeBytes(of: word, as: UInt64.self)
        let flags = SWAR.printWithCare(UInt64(littleEndian: word))
        if flags == 0 {
          i &+= 8
          out += 8
          continue
        }
        let skip = flags.trailingZeroBitCount &>> 3
        if source[i &+ skip] == SWAR.latin1Letter {
          // Written as it stands; its second byte (valid UTF-8 has one) may be past the
          // word.
          out[skip &+ 1] = source[i &+ skip &+ 1]
          i &+= skip &+ 2
          out += skip &+ 2
          continue
        }
        i &+= skip
        out += skip
        break
      }
      if i &+ 8 > total {
        // The last bytes: the word ending at the end of the string, when it overlaps
        // only text written as it stands; else one byte at a time.
        let left = total &- i
        guard left > 0 else { break }
        if total >= 8, total &- 8 >= verbatim {
          let back = 8 &- left
          let word = UnsafeRawPointer(source + (total &- 8)).loadUnaligned(as: UInt64.self)
          UnsafeMutableRawPointer(out - back).storeBytes(of: word, as: UInt64.self)
          let flags = SWAR.printWithCare(UInt64(littleEndian: word)) &>> UInt64(back &<< 3)
          let skip = flags == 0 ? left : flags.trailingZeroBitCount &>> 3
          i &+= skip
          out += skip
        } else {
          while i < total, Self.isPlain(source[i]) {
            out[0] = source[i]
            i &+= 1
            out += 1
          }
        }
        guard i < total else { break }
      }
      // The byte at `i` is to be looked at (or was flagged falsely, or is the second
      // byte of a Latin-1 letter).
      let byte = source[i]
      if Self.isPlain(byte) || byte & 0xC0 == 0x80 {
        out[0] = byte
        i &+= 1
        out += 1
        continue
      }
      if byte >= 0xC0 {
        let length = byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
        if length <= total &- i,
          byte == SWAR.latin1Letter || !Self.mayEscape(source + i, length)
        {
          for k in 0..<length { out[k] = source[i &+ k] }
          i &+= length
          out += length
          continue
        }
      }
      let (scalar, length) =
        byte < 0x80 ? (UInt32(byte), 1) : Self.decodeScalar(source + i, total &- i)
      if scalar >= 0x80, !Self.escapes(scalar) {
        for k in 0..<length { out[k] = source[i &+ k] }
        out += length
      } else {
        // Room for the escape (at most a surrogate pair's 12 bytes) and the rest.
        count = out - base
        reserve(Self.longestEscape &+ (total &- i) &+ Self.quotedSlack)
        appendEscape(scalar)
        out = base + count
        verbatim = i &+ length
      }
      i &+= length
    }
    out[0] = UInt8(ascii: "\"")
    count = out + 1 - base
  }

  /// The bytes reserved beyond a string's text: its quotes.
  private static let quotedSlack = 2
  /// The longest escape of one scalar: a surrogate pair, `\\uXXXX\\uXXXX`.
  private static let longestEscape = 12

  /// Whether an ASCII byte prints as itself.
  @inline(__always)
  static func isPlain(_ byte: UInt8) -> Bool {
    byte &- 0x20 < 0x5F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
  }

  /// Whether the character of `length` bytes at `p` may need an escape: its block of 64
  /// scalars holds one, or it is beyond the table. A two- or three-byte character's block
  /// is read from its first bytes without decoding it.
  @inline(__always)
  static func mayEscape(_ p: UnsafePointer<UInt8>, _ length: Int) -> Bool {
    let block: Int
    switch length {
    case 2: block = Int(p[0] & 0x1F)
    case 3: block = Int(p[0] & 0x0F) &<< 6 | Int(p[1] & 0x3F)
    default: return true
    }
    return block >= Int(tableLimit >> 6) || escapeTable[block] != 0
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
