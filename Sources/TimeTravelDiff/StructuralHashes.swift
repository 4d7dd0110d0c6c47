import TimeTravelJSON

/// Hashes of every container in the documents being diffed, computed once,
/// bottom-up and iteratively.
///
/// Why: the diff asks "are these two subtrees equal?" at every level it
/// descends. Answering with a full `==` each time costs O(size) per level,
/// which is quadratic on a 100,000-deep document. With a memoised hash per
/// container, unequal subtrees (the ones the diff descends into) are told
/// apart in O(1); a full comparison runs only when hashes agree, and then the
/// diff stops there, so each node is compared in full at most a few times.
struct StructuralHashes {
  // Keyed by the container's storage, which the documents keep alive for the
  // whole diff.
  private var table: [ObjectIdentifier: Int] = [:]

  init(_ documents: JSONValue...) {
    for document in documents { add(document) }
  }

  private mutating func add(_ root: JSONValue) {
    var stack: [(value: JSONValue, childrenDone: Bool)] = [(root, false)]
    while let (value, childrenDone) = stack.popLast() {
      guard let id = value.storageID, table[id] == nil else { continue }
      if childrenDone {
        table[id] = combine(value)
        continue
      }
      stack.append((value, true))
      for child in value.childValues where child.isContainer {
        if let childID = child.storageID, table[childID] == nil { stack.append((child, false)) }
      }
    }
  }

  private func combine(_ value: JSONValue) -> Int {
    var hasher = Hasher()
    switch value {
    case .array(let array):
      hasher.combine(5 as UInt8)
      hasher.combine(array.count)
      for element in array { hasher.combine(hash(element)) }
    case .object(let object):
      // Order-independent, as object equality is.
      var sum = 0
      for (key, member) in zip(object.keys, object.values) {
        var pair = Hasher()
        pair.combine(key)
        pair.combine(hash(member))
        sum &+= pair.finalize()
      }
      hasher.combine(6 as UInt8)
      hasher.combine(object.count)
      hasher.combine(sum)
    default:
      return value.hashValue
    }
    return hasher.finalize()
  }

  /// A hash consistent with `JSONValue ==`. O(1) for containers seen at init.
  func hash(_ value: JSONValue) -> Int {
    if let id = value.storageID {
      if let known = table[id] { return known }
      return value.hashValue
    }
    return value.hashValue
  }

  /// `JSONValue ==`, short-cut by shared storage and by hashes.
  func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
    if let x = a.storageID, let y = b.storageID, x == y { return true }
    if hash(a) != hash(b) { return false }
    return a == b
  }
}

/// A value made hashable through ``StructuralHashes``, so arrays of large
/// elements can be interned without rehashing each subtree.
struct InternedValue: Hashable {
  let hash: Int
  let value: JSONValue

  static func == (lhs: InternedValue, rhs: InternedValue) -> Bool {
    lhs.hash == rhs.hash && lhs.value == rhs.value
  }

  func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

extension JSONValue {
  /// The identity of a container's storage; `nil` for scalars.
  var storageID: ObjectIdentifier? {
    switch self {
    case .array(let a): ObjectIdentifier(a.storage)
    case .object(let o): ObjectIdentifier(o.storage)
    default: nil
    }
  }

  /// The elements or member values; empty for scalars.
  var childValues: [JSONValue] {
    switch self {
    case .array(let a): a.elements
    case .object(let o): o.values
    default: []
    }
  }

  /// Whether both are arrays or both are objects: the pairs the diff
  /// descends into instead of replacing whole.
  func isSameContainerKind(as other: JSONValue) -> Bool {
    switch (self, other) {
    case (.array, .array), (.object, .object): true
    default: false
    }
  }
}
