import TimeTravel

/// One RFC 6902 operation as Swift statements on `$0`, the state a `TestStore` closure
/// mutates: `$0.todos[24].title = "   "`, `try $0.todos.append(decode(#"{…}"#))`,
/// `$0.todos.remove(at: 3)`.
enum MutationText {
  /// A JSON document with the typed state it decodes to.
  typealias Typed = (json: JSONValue, state: Any)

  /// The statements performing `operation`, which turns `before` into `after`; `nil`
  /// when a place or value has no Swift form here (see ``SwiftAccessPath``), or when
  /// `after`'s typed state does not encode back to `after` (then a mutation of the typed
  /// state could not reach the recorded JSON).
  static func statement(
    _ operation: JSONPatchOperation, before: Typed, after: Typed, nils: NilEncoding
  ) -> [String]? {
    guard SwiftAccessPath.encodes(after.state, to: after.json, nils: nils) else { return nil }
    func place(_ pointer: JSONPointer, in typed: Typed) -> SwiftAccessPath? {
      SwiftAccessPath.resolve(pointer, in: typed.state, json: typed.json, nils: nils)
    }
    switch operation {
    case .replace(let path, let value):
      guard let target = place(path, in: after) else { return nil }
      return [assignment(target, value)]
    case .add(let path, let value):
      guard let parent = path.parent, let token = path.lastToken,
        case .array(let array)? = parent.resolve(in: before.json)
      else {
        guard let target = place(path, in: after) else { return nil }
        return [assignment(target, value)]
      }
      let index = token == "-" ? array.count : Int(token)
      guard let index, let list = place(parent, in: before),
        let element = place(parent.appending(index: index), in: after)
      else { return nil }
      let (text, throwing) = valueText(value, typed: element.value)
      let call =
        index == array.count
        ? "\(list.text).append(\(text))" : "\(list.text).insert(\(text), at: \(index))"
      return [(throwing ? "try " : "") + call]
    case .remove(let path):
      if let parent = path.parent, let token = path.lastToken, let index = Int(token),
        case .array? = parent.resolve(in: before.json)
      {
        guard let list = place(parent, in: before) else { return nil }
        return ["\(list.text).remove(at: \(index))"]
      }
      guard let target = place(path, in: before),
        target.container == .dictionaryValue
          || Mirror(reflecting: target.value).displayStyle == .optional
      else { return nil }
      return ["\(target.text) = nil"]
    case .move(let from, let path):
      guard let parent = path.parent, from.parent == parent,
        case .array? = parent.resolve(in: before.json),
        let source = from.lastToken.flatMap({ Int($0) }),
        let destination = path.lastToken.flatMap({ Int($0) }),
        let list = place(parent, in: before)
      else { return nil }
      return [
        "do {", "  let moved = \(list.text).remove(at: \(source))",
        "  \(list.text).insert(moved, at: \(destination))", "}",
      ]
    case .copy, .test:
      return nil
    }
  }

  /// `PLACE = VALUE`, with `try` before a decoded value.
  private static func assignment(_ target: SwiftAccessPath, _ value: JSONValue) -> String {
    let (text, throwing) = valueText(value, typed: target.value)
    return "\(target.text) = \(throwing ? "try " : "")\(text)"
  }

  /// A literal when ``SwiftSource/literal(_:typed:)`` has one, else the recorded JSON
  /// decoded (which throws).
  private static func valueText(_ value: JSONValue, typed: Any) -> (String, throws: Bool) {
    if let literal = SwiftSource.literal(value, typed: typed) { return (literal, false) }
    return ("decode(\(SwiftSource.rawJSONLiteral(value)))", true)
  }
}
