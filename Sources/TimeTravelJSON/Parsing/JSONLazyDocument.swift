import Synchronization

/// The bytes of one parsed document whose large containers are built when first read.
///
/// A command reads a few fields of an entry: a predicate's path, one of its two states.
/// Building every container of a 20 KB entry costs hundreds of allocations, most of
/// them for parts no one reads. So ``JSONParser/parse(bytes:)-(UnsafeBufferPointer<UInt8>)``
/// checks the whole document with the validating scan (about 1 GB/s), which also
/// records where each container of at least ``minimumLazyBytes`` opens and closes. Such
/// a container is built one level at a time, on first access; smaller ones are built
/// with their parent, in full. Errors are all found by the scan, so building never fails.
///
/// The document's bytes and index stay alive as long as any value built from it,
/// whether or not its containers have been built: the line's size plus 8 bytes per
/// container of 512 bytes or more (about 1.01× for a log entry; for pathological
/// nesting, where every level is such a container, up to about 5×), and 72 bytes per
/// large container once it exists as a value.
final class JSONLazyDocument: @unchecked Sendable {
  // Sendable: `bytes` and `containers` are never written after `init`; `scratch` is
  // behind a lock.

  /// Containers smaller than this many bytes, brackets included, are built with their
  /// parent: a to-do or a small object costs less to build than to defer.
  static let minimumLazyBytes = 512

  /// The document, copied: the caller's buffer lives only as long as the parse.
  let bytes: UnsafeBufferPointer<UInt8>
  /// Each large container as `start << 32 | end` (offsets of its two brackets), sorted.
  private let containers: [UInt64]
  /// Working memory for building containers. The lock also makes building one at a
  /// time per document, so two threads reading the same container build it once.
  let scratch = Mutex(ParseScratch())

  private init(copying source: UnsafeBufferPointer<UInt8>, containers: [UInt64]) {
    let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: source.count)
    // One copy of memory (the buffer's `initialize(from:)` copies a byte at a time).
    if let from = source.baseAddress, let to = copy.baseAddress {
      to.initialize(from: from, count: source.count)
    }
    bytes = UnsafeBufferPointer(copy)
    self.containers = containers
  }

  deinit { UnsafeMutableBufferPointer(mutating: bytes).deallocate() }

  /// The offset of the closing bracket of the large container whose opening bracket
  /// is at `start`, or `nil` when no large container opens there. O(log n).
  func end(ofContainerAt start: Int) -> Int? {
    let key = UInt64(start) << 32
    var low = 0
    var high = containers.count
    while low < high {
      let middle = (low + high) / 2
      if containers[middle] < key { low = middle + 1 } else { high = middle }
    }
    guard low < containers.count, containers[low] >> 32 == UInt64(start) else { return nil }
    return Int(truncatingIfNeeded: containers[low] & 0xFFFF_FFFF)
  }

  /// The value of `bytes` with its large containers left to be built, or `nil` when
  /// the bytes are not exactly one valid JSON value, are too large to index (4 GB), or
  /// hold no large container at the top (the caller then parses them eagerly).
  static func value(parsing bytes: UnsafeBufferPointer<UInt8>) -> JSONValue? {
    guard let base = bytes.baseAddress, bytes.count < 1 << 32 else { return nil }
    let start = JSONSkipper.skipWhitespace(base, 0, bytes.count)
    guard case (let value?, let end) = value(in: bytes, at: start),
      JSONSkipper.skipWhitespace(base, end, bytes.count) == bytes.count
    else { return nil }
    return value
  }

  /// The value that starts at `start` in `bytes` (no leading whitespace), validated,
  /// with its large containers left to be built, and the offset just past it. The value
  /// is `nil` when it is not valid (the offset is then -1), when it is not a large
  /// container (the caller then parses it eagerly: it is small), or when `bytes` are too
  /// large to index (4 GB). The document keeps a copy of the value's bytes only.
  /// - Complexity: O(length of the value): one validating pass.
  static func value(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (JSONValue?, Int) {
    guard let base = bytes.baseAddress, bytes.count < 1 << 32, start < bytes.count else {
      return (nil, -1)
    }
    var indexer = Indexer()
    let end = JSONSkipper.skipValue(base, start, bytes.count, observing: &indexer)
    // The top container closes last.
    guard end >= 0, let top = indexer.large.last, top >> 32 == UInt64(start) else {
      return (nil, end)
    }
    // Offsets relative to the copied bytes.
    let shift = UInt64(start) << 32 | UInt64(start)
    var containers = indexer.large.map { $0 &- shift }
    containers.sort()
    let document = JSONLazyDocument(
      copying: UnsafeBufferPointer(rebasing: bytes[start..<end]), containers: containers)
    // Empty containers are not reported to the indexer: one level more than it saw.
    return (document.value(at: 0, depth: indexer.deepest + 1), end)
  }

  /// The large container whose opening bracket is at `start`, not yet built. `depth`
  /// is at least the nesting depth of its tree.
  func value(at start: Int, depth: Int) -> JSONValue {
    let isObject = bytes[start] == UInt8(ascii: "{")
    let storage = JSONContainerStorage(lazyIn: self, at: start, isObject: isObject, depth: depth)
    return isObject ? .object(JSONObject(storage: storage)) : .array(JSONArray(storage: storage))
  }

  /// Records the large containers a scan passes, as they close.
  private struct Indexer: JSONValidator.ContainerObserver {
    var open: [Int] = []
    var large: [UInt64] = []
    var deepest = 0

    mutating func opened(at offset: Int) {
      open.append(offset)
      if open.count > deepest { deepest = open.count }
    }

    mutating func closed(at offset: Int) {
      let start = open.removeLast()
      if offset - start + 1 >= JSONLazyDocument.minimumLazyBytes {
        large.append(UInt64(start) << 32 | UInt64(offset))
      }
    }
  }
}

extension JSONParser {
  /// The container whose opening bracket is at ``offset``, in `document`: its members
  /// built, its large child containers left to be built on first access (each with
  /// the nesting bound `childDepth`).
  mutating func parseMembers(
    in document: JSONLazyDocument, scratch: inout ParseScratch, childDepth: Int
  ) throws(JSONParseError) -> JSONValue {
    let isObject = bytes[offset] == UInt8(ascii: "{")
    let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
    let valueStart = scratch.values.count
    let keyStart = scratch.keys.count
    offset += 1
    skipWhitespace()
    if peek != closing {
      while true {
        if isObject { scratch.keys.push(try parseKey(scratch.keyCache)) }
        let byte = peek
        if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "["),
          let end = document.end(ofContainerAt: offset)
        {
          scratch.values.push(document.value(at: offset, depth: childDepth))
          offset = end + 1
        } else {
          scratch.values.push(try parseValue(&scratch))
        }
        skipWhitespace()
        guard peek == UInt8(ascii: ",") else { break }
        offset += 1
        skipWhitespace()
      }
    }
    guard peek == closing else {
      throw error(
        "expected ',' or '\(Character(Unicode.Scalar(closing)))', found \(describeByte(at: offset))"
      )
    }
    offset += 1
    let elements = scratch.values.popArray(from: valueStart)
    // The depth of this container's tree is at most one more than its children's bound
    // (the storage built here only hands its members to the lazy container).
    guard isObject else { return .array(JSONArray(elements: elements, depth: childDepth + 1)) }
    return .object(
      scratch.shapes.object(
        keys: &scratch.keys, from: keyStart, values: elements, depth: childDepth + 1))
  }
}
