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
/// A cache, not a record: two slots by address, a later container taking an earlier
/// one's place when both are held. The table is made once a printing has closed
/// ``closedBeforeTable`` containers, so that printing a small value allocates nothing,
/// with a slot for every 32 bytes of the text expected (256 to 1,024), and grows fourfold
/// whenever a quarter of it has been filled since it was made, up to ``maximumSlots``:
/// its size follows the containers printed, and so does the cost of clearing it.
struct PrintedContainers: ~Copyable {
  static let closedBeforeTable = 16
  static let maximumSlots = 4096

  /// A container's storage (its address; 0 for a free slot), where its text starts, and
  /// its text's length and its depth in one word (``lengthLimit`` and ``depthLimit``): 16
  /// bytes, four to a cache line. A container past those limits, or whose text ends past
  /// 4 GB, is printed each time it is met.
  private struct Slot {
    var storage: UInt
    var start: UInt32
    var lengthAndDepth: UInt32
  }
  private static let depthBits: UInt32 = 12
  static let depthLimit = 1 << depthBits
  static let lengthLimit = 1 << (32 - depthBits)

  /// `length` and `depth` as one word, or `nil` past their limits.
  @inline(__always)
  private static func pack(length: Int, depth: Int) -> UInt32? {
    guard depth >= 0, depth < depthLimit, length < lengthLimit else { return nil }
    return UInt32(truncatingIfNeeded: length) &<< depthBits | UInt32(truncatingIfNeeded: depth)
  }

  private var slots: UnsafeMutablePointer<Slot>?
  /// The number of slots is `1 << bits`.
  private var bits = 0
  /// Containers closed before the table was made; then those noted in it at its size.
  private var count = 0
  /// The slots of the first table.
  private let initialSlots: Int

  /// A memo for a printing expected to write about `expectedBytes` bytes.
  init(expectedBytes: Int) {
    initialSlots = CacheTableSize.initialSlots(
      forBytes: expectedBytes, minimum: 256, maximum: 1024)
  }

  deinit { slots?.deallocate() }

  @inline(__always)
  private func slot(_ storage: UInt, _ depth: Int) -> Int {
    // Storages are 16-byte aligned; Fibonacci hashing spreads the rest.
    let mixed = ((storage &>> 4) &+ UInt(truncatingIfNeeded: depth)) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed &>> UInt(64 &- bits))
  }

  /// Whether `slot` holds `storage` at `depth`.
  @inline(__always)
  private static func holds(_ slot: Slot, _ storage: UInt, _ depth: Int) -> Bool {
    slot.storage == storage && Int(slot.lengthAndDepth & UInt32(depthLimit - 1)) == depth
  }

  /// The output bytes of `storage` printed earlier at `depth`, from its opening bracket to
  /// past its closing one; `nil` when it was not (or its slot has since been taken).
  @inline(__always)
  func find(_ storage: UnsafeRawPointer, depth: Int) -> (start: Int, end: Int)? {
    guard let slots else { return nil }
    let address = UInt(bitPattern: storage)
    let first = slot(address, depth)
    // A container is in its slot or, when that was taken, in the slot paired with it.
    var found = slots[first]
    if !Self.holds(found, address, depth) { found = slots[first ^ 1] }
    guard Self.holds(found, address, depth) else { return nil }
    let start = Int(found.start)
    return (start, start &+ Int(found.lengthAndDepth &>> Self.depthBits))
  }

  /// Notes that `storage`, at `depth`, was printed to the output's bytes `start..<end`.
  @inline(__always)
  mutating func note(_ storage: UnsafeRawPointer, depth: Int, start: Int, end: Int) {
    count &+= 1
    guard let slots else {
      if count >= Self.closedBeforeTable { resize(to: initialSlots) }
      return
    }
    guard end <= UInt32.max, let packed = Self.pack(length: end - start, depth: depth) else {
      return
    }
    let noted = Slot(
      storage: UInt(bitPattern: storage), start: UInt32(truncatingIfNeeded: start),
      lengthAndDepth: packed)
    slots[place(noted, depth: depth, in: slots)] = noted
    if let size = CacheTableSize.grown(bits: bits, filled: count, maximum: Self.maximumSlots) {
      resize(to: size)
    }
  }

  /// Where `noted` goes: its slot, unless another container holds it and the slot
  /// paired with it is free; then that one.
  @inline(__always)
  private func place(_ noted: Slot, depth: Int, in table: UnsafeMutablePointer<Slot>) -> Int {
    let first = slot(noted.storage, depth)
    let held = table[first]
    guard held.storage != 0, !Self.holds(held, noted.storage, depth) else { return first }
    return table[first ^ 1].storage == 0 ? first ^ 1 : first
  }

  /// Makes the table `size` slots (a power of two), keeping what the old one held.
  @inline(never)
  private mutating func resize(to size: Int) {
    let table = UnsafeMutablePointer<Slot>.allocate(capacity: size)
    table.initialize(repeating: Slot(storage: 0, start: 0, lengthAndDepth: 0), count: size)
    let old = slots.map { ($0, 1 << bits) }
    slots = table
    bits = size.trailingZeroBitCount
    count = 0
    guard let (oldSlots, oldSize) = old else { return }
    for i in 0..<oldSize where oldSlots[i].storage != 0 {
      let depth = Int(oldSlots[i].lengthAndDepth & UInt32(Self.depthLimit - 1))
      table[place(oldSlots[i], depth: depth, in: table)] = oldSlots[i]
    }
    oldSlots.deallocate()
  }
}
