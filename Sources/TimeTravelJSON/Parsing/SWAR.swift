/// Byte tests on eight bytes at once ("SIMD within a register").
enum SWAR {
  @inline(__always)
  static func repeated(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

  /// The high bit of each zero byte of `x` is set; bits above the lowest zero byte may
  /// be set falsely (borrows), so only the lowest set bit is exact.
  @inline(__always)
  static func zeroBytes(_ x: UInt64) -> UInt64 {
    (x &- repeated(0x01)) & ~x & repeated(0x80)
  }

  /// Flags the bytes below 0x20, exactly at the lowest such byte (as ``zeroBytes(_:)``).
  @inline(__always)
  static func controlBytes(_ x: UInt64) -> UInt64 {
    (x &- repeated(0x20)) & ~x & repeated(0x80)
  }

  /// Flags backslashes, control characters and non-ASCII bytes, exactly at the lowest
  /// such byte (higher flags may be false, which only sends a key to the full parser).
  @inline(__always)
  static func special(_ x: UInt64) -> UInt64 {
    zeroBytes(x ^ repeated(0x5C)) | controlBytes(x) | (x & repeated(0x80))
  }

  /// Flags the bytes a JSON text printer must look at: a quote, a backslash, a control
  /// character, DEL, and every byte beyond ASCII. Exact at the lowest flag (higher flags
  /// may be false: borrows and carries start only at a flagged byte, and valid UTF-8 has
  /// no byte 0xFF, the one whose carry could leave it).
  @inline(__always)
  static func printWithCare(_ x: UInt64) -> UInt64 {
    let control = x &- repeated(0x20)
    return (printWithCareInString(x) | control) & repeated(0x80)
  }

  /// ``printWithCare(_:)`` for the bytes of a valid JSON string, which holds no raw
  /// control character; flags in the high bit of each byte, other bits to be masked
  /// (``printWithCare(_:)`` masks them).
  @inline(__always)
  static func printWithCareInString(_ x: UInt64) -> UInt64 {
    let ones = repeated(0x01)
    // Borrows flag `"` and `\`, the carry of adding one flags DEL, `x` itself the bytes
    // beyond ASCII.
    let quote = (x ^ repeated(0x22)) &- ones
    let backslash = (x ^ repeated(0x5C)) &- ones
    let delete = x &+ ones
    return (quote | backslash | delete | x) & repeated(0x80)
  }

  /// The first byte of a Latin-1 letter or sign (U+00C0–U+00FF), which no printer
  /// escapes: scans pass over the two bytes of such a letter without decoding it.
  static let latin1Letter: UInt8 = 0xC3

  /// The offset of the first byte at or after `i` of a valid JSON string's bytes that a
  /// JSON text printer must look at (``printWithCareInString(_:)``), reading eight bytes
  /// at a time and passing over Latin-1 letters; or the offset where fewer than eight
  /// bytes are left before `end`, which the caller then reads one at a time. Starting at
  /// a character, it stops at one.
  @inline(__always)
  static func firstByteToPrintWithCare(_ base: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Int {
    var i = i
    while i &+ 8 <= end {
      let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
      let flags = printWithCareInString(word)
      if flags == 0 {
        i &+= 8
        continue
      }
      let at = i &+ (flags.trailingZeroBitCount &>> 3)
      // A valid string has the letter's second byte and its closing quote after it.
      guard base[at] == latin1Letter else { return at }
      i = at &+ 2
    }
    return i
  }
}
