/// Encodes `Encodable` values to a ``JSONValue``, keeping object members in the order
/// `encode(to:)` writes them: the order a record type declares its properties in, as a
/// person reading the JSON expects (the log recorder's encoder sorts keys, as a log
/// must).
///
/// ``JSONValue`` and ``JSONNumber`` members are taken as they are, not re-encoded: a
/// state of any depth costs one reference, and a number keeps its exact literal. Other
/// values follow `JSONEncoder`'s default strategies for the types this package writes:
/// integers and `Bool` as themselves, `Double` and `Float` in their shortest round-trip
/// form, `nil` optionals left out by `encodeIfPresent` (as synthesized conformances use
/// it) and written as `null` by `encodeNil`.
///
/// ```swift
/// struct Hit: Encodable {
///   var seq: Int
///   var time: String?
///   var action: JSONValue
/// }
/// let value = try JSONValueEncoder().encode(Hit(seq: 3, time: nil, action: ["add": 1]))
/// // {"seq":3,"action":{"add":1}}
/// ```
public struct JSONValueEncoder: Sendable {
  /// Creates an encoder.
  public init() {}

  /// Encodes `value`.
  ///
  /// - Returns: The value as JSON; an object's members in the order they were encoded (a
  ///   key encoded twice keeps its first place and its last value).
  /// - Throws: `EncodingError.invalidValue` for a non-finite `Double` or `Float`, or for a
  ///   value that encodes nothing; what `value`'s `encode(to:)` throws.
  /// - Complexity: O(*n*) in the number of values encoded; ``JSONValue`` members are
  ///   not traversed.
  public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
    let slot = ValueSlot()
    try slot.encode(value, codingPath: [])
    guard let result = slot.value else {
      throw EncodingError.invalidValue(
        value, .init(codingPath: [], debugDescription: "\(T.self) encoded no value"))
    }
    return result
  }
}

/// One place a value is being written to: a finished value, or an object or array whose
/// members are still being written.
private final class ValueSlot {
  enum Content {
    case none
    case value(JSONValue)
    case object(keys: [String], slots: [ValueSlot], index: [String: Int])
    case array([ValueSlot])
  }

  var content = Content.none

  /// The finished value; `nil` when nothing was written.
  var value: JSONValue? {
    switch content {
    case .none: return nil
    case .value(let value): return value
    case .object(let keys, let slots, _):
      var object = JSONObject()
      for (key, slot) in zip(keys, slots) { object[key] = slot.value ?? .object(JSONObject()) }
      return .object(object)
    case .array(let slots):
      return .array(JSONArray(slots.map { $0.value ?? .object(JSONObject()) }))
    }
  }

  /// Writes `value` here: as it is for a ``JSONValue`` or ``JSONNumber``, through its
  /// `encode(to:)` otherwise.
  func encode<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
    switch value {
    case let json as JSONValue: content = .value(json)
    case let number as JSONNumber: content = .value(.number(number))
    default: try value.encode(to: ValueEncoding(slot: self, codingPath: codingPath))
    }
  }

  func set(_ value: JSONValue) { content = .value(value) }

  /// The slot of member `key`, made an object first if this slot is not one yet.
  func member(_ key: String) -> ValueSlot {
    if case .object(var keys, var slots, var index) = content {
      if let i = index[key] { return slots[i] }
      let slot = ValueSlot()
      index[key] = keys.count
      keys.append(key)
      slots.append(slot)
      content = .object(keys: keys, slots: slots, index: index)
      return slot
    }
    content = .object(keys: [], slots: [], index: [:])
    return member(key)
  }

  func becomeObject() {
    if case .object = content { return }
    content = .object(keys: [], slots: [], index: [:])
  }

  func becomeArray() {
    if case .array = content { return }
    content = .array([])
  }

  /// A new last element, this slot made an array first if it is not one yet.
  func appendElement() -> ValueSlot {
    let slot = ValueSlot()
    if case .array(var slots) = content {
      content = .none
      slots.append(slot)
      content = .array(slots)
    } else {
      content = .array([slot])
    }
    return slot
  }

  var elementCount: Int {
    if case .array(let slots) = content { return slots.count }
    return 0
  }
}

/// A JSON value for a finite floating-point number, or the encoding error.
private func number<F: BinaryFloatingPoint & LosslessStringConvertible>(
  _ value: F, _ codingPath: [any CodingKey]
) throws -> JSONValue {
  guard value.isFinite else {
    throw EncodingError.invalidValue(
      value, .init(codingPath: codingPath, debugDescription: "\(value) is not valid JSON"))
  }
  return .number(JSONNumber(Double(value)))
}

private struct ValueEncoding: Encoder {
  let slot: ValueSlot
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    slot.becomeObject()
    return KeyedEncodingContainer(ValueKeyedContainer<Key>(slot: slot, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    slot.becomeArray()
    return ValueUnkeyedContainer(slot: slot, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    ValueSingleContainer(slot: slot, codingPath: codingPath)
  }
}

private struct ValueSingleContainer: SingleValueEncodingContainer {
  let slot: ValueSlot
  let codingPath: [any CodingKey]

  mutating func encodeNil() throws { slot.set(.null) }
  mutating func encode(_ value: Bool) throws { slot.set(.bool(value)) }
  mutating func encode(_ value: String) throws { slot.set(.string(value)) }
  mutating func encode(_ value: Double) throws { slot.set(try number(value, codingPath)) }
  mutating func encode(_ value: Float) throws { slot.set(try number(value, codingPath)) }
  mutating func encode(_ value: Int) throws { slot.set(.number(JSONNumber(value))) }
  mutating func encode(_ value: Int8) throws { try integer(value) }
  mutating func encode(_ value: Int16) throws { try integer(value) }
  mutating func encode(_ value: Int32) throws { try integer(value) }
  mutating func encode(_ value: Int64) throws { try integer(value) }
  mutating func encode(_ value: UInt) throws { try integer(value) }
  mutating func encode(_ value: UInt8) throws { try integer(value) }
  mutating func encode(_ value: UInt16) throws { try integer(value) }
  mutating func encode(_ value: UInt32) throws { try integer(value) }
  mutating func encode(_ value: UInt64) throws { try integer(value) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    try slot.encode(value, codingPath: codingPath)
  }

  private func integer(_ value: some BinaryInteger) throws {
    // Every integer's decimal text is a valid JSON number literal.
    slot.set(.number(JSONNumber(literal: String(value))!))
  }
}

private struct ValueKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let slot: ValueSlot
  let codingPath: [any CodingKey]

  private func single(_ key: Key) -> ValueSingleContainer {
    ValueSingleContainer(slot: slot.member(key.stringValue), codingPath: codingPath + [key])
  }

  mutating func encodeNil(forKey key: Key) throws { slot.member(key.stringValue).set(.null) }
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    var c = single(key)
    try c.encode(value)
  }
  mutating func encode(_ value: String, forKey key: Key) throws {
    var c = single(key)
    try c.encode(value)
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    var c = single(key)
    try c.encode(value)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    var c = single(key)
    try c.encode(value)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws {
    var c = single(key)
    try c.encode(value)
  }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try slot.member(key.stringValue).encode(value, codingPath: codingPath + [key])
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let member = slot.member(key.stringValue)
    member.becomeObject()
    return KeyedEncodingContainer(
      ValueKeyedContainer<NestedKey>(slot: member, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let member = slot.member(key.stringValue)
    member.becomeArray()
    return ValueUnkeyedContainer(slot: member, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder {
    ValueEncoding(slot: slot.member("super"), codingPath: codingPath)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    ValueEncoding(slot: slot.member(key.stringValue), codingPath: codingPath + [key])
  }
}

private struct ValueUnkeyedContainer: UnkeyedEncodingContainer {
  let slot: ValueSlot
  let codingPath: [any CodingKey]
  var count: Int { slot.elementCount }

  private func next() -> ValueSingleContainer {
    ValueSingleContainer(slot: slot.appendElement(), codingPath: codingPath)
  }

  mutating func encodeNil() throws { slot.appendElement().set(.null) }
  mutating func encode(_ value: Bool) throws {
    var c = next()
    try c.encode(value)
  }
  mutating func encode(_ value: String) throws {
    var c = next()
    try c.encode(value)
  }
  mutating func encode(_ value: Double) throws {
    var c = next()
    try c.encode(value)
  }
  mutating func encode(_ value: Int) throws {
    var c = next()
    try c.encode(value)
  }
  mutating func encode<T: Encodable>(_ value: T) throws {
    try slot.appendElement().encode(value, codingPath: codingPath)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let element = slot.appendElement()
    element.becomeObject()
    return KeyedEncodingContainer(
      ValueKeyedContainer<NestedKey>(slot: element, codingPath: codingPath))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let element = slot.appendElement()
    element.becomeArray()
    return ValueUnkeyedContainer(slot: element, codingPath: codingPath)
  }

  mutating func superEncoder() -> any Encoder {
    ValueEncoding(slot: slot.appendElement(), codingPath: codingPath)
  }
}
