import Foundation

/// The `Encoder` that ``JSONBytesEncoder`` hands to every `encode(to:)`: one instance
/// for all nested values (no allocation per value), addressing the innermost
/// `encode(to:)` call's frame of its ``JSONBytesState``.
///
/// Containers it returns refer to their frame by id; using a container whose frame was
/// closed, or out of order with a running `encode(to:)`, marks the state failed (the
/// value then falls back to `JSONEncoder`).
final class JSONBytesCore: Encoder {
  /// The state, behind a pointer so hot paths avoid class-property exclusivity checks.
  let state: UnsafeMutablePointer<JSONBytesState>
  /// Whether `encodeIfPresent` of `nil` writes `null` (``NilEncoding/null``).
  var writesNilOptionals = true

  /// Creates a core with an empty state.
  init() {
    state = .allocate(capacity: 1)
    state.initialize(to: JSONBytesState())
  }

  deinit {
    state.pointee.deallocate()
    state.deinitialize(count: 1)
    state.deallocate()
  }

  /// The coding path of the innermost `encode(to:)` call.
  var codingPath: [any CodingKey] { path(of: state.pointee.slotID, forEncoder: true) }

  /// Always empty: ``JSONBytesEncoder`` has no user info, like a default `JSONEncoder`.
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// The keyed container of the innermost `encode(to:)` call's value.
  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    keyedContainer(keyedBy: type, frame: state.pointee.slotID)
  }

  /// The unkeyed container of the innermost `encode(to:)` call's value.
  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    unkeyedContainer(frame: state.pointee.slotID)
  }

  /// The single value container of the innermost `encode(to:)` call's value.
  func singleValueContainer() -> any SingleValueEncodingContainer {
    JSONBytesSingleValueContainer(core: self, frameID: state.pointee.slotID)
  }

  // MARK: Frames

  /// The coding path of frame `id` (`[]` when it is closed), as `JSONEncoder` reports
  /// it: an encoder's path holds the keys of the values' encoders only, leaving out
  /// the nested containers it sits in; a container's path is its value's encoder path
  /// plus the keys of the nested containers from that value down to it.
  ///
  /// - Parameters:
  ///   - id: A frame id.
  ///   - forEncoder: Whether the path is an `Encoder`'s rather than a container's.
  /// - Complexity: O(depth); only called when user code asks for a path.
  func path(of id: UInt32, forEncoder: Bool = false) -> [any CodingKey] {
    let s = state
    var frames = s.pointee.frames.elements
    frames.append(s.pointee.top)
    guard let index = frames.lastIndex(where: { $0.id == id }) else { return [] }
    var owner = index
    if !forEncoder {
      while owner > 0, frames[owner].isNestedContainer { owner -= 1 }
    }
    let valueDepth = frames[owner].pathDepth
    let keys = s.pointee.keys
    var path: [any CodingKey] = []
    for component in keys.prefix(valueDepth) where !component.isContainerKey {
      path.append(component.key)
    }
    for component in keys.prefix(frames[index].pathDepth).dropFirst(valueDepth) {
      path.append(component.key)
    }
    return path
  }

  /// The member or element count of frame `id`, or 0 when it is closed.
  func count(of id: UInt32) -> Int {
    let s = state
    if s.pointee.top.id == id { return s.pointee.top.count }
    for frame in s.pointee.frames.elements.reversed() where frame.id == id { return frame.count }
    return 0
  }

  /// Turns the value slot `frame` into an object (or reuses its object, as `JSONEncoder`
  /// returns the same storage for repeated `container(keyedBy:)` calls).
  func keyedContainer<Key: CodingKey>(keyedBy: Key.Type, frame: UInt32)
    -> KeyedEncodingContainer<Key>
  {
    let s = state
    var id = frame
    if s.pointee.enter(frame) {
      switch s.pointee.top.kind {
      case .empty:
        s.pointee.top.kind = .keyed
        s.pointee.byte(UInt8(ascii: "{"))
      case .keyed:
        break
      case .single, .unkeyed:
        s.pointee.failed = true
        id = .max
      }
    } else {
      id = .max
    }
    return KeyedEncodingContainer(JSONBytesKeyedContainer<Key>(core: self, frameID: id))
  }

  /// Turns the value slot `frame` into an array (or reuses its array).
  func unkeyedContainer(frame: UInt32) -> any UnkeyedEncodingContainer {
    let s = state
    var id = frame
    if s.pointee.enter(frame) {
      switch s.pointee.top.kind {
      case .empty:
        s.pointee.top.kind = .unkeyed
        s.pointee.byte(UInt8(ascii: "["))
      case .unkeyed:
        break
      case .single, .keyed:
        s.pointee.failed = true
        id = .max
      }
    } else {
      id = .max
    }
    return JSONBytesUnkeyedContainer(core: self, frameID: id)
  }

  /// Pushes an implicit frame (a nested container or super encoder's slot) for the
  /// member or element just begun, with `key` appended to the coding path.
  func pushImplicit(_ kind: JSONBytesFrame.Kind, key: some CodingKey) -> UInt32 {
    let s = state
    let keyBase = s.pointee.keys.count
    switch kind {
    case .keyed: s.pointee.byte(UInt8(ascii: "{"))
    case .unkeyed: s.pointee.byte(UInt8(ascii: "["))
    case .empty, .single: break
    }
    let isNested = kind == .keyed || kind == .unkeyed
    s.pointee.keys.append(JSONBytesPathKey(key: key, isContainerKey: isNested))
    let id = s.pointee.push(kind, isImplicit: true, keyBase: keyBase)
    s.pointee.top.isNestedContainer = isNested
    return id
  }

  // MARK: Values

  /// Writes `value` where the innermost frame expects a value: directly for the types
  /// `JSONEncoder` writes as scalars (and arrays of them), otherwise through
  /// `value.encode(to:)` in a new call frame.
  ///
  /// Matches `JSONEncoder`'s special cases: `Data` as a base64 string, `URL` as its
  /// `absoluteString`, `Decimal` as its `description`, `Date` as
  /// `timeIntervalSinceReferenceDate` (its own `encode(to:)`, the default strategy).
  ///
  /// - Parameter key: The coding path component for `value` (``JSONBytesNoKey`` in a
  ///   single value container, whose value keeps the encoder's path).
  /// - Throws: ``JSONBytesFallback``, or what `value.encode(to:)` throws.
  @inline(__always)
  func value<T: Encodable, K: CodingKey>(_ value: T, key: K) throws {
    let s = state
    if T.self == String.self {
      s.pointee.string(cast(value))
    } else if T.self == Int.self {
      s.pointee.signed(Int64(cast(value, to: Int.self)))
    } else if T.self == Bool.self {
      s.pointee.bool(cast(value))
    } else if T.self == Double.self {
      try s.pointee.double(cast(value))
    } else if T.self == [String].self {
      stringArray(cast(value))
    } else if T.self == [Int].self {
      intArray(cast(value))
    } else {
      try otherValue(value, key: key)
    }
  }

  /// The less common cases of ``value(_:key:)``.
  func otherValue<T: Encodable, K: CodingKey>(_ value: T, key: K) throws {
    let s = state
    if T.self == Float.self {
      try s.pointee.float(cast(value))
    } else if T.self == Int64.self {
      s.pointee.signed(cast(value))
    } else if T.self == Int32.self {
      s.pointee.signed(Int64(cast(value, to: Int32.self)))
    } else if T.self == Int16.self {
      s.pointee.signed(Int64(cast(value, to: Int16.self)))
    } else if T.self == Int8.self {
      s.pointee.signed(Int64(cast(value, to: Int8.self)))
    } else if T.self == UInt.self {
      s.pointee.unsigned(UInt64(cast(value, to: UInt.self)))
    } else if T.self == UInt64.self {
      s.pointee.unsigned(cast(value))
    } else if T.self == UInt32.self {
      s.pointee.unsigned(UInt64(cast(value, to: UInt32.self)))
    } else if T.self == UInt16.self {
      s.pointee.unsigned(UInt64(cast(value, to: UInt16.self)))
    } else if T.self == UInt8.self {
      s.pointee.unsigned(UInt64(cast(value, to: UInt8.self)))
    } else if T.self == Date.self {
      try s.pointee.double(cast(value, to: Date.self).timeIntervalSinceReferenceDate)
    } else if T.self == Data.self {
      s.pointee.string(cast(value, to: Data.self).base64EncodedString())
    } else if T.self == URL.self {
      s.pointee.string(cast(value, to: URL.self).absoluteString)
    } else if T.self == Decimal.self {
      s.pointee.raw(cast(value, to: Decimal.self).description)
    } else if T.self == [Double].self {
      s.pointee.byte(UInt8(ascii: "["))
      for (index, element) in cast(value, to: [Double].self).enumerated() {
        if index > 0 { s.pointee.byte(UInt8(ascii: ",")) }
        try s.pointee.double(element)
      }
      s.pointee.byte(UInt8(ascii: "]"))
    } else if T.self == [Bool].self {
      s.pointee.byte(UInt8(ascii: "["))
      for (index, element) in cast(value, to: [Bool].self).enumerated() {
        if index > 0 { s.pointee.byte(UInt8(ascii: ",")) }
        s.pointee.bool(element)
      }
      s.pointee.byte(UInt8(ascii: "]"))
    } else {
      try nested(value, key: key)
    }
  }

  private func stringArray(_ array: [String]) {
    let s = state
    s.pointee.byte(UInt8(ascii: "["))
    for (index, element) in array.enumerated() {
      if index > 0 { s.pointee.byte(UInt8(ascii: ",")) }
      s.pointee.string(element)
    }
    s.pointee.byte(UInt8(ascii: "]"))
  }

  private func intArray(_ array: [Int]) {
    let s = state
    s.pointee.byte(UInt8(ascii: "["))
    for (index, element) in array.enumerated() {
      if index > 0 { s.pointee.byte(UInt8(ascii: ",")) }
      s.pointee.signed(Int64(element))
    }
    s.pointee.byte(UInt8(ascii: "]"))
  }

  /// Runs `value.encode(to: self)` in a new call frame and closes it (as `{}` when the
  /// value encoded nothing, like `JSONEncoder` for a nested value).
  ///
  /// - Throws: What `encode(to:)` throws (the state is then marked abandoned, in case
  ///   a caller swallows the error), or ``JSONBytesFallback`` when containers were used
  ///   out of order or the top-level value encoded nothing.
  func nested<T: Encodable, K: CodingKey>(_ value: T, key: K) throws {
    let s = state
    let keyBase = s.pointee.keys.count
    if K.self != JSONBytesNoKey.self {
      s.pointee.keys.append(JSONBytesPathKey(key: key, isContainerKey: false))
    }
    let outer = s.pointee.slotID
    let id = s.pointee.push(.empty, isImplicit: false, keyBase: keyBase)
    s.pointee.slotID = id
    do {
      try value.encode(to: self)
    } catch {
      s.pointee.abandoned = true
      s.pointee.slotID = outer
      throw error
    }
    guard s.pointee.enter(id) else { throw JSONBytesFallback() }
    if s.pointee.top.kind == .empty, s.pointee.frames.count == 1 {
      // The top-level value encoded nothing: `JSONEncoder` throws for that.
      s.pointee.failed = true
      throw JSONBytesFallback()
    }
    s.pointee.closeTop()
    s.pointee.slotID = outer
  }

  /// Encodes a top-level value into the (reset) state.
  ///
  /// - Throws: ``JSONBytesFallback`` when the value encoded nothing (`JSONEncoder`
  ///   throws for that, and the fallback throws its exact error) or could not be
  ///   written linearly; otherwise what `encode(to:)` throws.
  func topLevel<T: Encodable>(_ value: T) throws {
    try self.value(value, key: JSONBytesNoKey())
  }
}

/// Reinterprets `value` as `U` once the caller has checked that `T` is `U`.
@inline(__always)
func cast<T, U>(_ value: T, to type: U.Type = U.self) -> U {
  withUnsafePointer(to: value) { UnsafeRawPointer($0).assumingMemoryBound(to: U.self).pointee }
}

/// The coding key of an array element, like `JSONEncoder`'s: `intValue` is the index,
/// `stringValue` is `"Index N"`.
struct JSONBytesIndexKey: CodingKey {
  /// The element's index.
  let index: Int

  /// `"Index N"`.
  var stringValue: String { "Index \(index)" }
  /// The index.
  var intValue: Int? { index }

  /// The key of element `index`.
  init(index: Int) { self.index = index }
  /// Not used; string keys are never array indices.
  init?(stringValue: String) { nil }
  /// The key of element `intValue`.
  init?(intValue: Int) { index = intValue }
}

/// Stands for "no coding path component" where a value is encoded without a key (the
/// top level, a single value container): cheaper than an optional generic key, whose
/// metadata would be looked up at run time on every nested value.
struct JSONBytesNoKey: CodingKey {
  /// Empty; never added to a path.
  var stringValue: String { "" }
  /// `nil`.
  var intValue: Int? { nil }

  /// The marker.
  init() {}
  /// Any string gives the marker.
  init?(stringValue: String) {}
  /// Any integer gives the marker.
  init?(intValue: Int) {}
}

/// The coding key `superEncoder()` uses in a keyed container: `"super"`.
struct JSONBytesSuperKey: CodingKey {
  /// `"super"`.
  var stringValue: String { "super" }
  /// `nil`.
  var intValue: Int? { nil }

  /// The key.
  init() {}
  /// Only `"super"`.
  init?(stringValue: String) { if stringValue != "super" { return nil } }
  /// Never.
  init?(intValue: Int) { nil }
}

/// The `Encoder` returned by `superEncoder()`: addresses its own implicit frame, which
/// closes (as `{}` if nothing was encoded) when the container that made it is used
/// again or closes. `JSONEncoder` writes its super encoder's value when the encoder is
/// deinitialized, which for the usual `try super.encode(to: container.superEncoder())`
/// is the same moment.
final class JSONBytesSuperEncoder: Encoder {
  /// The core the frame lives in.
  let core: JSONBytesCore
  /// The super value's frame.
  let frameID: UInt32

  /// Addresses frame `frameID` of `core`.
  init(core: JSONBytesCore, frameID: UInt32) {
    self.core = core
    self.frameID = frameID
  }

  /// The container's path plus the super key.
  var codingPath: [any CodingKey] { core.path(of: frameID, forEncoder: true) }
  /// Always empty.
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// The super value's keyed container.
  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    core.keyedContainer(keyedBy: type, frame: frameID)
  }

  /// The super value's unkeyed container.
  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    core.unkeyedContainer(frame: frameID)
  }

  /// The super value's single value container.
  func singleValueContainer() -> any SingleValueEncodingContainer {
    JSONBytesSingleValueContainer(core: core, frameID: frameID)
  }
}
