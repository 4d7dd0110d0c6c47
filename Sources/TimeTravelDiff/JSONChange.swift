import TimeTravelJSON

/// One step of a structural diff between two JSON documents.
///
/// The changes that ``JSONDiff/changes(from:to:options:)`` returns form a
/// script: applied in order (as RFC 6902 applies a patch) they turn the old
/// document into the new one, so every ``path`` (and a move's ``from``) is valid at
/// the moment its change applies. Within one array, removals come first from the
/// highest index down (so a removal's path is the element's index in the old
/// array), then insertions and moves in ascending order of their final index (their
/// path counts the elements not yet moved, so it can differ from that index), then
/// changes inside elements (at final indexes).
///
/// Renderings use one convention for every line instead: an element is named by its
/// index in the new document, except where the line shows it as it was (a removal,
/// and a move's source), which use its index in the old document; the containers
/// above a change are named as in the new document. ``shownPath`` and
/// ``shownSource`` give those (`↷ /todos/2 → /todos/0` for the element that was third
/// and is first), from ``newPath`` and ``oldPath``.
public struct JSONChange: Equatable, Sendable {
  /// The kind of change, named as the RFC 6902 operation that performs it.
  public enum Operation: String, Sendable {
    /// A value appeared: an object key that was missing, or an array element.
    case add
    /// A value disappeared.
    case remove
    /// A value was replaced by another (different type, or a changed scalar).
    case replace
    /// An array element kept its identity but changed its position.
    case move
  }

  /// What happened.
  public var op: Operation
  /// Where the value is: after the change for add, replace and move; before
  /// it for remove.
  public var path: JSONPointer
  /// For a move, where the element was just before the move (indexes count
  /// earlier changes in the same array): the RFC 6902 `from`; `nil` otherwise.
  public var from: JSONPointer?
  /// For a move whose ``from`` is not the element's index in the old array, that index
  /// (the containers above it named as in ``path``); `nil` otherwise: renderings then
  /// show ``from``.
  public var oldPath: JSONPointer?
  /// For an addition or a move into an array whose ``path`` is not the element's index
  /// in the new array, that index; `nil` otherwise: renderings then show ``path``.
  public var newPath: JSONPointer?
  /// The value before the change; `nil` for add.
  public var old: JSONValue?
  /// The value after the change; `nil` for remove.
  public var new: JSONValue?

  /// A change; normally made by ``JSONDiff``.
  public init(
    op: Operation, path: JSONPointer, from: JSONPointer? = nil, old: JSONValue? = nil,
    new: JSONValue? = nil
  ) {
    self.init(op: op, path: path, from: from, oldPath: nil, newPath: nil, old: old, new: new)
  }

  /// A change with the indexes renderings show (``oldPath``, ``newPath``); normally made
  /// by ``JSONDiff``.
  public init(
    op: Operation, path: JSONPointer, from: JSONPointer?, oldPath: JSONPointer?,
    newPath: JSONPointer?, old: JSONValue? = nil, new: JSONValue? = nil
  ) {
    self.op = op
    self.path = path
    self.from = from
    self.oldPath = oldPath
    self.newPath = newPath
    self.old = old
    self.new = new
  }

  /// Where a rendering places the change: ``newPath``, else ``path``.
  public var shownPath: JSONPointer { newPath ?? path }

  /// Where a rendering says a moved element came from: ``oldPath``, else ``from``.
  public var shownSource: JSONPointer? { oldPath ?? from }
}

/// How ``JSONDiff`` matches array elements.
public struct DiffOptions: Sendable {
  /// Keys that identify array elements, tried in order. When every element
  /// of both arrays is an object holding the first of these keys that all of
  /// them have, with values unique within each array, elements are matched
  /// by that key, so a reordered element is reported as a move rather than
  /// as edits to every position in between.
  public var idKeys: [String]

  /// Options; by default elements are identified by `id`, `ID` or `_id`.
  public init(idKeys: [String] = ["id", "ID", "_id"]) { self.idKeys = idKeys }
}

extension JSONChange {
  /// The same change with each of its pointers (`path`, `from`, `oldPath`, `newPath`)
  /// prefixed by `path`: a change found inside the value at `path` as the whole
  /// document names it (RFC 6901 pointers joined token by token).
  ///
  /// - Parameter path: Where the diffed value stands in the document; the root leaves
  ///   the change as it is.
  /// - Returns: The change with its pointers below `path`; values and `op` unchanged.
  /// - Complexity: O(d) in the tokens of `path` and of the change's pointers.
  public func placed(below path: JSONPointer) -> JSONChange {
    guard !path.tokens.isEmpty else { return self }
    func place(_ pointer: JSONPointer?) -> JSONPointer? {
      pointer.map { JSONPointer(tokens: path.tokens + $0.tokens) }
    }
    return JSONChange(
      op: op, path: place(self.path)!, from: place(from), oldPath: place(oldPath),
      newPath: place(newPath), old: old, new: new)
  }
}
