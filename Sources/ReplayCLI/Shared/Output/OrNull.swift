/// A record member that is written as `null` when it has no value, where a plain optional
/// is left out (`"firstTime":null` in the summary).
struct OrNull<Value: Encodable>: Encodable {
  var value: Value?

  init(_ value: Value?) { self.value = value }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let value { try container.encode(value) } else { try container.encodeNil() }
  }
}

/// A record member's name, for records whose members depend on their values.
struct RecordKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }

  init(_ name: String) { stringValue = name }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
