/// Shared storage of ``JSONArray`` (keys `nil`) and ``JSONObject``.
///
/// A class, not a bare Swift array, for one reason: Swift releases nested
/// arrays recursively, and a 100,000-deep value overflows the stack when it is
/// freed. This class's `deinit` takes uniquely owned descendants apart with an
/// explicit stack instead.
@usableFromInline
final class JSONContainerStorage: @unchecked Sendable {
  // Mutated only through a uniquely referenced owner (copy-on-write), so
  // sharing across threads is read-only.
  //
  // Dynamic exclusivity checks are off for these properties: every container the
  // parser creates reads its children's `depth` and writes its own members, and the
  // checks cost more than the work. Each access is a whole read or write of the
  // property; none is held across a call that could reach the same storage.
  @exclusivity(unchecked) var keys: [String]?
  @exclusivity(unchecked) var values: [JSONValue]
  /// At least the nesting depth of the tree below (1 + the deepest child container's
  /// depth; 1 without child containers). Every way a child is stored raises it, and a
  /// stored child cannot change in place (it is shared, so copy-on-write applies), so
  /// it is an upper bound; removals leave it as it was.
  @exclusivity(unchecked) private(set) var depth: Int
  /// Key → position, kept for large objects only. Built eagerly, never on a
  /// read, so that concurrent readers never write.
  @exclusivity(unchecked) private var keyIndex: [String: Int]?

  /// Objects up to this size are searched linearly: cheaper than hashing.
  private static let linearSearchLimit = 12

  init(keys: [String]?, values: [JSONValue]) {
    self.keys = keys
    self.values = values
    // From the argument, not the property: the parser creates one storage per
    // container, and reading a class property costs a dynamic exclusivity check.
    keyIndex = Self.index(keys)
    var deepest = 0
    for value in values {
      if let child = value.containerStorage, child.depth > deepest { deepest = child.depth }
    }
    depth = deepest + 1
  }

  /// Raises ``depth`` for `value`, about to be stored here.
  @inline(__always)
  func noteChild(_ value: JSONValue) {
    if let child = value.containerStorage, child.depth >= depth { depth = child.depth + 1 }
  }

  private static func index(_ keys: [String]?) -> [String: Int]? {
    guard let keys, keys.count > Self.linearSearchLimit else { return nil }
    var index = [String: Int](minimumCapacity: keys.count)
    for (i, k) in keys.enumerated() where index[k] == nil { index[k] = i }
    return index
  }

  private func rebuildIndex() { keyIndex = Self.index(keys) }

  func index(of key: String) -> Int? {
    guard let keys else { return nil }
    guard let keyIndex else { return keys.firstIndex(of: key) }
    return keyIndex[key]
  }

  func hasDuplicateKeys() -> Bool {
    guard let keys, keys.count > 1 else { return false }
    if keys.count <= 8 {
      for i in 1..<keys.count where keys[..<i].contains(keys[i]) { return true }
      return false
    }
    return Set(keys).count != keys.count
  }

  func appendMember(_ key: String, _ value: JSONValue) {
    noteChild(value)
    keys!.append(key)
    values.append(value)
    if keyIndex != nil {
      keyIndex![key] = values.count - 1
    } else if keys!.count > Self.linearSearchLimit {
      rebuildIndex()
    }
  }

  func removeMember(at i: Int) {
    keys!.remove(at: i)
    values.remove(at: i)
    rebuildIndex()
  }

  /// Trees up to this depth are released the ordinary way, recursively: fast, and at a
  /// few hundred bytes of stack per level, far from any thread's stack limit.
  private static let recursiveReleaseDepth = 256

  deinit {
    guard depth > Self.recursiveReleaseDepth else { return }
    var pending = values
    values = []
    while let value = pending.popLast() {
      guard var storage = value.containerStorage else { continue }
      // End `value`'s lifetime so `storage` holds the only reference when no
      // one else shares this container.
      _ = consume value
      if isKnownUniquelyReferenced(&storage) {
        pending.append(contentsOf: storage.values)
        storage.values = []
      }
    }
  }
}

extension JSONValue {
  var containerStorage: JSONContainerStorage? {
    switch self {
    case .array(let a): a.storage
    case .object(let o): o.storage
    default: nil
    }
  }
}
