import Foundation

/// Thrown inside ``JSONBytesEncoder`` when a value's shape cannot be written linearly
/// with proven identity to `JSONEncoder` (or a value `JSONEncoder` rejects, such as a
/// non-finite float); the encoder catches it and encodes the whole value with
/// `JSONEncoder` instead, so callers never see it.
struct JSONBytesFallback: Error {}

/// One open value or container of ``JSONBytesState``: a value slot that has not chosen
/// its container yet, a single value, a keyed container (an object) or an unkeyed one.
///
/// Frames form a stack. *Call* frames belong to an `encode(to:)` call and close when it
/// returns; *implicit* frames (nested containers, super encoders) have no end call, so
/// they close when an enclosing frame is used again or closes.
struct JSONBytesFrame {
  /// What the frame has written so far.
  enum Kind: UInt8 {
    /// Nothing yet; closes as `{}` (what `JSONEncoder` writes for a value that
    /// encodes nothing).
    case empty
    /// A single value was written.
    case single
    /// An object: `{` written, members recorded in ``JSONBytesState/members``.
    case keyed
    /// An array: `[` written.
    case unkeyed
  }

  /// Unique within one encoding; frames higher on the stack have larger ids.
  var id: UInt32
  var kind: Kind
  /// Whether an enclosing frame's next use closes this one (see the type's notes).
  var isImplicit: Bool
  /// Whether the frame is a nested container rather than a value (an `encode(to:)`
  /// call's or a super encoder's): `JSONEncoder` leaves nested containers' keys out of
  /// the coding paths of the encoders for the values inside them.
  var isNestedContainer = false
  /// Whether the members' keys were written in strictly increasing byte order.
  var isSorted = true
  /// Whether a key needed escaping (its escaped bytes would not sort like its UTF-8).
  var hasEscapedKey = false
  /// Whether a key has non-ASCII bytes (canonically equivalent keys might collide).
  var hasNonASCIIKey = false
  /// Index of the frame's first member in ``JSONBytesState/members``.
  var firstMember: Int
  /// Members (keyed) or elements (unkeyed) written.
  var count = 0
  /// Length of ``JSONBytesState/keys`` to restore when the frame closes.
  var keyBase: Int
  /// Length of the coding path of the frame's value.
  var pathDepth: Int
}

/// One member of an open object: where its `"key":value` bytes start in the buffer.
/// It ends one byte (the comma) before the next member's start, or where the object
/// closes.
struct JSONBytesMember {
  /// Offset of the key's opening quote.
  var start: Int
  /// Bytes of the key between its quotes, as written (escaped).
  var keyLength: Int
  /// Whether the member was opened by `nestedContainer`, `nestedUnkeyedContainer` or
  /// `superEncoder`: `JSONEncoder` merges such members with earlier ones of the same key
  /// instead of replacing them, so a repeated key involving one falls back.
  var isNested: Bool
}

/// A growable stack of trivial values in manually managed memory: the frame, member and
/// permutation stacks of ``JSONBytesState``, which push and pop on every value and
/// cannot afford `Array`'s uniqueness checks and generic `removeLast(_:)`.
///
/// Indices are checked by `assert` only (the state's own bookkeeping keeps them in
/// range). Copies share storage; ``JSONBytesState`` owns exactly one copy of each and
/// frees it in ``JSONBytesState/deallocate()``.
struct JSONBytesStack<Element: BitwiseCopyable> {
  private(set) var base: UnsafeMutablePointer<Element>
  private(set) var count = 0
  private var capacity: Int

  /// Creates an empty stack with room for `capacity` elements.
  init(capacity: Int) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  /// Frees the storage; the stack must not be used afterwards.
  func deallocate() { base.deallocate() }

  /// The element at `index`, counted from the bottom.
  @inline(__always)
  subscript(index: Int) -> Element {
    get {
      assert(index >= 0 && index < count)
      return base[index]
    }
    nonmutating set {
      assert(index >= 0 && index < count)
      base[index] = newValue
    }
  }

  /// Pushes `element`. Amortized O(1).
  @inline(__always)
  mutating func append(_ element: Element) {
    if count == capacity { grow() }
    base[count] = element
    count += 1
  }

  @inline(never)
  private mutating func grow() {
    let newBase = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity *= 2
  }

  /// Pops the top element.
  @inline(__always)
  mutating func removeLast() -> Element {
    assert(count > 0)
    count -= 1
    return base[count]
  }

  /// Pops elements until `count` elements remain.
  @inline(__always)
  mutating func truncate(to newCount: Int) {
    assert(newCount <= count)
    count = newCount
  }

  /// The elements, bottom first, as an array (for rare, slow queries).
  var elements: [Element] { Array(UnsafeBufferPointer(start: base, count: count)) }
}

/// One coding path component of ``JSONBytesState/keys``.
struct JSONBytesPathKey {
  /// The key.
  var key: any CodingKey
  /// Whether a nested container (not a value's encoder) added it.
  var isContainerKey: Bool
}

/// The mutable core of ``JSONBytesEncoder``: one growing byte buffer, the frame stack,
/// the open objects' members and the coding path.
///
/// Lives behind an `UnsafeMutablePointer` owned by ``JSONBytesCore`` so that the hot
/// paths mutate it without Swift's dynamic exclusivity checks on class properties.
/// Not thread-safe; one encoding at a time.
struct JSONBytesState {
  /// Objects and arrays nested deeper than this fall back: `JSONEncoder` rejects 512
  /// levels, and the fallback reports exactly what it does.
  static let maximumDepth = 400

  /// The output: `count` initialized bytes of `capacity`.
  var base: UnsafeMutablePointer<UInt8>
  var count = 0
  var capacity: Int
  /// Scratch space for reordering an object's members.
  var scratch: UnsafeMutablePointer<UInt8>
  var scratchCapacity: Int

  /// The innermost open frame; ``frames`` holds the ones below it.
  var top: JSONBytesFrame
  var frames = JSONBytesStack<JSONBytesFrame>(capacity: 32)
  /// Members of every open object, innermost last.
  var members = JSONBytesStack<JSONBytesMember>(capacity: 64)
  /// The coding path of the innermost frame.
  var keys: [JSONBytesPathKey] = []
  /// Reused permutation buffer for sorting members.
  var order = JSONBytesStack<Int>(capacity: 64)
  var nextID: UInt32 = 1
  /// The innermost `encode(to:)` call's frame: what the shared `Encoder` addresses.
  var slotID: UInt32 = 0
  /// Set when the output must be discarded and the value re-encoded by `JSONEncoder`.
  var failed = false
  /// Set when an error passed through an `encode(to:)` call: if the caller swallows
  /// it, the half-written value must not be kept.
  var abandoned = false

  /// Creates an empty state with `capacity` bytes reserved.
  init(capacity: Int = 16 * 1024) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
    scratchCapacity = 1024
    scratch = .allocate(capacity: scratchCapacity)
    top = JSONBytesFrame(
      id: 0, kind: .single, isImplicit: false, firstMember: 0, keyBase: 0, pathDepth: 0)
  }

  /// Frees the buffers; the state must not be used afterwards.
  func deallocate() {
    base.deallocate()
    scratch.deallocate()
    frames.deallocate()
    members.deallocate()
    order.deallocate()
  }

  /// Forgets everything written, keeping the buffers (shrinking a very large one).
  mutating func reset() {
    if capacity > 1 << 22 {
      base.deallocate()
      capacity = 16 * 1024
      base = .allocate(capacity: capacity)
    }
    count = 0
    top = JSONBytesFrame(
      id: 0, kind: .single, isImplicit: false, firstMember: 0, keyBase: 0, pathDepth: 0)
    frames.truncate(to: 0)
    members.truncate(to: 0)
    keys.removeAll(keepingCapacity: true)
    nextID = 1
    slotID = 0
    failed = false
    abandoned = false
  }

  // MARK: Bytes

  /// Makes room for `extra` more bytes. Amortized O(1).
  @inline(__always)
  mutating func reserve(_ extra: Int) {
    if count + extra > capacity { grow(count + extra) }
  }

  @inline(never)
  mutating func grow(_ needed: Int) {
    let newCapacity = max(needed, capacity * 2)
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  @inline(__always)
  mutating func byte(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  @inline(__always)
  mutating func bytes(_ source: UnsafeBufferPointer<UInt8>) {
    guard let from = source.baseAddress, source.count > 0 else { return }
    reserve(source.count)
    (base + count).update(from: from, count: source.count)
    count += source.count
  }

  /// Appends a string's UTF-8 bytes unquoted and unescaped (numbers, `null`).
  @inline(__always)
  mutating func raw(_ text: String) {
    var text = text
    text.withUTF8 { bytes($0) }
  }

  /// Appends a number's `description`, less a trailing `.0`, as `JSONEncoder` does.
  mutating func floatText(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      var shown = utf8
      if utf8.count >= 2, utf8[utf8.count - 2] == UInt8(ascii: "."),
        utf8[utf8.count - 1] == UInt8(ascii: "0")
      {
        shown = UnsafeBufferPointer(rebasing: utf8.dropLast(2))
      }
      bytes(shown)
    }
  }

  // MARK: Scalars

  /// Writes `"value"`, escaping as `JSONEncoder` does with `.withoutEscapingSlashes`:
  /// `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, other bytes below 0x20 as `\u00xx`
  /// (lowercase hex); everything else, `/`, DEL and non-ASCII included, verbatim.
  @inline(__always)
  mutating func string(_ value: String) {
    var value = value
    value.withUTF8 { _ = quoted($0) }
  }

  /// Writes `utf8` as a quoted JSON string.
  ///
  /// - Returns: Bit 0 set when something was escaped, bit 1 when a byte was ≥ 0x80.
  @inline(__always)
  mutating func quoted(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt8 {
    let n = utf8.count
    reserve(n + 2)
    base[count] = UInt8(ascii: "\"")
    guard let source = utf8.baseAddress else {
      base[count + 1] = UInt8(ascii: "\"")
      count += 2
      return 0
    }
    let out = base + count + 1
    // Eight bytes at a time while none needs escaping (SWAR: a byte below 0x20, a
    // quote or a backslash sets a high bit of `special`).
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var high: UInt64 = 0
    var i = 0
    let raw = UnsafeRawPointer(source)
    let rawOut = UnsafeMutableRawPointer(out)
    while i + 8 <= n {
      let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      let quote = word ^ (ones &* 0x22)
      let backslash = word ^ (ones &* 0x5C)
      let special =
        ((word &- ones &* 0x20) & ~word | (quote &- ones) & ~quote
          | (backslash &- ones) & ~backslash) & highs
      if special != 0 { break }
      high |= word
      rawOut.storeBytes(of: word, toByteOffset: i, as: UInt64.self)
      i += 8
    }
    while i < n {
      let b = source[i]
      if b < 0x20 || b == 0x22 || b == 0x5C { break }
      high |= UInt64(b)
      out[i] = b
      i += 1
    }
    let nonASCII: UInt8 = high & highs != 0 ? 2 : 0
    if i == n {
      out[n] = UInt8(ascii: "\"")
      count += n + 2
      return nonASCII
    }
    count += 1 + i
    return escapedTail(utf8, from: i, high: nonASCII != 0 ? 0x80 : 0)
  }

  /// The rest of ``quoted(_:)`` once a byte needs escaping: at most 6 bytes per byte.
  @inline(never)
  mutating func escapedTail(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int, high: UInt8)
    -> UInt8
  {
    var high = high
    reserve(6 * (utf8.count - start) + 1)
    let hex: StaticString = "0123456789abcdef"
    for i in start..<utf8.count {
      let b = utf8[i]
      high |= b
      switch b {
      case 0x22: two(UInt8(ascii: "\""))
      case 0x5C: two(UInt8(ascii: "\\"))
      case 0x08: two(UInt8(ascii: "b"))
      case 0x0C: two(UInt8(ascii: "f"))
      case 0x0A: two(UInt8(ascii: "n"))
      case 0x0D: two(UInt8(ascii: "r"))
      case 0x09: two(UInt8(ascii: "t"))
      case 0..<0x20:
        let p = base + count
        p[0] = UInt8(ascii: "\\")
        p[1] = UInt8(ascii: "u")
        p[2] = UInt8(ascii: "0")
        p[3] = UInt8(ascii: "0")
        p[4] = hex.utf8Start[Int(b >> 4)]
        p[5] = hex.utf8Start[Int(b & 0xF)]
        count += 6
      default:
        base[count] = b
        count += 1
      }
    }
    base[count] = UInt8(ascii: "\"")
    count += 1
    return 1 | (high >= 0x80 ? 2 : 0)
  }

  @inline(__always)
  private mutating func two(_ escaped: UInt8) {
    base[count] = UInt8(ascii: "\\")
    base[count + 1] = escaped
    count += 2
  }

  /// Writes `value` in decimal, as `description` does.
  @inline(__always)
  mutating func unsigned(_ value: UInt64) {
    reserve(20)
    if value < 10 {
      base[count] = UInt8(truncatingIfNeeded: value) &+ 0x30
      count += 1
      return
    }
    var digits = 2
    var bound: UInt64 = 100
    while digits < 20, value >= bound {
      digits += 1
      bound &*= 10
    }
    var position = count + digits
    var rest = value
    while rest >= 10 {
      position -= 1
      let (quotient, digit) = rest.quotientAndRemainder(dividingBy: 10)
      base[position] = UInt8(truncatingIfNeeded: digit) &+ 0x30
      rest = quotient
    }
    base[position - 1] = UInt8(truncatingIfNeeded: rest) &+ 0x30
    count += digits
  }

  /// Writes `value` in decimal, as `description` does.
  @inline(__always)
  mutating func signed(_ value: Int64) {
    if value < 0 {
      byte(UInt8(ascii: "-"))
      unsigned(value.magnitude)
    } else {
      unsigned(UInt64(value))
    }
  }

  /// Writes `true` or `false`.
  @inline(__always)
  mutating func bool(_ value: Bool) {
    reserve(5)
    let text: StaticString = value ? "true" : "false"
    (base + count).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
    count += text.utf8CodeUnitCount
  }

  /// Writes `null`.
  @inline(__always)
  mutating func null() {
    reserve(4)
    let text: StaticString = "null"
    (base + count).update(from: text.utf8Start, count: 4)
    count += 4
  }

  /// Writes `value` as `JSONEncoder` does: its `description` less a trailing `.0`
  /// (integers up to 2^53 are printed directly, which gives the same digits).
  ///
  /// - Throws: ``JSONBytesFallback`` for NaN and infinities, so that `JSONEncoder`
  ///   throws its own `EncodingError.invalidValue` with its coding path.
  @inline(__always)
  mutating func double(_ value: Double) throws(JSONBytesFallback) {
    guard value.isFinite else {
      failed = true
      throw JSONBytesFallback()
    }
    if value.magnitude <= 9_007_199_254_740_992, value == value.rounded(.towardZero) {
      if value == 0 {
        if value.sign == .minus { byte(UInt8(ascii: "-")) }
        byte(UInt8(ascii: "0"))
      } else {
        signed(Int64(value))
      }
      return
    }
    floatText(value.description)
  }

  /// Writes `value` as `JSONEncoder` does: its `description` less a trailing `.0`.
  ///
  /// - Throws: ``JSONBytesFallback`` for NaN and infinities.
  mutating func float(_ value: Float) throws(JSONBytesFallback) {
    guard value.isFinite else {
      failed = true
      throw JSONBytesFallback()
    }
    floatText(value.description)
  }

  // MARK: Frames

  /// Pushes a frame for a value or container starting at the current end of the buffer.
  ///
  /// - Parameters:
  ///   - kind: `.empty` for a value slot, `.keyed`/`.unkeyed` after writing `{`/`[`.
  ///   - isImplicit: Whether an enclosing frame's use closes it (nested containers).
  ///   - keyBase: The coding path length to restore when it closes.
  /// - Returns: The new frame's id.
  @inline(__always)
  mutating func push(_ kind: JSONBytesFrame.Kind, isImplicit: Bool, keyBase: Int) -> UInt32 {
    frames.append(top)
    let id = nextID
    nextID &+= 1
    top = JSONBytesFrame(
      id: id, kind: kind, isImplicit: isImplicit, firstMember: members.count, keyBase: keyBase,
      pathDepth: keys.count)
    if frames.count > Self.maximumDepth { failed = true }
    return id
  }

  /// Makes the frame `id` the innermost one, closing the implicit frames above it.
  ///
  /// - Returns: `false` (and marks the state failed) when `id` is closed, or when a call
  ///   frame (an `encode(to:)` still running) is above it: the value was encoded
  ///   through containers in an order that cannot be written linearly.
  @inline(__always)
  mutating func enter(_ id: UInt32) -> Bool {
    top.id == id || enterSlow(id)
  }

  @inline(never)
  mutating func enterSlow(_ id: UInt32) -> Bool {
    guard top.id > id, top.isImplicit else {
      failed = true
      return false
    }
    var index = frames.count - 1
    while index >= 0, frames[index].id > id {
      guard frames[index].isImplicit else {
        failed = true
        return false
      }
      index -= 1
    }
    guard index >= 0, frames[index].id == id else {
      failed = true
      return false
    }
    while top.id != id { closeTop() }
    return true
  }

  /// Closes the innermost frame: `{}` for an empty slot, sorts and closes an object,
  /// closes an array; restores the coding path and pops it.
  mutating func closeTop() {
    switch top.kind {
    case .empty:
      reserve(2)
      base[count] = UInt8(ascii: "{")
      base[count + 1] = UInt8(ascii: "}")
      count += 2
    case .single:
      break
    case .keyed:
      finishObject()
      byte(UInt8(ascii: "}"))
    case .unkeyed:
      byte(UInt8(ascii: "]"))
    }
    while keys.count > top.keyBase { keys.removeLast() }
    top = frames.removeLast()
  }

  /// Writes `,"key":` (no comma before the first member) into the innermost frame, an
  /// object, and records the member.
  ///
  /// - Parameters:
  ///   - key: The key's UTF-8 bytes.
  ///   - isNested: Whether a nested container or super encoder fills the member.
  @inline(__always)
  mutating func member(_ key: UnsafeBufferPointer<UInt8>, isNested: Bool) {
    if top.count > 0 { byte(UInt8(ascii: ",")) }
    let start = count
    let flags = quoted(key)
    let keyLength = count - start - 2
    byte(UInt8(ascii: ":"))
    if flags != 0 {
      if flags & 1 != 0 { top.hasEscapedKey = true }
      if flags & 2 != 0 { top.hasNonASCIIKey = true }
    }
    if top.count > 0, top.isSorted {
      let previous = members[members.count - 1]
      if compareKeys(previous.start, previous.keyLength, start, keyLength) >= 0 {
        top.isSorted = false
      }
    }
    members.append(JSONBytesMember(start: start, keyLength: keyLength, isNested: isNested))
    top.count += 1
  }

  /// Writes the separator before the next element of the innermost frame, an array.
  @inline(__always)
  mutating func element() {
    if top.count > 0 { byte(UInt8(ascii: ",")) }
    top.count += 1
  }

  /// Compares two written keys by their bytes (UTF-8 order, as `JSONEncoder` sorts):
  /// negative, zero or positive. Keys are short and usually differ early, so a plain
  /// loop beats a `memcmp` call.
  @inline(__always)
  func compareKeys(_ a: Int, _ aLength: Int, _ b: Int, _ bLength: Int) -> Int {
    let x = base + a + 1
    let y = base + b + 1
    let common = min(aLength, bLength)
    var i = 0
    while i < common {
      if x[i] != y[i] { return Int(x[i]) - Int(y[i]) }
      i += 1
    }
    return aLength - bLength
  }
}
