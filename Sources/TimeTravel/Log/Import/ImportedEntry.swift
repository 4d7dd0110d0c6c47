import TimeTravelJSON

/// One transition read from a foreign history, before it is written as a line of
/// JSON Lines: the action, the states around it when the history has them, and the
/// members a reader keeps beside them (`skipped`, `error`).
struct ImportedEntry {
  /// The entry's number: Redux DevTools' action id, or the 1-based position.
  var seq: Int
  /// RFC 3339 UTC with milliseconds, when the history has a time.
  var time: String?
  var action: JSONValue
  /// `nil` in an action-only history.
  var prior: JSONValue?
  /// `nil` in an action-only history.
  var next: JSONValue?
  /// Members written after the action (`"skipped":true`, `"error":"…"`).
  var extra: JSONObject = [:]

  /// The entry as one line's object, members in the log format's order.
  var jsonValue: JSONValue {
    var object = JSONObject()
    object["seq"] = .number(JSONNumber(seq))
    if let time { object["time"] = .string(time) }
    object["action"] = action
    for (key, value) in extra { object[key] = value }
    if let prior { object["prior"] = prior }
    if let next { object["next"] = next }
    return .object(object)
  }
}
