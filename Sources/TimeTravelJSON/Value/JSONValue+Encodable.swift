/// A value encodes as the JSON it is, so records can hold states and actions as they were
/// read. ``JSONValueEncoder`` takes it as it is, without traversing it; other encoders
/// (`JSONEncoder`) get its structure, recursively, with numbers as `Int` when they are
/// integers that fit and as `Double` otherwise, so nesting is bounded by the stack there.
extension JSONValue: Encodable {
  /// Writes the value's structure to `encoder`.
  ///
  /// - Throws: What `encoder`'s containers throw (`JSONEncoder` rejects a number beyond
  ///   `Double`'s range, which prints as infinity).
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .number(let number):
      try number.encode(to: encoder)
    case .string(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .array(let array):
      var container = encoder.unkeyedContainer()
      for element in array { try container.encode(element) }
    case .object(let object):
      var container = encoder.container(keyedBy: MemberKey.self)
      for (key, value) in object { try container.encode(value, forKey: MemberKey(key)) }
    }
  }
}

/// A number encodes as an `Int` when it is an integer that fits, else as a `Double`;
/// ``JSONValueEncoder`` keeps its exact literal instead.
extension JSONNumber: Encodable {
  /// Writes the number to `encoder`.
  ///
  /// - Throws: What `encoder` throws for the value.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let int = intValue {
      try container.encode(int)
    } else {
      try container.encode(doubleValue)
    }
  }
}

/// An object member's name as a coding key.
private struct MemberKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ name: String) { stringValue = name }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
