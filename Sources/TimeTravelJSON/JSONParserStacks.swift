/// A stack in one manually managed buffer, so that the top elements can be *moved*
/// into an exactly sized array: no copies, no reference-count traffic, no regrowth of
/// the result. The parser keeps the elements and keys of every open container here.
struct MoveStack<Element>: ~Copyable {
  private var base: UnsafeMutablePointer<Element>
  private var capacity: Int
  /// The number of elements on the stack.
  private(set) var count = 0

  init(capacity: Int = 32) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  mutating func push(_ element: consuming Element) {
    if count == capacity {
      let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
      larger.moveInitialize(from: base, count: count)
      base.deallocate()
      base = larger
      capacity *= 2
    }
    (base + count).initialize(to: element)
    count += 1
  }

  /// Moves the elements from `start` to the top into a new array, in order.
  mutating func popArray(from start: Int) -> [Element] {
    // `reserveCapacity` and `append` are specialized for `Element`; the unsafe
    // uninitialized-capacity initializer calls into the standard library's generic code,
    // which looks up the array's type metadata at run time on every call.
    var array: [Element] = []
    array.reserveCapacity(count - start)
    for i in start..<count { array.append((base + i).move()) }
    count = start
    return array
  }

  /// Destroys the elements from `start` to the top.
  mutating func drop(from start: Int) {
    (base + start).deinitialize(count: count - start)
    count = start
  }

  /// Whether the elements from `start` to the top are the keys `array`, byte for byte.
  func matches(_ array: [String], from start: Int) -> Bool where Element == String {
    guard array.count == count - start else { return false }
    for i in array.indices where !ExactKey.same(array[i], base[start + i]) { return false }
    return true
  }
}

/// The key arrays of the objects parsed so far, shared between objects with the same
/// keys in the same order: a log's states repeat a few shapes (every to-do has `id`,
/// `title` and `isCompleted`), so most objects cost one array allocation, not two.
struct KeyShapes {
  /// Distinct key arrays, most recent last; each without duplicate keys.
  private var shapes: [[String]] = []
  private static let limit = 16

  /// The object whose keys are `keys` from `keyStart` to the top (taken off the stack)
  /// and whose values are `values`.
  mutating func object(keys: inout MoveStack<String>, from keyStart: Int, values: [JSONValue])
    -> JSONObject
  {
    for i in shapes.indices.reversed() where keys.matches(shapes[i], from: keyStart) {
      keys.drop(from: keyStart)
      return JSONObject(uniqueKeys: shapes[i], values: values)
    }
    let array = keys.popArray(from: keyStart)
    let object = JSONObject(keys: array, values: values)
    if object.count == array.count {
      // No duplicates: the array can be shared.
      if shapes.count == Self.limit { shapes.removeFirst() }
      shapes.append(array)
    }
    return object
  }
}

/// The strings of recently parsed short object keys, found again by their bytes: a log
/// repeats the same few keys thousands of times, and finding a key here costs a fraction
/// of creating its `String`.
///
/// Only keys of at most 15 plain ASCII bytes (no escapes) are cached, read as two 64-bit
/// words with the closing quote, so a lookup is a hash, two compares and a length check.
struct KeyCache: ~Copyable {
  private static let slotCount = 64
  /// Per slot: the key's bytes as two little-endian words, its length (-1: empty) and
  /// its string. Plain memory, not arrays: a lookup is then a few loads, with no
  /// uniqueness or bounds checks.
  private let words: UnsafeMutablePointer<UInt64>
  private let lengths: UnsafeMutablePointer<Int>
  private let keys: UnsafeMutablePointer<String>

  init() {
    words = .allocate(capacity: 2 * Self.slotCount)
    words.initialize(repeating: 0, count: 2 * Self.slotCount)
    lengths = .allocate(capacity: Self.slotCount)
    lengths.initialize(repeating: -1, count: Self.slotCount)
    keys = .allocate(capacity: Self.slotCount)
    keys.initialize(repeating: "", count: Self.slotCount)
  }

  deinit {
    words.deallocate()
    lengths.deallocate()
    keys.deinitialize(count: Self.slotCount)
    keys.deallocate()
  }

  /// The key whose opening quote is at `quote`, and the offset just past its closing
  /// quote, when the key is short plain ASCII; `nil` otherwise (the caller parses it).
  func key(in bytes: UnsafeBufferPointer<UInt8>, quoteAt quote: Int) -> (String, Int)? {
    let start = quote + 1
    // Sixteen bytes at once (SWAR): where the closing quote is, and whether a byte
    // before it is a backslash, a control character or not ASCII (then the caller
    // parses the key in full). Near the end of the input, it does the same.
    guard start + 16 <= bytes.count else { return nil }
    let base = UnsafeRawPointer(bytes.baseAddress!) + start
    let low = base.loadUnaligned(as: UInt64.self)
    let high = base.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
    let length: Int
    let lowQuotes = SWAR.zeroBytes(low ^ SWAR.repeated(0x22))
    if lowQuotes != 0 {
      length = lowQuotes.trailingZeroBitCount / 8
    } else {
      let highQuotes = SWAR.zeroBytes(high ^ SWAR.repeated(0x22))
      guard highQuotes != 0 else { return nil }
      length = 8 + highQuotes.trailingZeroBitCount / 8
    }
    let lowMask: UInt64 = length >= 8 ? ~0 : (1 << (8 * UInt64(length))) &- 1
    let highMask: UInt64 = length <= 8 ? 0 : (1 << (8 * UInt64(length - 8))) &- 1
    guard (SWAR.special(low) & lowMask) | (SWAR.special(high) & highMask) == 0 else {
      return nil
    }
    let end = start + length
    let word = (low & lowMask, high & highMask)
    let hash = (word.0 ^ (word.1 &* 31) ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15
    let slot = Int(truncatingIfNeeded: hash >> 58)
    if lengths[slot] == length, words[2 * slot] == word.0, words[2 * slot + 1] == word.1 {
      return (keys[slot], end + 1)
    }
    let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    words[2 * slot] = word.0
    words[2 * slot + 1] = word.1
    lengths[slot] = length
    keys[slot] = key
    return (key, end + 1)
  }
}

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

/// The working memory of a parse: the stacks of open containers and the key caches.
/// A parse of one line makes one; a lazily parsed document keeps one for building its
/// containers on first access, so repeated keys stay shared across them.
struct ParseScratch: ~Copyable {
  var values = MoveStack<JSONValue>()
  var keys = MoveStack<String>()
  var frames: [JSONParser.Frame] = []
  var shapes = KeyShapes()
  let keyCache = KeyCache()
}
