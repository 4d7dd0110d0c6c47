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
}
