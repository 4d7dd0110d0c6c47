import TimeTravel

/// Changes as `--format json` prints them: `{op, path, from?, old?, new?}`.
enum ChangeJSON {
  static func array(_ changes: [JSONChange]) -> JSONValue {
    .array(
      JSONArray(
        changes.map { change in
          var object = JSONObject()
          object["op"] = .string(change.op.rawValue)
          object["path"] = .string(change.path.description)
          if let from = change.from { object["from"] = .string(from.description) }
          if let old = change.old { object["old"] = old }
          if let new = change.new { object["new"] = new }
          return .object(object)
        }))
  }
}
