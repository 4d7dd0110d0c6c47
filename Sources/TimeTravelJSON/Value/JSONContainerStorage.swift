import Foundation
import Synchronization

/// Shared storage of ``JSONArray`` (keys `nil`) and ``JSONObject``.
///
/// A class, not a bare Swift array, for two reasons. Swift releases nested
/// arrays recursively, and a 100,000-deep value overflows the stack when it is
/// freed: this class's `deinit` takes uniquely owned descendants apart with an
/// explicit stack instead. And a container of a parsed document can be built on
/// first access (see `JSONLazyDocument`), which needs a place to keep its origin.
@usableFromInline
package final class JSONContainerStorage: @unchecked Sendable {
  // Mutated only through a uniquely referenced owner (copy-on-write), so
  // sharing across threads is read-only, except for building a lazy container:
  // that happens once, under the document's lock, and is published by `isBuilt`.
  //
  // Dynamic exclusivity checks are off for these properties: every container the
  // parser creates reads its children's `depth` and writes its own members, and the
  // checks cost more than the work. Each access is a whole read or write of the
  // property; none is held across a call that could reach the same storage.
  @exclusivity(unchecked) private var builtKeys: [String]?
  @exclusivity(unchecked) private var builtValues: [JSONValue]
  /// Where a container that is not built yet comes from; `nil` for one built eagerly.
  private let origin: (document: JSONLazyDocument, start: Int)?
  /// Whether `builtKeys`, `builtValues` and `keyIndex` hold the members.
  private let isBuilt: Atomic<Bool>

  /// The keys of an object in order; `nil` for an array.
  var keys: [String]? {
    get {
      buildIfNeeded()
      return builtKeys
    }
    _modify {
      buildIfNeeded()
      yield &builtKeys
    }
  }

  /// The elements, or the values aligned with ``keys``.
  var values: [JSONValue] {
    get {
      buildIfNeeded()
      return builtValues
    }
    _modify {
      buildIfNeeded()
      yield &builtValues
    }
  }
  /// Where the members are (built first if need be): the values, and for an object the
  /// keys aligned with them. The pointers stay valid while this storage lives and its
  /// members are not replaced, which cannot happen while it is shared (copy-on-write):
  /// for a printer walking a value it holds, without a retain per member.
  func memberPointers() -> (
    values: UnsafeBufferPointer<JSONValue>, keys: UnsafeBufferPointer<String>?
  ) {
    buildIfNeeded()
    let values = builtValues.withUnsafeBufferPointer { $0 }
    return (values, builtKeys?.withUnsafeBufferPointer { $0 })
  }

  /// At least the nesting depth of the tree below (1 + the deepest child container's
  /// depth; 1 without child containers). Every way a child is stored raises it, and a
  /// stored child cannot change in place (it is shared, so copy-on-write applies), so
  /// it is an upper bound; removals leave it as it was.
  @exclusivity(unchecked) private(set) var depth: Int
  /// Key → position, kept for large objects only. Built eagerly, never on a
  /// read, so that concurrent readers never write.
  @exclusivity(unchecked) private var keyIndex: [ExactKey: Int]?

  /// Objects up to this size are searched linearly: cheaper than hashing.
  private static let linearSearchLimit = 12

  /// A built container of `keys` (`nil` for an array) and `values`; `depth`, when the
  /// caller knows it (the parser does), is its tree's nesting depth, else it is found
  /// from the values.
  init(keys: [String]?, values: [JSONValue], depth knownDepth: Int? = nil) {
    builtKeys = keys
    builtValues = values
    origin = nil
    isBuilt = Atomic(true)
    // From the argument, not the property: the parser creates one storage per
    // container, and reading a class property costs a dynamic exclusivity check.
    keyIndex = Self.index(keys)
    if let knownDepth {
      depth = knownDepth
      return
    }
    var deepest = 0
    for value in values {
      if let child = value.containerStorage, child.depth > deepest { deepest = child.depth }
    }
    depth = deepest + 1
  }

  /// A container of `document` whose opening bracket is at `start`, built on first
  /// access. `depth` is at least the nesting depth of its tree.
  init(lazyIn document: JSONLazyDocument, at start: Int, isObject: Bool, depth: Int) {
    builtKeys = isObject ? [] : nil
    builtValues = []
    origin = (document, start)
    isBuilt = Atomic(false)
    keyIndex = nil
    self.depth = depth
  }

  /// The document and the offsets of the brackets of a lazy container not built yet;
  /// `nil` once it is built (or for one built eagerly).
  var unbuiltSource: (document: JSONLazyDocument, start: Int, end: Int)? {
    guard let (document, start) = origin, !isBuilt.load(ordering: .acquiring),
      let end = document.end(ofContainerAt: start)
    else { return nil }
    return (document, start, end)
  }

  /// Whether this container and `other` are both unbuilt and parsed from the same bytes,
  /// so equal without building either.
  func hasSameUnbuiltSource(as other: JSONContainerStorage) -> Bool {
    guard let a = unbuiltSource, let b = other.unbuiltSource, a.end - a.start == b.end - b.start
    else { return false }
    return memcmp(
      a.document.bytes.baseAddress! + a.start, b.document.bytes.baseAddress! + b.start,
      a.end - a.start + 1) == 0
  }

  /// Whether this container is built and holds no container that may still be unbuilt
  /// (only a lazy container has lazy children).
  var isFullyBuiltLeaf: Bool { origin == nil }

  /// Whether the members are in memory: always, except for a lazy container not read yet.
  var hasMembersInMemory: Bool { origin == nil || isBuilt.load(ordering: .acquiring) }

  @inline(__always)
  private func buildIfNeeded() {
    if origin != nil && !isBuilt.load(ordering: .acquiring) { build() }
  }

  @inline(never)
  private func build() {
    guard let (document, start) = origin else { return }
    document.scratch.withLock { scratch in
      guard !isBuilt.load(ordering: .acquiring) else { return }
      var parser = JSONParser(bytes: document.bytes, offset: start)
      parser.isValidated = true
      let built: JSONContainerStorage?
      do {
        built = try parser.parseMembers(in: document, scratch: &scratch, childDepth: depth - 1)
          .containerStorage
      } catch {
        preconditionFailure("a validated JSON document failed to parse: \(error)")
      }
      // Fresh and eagerly built: its fields can be read directly.
      builtKeys = built?.builtKeys
      builtValues = built?.builtValues ?? []
      keyIndex = built?.keyIndex
      // So that its deinit, dismantling a deep tree, does not copy the shared buffer.
      built?.builtValues = []
      isBuilt.store(true, ordering: .releasing)
    }
  }

  /// Raises ``depth`` for `value`, about to be stored here.
  @inline(__always)
  func noteChild(_ value: JSONValue) {
    if let child = value.containerStorage, child.depth >= depth { depth = child.depth + 1 }
  }

  private static func index(_ keys: [String]?) -> [ExactKey: Int]? {
    guard let keys, keys.count > Self.linearSearchLimit else { return nil }
    var index = [ExactKey: Int](minimumCapacity: keys.count)
    for (i, k) in keys.enumerated() where index[ExactKey(k)] == nil { index[ExactKey(k)] = i }
    return index
  }

  private func rebuildIndex() { keyIndex = Self.index(keys) }

  func index(of key: String) -> Int? {
    guard let keys else { return nil }
    guard let keyIndex else { return keys.firstIndex { ExactKey.same($0, key) } }
    return keyIndex[ExactKey(key)]
  }

  func hasDuplicateKeys() -> Bool {
    guard let keys, keys.count > 1 else { return false }
    if keys.count <= 8 {
      for i in 1..<keys.count where keys[..<i].contains(where: { ExactKey.same($0, keys[i]) }) {
        return true
      }
      return false
    }
    return Set(keys.map(ExactKey.init)).count != keys.count
  }

  func appendMember(_ key: String, _ value: JSONValue) {
    noteChild(value)
    keys!.append(key)
    values.append(value)
    if keyIndex != nil {
      keyIndex![ExactKey(key)] = values.count - 1
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
    // The built members only: a container not built yet has no children to release.
    var pending = builtValues
    builtValues = []
    while let value = pending.popLast() {
      guard var storage = value.containerStorage else { continue }
      // End `value`'s lifetime so `storage` holds the only reference when no
      // one else shares this container.
      _ = consume value
      if isKnownUniquelyReferenced(&storage) {
        pending.append(contentsOf: storage.builtValues)
        storage.builtValues = []
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

extension JSONValue {
  /// Builds every container of a lazily parsed value now, on the calling thread (a
  /// scan's worker), so that whoever reads it later finds it built. Iterative.
  package func buildContainers() {
    var pending = [self]
    while let value = pending.popLast() {
      guard let storage = value.containerStorage, !storage.isFullyBuiltLeaf else { continue }
      pending.append(contentsOf: storage.values)
    }
  }
}
