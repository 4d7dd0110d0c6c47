/// One difference between a recorded and a recomputed state, at a JSON Pointer.
///
/// A minimal, leaf-level diff kept inside the debugging module until the full
/// `JSONDiff` (with move detection and identity matching, as swift-custom-dump does) is
/// plugged in; the shape (`op`, `path`, `old`, `new`) matches RFC 6902's vocabulary so
/// switching is a drop-in change for readers of `--format json`.
public struct StateChange: Sendable, Equatable {
  /// What happened at ``path``, in RFC 6902 terms.
  public enum Operation: String, Sendable, Equatable {
    /// A member or element present only in the new value.
    case add
    /// A member or element present only in the old value.
    case remove
    /// A value that differs (or changes type) between the two.
    case replace
  }

  /// The kind of difference.
  public var op: Operation
  /// An RFC 6901 JSON Pointer, e.g. `/todos/3/title`; `""` is the whole value.
  public var path: String
  /// The value in the old (recorded) state; `nil` for ``Operation/add``.
  public var old: JSONValue?
  /// The value in the new (recomputed) state; `nil` for ``Operation/remove``.
  public var new: JSONValue?

  /// Creates a change.
  public init(op: Operation, path: String, old: JSONValue?, new: JSONValue?) {
    self.op = op
    self.path = path
    self.old = old
    self.new = new
  }

  /// `{"op","path","old","new"}`, omitting `old` or `new` when absent.
  public var jsonValue: JSONValue {
    var object = JSONObject()
    object["op"] = .string(op.rawValue)
    object["path"] = .string(path)
    if let old { object["old"] = old }
    if let new { object["new"] = new }
    return .object(object)
  }

  /// Every leaf difference from `old` to `new`, in document order of `old` (then the
  /// members only `new` has).
  ///
  /// Arrays are compared position by position (no identity matching), objects key by
  /// key, using ``JSONValue``'s equality (numbers by value, key order ignored), so an
  /// empty result means `old == new`.
  ///
  /// - Complexity: O(size of both values); iterative, so depth is not limited by the
  ///   stack.
  public static func between(_ old: JSONValue, _ new: JSONValue) -> [StateChange] {
    var changes: [StateChange] = []
    var pending: [(JSONValue, JSONValue, String)] = [(old, new, "")]
    while let (a, b, path) = pending.popLast() {
      switch (a, b) {
      case (.array(let p), .array(let q)):
        var next: [(JSONValue, JSONValue, String)] = []
        for i in 0..<min(p.count, q.count) { next.append((p[i], q[i], path + "/\(i)")) }
        pending.append(contentsOf: next.reversed())
        // Removals from the end first so the pointers stay valid when applied in order.
        let tail =
          (p.count < q.count) ? Array(p.count..<q.count) : Array((q.count..<p.count).reversed())
        for i in tail {
          if i < q.count {
            changes.append(StateChange(op: .add, path: path + "/\(i)", old: nil, new: q[i]))
          } else {
            changes.append(StateChange(op: .remove, path: path + "/\(i)", old: p[i], new: nil))
          }
        }
      case (.object(let p), .object(let q)):
        var next: [(JSONValue, JSONValue, String)] = []
        for key in p.keys {
          let child = path + "/" + escape(key)
          if let value = q[key] {
            next.append((p[key]!, value, child))
          } else {
            changes.append(StateChange(op: .remove, path: child, old: p[key]!, new: nil))
          }
        }
        for key in q.keys where p[key] == nil {
          changes.append(
            StateChange(op: .add, path: path + "/" + escape(key), old: nil, new: q[key]!))
        }
        pending.append(contentsOf: next.reversed())
      default:
        if a != b { changes.append(StateChange(op: .replace, path: path, old: a, new: b)) }
      }
    }
    return changes
  }

  private static func escape(_ token: String) -> String {
    token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
  }
}
