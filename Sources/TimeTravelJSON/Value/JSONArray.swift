/// The elements of a JSON array: a copy-on-write random-access collection of
/// ``JSONValue``.
///
/// Releasing a deeply nested array never recurses: the storage dismantles
/// uniquely owned descendants with an explicit stack.
public struct JSONArray: Sendable {
  @usableFromInline package var storage: JSONContainerStorage

  /// A value over `storage`, shared.
  init(storage: JSONContainerStorage) { self.storage = storage }

  /// An empty array.
  public init() { storage = JSONContainerStorage(keys: nil, values: []) }

  /// An array holding `elements` in order.
  public init(_ elements: some Sequence<JSONValue>) {
    storage = JSONContainerStorage(keys: nil, values: Array(elements))
  }

  /// An array holding `elements`, sharing their buffer; `depth`, when known, is the
  /// nesting depth of the elements' trees plus one.
  init(elements: [JSONValue], depth: Int? = nil) {
    storage = JSONContainerStorage(keys: nil, values: elements, depth: depth)
  }

  /// The elements as a Swift array. O(1): the buffer is shared, not copied.
  public var elements: [JSONValue] { storage.values }

  /// Appends `value`. Amortised O(1).
  public mutating func append(_ value: JSONValue) {
    makeUnique()
    storage.noteChild(value)
    storage.values.append(value)
  }

  /// Removes and returns the element at `index`. O(n).
  @discardableResult
  public mutating func remove(at index: Int) -> JSONValue {
    makeUnique()
    return storage.values.remove(at: index)
  }

  /// Inserts `value` before `index` (which may equal `count`). O(n).
  public mutating func insert(_ value: JSONValue, at index: Int) {
    makeUnique()
    storage.noteChild(value)
    storage.values.insert(value, at: index)
  }

  private mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) {
      storage = JSONContainerStorage(keys: nil, values: storage.values)
    }
  }
}

extension JSONArray: RandomAccessCollection, MutableCollection {
  /// Always 0.
  public var startIndex: Int { 0 }
  /// The element count.
  public var endIndex: Int { storage.values.count }
  /// The element at `position`; traps when out of bounds, like `Array`.
  public subscript(position: Int) -> JSONValue {
    get { storage.values[position] }
    set {
      makeUnique()
      storage.noteChild(newValue)
      storage.values[position] = newValue
    }
  }
}

extension JSONArray: ExpressibleByArrayLiteral {
  /// An array literal.
  public init(arrayLiteral elements: JSONValue...) { self.init(elements) }
}
