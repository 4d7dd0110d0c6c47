import TimeTravelJSON

/// Structural differences between two JSON documents: what an action changed.
///
/// Objects are compared key by key; arrays by identity (``DiffOptions/idKeys``)
/// when every element carries a unique id, otherwise by a shortest edit script
/// (Myers). Nothing recurses on the documents' depth: a 100,000-deep pair is
/// diffed with an explicit work stack.
public enum JSONDiff {
  /// Changes that turn `old` into `new`, in document order within each
  /// container. Equal values (by `JSONValue ==`, numbers by value) produce no
  /// change, so the result is empty exactly when `old == new`.
  ///
  /// - Objects: the new object's keys in order (added, or changed), then keys
  ///   removed, in the old order. A key holding `null` differs from a missing
  ///   key.
  /// - Arrays: see ``JSONChange`` for the order that keeps paths valid when
  ///   the changes are applied one after another (RFC 6902 §3).
  /// - Changed pairs of objects, or of arrays, are diffed inside, so a changed
  ///   field is reported at its own path; any other changed value is one
  ///   `replace`.
  ///
  /// Complexity: O(size of both documents) for hashing, plus per array
  /// O(N + M) with ids or O((N + M)·D) by position (D: number of edits).
  public static func changes(
    from old: JSONValue, to new: JSONValue, options: DiffOptions = .init()
  ) -> [JSONChange] {
    var engine = DiffEngine(hashes: StructuralHashes(old, new), options: options)
    return engine.run(old, new)
  }

  /// An RFC 6902 patch that turns `old` into `new` exactly: applying it to
  /// `old` gives a value `==` to `new`. One operation per change of
  /// ``changes(from:to:options:)``, in the same order. Same complexity.
  public static func patch(
    from old: JSONValue, to new: JSONValue, options: DiffOptions = .init()
  ) -> JSONPatch {
    JSONPatch(operations: changes(from: old, to: new, options: options).map(\.patchOperation))
  }
}

extension JSONChange {
  /// The RFC 6902 operation performing this change.
  public var patchOperation: JSONPatchOperation {
    switch op {
    case .add: .add(path: path, value: new ?? .null)
    case .remove: .remove(path: path)
    case .replace: .replace(path: path, value: new ?? .null)
    case .move: .move(from: from ?? path, path: path)
    }
  }
}

/// The diff's state: hashes, and paths kept as a tree of nodes so that a deep
/// descent costs O(1) per level instead of copying an O(depth) pointer.
struct DiffEngine {
  let hashes: StructuralHashes
  let options: DiffOptions
  private var parents: [Int] = []
  private var tokens: [String] = []

  /// The root's node.
  static let root = -1

  init(hashes: StructuralHashes, options: DiffOptions) {
    self.hashes = hashes
    self.options = options
  }

  /// A change whose pointers are still nodes.
  struct Pending {
    var op: JSONChange.Operation
    var node: Int
    var from: Int? = nil
    var oldPath: Int? = nil
    var newPath: Int? = nil
    var old: JSONValue? = nil
    var new: JSONValue? = nil
  }

  enum Work {
    case diff(JSONValue, JSONValue, node: Int)
    case emit(Pending)
  }

  mutating func node(_ parent: Int, _ token: String) -> Int {
    parents.append(parent)
    tokens.append(token)
    return tokens.count - 1
  }

  func pointer(_ node: Int) -> JSONPointer {
    var result: [String] = []
    var current = node
    while current != Self.root {
      result.append(tokens[current])
      current = parents[current]
    }
    return JSONPointer(tokens: result.reversed())
  }

  mutating func run(_ old: JSONValue, _ new: JSONValue) -> [JSONChange] {
    var output: [JSONChange] = []
    guard !hashes.equal(old, new) else { return output }
    // Work is popped from the end, so each container's items are pushed in
    // reverse: its changes come out in order, each nested diff completing
    // before the next sibling (document order).
    var stack: [Work] = [pairWork(old, new, node: Self.root)]
    while let work = stack.popLast() {
      switch work {
      case .emit(let pending):
        output.append(
          JSONChange(
            op: pending.op, path: pointer(pending.node), from: pending.from.map(pointer),
            oldPath: pending.oldPath.map(pointer), newPath: pending.newPath.map(pointer),
            old: pending.old, new: pending.new))
      case .diff(.object(let a), .object(let b), let node):
        stack.append(contentsOf: objectWork(a, b, node: node).reversed())
      case .diff(.array(let a), .array(let b), let node):
        stack.append(contentsOf: arrayWork(a.elements, b.elements, node: node).reversed())
      case .diff(let a, let b, let node):
        stack.append(.emit(Pending(op: .replace, node: node, old: a, new: b)))
      }
    }
    return output
  }

  /// Work for two values known to differ.
  private func pairWork(_ a: JSONValue, _ b: JSONValue, node: Int) -> Work {
    a.isSameContainerKind(as: b)
      ? .diff(a, b, node: node) : .emit(Pending(op: .replace, node: node, old: a, new: b))
  }

  private mutating func objectWork(_ a: JSONObject, _ b: JSONObject, node: Int) -> [Work] {
    var work: [Work] = []
    for (key, newValue) in zip(b.keys, b.values) {
      if let oldValue = a[key] {
        if !hashes.equal(oldValue, newValue) {
          // A separate statement: `self.node` inside `pairWork`'s arguments
          // would mutate `tokens` while `self` is borrowed, copying it per call.
          let child = self.node(node, key)
          work.append(pairWork(oldValue, newValue, node: child))
        }
      } else {
        work.append(.emit(Pending(op: .add, node: self.node(node, key), new: newValue)))
      }
    }
    for (key, oldValue) in zip(a.keys, a.values) where b[key] == nil {
      work.append(.emit(Pending(op: .remove, node: self.node(node, key), old: oldValue)))
    }
    return work
  }

  private mutating func arrayWork(_ a: [JSONValue], _ b: [JSONValue], node: Int) -> [Work] {
    let matching =
      ArrayMatching.byIdentity(a, b, idKeys: options.idKeys, hashes: hashes)
      ?? ArrayMatching.byPosition(a, b, hashes: hashes)
    var work: [Work] = []
    for i in matching.deleted.reversed() {
      work.append(.emit(Pending(op: .remove, node: self.node(node, String(i)), old: a[i])))
    }
    for step in ArrayPlacement.steps(matching, newCount: b.count) {
      switch step {
      // Where the patch's indexes (which count the operations before them) differ from
      // the element's old and new ones, the change keeps those too, for renderings.
      case .insert(let index, let j):
        let at = self.node(node, String(index))
        let shown = index == j ? nil : self.node(node, String(j))
        work.append(.emit(Pending(op: .add, node: at, newPath: shown, new: b[j])))
      case .move(let from, let to, let i, let j):
        let fromNode = self.node(node, String(from))
        let oldNode = i == from ? nil : self.node(node, String(i))
        let at = self.node(node, String(to))
        let shown = to == j ? nil : self.node(node, String(j))
        work.append(
          .emit(
            Pending(
              op: .move, node: at, from: fromNode, oldPath: oldNode, newPath: shown, new: b[j])))
      }
    }
    for match in matching.matches.sorted(by: { $0.new < $1.new }) where !match.isEqual {
      let child = self.node(node, String(match.new))
      work.append(pairWork(a[match.old], b[match.new], node: child))
    }
    return work
  }
}
