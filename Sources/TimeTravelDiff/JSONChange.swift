import TimeTravelJSON

/// One step of a structural diff between two JSON documents.
///
/// The changes that ``JSONDiff/changes(from:to:options:)`` returns form a
/// script: applied in order (as RFC 6902 applies a patch) they turn the old
/// document into the new one, so every path is valid at the moment its change
/// applies. Within one array, removals come first from the highest index down
/// (so a removal's path is the element's index in the old array), then
/// insertions and moves in ascending order (so their `path` is the final
/// index in the new array), then changes inside elements (at final indexes).
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
  /// earlier changes in the same array); `nil` otherwise.
  public var from: JSONPointer?
  /// The value before the change; `nil` for add.
  public var old: JSONValue?
  /// The value after the change; `nil` for remove.
  public var new: JSONValue?

  /// A change; normally made by ``JSONDiff``.
  public init(
    op: Operation, path: JSONPointer, from: JSONPointer? = nil, old: JSONValue? = nil,
    new: JSONValue? = nil
  ) {
    self.op = op
    self.path = path
    self.from = from
    self.old = old
    self.new = new
  }
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
