/// The members of a JSON object: ordered key/value pairs with unique keys.
///
/// Key order is kept for display; equality and hashing ignore it (RFC 8259
/// leaves member order insignificant, and RFC 6902's `test` ignores it).
/// Lookup is O(1) on large objects through a key index built on demand.
public struct JSONObject: Sendable {
  @usableFromInline package var storage: JSONContainerStorage

  /// A value over `storage`, shared.
  init(storage: JSONContainerStorage) { self.storage = storage }

  /// An empty object.
  public init() { storage = JSONContainerStorage(keys: [], values: []) }

  /// An object of `pairs` in order. A repeated key keeps its first position
  /// and its last value, as jq does.
  public init(_ pairs: some Sequence<(String, JSONValue)>) {
    self.init()
    for (key, value) in pairs { self[key] = value }
  }

  /// An object from parallel arrays of keys and values, in order. A repeated
  /// key keeps its first position and its last value.
  /// `depth`, when known, is the nesting depth of the values' trees plus one.
  package init(keys: [String], values: [JSONValue], depth: Int? = nil) {
    storage = JSONContainerStorage(keys: keys, values: values, depth: depth)
    if storage.hasDuplicateKeys() {
      self = JSONObject(zip(keys, values))
    }
  }

  /// An object from parallel arrays of keys and values, the keys known to be unique
  /// (no two with the same bytes, see `ExactKey`): no check, and `keys` shared;
  /// `depth`, when known, is the nesting depth of the values' trees plus one.
  package init(uniqueKeys keys: [String], values: [JSONValue], depth: Int? = nil) {
    storage = JSONContainerStorage(keys: keys, values: values, depth: depth)
  }

  /// The number of members.
  public var count: Int { storage.values.count }
  /// Whether the object has no members.
  public var isEmpty: Bool { storage.values.isEmpty }
  /// The keys in their original order.
  public var keys: [String] { storage.keys! }
  /// The values, aligned with ``keys``.
  public var values: [JSONValue] { storage.values }

  /// The position of `key` in ``keys``, or `nil`.
  public func index(forKey key: String) -> Int? { storage.index(of: key) }

  /// The value for `key`; `nil` when the key is missing (a key present with
  /// `null` gives `.null`). Setting `nil` removes the key; setting a value for a
  /// new key appends it at the end.
  public subscript(key: String) -> JSONValue? {
    get { storage.index(of: key).map { storage.values[$0] } }
    set {
      makeUnique()
      if let i = storage.index(of: key) {
        if let newValue {
          storage.noteChild(newValue)
          storage.values[i] = newValue
        } else {
          storage.removeMember(at: i)
        }
      } else if let newValue {
        storage.appendMember(key, newValue)
      }
    }
  }

  /// Removes `key` and returns its value, or `nil` when it was missing. O(n).
  @discardableResult
  public mutating func removeValue(forKey key: String) -> JSONValue? {
    guard let i = storage.index(of: key) else { return nil }
    makeUnique()
    let old = storage.values[i]
    storage.removeMember(at: i)
    return old
  }

  private mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) {
      storage = JSONContainerStorage(keys: storage.keys, values: storage.values)
    }
  }
}

extension JSONObject: Sequence {
  /// The members in order, as `(key, value)` pairs.
  public func makeIterator() -> some IteratorProtocol<(key: String, value: JSONValue)> {
    zip(keys, values).lazy.map { (key: $0.0, value: $0.1) }.makeIterator()
  }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
  /// A dictionary literal; order is kept.
  public init(dictionaryLiteral elements: (String, JSONValue)...) { self.init(elements) }
}
