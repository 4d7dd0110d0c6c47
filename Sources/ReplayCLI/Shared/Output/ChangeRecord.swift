import TimeTravel

/// A change as `--format json` prints it: `{op, path, from?, old?, new?}`, the paths as
/// RFC 6901 JSON Pointers, with the indexes the text shows (`JSONChange.shownPath` and
/// `shownSource`): an element's index in the new state, except for a removal and a move's
/// `from`, which give its index in the old state. `--format json-patch` prints the RFC
/// 6902 patch, whose indexes count the operations before them.
struct ChangeRecord: Encodable {
  var op: String
  var path: String
  var from: String?
  var old: JSONValue?
  var new: JSONValue?

  init(_ change: JSONChange) {
    op = change.op.rawValue
    path = change.shownPath.description
    from = change.shownSource?.description
    old = change.old
    new = change.new
  }

  /// The records of `changes`, in order.
  static func list(_ changes: [JSONChange]) -> [ChangeRecord] { changes.map(ChangeRecord.init) }
}
