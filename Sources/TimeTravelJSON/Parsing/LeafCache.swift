import Foundation

/// The small containers without a container inside (leaves: a to-do, a list of tags)
/// built so far in one parse, found again by their bytes, so that a container whose
/// bytes repeat one already built is shared instead of built again.
///
/// A log entry holds its state twice, as `prior` and as `next`, and an action changes
/// little of it: most of the to-dos of `next` are, byte for byte, to-dos of `prior`. A
/// shared container is the same value (the same bytes parse to the same value), and
/// values are copy-on-write, so sharing is invisible to readers except in memory and
/// speed: each repeat costs a hash of its first 32 bytes and a `memcmp`, where building
/// it costs three allocations (the storage, its members, a string).
///
/// A slot keeps a pointer into the bytes being parsed, so a cache lives no longer than
/// they do: one parse (`JSONParser.parseNext()`), or one lazily parsed document, whose
/// bytes live as long as it.
struct LeafCache: ~Copyable {
  /// Containers shorter than this are not cached: their first ``tagBytes`` would
  /// reach past them.
  static let tagBytes = 32
  /// Containers longer than this are not cached: few repeat, and comparing them costs
  /// more.
  static let maximumBytes = 4096
  /// The table is made with a slot for every 32 bytes of the input (a leaf's least
  /// size), as a power of two from 64 to 1,024, and grows fourfold whenever a quarter of
  /// it has been filled since it was made, up to ``maximumSlots``: its size, and the cost
  /// of making it, follow the input, and an entry's hundreds of to-dos keep their slots.
  static let maximumSlots = 4096

  /// The slots of a table made for an input of `count` bytes.
  static func initialSlots(forBytes count: Int) -> Int {
    CacheTableSize.initialSlots(forBytes: count, minimum: 64, maximum: 1024)
  }

  private struct Slot {
    var tag: UInt64 = 0
    var start: UnsafePointer<UInt8>? = nil
    var count = 0
    var value: JSONValue = .null
  }

  /// The first leaf kept, held here until a second one makes the table: a parse that
  /// builds one leaf (an entry's action, say) makes none, and so pays nothing to set
  /// one up and tear it down.
  private var first = Slot()
  /// Allocated on the second container cached.
  private var slots: UnsafeMutablePointer<Slot>?
  /// The number of slots is `1 << bits`.
  private var bits = 0
  /// Leaves kept since the table was made at its size.
  private var kept = 0
  /// Whether containers are cached at all (not in the parse of one small value).
  var isEnabled: Bool

  init(enabled: Bool) { isEnabled = enabled }

  deinit {
    guard let slots else { return }
    // An empty slot holds `.null`, which owns nothing: only the slots filled are
    // deinitialized, so tearing down a table costs what was kept in it, not its size.
    for i in 0..<(1 << bits) where slots[i].start != nil {
      (slots + i).deinitialize(count: 1)
    }
    slots.deallocate()
  }

  /// The number of slots of the table, 0 before one is made (for tests).
  var tableSlots: Int { slots == nil ? 0 : 1 << bits }

  /// A hash of the `tagBytes` bytes at `p`.
  @inline(__always)
  private static func tag(_ p: UnsafePointer<UInt8>) -> UInt64 {
    let raw = UnsafeRawPointer(p)
    var h = raw.loadUnaligned(as: UInt64.self) &* 0x9E37_79B9_7F4A_7C15
    h = (h ^ raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) &* 0xC2B2_AE3D_27D4_EB4F
    h = (h ^ raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)) &* 0x1656_67B1_9E37_79F9
    h = (h ^ raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
    return h ^ (h >> 29)
  }

  @inline(__always)
  private func slot(_ tag: UInt64) -> Int { Int(truncatingIfNeeded: tag &>> UInt64(64 &- bits)) }

  /// The container cached whose bytes are those at `offset` of `bytes` (its opening
  /// bracket there), and its length in bytes; `nil` when none is.
  @inline(__always)
  func find(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (JSONValue, Int)? {
    guard first.start != nil, bytes.count - offset >= Self.tagBytes, let base = bytes.baseAddress
    else { return nil }
    let here = base + offset
    let tag = Self.tag(here)
    guard let slots else { return Self.match(first, tag, here, bytes.count - offset) }
    let index = self.slot(tag)
    // A leaf is in its slot or, when that was taken, in the slot paired with it.
    return Self.match(
      slots[slots[index].tag == tag ? index : index ^ 1], tag, here, bytes.count - offset)
  }

  /// `slot`'s container and length when it holds the leaf of `tag` whose bytes are at
  /// `here` (with `available` bytes from there to the input's end).
  @inline(__always)
  private static func match(
    _ slot: Slot, _ tag: UInt64, _ here: UnsafePointer<UInt8>, _ available: Int
  ) -> (JSONValue, Int)? {
    guard slot.tag == tag, let start = slot.start, slot.count <= available,
      memcmp(start, here, slot.count) == 0
    else { return nil }
    return (slot.value, slot.count)
  }

  /// Keeps `value`, the container parsed from `bytes[range]`, for the repeats of those
  /// bytes (in place of another when both of its slots are held), when it is a leaf
  /// (`depth` 1) of ``tagBytes`` to ``maximumBytes`` bytes.
  @inline(__always)
  mutating func keep(
    _ value: JSONValue, depth: Int, from bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
  ) {
    guard depth == 1, isEnabled, range.count >= Self.tagBytes, range.count <= Self.maximumBytes,
      let base = bytes.baseAddress
    else { return }
    let start = base + range.lowerBound
    let tag = Self.tag(start)
    let leaf = Slot(tag: tag, start: start, count: range.count, value: value)
    if slots == nil {
      guard first.start != nil else {
        first = leaf
        return
      }
      // The second leaf makes the table, sized for the input from the first leaf on:
      // a parse of one member of a line starts there, not at the line's start.
      let firstOffset = first.start.unsafelyUnwrapped - base
      resize(to: Self.initialSlots(forBytes: bytes.count - max(0, firstOffset)))
      slots.unsafelyUnwrapped[place(first.tag, in: slots.unsafelyUnwrapped)] = first
      kept = 1
    }
    let table = slots.unsafelyUnwrapped
    table[place(tag, in: table)] = leaf
    kept &+= 1
    if let size = CacheTableSize.grown(bits: bits, filled: kept, maximum: Self.maximumSlots) {
      resize(to: size)
    }
  }

  /// Where a leaf of `tag` goes: its slot, unless another leaf holds it and the slot
  /// paired with it is free (or holds the same tag); then that one.
  @inline(__always)
  private func place(_ tag: UInt64, in table: UnsafeMutablePointer<Slot>) -> Int {
    let home = slot(tag)
    guard table[home].start != nil, table[home].tag != tag else { return home }
    let paired = home ^ 1
    return table[paired].start == nil || table[paired].tag == tag ? paired : home
  }

  /// Makes the table `size` slots (a power of two), keeping what the old one held.
  @inline(never)
  private mutating func resize(to size: Int) {
    let table = UnsafeMutablePointer<Slot>.allocate(capacity: size)
    table.initialize(repeating: Slot(), count: size)
    let old = slots.map { ($0, 1 << bits) }
    slots = table
    bits = size.trailingZeroBitCount
    kept = 0
    guard let (oldSlots, oldSize) = old else { return }
    // Moved, not copied: what is left behind is empty slots, which own nothing.
    for i in 0..<oldSize where oldSlots[i].start != nil {
      table[place(oldSlots[i].tag, in: table)] = (oldSlots + i).move()
    }
    oldSlots.deallocate()
  }
}
