/// Where the containers printed so far in one printing lie in the output, by their
/// storage and depth, so that a container met again is copied from there rather than
/// printed again.
///
/// A value holds one storage more than once when it was shared, not copied: a parsed
/// entry's `next` shares the to-dos its bytes repeat from `prior` (`LeafCache`), and a
/// jq result often holds one input twice (`{old: .x, new: .x}`). The text of a storage
/// depends on nothing around it but its depth (the indentation of its lines), so met
/// again at the same depth its bytes are those of the first time. An address names a
/// storage only while it lives: the memo lives for one printing of one value, which keeps
/// every container in it alive and unchanged.
///
/// A cache, not a record: 512 slots by address, a later container taking an earlier
/// one's slot. The table is made only once a printing has closed ``closedBeforeTable``
/// containers, so that printing a small value allocates nothing.
struct PrintedContainers: ~Copyable {
  private static let slotBits = 9
  static let closedBeforeTable = 16
  /// Depths from here on are not noted: the depth shares a word with the address, whose
  /// top 16 bits are zero on the 64-bit platforms Swift runs on.
  private static let depthLimit = 1 << 15

  /// Offsets fit in 32 bits: a container whose text ends past 4 GB is not noted.
  private struct Slot {
    var key: UInt
    var start: UInt32
    var end: UInt32
  }

  private var slots: UnsafeMutablePointer<Slot>?
  private var closed = 0

  init() {}

  deinit { slots?.deallocate() }

  /// The address and depth as one word; `0` (no key) for a depth past ``depthLimit``.
  @inline(__always)
  private static func key(_ storage: UnsafeRawPointer, _ depth: Int) -> UInt {
    guard depth < depthLimit else { return 0 }
    return UInt(bitPattern: storage) | UInt(truncatingIfNeeded: depth) &<< 48
  }

  @inline(__always)
  private static func slot(_ key: UInt) -> Int {
    // Storages are 16-byte aligned; Fibonacci hashing spreads the rest.
    Int(truncatingIfNeeded: ((key &>> 4) &* 0x9E37_79B9_7F4A_7C15) &>> (64 - slotBits))
  }

  /// The output bytes of `storage` printed earlier at `depth`, from its opening bracket to
  /// past its closing one; `nil` when it was not (or its slot has since been taken).
  @inline(__always)
  func find(_ storage: UnsafeRawPointer, depth: Int) -> (start: Int, end: Int)? {
    guard let slots else { return nil }
    let key = Self.key(storage, depth)
    let slot = slots[Self.slot(key)]
    guard key != 0, slot.key == key else { return nil }
    return (Int(slot.start), Int(slot.end))
  }

  /// Notes that `storage`, at `depth`, was printed to the output's bytes `start..<end`.
  @inline(__always)
  mutating func note(_ storage: UnsafeRawPointer, depth: Int, start: Int, end: Int) {
    guard let slots else {
      closed &+= 1
      if closed >= Self.closedBeforeTable { makeTable() }
      return
    }
    let key = Self.key(storage, depth)
    guard key != 0, end <= UInt32.max else { return }
    slots[Self.slot(key)] = Slot(
      key: key, start: UInt32(truncatingIfNeeded: start), end: UInt32(truncatingIfNeeded: end))
  }

  @inline(never)
  private mutating func makeTable() {
    let count = 1 << Self.slotBits
    let table = UnsafeMutablePointer<Slot>.allocate(capacity: count)
    table.initialize(repeating: Slot(key: 0, start: 0, end: 0), count: count)
    slots = table
  }
}
