/// A JSON value that keeps everything a log carries: a number's exact literal
/// text, `null` as distinct from a missing key, and the order of object keys.
///
/// `JSONValue` is the model the command line works on, whatever app or
/// language wrote a log. Containers are copy-on-write. A value parsed from a
/// large document builds its containers of 512 bytes or more when they are
/// first read (see ``JSONParser/parse(bytes:)-(UnsafeBufferPointer<UInt8>)``);
/// that is invisible to callers, and safe from several threads at once.
///
/// Depth is limited only by memory: parsing, printing, comparing, hashing and
/// releasing a value never recurse on its nesting depth (a 100,000-deep array
/// is fine).
///
/// Equality follows jq 1.7 and RFC 6902's `test` operation: numbers compare by
/// value (`1.0 == 1`), objects regardless of key order.
public enum JSONValue: Sendable {
  /// JSON `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, kept as its exact literal text.
  case number(JSONNumber)
  /// A string of Unicode scalars.
  case string(String)
  /// An array.
  case array(JSONArray)
  /// An object whose keys keep their order.
  case object(JSONObject)
}

extension JSONValue {
  /// The name jq's `type` gives this value: `"null"`, `"boolean"`, `"number"`,
  /// `"string"`, `"array"` or `"object"`.
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }

  /// Whether the value is an array or an object.
  public var isContainer: Bool {
    switch self {
    case .array, .object: true
    default: false
    }
  }

  /// The value's truth in jq's sense (the `jq -e` rule): everything except
  /// `false` and `null` is truthy.
  public var isTruthy: Bool {
    switch self {
    case .null, .bool(false): false
    default: true
    }
  }

  /// The object member named `key`, or `nil` when this is not an object or the
  /// key is missing. A key present with `null` gives `.null`, not `nil`.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let object) = self else { return nil }
    return object[key]
  }

  /// The array element at `index` (0-based), or `nil` when this is not an
  /// array or the index is out of bounds.
  public subscript(index: Int) -> JSONValue? {
    guard case .array(let array) = self, array.indices.contains(index) else { return nil }
    return array[index]
  }

  /// The string payload, or `nil` for other kinds.
  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// The number payload, or `nil` for other kinds.
  public var numberValue: JSONNumber? {
    if case .number(let n) = self { return n }
    return nil
  }

  /// The array payload, or `nil` for other kinds.
  public var arrayValue: JSONArray? {
    if case .array(let a) = self { return a }
    return nil
  }

  /// The object payload, or `nil` for other kinds.
  public var objectValue: JSONObject? {
    if case .object(let o) = self { return o }
    return nil
  }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  /// `nil` is JSON `null`.
  public init(nilLiteral: ()) { self = .null }
  /// A boolean literal.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// An integer literal, kept exactly.
  public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
  /// A floating-point literal, printed in its shortest round-trip form.
  public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
  /// A string literal.
  public init(stringLiteral value: String) { self = .string(value) }
  /// An array literal.
  public init(arrayLiteral elements: JSONValue...) { self = .array(JSONArray(elements)) }
  /// A dictionary literal; key order is kept, and a repeated key keeps its last value.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(JSONObject(elements))
  }
}
