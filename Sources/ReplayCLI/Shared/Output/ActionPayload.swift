import TimeTravel

/// What an action carries besides its name (`ActionName`), for listings.
enum ActionPayload {
  /// - a Redux action `{"type":"todos/add","payload":{…}}`: its other members,
  ///   `{"payload":{…}}`; an Elm message `{"$":"SetName","a":"bob"}`: its arguments,
  ///   `{"a":"bob"}`;
  /// - an enum case as Swift's `Codable` writes it, `{"deleteTodos":{"atOffsets":[6]}}`:
  ///   the case's value, `{"atOffsets":[6]}`;
  /// - an action named by its text (`"increment"`): nothing;
  /// - anything else: the whole action, which has no name of its own.
  ///
  /// `nil` when nothing is left: a string, `{"type":"reset"}`, or a case without
  /// associated values (`{"increment":{}}`).
  static func of(_ action: JSONValue) -> JSONValue? {
    switch action {
    case .string: return nil
    case .object(let object):
      // Redux names by `type`, Elm by `$` (its constructor; `a`, `b`… its arguments).
      for nameKey in ["type", "$"] {
        guard case .string? = object[nameKey] else { continue }
        let rest = JSONObject(object.filter { $0.key != nameKey }.map { ($0.key, $0.value) })
        return rest.count == 0 ? nil : .object(rest)
      }
      if object.count == 1 {
        let value = object.values[0]
        if case .object(let members) = value, members.isEmpty { return nil }
        return value
      }
      return action
    default: return action
    }
  }
}
