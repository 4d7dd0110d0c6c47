import Foundation

/// ``JSONBytesEncoder``'s keyed container: writes `"key":value` members straight into
/// the buffer; the object's frame sorts them when it closes (see
/// ``JSONBytesState/finishObject()``).
///
/// Every call first makes its frame the innermost one (closing nested containers opened
/// from it); a call on a closed frame throws ``JSONBytesFallback`` (or, for the
/// non-throwing calls, marks the state failed), and the value falls back to
/// `JSONEncoder`.
struct JSONBytesKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  /// The encoder.
  let core: JSONBytesCore
  /// The object's frame (`.max` for a container that could not be opened).
  let frameID: UInt32

  /// The object's coding path.
  var codingPath: [any CodingKey] { core.path(of: frameID) }

  /// Enters the frame and writes the member's key.
  @inline(__always)
  private func begin(_ key: Key, isNested: Bool = false) throws(JSONBytesFallback) {
    let s = core.state
    guard s.pointee.enter(frameID) else { throw JSONBytesFallback() }
    var name = key.stringValue
    name.withUTF8 { s.pointee.member($0, isNested: isNested) }
  }

  /// Writes `"key":null`.
  mutating func encodeNil(forKey key: Key) throws {
    try begin(key)
    core.state.pointee.null()
  }

  /// Writes `"key":true` or `false`.
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    try begin(key)
    core.state.pointee.bool(value)
  }

  /// Writes the string, escaped.
  mutating func encode(_ value: String, forKey key: Key) throws {
    try begin(key)
    core.state.pointee.string(value)
  }

  /// Writes the number; NaN and infinities fall back (and `JSONEncoder` throws).
  mutating func encode(_ value: Double, forKey key: Key) throws {
    try begin(key)
    try core.state.pointee.double(value)
  }

  /// Writes the number; NaN and infinities fall back (and `JSONEncoder` throws).
  mutating func encode(_ value: Float, forKey key: Key) throws {
    try begin(key)
    try core.state.pointee.float(value)
  }

  /// Writes the integer.
  mutating func encode(_ value: Int, forKey key: Key) throws {
    try begin(key)
    core.state.pointee.signed(Int64(value))
  }

  /// Writes the integer.
  mutating func encode(_ value: Int8, forKey key: Key) throws {
    try begin(key)
    core.state.pointee.signed(Int64(value))
  }

  /// Writes the integer.
  mutating func encode(_ value: Int16, forKey key: Key) throws {
    try begin(key)
    core.state.pointee.signed(Int64(value))
  }

  /// Writes the integer.
  mutating func encode(_ value: Int32, forKey key: Key) throws {
    try begin(key)
    core.state.pointee.signed(Int64(value))
  }

  /// Writes the integer.
  mutating func encode(_ value: Int64, forKey key: Key) throws {
    try begin(key)
    core.state.pointee.signed(value)
  }

  /// Writes the integer.
  mutating func encode(_ value: Int128, forKey key: Key) throws {
    try begin(key)
    core.state.pointee.raw(value.description)
  }

  /// Writes the integer.
  mutating func encode(_ value: UInt, forKey key: Key) throws {
    try begin(key)
    core.state.pointee.unsigned(UInt64(value))
  }

  /// Writes the integer.
  mutating func encode(_ value: UInt8, forKey key: Key) throws {
    try begin(key)
    core.state.pointee.unsigned(UInt64(value))
  }

  /// Writes the integer.
  mutating func encode(_ value: UInt16, forKey key: Key) throws {
    try begin(key)
    core.state.pointee.unsigned(UInt64(value))
  }

  /// Writes the integer.
  mutating func encode(_ value: UInt32, forKey key: Key) throws {
    try begin(key)
    core.state.pointee.unsigned(UInt64(value))
  }

  /// Writes the integer.
  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    try begin(key)
    core.state.pointee.unsigned(value)
  }

  /// Writes the integer.
  mutating func encode(_ value: UInt128, forKey key: Key) throws {
    try begin(key)
    core.state.pointee.raw(value.description)
  }

  /// Writes `value` (see ``JSONBytesCore/value(_:key:)``).
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try begin(key)
    try core.value(value, key: key)
  }

  /// Opens `"key":{` as an implicit frame.
  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    guard (try? begin(key, isNested: true)) != nil else {
      return KeyedEncodingContainer(JSONBytesKeyedContainer<NestedKey>(core: core, frameID: .max))
    }
    let id = core.pushImplicit(.keyed, key: key)
    return KeyedEncodingContainer(JSONBytesKeyedContainer<NestedKey>(core: core, frameID: id))
  }

  /// Opens `"key":[` as an implicit frame.
  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    guard (try? begin(key, isNested: true)) != nil else {
      return JSONBytesUnkeyedContainer(core: core, frameID: .max)
    }
    return JSONBytesUnkeyedContainer(core: core, frameID: core.pushImplicit(.unkeyed, key: key))
  }

  /// An encoder for the member `"super"`.
  mutating func superEncoder() -> any Encoder {
    let s = core.state
    guard s.pointee.enter(frameID) else { return JSONBytesSuperEncoder(core: core, frameID: .max) }
    let name: StaticString = "super"
    s.pointee.member(
      UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount), isNested: true)
    return JSONBytesSuperEncoder(
      core: core, frameID: core.pushImplicit(.empty, key: JSONBytesSuperKey()))
  }

  /// An encoder for the member `key`.
  mutating func superEncoder(forKey key: Key) -> any Encoder {
    guard (try? begin(key, isNested: true)) != nil else {
      return JSONBytesSuperEncoder(core: core, frameID: .max)
    }
    return JSONBytesSuperEncoder(core: core, frameID: core.pushImplicit(.empty, key: key))
  }
}

/// ``JSONBytesEncoder``'s unkeyed container: writes elements straight into the buffer,
/// comma-separated; the array's frame writes `]` when it closes. Out-of-order use falls
/// back, as for ``JSONBytesKeyedContainer``.
struct JSONBytesUnkeyedContainer: UnkeyedEncodingContainer, JSONBytesPrimitiveSlot {
  /// The encoder.
  let core: JSONBytesCore
  /// The array's frame (`.max` for a container that could not be opened).
  let frameID: UInt32

  /// The array's coding path.
  var codingPath: [any CodingKey] { core.path(of: frameID) }
  /// The elements written so far.
  var count: Int { core.count(of: frameID) }

  /// Enters the frame and writes the separator.
  @inline(__always)
  func begin() throws(JSONBytesFallback) {
    let s = core.state
    guard s.pointee.enter(frameID) else { throw JSONBytesFallback() }
    s.pointee.element()
  }

  /// Writes the integer.
  mutating func encode(_ value: Int128) throws { try encodeDecimal(value.description) }

  /// Writes the integer.
  mutating func encode(_ value: UInt128) throws { try encodeDecimal(value.description) }

  /// Writes `value` (see ``JSONBytesCore/value(_:key:)``), its path ending in its index.
  mutating func encode<T: Encodable>(_ value: T) throws {
    let s = core.state
    guard s.pointee.enter(frameID) else { throw JSONBytesFallback() }
    let index = s.pointee.top.count
    s.pointee.element()
    try core.value(value, key: JSONBytesIndexKey(index: index))
  }

  /// Opens `{` as the next element, an implicit frame.
  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    guard let index = try? nextIndex() else {
      return KeyedEncodingContainer(JSONBytesKeyedContainer<NestedKey>(core: core, frameID: .max))
    }
    let id = core.pushImplicit(.keyed, key: JSONBytesIndexKey(index: index))
    return KeyedEncodingContainer(JSONBytesKeyedContainer<NestedKey>(core: core, frameID: id))
  }

  /// Opens `[` as the next element, an implicit frame.
  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    guard let index = try? nextIndex() else {
      return JSONBytesUnkeyedContainer(core: core, frameID: .max)
    }
    return JSONBytesUnkeyedContainer(
      core: core, frameID: core.pushImplicit(.unkeyed, key: JSONBytesIndexKey(index: index)))
  }

  /// An encoder for the next element.
  mutating func superEncoder() -> any Encoder {
    guard let index = try? nextIndex() else {
      return JSONBytesSuperEncoder(core: core, frameID: .max)
    }
    return JSONBytesSuperEncoder(
      core: core, frameID: core.pushImplicit(.empty, key: JSONBytesIndexKey(index: index)))
  }

  private func nextIndex() throws(JSONBytesFallback) -> Int {
    let s = core.state
    guard s.pointee.enter(frameID) else { throw JSONBytesFallback() }
    let index = s.pointee.top.count
    s.pointee.element()
    return index
  }
}

/// ``JSONBytesEncoder``'s single value container: writes one value into its slot.
/// A second value, or a value after a container was requested for the slot (both
/// errors or oddities in `JSONEncoder`), falls back.
struct JSONBytesSingleValueContainer: SingleValueEncodingContainer, JSONBytesPrimitiveSlot {
  /// The encoder.
  let core: JSONBytesCore
  /// The value slot's frame.
  let frameID: UInt32

  /// The value's coding path.
  var codingPath: [any CodingKey] { core.path(of: frameID) }

  /// Claims the slot; a second value, or a value after a container, falls back.
  @inline(__always)
  func begin() throws(JSONBytesFallback) {
    let s = core.state
    guard s.pointee.enter(frameID), s.pointee.top.kind == .empty else {
      s.pointee.failed = true
      throw JSONBytesFallback()
    }
    s.pointee.top.kind = .single
  }

  /// Writes the integer.
  mutating func encode(_ value: Int128) throws { try encodeDecimal(value.description) }

  /// Writes the integer.
  mutating func encode(_ value: UInt128) throws { try encodeDecimal(value.description) }

  /// Writes `value` (see ``JSONBytesCore/value(_:key:)``) with this value's coding
  /// path, as `JSONEncoder` does.
  mutating func encode<T: Encodable>(_ value: T) throws {
    try begin()
    try core.value(value, key: JSONBytesNoKey())
  }
}

/// A place that takes one value at a time: the next element of an unkeyed container, or
/// a single value container's slot. Both write a primitive the same way, claiming the
/// place (``begin()``) and writing the value, so the overloads that
/// `UnkeyedEncodingContainer` and `SingleValueEncodingContainer` require are written
/// once, here.
protocol JSONBytesPrimitiveSlot {
  /// The encoder.
  var core: JSONBytesCore { get }
  /// Claims the place for the next value, or throws to fall back to `JSONEncoder`.
  func begin() throws(JSONBytesFallback)
}

extension JSONBytesPrimitiveSlot {
  /// Writes `null`.
  mutating func encodeNil() throws {
    try begin()
    core.state.pointee.null()
  }

  /// Writes `true` or `false`.
  mutating func encode(_ value: Bool) throws {
    try begin()
    core.state.pointee.bool(value)
  }

  /// Writes the string, escaped.
  mutating func encode(_ value: String) throws {
    try begin()
    core.state.pointee.string(value)
  }

  /// Writes the number; NaN and infinities fall back.
  mutating func encode(_ value: Double) throws {
    try begin()
    try core.state.pointee.double(value)
  }

  /// Writes the number; NaN and infinities fall back.
  mutating func encode(_ value: Float) throws {
    try begin()
    try core.state.pointee.float(value)
  }

  /// Writes the integer.
  mutating func encode(_ value: Int) throws {
    try begin()
    core.state.pointee.signed(Int64(value))
  }

  /// Writes the integer.
  mutating func encode(_ value: Int8) throws {
    try begin()
    core.state.pointee.signed(Int64(value))
  }

  /// Writes the integer.
  mutating func encode(_ value: Int16) throws {
    try begin()
    core.state.pointee.signed(Int64(value))
  }

  /// Writes the integer.
  mutating func encode(_ value: Int32) throws {
    try begin()
    core.state.pointee.signed(Int64(value))
  }

  /// Writes the integer.
  mutating func encode(_ value: Int64) throws {
    try begin()
    core.state.pointee.signed(value)
  }

  /// Writes the integer.
  mutating func encode(_ value: UInt) throws {
    try begin()
    core.state.pointee.unsigned(UInt64(value))
  }

  /// Writes the integer.
  mutating func encode(_ value: UInt8) throws {
    try begin()
    core.state.pointee.unsigned(UInt64(value))
  }

  /// Writes the integer.
  mutating func encode(_ value: UInt16) throws {
    try begin()
    core.state.pointee.unsigned(UInt64(value))
  }

  /// Writes the integer.
  mutating func encode(_ value: UInt32) throws {
    try begin()
    core.state.pointee.unsigned(UInt64(value))
  }

  /// Writes the integer.
  mutating func encode(_ value: UInt64) throws {
    try begin()
    core.state.pointee.unsigned(value)
  }

  /// Writes a 128-bit integer's decimal text. The stdlib gives `Int128` and `UInt128`
  /// default implementations that a protocol extension cannot override, so each
  /// container forwards its own to this.
  mutating func encodeDecimal(_ text: String) throws {
    try begin()
    core.state.pointee.raw(text)
  }
}
