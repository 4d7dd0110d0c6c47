import TimeTravel

/// A change as `--format json` prints it: `{op, path, from?, old?, new?}`, the paths as
/// RFC 6901 JSON Pointers.
struct ChangeRecord: Encodable {
  var op: String
  var path: String
  var from: String?
  var old: JSONValue?
  var new: JSONValue?

  init(_ change: JSONChange) {
    op = change.op.rawValue
    path = change.path.description
    from = change.from?.description
    old = change.old
    new = change.new
  }

  /// The records of `changes`, in order.
  static func list(_ changes: [JSONChange]) -> [ChangeRecord] { changes.map(ChangeRecord.init) }
}
