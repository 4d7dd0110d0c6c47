import TimeTravel

/// A Swift expression that reaches the value at a JSON Pointer inside a typed state, for
/// the mutations `--emit-test` writes (`$0.todos[24].title`).
///
/// The path is walked through the state with `Mirror`, token by token: a struct's stored
/// property named as the token, an array's element at the token's index, a `String`-keyed
/// dictionary's value, an optional's wrapped value (`?.`). At each step the value reached
/// must encode to the JSON the pointer reaches, so a member whose coding key differs from
/// its name is never guessed at. Anything else (a class, an enum's payload, a set, a
/// property wrapper's storage) gives no path, and the caller decodes recorded JSON instead.
struct SwiftAccessPath {
  /// The expression, starting at `$0`.
  var text: String
  /// The value the expression reaches in the walked state.
  var value: Any
  /// How that value is held: a struct member, an array element, a dictionary value, or the
  /// whole state.
  var container: Container

  /// What holds the value a path reaches.
  enum Container: Equatable {
    case root, member, element, dictionaryValue
  }

  /// The path to `pointer` in `state`, whose JSON encoding (with `nils`) is `json`; `nil`
  /// when the pointer cannot be written as Swift (see the type's notes).
  ///
  /// - Complexity: One encode of each value along the path.
  static func resolve(
    _ pointer: JSONPointer, in state: Any, json: JSONValue, nils: NilEncoding
  ) -> SwiftAccessPath? {
    var path = SwiftAccessPath(text: "$0", value: state, container: .root)
    var reached = json
    // After a dictionary subscript the value is optional: the next step needs `?`.
    var optionalPending = false
    for token in pointer.tokens {
      var current = path.value
      var mirror = Mirror(reflecting: current)
      if mirror.displayStyle == .optional {
        guard let wrapped = mirror.children.first?.value else { return nil }
        optionalPending = true
        current = wrapped
        mirror = Mirror(reflecting: wrapped)
      }
      let suffix = optionalPending ? "?" : ""
      optionalPending = false
      guard let next = reached.child(token) else { return nil }
      reached = next
      switch mirror.displayStyle {
      case .struct:
        guard SwiftSource.isIdentifier(token),
          let child = mirror.children.first(where: { $0.label == token })
        else { return nil }
        path = SwiftAccessPath(
          text: path.text + suffix + "." + SwiftSource.memberName(token), value: child.value,
          container: .member)
      case .collection:
        guard let index = Int(token), String(index) == token, index >= 0,
          index < mirror.children.count
        else { return nil }
        let element = mirror.children[
          mirror.children.index(mirror.children.startIndex, offsetBy: index)]
        path = SwiftAccessPath(
          text: path.text + suffix + "[\(index)]", value: element.value, container: .element)
      case .dictionary:
        guard let value = dictionaryValue(mirror, key: token) else { return nil }
        path = SwiftAccessPath(
          text: path.text + suffix + "[\(SwiftSource.literal(token))]", value: value,
          container: .dictionaryValue)
        optionalPending = true
      default:
        return nil
      }
      guard encodes(path.value, to: reached, nils: nils) else { return nil }
    }
    return path
  }

  /// The value under the `String` key `key` of a dictionary's mirror.
  private static func dictionaryValue(_ mirror: Mirror, key: String) -> Any? {
    for child in mirror.children {
      let pair = Mirror(reflecting: child.value).children.map(\.value)
      guard pair.count == 2, let candidate = pair[0] as? String else { return nil }
      if candidate == key { return pair[1] }
    }
    return nil
  }

  /// Whether `value` is `Encodable` and encodes to `json`.
  static func encodes(_ value: Any, to json: JSONValue, nils: NilEncoding) -> Bool {
    guard let encodable = value as? any Encodable,
      let encoded = try? JSONValueCoding.encode(encodable, nils: nils)
    else { return false }
    return encoded == json
  }
}

extension JSONValue {
  /// The member or element a JSON Pointer token names, or `nil`.
  fileprivate func child(_ token: String) -> JSONValue? {
    switch self {
    case .object(let object): return object[token]
    case .array(let array):
      guard let index = Int(token), index >= 0, index < array.count else { return nil }
      return array[index]
    default: return nil
    }
  }
}
