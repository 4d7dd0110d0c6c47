import Foundation
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelJQ
@testable import TimeTravelJSON

/// The parser's fast paths (eight bytes at a time in strings, cached short keys, shared
/// key arrays, four-byte literals) must agree with the plain reading at every length and
/// alignment, and containers must be released without deep recursion however they were
/// built.
@Suite struct JSONParserFastPathTests {
  /// Characters that end or leave a fast path: quote, backslash, control, non-ASCII.
  static let alphabet: [String] = [
    "a", "b", "Z", "0", " ", "\\\"", "\\\\", "\\n", "\\u0001", "\\u00e9", "é", "😀", "/",
  ]

  static func randomString(_ rng: inout SeededGenerator) -> (json: String, text: String) {
    var json = ""
    for _ in 0..<rng.below(40) { json += alphabet[rng.below(alphabet.count)] }
    let text =
      try! JSONSerialization.jsonObject(
        with: Data("\"\(json)\"".utf8), options: [.fragmentsAllowed]) as! String
    return (json, text)
  }

  /// Strings and keys of every length up to 40, each character chosen to end a fast path
  /// at a different offset, read the same as Foundation reads them; so are objects whose
  /// keys collide in the key cache.
  @Test func stringsAndKeysAgreeWithFoundation() throws {
    var rng = SeededGenerator(seed: 6)
    for _ in 0..<2_000 {
      let (json, text) = Self.randomString(&rng)
      #expect(try JSONParser.parse("\"\(json)\"") == .string(text), "\(json)")
      // As a key, with a value after it, at the end of the input (less than 16 bytes
      // left), and padded so the key cache's 16-byte read stays inside the input.
      for source in ["{\"\(json)\":1}", "{\"\(json)\":1}" + String(repeating: " ", count: 20)] {
        let value = try JSONParser.parse(source)
        #expect(
          value == .object(JSONObject([(text, JSONValue.number(JSONNumber(1)))])), "\(source)")
        #expect(value.objectKeys == [text])
      }
    }
  }

  @Test func manyDistinctKeysThroughTheKeyCache() throws {
    // More keys than cache slots, of lengths 0…20 (the cache takes up to 15 bytes),
    // sharing prefixes, repeated in a second object so that lookups hit.
    let keys = (0..<300).map { i in String(repeating: "k", count: i % 21) + String(i) }
    let object = "{" + keys.map { "\"\($0)\":\"\($0)\"" }.joined(separator: ",") + "}"
    let value = try JSONParser.parse("[\(object),\(object)]")
    for element in value.arrayElements {
      #expect(element.objectKeys == keys)
      for key in keys { #expect(element[key] == .string(key)) }
    }
  }

  @Test func objectsSharingAShapeKeepTheirOwnValues() throws {
    let value = try JSONParser.parse(
      #"[{"id":1,"t":"a"},{"id":2,"t":"b"},{"t":"c","id":3},{"id":4,"t":"d","x":null},{"id":5,"t":"e"}]"#
    )
    #expect(
      value.arrayElements.map(\.objectKeys) == [
        ["id", "t"], ["id", "t"], ["t", "id"], ["id", "t", "x"], ["id", "t"],
      ])
    #expect(value.arrayElements.map { $0["t"] } == ["a", "b", "c", "d", "e"])
    // A repeated key keeps its last value, and a later object of the same keys is still
    // read in full.
    let repeated = try JSONParser.parse(#"[{"a":1,"a":2},{"a":3,"a":4}]"#)
    #expect(repeated.arrayElements.map { $0["a"] } == [2, 4])
    #expect(repeated.arrayElements.map(\.objectKeys) == [["a"], ["a"]])
  }

  @Test(arguments: [
    ("tru", "unexpected end of input in 'true'", 1, 4),
    ("[fals]", "unexpected 'f'; expected a JSON value", 1, 2),
    ("nul", "unexpected end of input in 'null'", 1, 4),
    ("[truE]", "unexpected 't'; expected a JSON value", 1, 2),
  ])
  func literalsNearAndAtTheirEnd(text: String, message: String, line: Int, column: Int) throws {
    #expect(try JSONParser.parse("[true,false,null]") == [true, false, nil])
    do {
      _ = try JSONParser.parse(text)
      Issue.record("\(text) parsed")
    } catch {
      #expect(error.message == message)
      #expect(error.line == line)
      #expect(error.column == column)
    }
  }

  @Test func invalidUTF8InKeysAndStringsIsStillAnError() {
    for bytes: [UInt8] in [
      Array(#"{"ab"#.utf8) + [0xC3, 0x28] + Array(#"":1}"#.utf8),
      Array(#"["abcdefghijk"#.utf8) + [0xFF] + Array(#"xyz"]"#.utf8),
      Array(#"["a\n"#.utf8) + [0xED, 0xA0, 0x80] + Array(#""]"#.utf8),
    ] {
      #expect(throws: JSONParseError.self) { try JSONParser.parse(bytes: bytes) }
    }
  }

  /// Each way of storing a child raises the container's depth, so releasing a tree
  /// 100,000 levels deep never recurses (it would overflow the stack).
  @Test func deepTreesBuiltByEveryMutatorAreReleasedIteratively() {
    let depth = 100_000
    var appended: JSONValue = 0
    var inserted: JSONValue = 0
    var assigned: JSONValue = 0
    var member: JSONValue = 0
    var replaced: JSONValue = 0
    for _ in 0..<depth {
      var a = JSONArray()
      a.append(appended)
      appended = .array(a)
      var b = JSONArray()
      b.insert(inserted, at: 0)
      inserted = .array(b)
      var c: JSONArray = [0]
      c[0] = assigned
      assigned = .array(c)
      var d = JSONObject()
      d["k"] = member
      member = .object(d)
      var e: JSONObject = ["k": 0]
      e["k"] = replaced
      replaced = .object(e)
    }
    #expect(appended != 0)
    appended = 0
    inserted = 0
    assigned = 0
    member = 0
    replaced = 0
  }
}

extension JSONValue {
  fileprivate var objectKeys: [String] {
    if case .object(let object) = self { return object.keys }
    return []
  }

  fileprivate var arrayElements: [JSONValue] {
    if case .array(let array) = self { return array.elements }
    return []
  }
}
