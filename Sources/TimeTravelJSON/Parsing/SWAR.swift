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

  /// The offset of the first byte at or after `i` that a JSON text printer must look at
  /// (a quote, a backslash, a control character, DEL or a byte beyond ASCII), reading
  /// eight bytes at a time; or the offset where fewer than eight bytes are left before
  /// `end`, which the caller then reads one at a time.
  @inline(__always)
  static func firstByteToPrintWithCare(_ base: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Int {
    var i = i
    while i &+ 8 <= end {
      let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
      let flags = JSONSkipper.specialBytes(word) | zeroBytes(word ^ repeated(0x7F))
      if flags != 0 { return i &+ (flags.trailingZeroBitCount &>> 3) }
      i &+= 8
    }
    return i
  }
}
