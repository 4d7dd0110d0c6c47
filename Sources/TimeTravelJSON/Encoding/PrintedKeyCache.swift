/// The printed form of object keys (`,"key":` compactly, the comma dropped before a first
/// member; `"key": ` when indenting), kept by the key array they come from, for one
/// printing.
///
/// The parser gives objects of the same shape one shared key array (`KeyShapes`): a
/// log's hundred to-dos share one array of `id`, `title` and `isCompleted`. So the
/// array's address names the keys, and printing them is then a copy of bytes ready to
/// go instead of reading and escaping each `String` again. An address is valid as a
/// name only while its array lives: a cache lives for one printing of one value, which
/// keeps every container in it, and so every key array it met, alive.
///
/// A key array is printed into a table the second time it is met in a row at its slot,
/// so that an object with keys of its own (one built by hand) costs no more than before.
/// Tables are freed together at the end, since an open container may still be reading
/// one that its slot has since let go; past a budget of bytes no more are made.
struct PrintedKeyCache: ~Copyable {
  private static let slotCount = 32
  /// Bytes of tables at most, for a value with many shapes.
  private static let budget = 1 << 20

  /// Per slot: the key array met last there, and its table once printed.
  private let arrays: UnsafeMutablePointer<UnsafePointer<String>?>
  private let tables: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  /// Every table made, to free at the end.
  private var made: [UnsafeMutableRawPointer] = []
  private var bytesMade = 0
  /// Whether the keys are for indented text (no comma, a space after the colon).
  private let indented: Bool

  init(indented: Bool) {
    arrays = .allocate(capacity: Self.slotCount)
    arrays.initialize(repeating: nil, count: Self.slotCount)
    tables = .allocate(capacity: Self.slotCount)
    tables.initialize(repeating: nil, count: Self.slotCount)
    self.indented = indented
  }

  deinit {
    for table in made { table.deallocate() }
    arrays.deallocate()
    tables.deallocate()
  }

  /// The table of the `count` keys at `keys`, or `nil` when the caller is to print them
  /// itself. A table is `count + 1` offsets (`Int32`), then the printed keys: key `i`
  /// is the bytes from offset `i` to offset `i + 1`, counted from the table's start.
  @inline(__always)
  mutating func table(for keys: UnsafePointer<String>, count: Int) -> UnsafeRawPointer? {
    let slot = Int(truncatingIfNeeded: UInt(bitPattern: keys) &>> 4) & (Self.slotCount &- 1)
    if arrays[slot] == keys {
      if let table = tables[slot] { return UnsafeRawPointer(table) }
      return make(slot, keys, count)
    }
    arrays[slot] = keys
    tables[slot] = nil
    return nil
  }

  /// Where key `i` of `table` (made by ``table(for:count:)``) lies: its first byte and
  /// the byte past its last, counted from the table's start.
  @inline(__always)
  static func bounds(ofKey i: Int, in table: UnsafeRawPointer) -> (start: Int, end: Int) {
    (
      Int(table.load(fromByteOffset: i &<< 2, as: Int32.self)),
      Int(table.load(fromByteOffset: (i &+ 1) &<< 2, as: Int32.self))
    )
  }

  @inline(never)
  private mutating func make(_ slot: Int, _ keys: UnsafePointer<String>, _ count: Int)
    -> UnsafeRawPointer?
  {
    guard bytesMade < Self.budget else { return nil }
    var text = JSONTextWriter(capacity: 16 * count + 16)
    var ends: [Int32] = []
    ends.reserveCapacity(count)
    for i in 0..<count {
      if !indented { text.append(UInt8(ascii: ",")) }
      text.appendQuoted(keys[i])
      text.append(UInt8(ascii: ":"))
      if indented { text.append(UInt8(ascii: " ")) }
      ends.append(Int32(truncatingIfNeeded: text.count))
    }
    let header = 4 * (count + 1)
    // Offsets are 32-bit: a table past 2 GB is not made (the caller prints the keys).
    guard header + text.count < Int(Int32.max) else { return nil }
    let table = UnsafeMutableRawPointer.allocate(
      byteCount: header + text.count, alignment: MemoryLayout<Int32>.alignment)
    table.storeBytes(of: Int32(header), as: Int32.self)
    for i in 0..<count {
      table.storeBytes(of: Int32(header) + ends[i], toByteOffset: 4 * (i + 1), as: Int32.self)
    }
    text.copy(to: table + header)
    made.append(table)
    bytesMade += header + text.count
    tables[slot] = table
    return UnsafeRawPointer(table)
  }
}
