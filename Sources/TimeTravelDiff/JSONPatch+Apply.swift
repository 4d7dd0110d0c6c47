import TimeTravelJSON

extension JSONPatch {
  /// Applies all operations in order (RFC 6902 §3) and returns the result.
  ///
  /// Atomic (§5): the operations work on a copy, so on any failure nothing
  /// the caller holds is modified. Array tokens must be decimal without
  /// leading zeros (RFC 6901 §4); `add` accepts index == count and `-` to
  /// append. Paths are followed iteratively, so any depth works.
  /// Complexity: per operation O(depth + sizes of the containers on the path).
  /// - Throws: ``JSONPatchError`` with the failing operation's index when a
  ///   path does not exist, an index is invalid or out of range, a `move`
  ///   targets its own child, or a `test` finds a different value.
  public func apply(to document: JSONValue) throws(JSONPatchError) -> JSONValue {
    var result = document
    for (index, operation) in operations.enumerated() {
      do {
        try Self.apply(operation, to: &result)
      } catch {
        throw JSONPatchError(operationIndex: index, message: "\(operation.name): \(error.message)")
      }
    }
    return result
  }

  private static func apply(_ operation: JSONPatchOperation, to document: inout JSONValue)
    throws(PatchFailure)
  {
    switch operation {
    case .add(let path, let value):
      try add(value, at: path, in: &document)
    case .remove(let path):
      _ = try remove(at: path, in: &document)
    case .replace(let path, let value):
      try modifyParent(of: path, in: &document) { (parent, token) throws(PatchFailure) in
        switch parent {
        case .object(var object):
          parent = .null
          guard object[token] != nil else { throw .missing(path) }
          object[token] = value
          parent = .object(object)
        case .array(var array):
          parent = .null
          let i = try existingIndex(token, in: array, path: path)
          array[i] = value
          parent = .array(array)
        default:
          throw .notContainer(path)
        }
      } root: { (root) throws(PatchFailure) in
        root = value
      }
    case .move(let from, let path):
      guard from != path else {
        guard from.resolve(in: document) != nil else { throw .missing(from) }
        return
      }
      if path.hasPrefix(from) {
        throw PatchFailure(message: "cannot move \(from.quoted) into its own child \(path.quoted)")
      }
      let value = try remove(at: from, in: &document)
      try add(value, at: path, in: &document)
    case .copy(let from, let path):
      guard let value = from.resolve(in: document) else { throw .missing(from) }
      try add(value, at: path, in: &document)
    case .test(let path, let value):
      guard let actual = path.resolve(in: document) else { throw .missing(path) }
      guard actual == value else {
        throw PatchFailure(
          message:
            "value at \(path.quoted) is \(abbreviated(actual)), not \(abbreviated(value))")
      }
    }
  }

  private static func abbreviated(_ value: JSONValue) -> String {
    let text = JSONPrinter.compact.print(value)
    return text.count <= 60 ? text : String(text.prefix(59)) + "…"
  }

  private static func add(_ value: JSONValue, at path: JSONPointer, in document: inout JSONValue)
    throws(PatchFailure)
  {
    try modifyParent(of: path, in: &document) { (parent, token) throws(PatchFailure) in
      switch parent {
      case .object(var object):
        parent = .null
        object[token] = value
        parent = .object(object)
      case .array(var array):
        parent = .null
        if token == "-" {
          array.append(value)
        } else {
          guard let i = JSONPointer.arrayIndex(token) else { throw .badIndex(token, path) }
          guard i <= array.count else {
            throw PatchFailure(
              message: "index \(i) at \(path.quoted) is beyond the array's end (\(array.count))")
          }
          array.insert(value, at: i)
        }
        parent = .array(array)
      default:
        throw .notContainer(path)
      }
    } root: { (root) throws(PatchFailure) in
      root = value
    }
  }

  private static func remove(at path: JSONPointer, in document: inout JSONValue)
    throws(PatchFailure) -> JSONValue
  {
    var removed = JSONValue.null
    try modifyParent(of: path, in: &document) { (parent, token) throws(PatchFailure) in
      switch parent {
      case .object(var object):
        parent = .null
        guard let old = object.removeValue(forKey: token) else { throw .missing(path) }
        removed = old
        parent = .object(object)
      case .array(var array):
        parent = .null
        removed = array.remove(at: try existingIndex(token, in: array, path: path))
        parent = .array(array)
      default:
        throw .notContainer(path)
      }
    } root: { (_) throws(PatchFailure) in
      throw PatchFailure(message: "cannot remove the whole document")
    }
    return removed
  }

  private static func existingIndex(_ token: String, in array: JSONArray, path: JSONPointer)
    throws(PatchFailure) -> Int
  {
    guard let i = JSONPointer.arrayIndex(token) else { throw .badIndex(token, path) }
    guard i < array.count else {
      throw PatchFailure(
        message: "index \(i) at \(path.quoted) is out of range (array has \(array.count) elements)")
    }
    return i
  }

  /// Runs `body` on the container holding `path`'s last token, or `root` on
  /// the whole document for the empty pointer. Walks down keeping the
  /// containers passed through, then writes each modified child back into
  /// its parent on the way up: no recursion on depth.
  private static func modifyParent(
    of path: JSONPointer, in document: inout JSONValue,
    _ body: (inout JSONValue, String) throws(PatchFailure) -> Void,
    root: (inout JSONValue) throws(PatchFailure) -> Void
  ) throws(PatchFailure) {
    guard let last = path.tokens.last else {
      try root(&document)
      return
    }
    var chain: [(container: JSONValue, token: String)] = []
    // Taken out of `document` (and each child out of its parent below) so
    // every container on the path is uniquely referenced and mutates in
    // place instead of being copied. On a throw `document` is left partly
    // dismantled; `apply(to:)` then discards its working copy anyway.
    var current = document
    document = .null
    for (depth, token) in path.tokens.dropLast().enumerated() {
      guard let child = takeChild(token, from: &current) else {
        throw .missing(JSONPointer(tokens: Array(path.tokens[...depth])))
      }
      chain.append((current, token))
      current = child
    }
    try body(&current, last)
    while !chain.isEmpty {
      var (parent, token) = chain.removeLast()
      switch parent {
      case .object(var object):
        parent = .null
        object[token] = current
        parent = .object(object)
      case .array(var array):
        parent = .null
        array[JSONPointer.arrayIndex(token)!] = current
        parent = .array(array)
      default:
        preconditionFailure("a resolved path only passes through containers")
      }
      current = parent
    }
    document = current
  }

  /// The child at `token`, leaving `null` in its place, or `nil` when absent.
  private static func takeChild(_ token: String, from container: inout JSONValue) -> JSONValue? {
    switch container {
    case .object(var object):
      guard let child = object[token] else { return nil }
      container = .null
      object[token] = .null
      container = .object(object)
      return child
    case .array(var array):
      guard let i = JSONPointer.arrayIndex(token), i < array.count else { return nil }
      let child = array[i]
      container = .null
      array[i] = .null
      container = .array(array)
      return child
    default:
      return nil
    }
  }
}

/// An application failure before the operation's index is attached.
struct PatchFailure: Error {
  var message: String

  static func missing(_ path: JSONPointer) -> PatchFailure {
    PatchFailure(message: "path \(path.quoted) does not exist")
  }

  static func notContainer(_ path: JSONPointer) -> PatchFailure {
    PatchFailure(message: "the parent of \(path.quoted) is not an object or array")
  }

  static func badIndex(_ token: String, _ path: JSONPointer) -> PatchFailure {
    PatchFailure(
      message:
        "\(JSONPointer.quoted(token)) in \(path.quoted) is not an array index (decimal, no leading zeros)"
    )
  }
}
