import Foundation
import TestSupport
import Testing

@testable import TimeTravelJSON

/// Optionals that are `nil` are written as `null` by default (`NilEncoding.null`), so a
/// log tells "null" from "missing"; `.omitted` keeps `JSONEncoder`'s bytes.
@Suite struct NilEncodingTests {
  func text<T: Encodable>(_ value: T, _ nils: NilEncoding = .null) throws -> String {
    String(decoding: try JSONBytesEncoder(nils: nils).encode(value), as: UTF8.self)
  }

  @Test func optionalPropertiesThatAreNilAreWrittenAsNull() throws {
    #expect(try text(Optionals(a: nil, b: "x", c: nil)) == #"{"a":null,"b":"x","c":null}"#)
    #expect(try text(Optionals(a: 1, b: nil, c: [nil, 2])) == #"{"a":1,"b":null,"c":[null,2]}"#)
    #expect(try text(Optionals(a: nil, b: "x", c: nil), .omitted) == #"{"b":"x"}"#)
  }

  @Test func enumPayloadsThatAreNilAreWrittenAsNull() throws {
    // `case select(ID?)` with nil was `{"select":{}}`, so `.select._0` read as absent.
    #expect(
      try text([Shape.five(nil), .five(.left)]) == #"[{"five":{"_0":null}},{"five":{"_0":"left"}}]"#
    )
    #expect(try text([Shape.five(nil)], .omitted) == #"[{"five":{}}]"#)
  }

  @Test func everyScalarOverloadWritesNull() throws {
    let value = Custom { encoder in
      var c = encoder.container(keyedBy: AnyKey.self)
      try c.encodeIfPresent(Bool?.none, forKey: AnyKey("bool"))
      try c.encodeIfPresent(String?.none, forKey: AnyKey("string"))
      try c.encodeIfPresent(Double?.none, forKey: AnyKey("double"))
      try c.encodeIfPresent(Float?.none, forKey: AnyKey("float"))
      try c.encodeIfPresent(Int?.none, forKey: AnyKey("int"))
      try c.encodeIfPresent(Int8?.none, forKey: AnyKey("int8"))
      try c.encodeIfPresent(Int16?.none, forKey: AnyKey("int16"))
      try c.encodeIfPresent(Int32?.none, forKey: AnyKey("int32"))
      try c.encodeIfPresent(Int64?.none, forKey: AnyKey("int64"))
      try c.encodeIfPresent(UInt?.none, forKey: AnyKey("uint"))
      try c.encodeIfPresent(UInt8?.none, forKey: AnyKey("uint8"))
      try c.encodeIfPresent(UInt16?.none, forKey: AnyKey("uint16"))
      try c.encodeIfPresent(UInt32?.none, forKey: AnyKey("uint32"))
      try c.encodeIfPresent(UInt64?.none, forKey: AnyKey("uint64"))
      try c.encodeIfPresent(Point?.none, forKey: AnyKey("point"))
      try c.encodeIfPresent(Int?.some(3), forKey: AnyKey("some"))
    }
    #expect(
      try text(value)
        == #"{"bool":null,"double":null,"float":null,"int":null,"int16":null,"int32":null,"int64":null,"int8":null,"point":null,"some":3,"string":null,"uint":null,"uint16":null,"uint32":null,"uint64":null,"uint8":null}"#
    )
    #expect(try text(value, .omitted) == #"{"some":3}"#)
  }

  /// On random values, writing nils as null only adds null members: with every null
  /// member removed, both encodings give the same value.
  @Test(arguments: [UInt64(5), 6])
  func writingNullsOnlyAddsNullMembers(seed: UInt64) throws {
    var random = RandomValueGenerator(generator: SeededGenerator(seed: seed))
    var added = 0
    for _ in 0..<150 {
      let value = random.value(depth: 5)
      let withNulls = try JSONParser.parse(bytes: JSONBytesEncoder(nils: .null).encode(value))
      let without = try JSONParser.parse(bytes: JSONBytesEncoder(nils: .omitted).encode(value))
      #expect(Self.removingNullMembers(withNulls) == Self.removingNullMembers(without))
      added += Self.nullMembers(withNulls) - Self.nullMembers(without)
    }
    #expect(added > 50)
  }

  static func removingNullMembers(_ value: JSONValue) -> JSONValue {
    switch value {
    case .object(let object):
      return .object(
        JSONObject(
          object.filter { $0.value != .null }.map { ($0.key, removingNullMembers($0.value)) }))
    case .array(let array): return .array(JSONArray(array.map(removingNullMembers)))
    default: return value
    }
  }

  static func nullMembers(_ value: JSONValue) -> Int {
    switch value {
    case .object(let object):
      return object.reduce(0) { $0 + ($1.value == .null ? 1 : nullMembers($1.value)) }
    case .array(let array): return array.reduce(0) { $0 + nullMembers($1) }
    default: return 0
    }
  }
}
