/// How the two tables of containers met before are sized, `LeafCache` (a parse) and
/// `PrintedContainers` (a printing): a slot for every 32 bytes of the input or the text
/// expected, as a power of two within bounds, and fourfold growth whenever a quarter of
/// the table has been filled since it was made, so that the cost of clearing a table
/// follows the work it serves.
enum CacheTableSize {
  /// The slots of a first table for `bytes` bytes: `bytes / 32`, clamped to
  /// `minimum...maximum` and rounded up to a power of two.
  static func initialSlots(forBytes bytes: Int, minimum: Int, maximum: Int) -> Int {
    let wanted = min(max(bytes >> 5, minimum), maximum)
    return 1 << (Int.bitWidth - (wanted - 1).leadingZeroBitCount)
  }

  /// The size to grow a table of `1 << bits` slots to once `filled` of them have been
  /// filled since it was made, or `nil` to keep it (under a quarter, or at `maximum`).
  @inline(__always)
  static func grown(bits: Int, filled: Int, maximum: Int) -> Int? {
    filled &<< 2 > 1 &<< bits && 1 &<< bits < maximum ? 4 &<< bits : nil
  }
}
