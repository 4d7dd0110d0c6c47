/// The key arrays of the objects parsed so far, shared between objects with the same
/// keys in the same order: a log's states repeat a few shapes (every to-do has `id`,
/// `title` and `isCompleted`), so most objects cost one array allocation, not two.
struct KeyShapes {
  /// Distinct key arrays, most recent last; each without duplicate keys.
  private var shapes: [[String]] = []
  private static let limit = 16
  /// Whether arrays are shared at all: not in the parse of one small value, whose few
  /// objects rarely repeat a shape.
  var isEnabled = true

  /// The object whose keys are `keys` from `keyStart` to the top (taken off the stack)
  /// and whose values are `values`; `depth` is the nesting depth of the object's tree.
  mutating func object(
    keys: inout MoveStack<String>, from keyStart: Int, values: [JSONValue], depth: Int
  ) -> JSONObject {
    for i in shapes.indices.reversed() where keys.matches(shapes[i], from: keyStart) {
      keys.drop(from: keyStart)
      return JSONObject(uniqueKeys: shapes[i], values: values, depth: depth)
    }
    let array = keys.popArray(from: keyStart)
    let object = JSONObject(keys: array, values: values, depth: depth)
    if isEnabled, object.count == array.count {
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
  /// uniqueness or bounds checks. `nil` for a cache that is off.
  private let words: UnsafeMutablePointer<UInt64>?
  private let lengths: UnsafeMutablePointer<Int>?
  private let keys: UnsafeMutablePointer<String>?

  /// A cache, or when not `enabled` one that finds nothing and allocates nothing.
  init(enabled: Bool = true) {
    guard enabled else {
      (words, lengths, keys) = (nil, nil, nil)
      return
    }
    let words = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * Self.slotCount)
    words.initialize(repeating: 0, count: 2 * Self.slotCount)
    let lengths = UnsafeMutablePointer<Int>.allocate(capacity: Self.slotCount)
    lengths.initialize(repeating: -1, count: Self.slotCount)
    let keys = UnsafeMutablePointer<String>.allocate(capacity: Self.slotCount)
    keys.initialize(repeating: "", count: Self.slotCount)
    (self.words, self.lengths, self.keys) = (words, lengths, keys)
  }

  deinit {
    guard let words, let lengths, let keys else { return }
    words.deallocate()
    lengths.deallocate()
    keys.deinitialize(count: Self.slotCount)
    keys.deallocate()
  }

  /// The key whose opening quote is at `quote`, and the offset just past its closing
  /// quote, when the key is short plain ASCII; `nil` otherwise (the caller parses it).
  func key(in bytes: UnsafeBufferPointer<UInt8>, quoteAt quote: Int) -> (String, Int)? {
    guard let words, let lengths, let keys else { return nil }
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
    let key = String(validUTF8: UnsafeBufferPointer(rebasing: bytes[start..<end]), isASCII: true)
    words[2 * slot] = word.0
    words[2 * slot + 1] = word.1
    lengths[slot] = length
    keys[slot] = key
    return (key, end + 1)
  }
}
