import TimeTravel

/// What an action carries besides its name (`ActionName`), for listings.
enum ActionPayload {
  /// - a Redux action `{"type":"todos/add","payload":{…}}`: its other members,
  ///   `{"payload":{…}}`;
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
      if case .string? = object["type"] {
        let rest = JSONObject(object.filter { $0.key != "type" }.map { ($0.key, $0.value) })
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
