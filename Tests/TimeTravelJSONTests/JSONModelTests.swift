import Foundation
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelDiff
@testable import TimeTravelJSON

@Suite struct JSONModelTests {
  @Test func bigIntegersSurviveExactly() throws {
    let text = #"[9007199254740993,100000000000000000001,-0,1.0,1e400]"#
    let value = try JSONParser.parse(text)
    #expect(JSONPrinter.compact.print(value) == text)
    #expect(value[0] != JSONValue.number(JSONNumber(literal: "9007199254740992")!))
    #expect(value[1] != JSONValue.number(JSONNumber(literal: "100000000000000000000")!))
    #expect(value[1] == JSONValue.number(JSONNumber(literal: "1.00000000000000000001e20")!))
  }

  @Test func numbersCompareByValue() throws {
    #expect(try JSONParser.parse("1.0") == JSONParser.parse("1"))
    #expect(try JSONParser.parse("1e2") == JSONParser.parse("100"))
    #expect(try JSONParser.parse("-0") == JSONParser.parse("0"))
    #expect(try JSONParser.parse("0.1") != JSONParser.parse("0.10000000000000001"))
    #expect(Set([try JSONParser.parse("1.0"), try JSONParser.parse("1")]).count == 1)
    #expect(try JSONParser.parse("9007199254740993") > JSONParser.parse("9007199254740992"))
    #expect(try JSONParser.parse("-2") < JSONParser.parse("-1.5"))
    #expect(try JSONParser.parse("1e-400") > JSONParser.parse("0"))
  }

  @Test func negativeZeroIsKept() throws {
    // Foundation's JSONSerialization turns -0 into 0; we keep the literal.
    #expect(JSONPrinter.compact.print(try JSONParser.parse("-0")) == "-0")
    #expect(JSONPrinter.compact.print(try JSONParser.parse("-0.0e0")) == "-0.0e0")
  }

  @Test func nullIsNotMissing() throws {
    let a = try JSONParser.parse(#"{"a":null}"#)
    let b = try JSONParser.parse(#"{}"#)
    #expect(a != b)
    #expect(a["a"] == .null)
    #expect(b["a"] == nil)
  }

  @Test func keyOrderKeptForDisplayIgnoredForEquality() throws {
    let a = try JSONParser.parse(#"{"z":1,"a":2,"m":3}"#)
    let b = try JSONParser.parse(#"{"a":2,"m":3,"z":1}"#)
    #expect(JSONPrinter.compact.print(a) == #"{"z":1,"a":2,"m":3}"#)
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(JSONPrinter(sortKeys: true).print(a) == #"{"a":2,"m":3,"z":1}"#)
  }

  @Test func repeatedKeyKeepsLastValue() throws {
    let value = try JSONParser.parse(#"{"a":1,"b":2,"a":3}"#)
    #expect(JSONPrinter.compact.print(value) == #"{"a":3,"b":2}"#)
  }

  @Test func largeObjectLookup() throws {
    var object = JSONObject()
    for i in 0..<100 { object["k\(i)"] = .number(JSONNumber(i)) }
    #expect(object["k57"] == 57)
    object["k57"] = nil
    #expect(object["k57"] == nil)
    #expect(object["k58"] == 58)
    #expect(object.count == 99)
  }

  @Test func deepNestingParsesPrintsComparesAndFrees() throws {
    // JSONSerialization rejects nesting over 512 levels; Swift frees nested
    // arrays recursively. 100,000 levels must work end to end.
    let depth = 100_000
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    var value: JSONValue? = try JSONParser.parse(text)
    var other: JSONValue? = try JSONParser.parse(text)
    #expect(JSONPrinter.compact.print(value!) == text)
    #expect(value == other)
    #expect(JSONValue.compare(value!, other!) == 0)
    _ = value.hashValue
    // Indentation is capped, so pretty output stays linear in size.
    let pretty = JSONPrinter.pretty.print(value!)
    #expect(pretty.utf8.count <= 2 * depth * (2 * 100 + 3))
    #expect(try JSONParser.parse(pretty) == value)
    value = nil
    other = nil
    let objects =
      String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
    #expect(JSONPrinter.compact.print(try JSONParser.parse(objects)) == objects)
  }

  @Test func prettyPrintsDeepValues() throws {
    let depth = 2_000
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let pretty = JSONPrinter.pretty.print(try JSONParser.parse(text))
    #expect(pretty.split(separator: "\n").count == 2 * depth - 1)
    #expect(try JSONParser.parse(pretty) == JSONParser.parse(text))
  }

  @Test func foundationRejectsWhatWeAccept() throws {
    // The reason the CLI does not use JSONSerialization: deep nesting fails
    // there, and -0 loses its sign.
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    #expect(throws: (any Error).self) {
      try JSONSerialization.jsonObject(with: Data(deep.utf8), options: [.fragmentsAllowed])
    }
    #expect(throws: Never.self) { try JSONParser.parse(deep) }
  }

  @Test(arguments: [
    ("", "line 1, column 1: expected a JSON value"),
    ("[1,2", "line 1, column 5: unexpected end of input in an array"),
    ("{\"a\" 1}", "line 1, column 6: expected ':' after an object key, found '1'"),
    ("[1,]", "line 1, column 4: unexpected ']'; expected a JSON value"),
    ("[01]", "line 1, column 3: a number cannot have a leading zero"),
    ("\"abc", "line 1, column 5: unterminated string starting at column 1"),
    ("[\n  tru]", "line 2, column 3: unexpected 't'; expected a JSON value"),
    ("{\"é\":x}", "line 1, column 6: unexpected 'x'; expected a JSON value"),
    ("1 2", "line 1, column 3: unexpected data after the JSON value"),
    ("\"a\u{01}\"", "line 1, column 3: unescaped control character byte 0x01 in a string"),
    ("\"\\x\"", "line 1, column 2: invalid escape '\\x' in a string"),
    ("-", "line 1, column 2: unexpected end of input in a number"),
    ("1.e5", "line 1, column 3: expected a digit after the decimal point, found 'e'"),
  ])
  func syntaxErrorsNameLineAndColumn(input: String, message: String) {
    #expect(throws: JSONParseError.self) { try JSONParser.parse(input) }
    do {
      _ = try JSONParser.parse(input)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func invalidUTF8IsAnError() {
    let bytes: [UInt8] = [0x22, 0x61, 0xFF, 0x22]
    do {
      _ = try JSONParser.parse(bytes: bytes)
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "line 1, column 3: invalid UTF-8 in a string")
    }
  }

  @Test func truncationIsFlagged() {
    do {
      _ = try JSONParser.parse(#"{"seq":3,"action":{"a"#)
      Issue.record("expected an error")
    } catch {
      #expect(error.isTruncated)
    }
  }

  @Test func escapesDecodeAndPrintSafely() throws {
    let value = try JSONParser.parse(
      #""tab\there \ud83d\ude00 \u001b[31mred\u001b[0m \u202e \u0085""#)
    #expect(value == .string("tab\there 😀 \u{1B}[31mred\u{1B}[0m \u{202E} \u{85}"))
    #expect(
      JSONPrinter.compact.print(value)
        == #""tab\there 😀 \u001b[31mred\u001b[0m \u202e \u0085""#)
    #expect(try JSONParser.parse(#""\ud800x""#) == .string("\u{FFFD}x"))
  }

  @Test func canonicalEquivalentStringsDiffer() {
    #expect(JSONValue.string("\u{E9}") != JSONValue.string("e\u{301}"))
  }

  /// Keys compare by code points, as in jq: canonically equivalent keys ("é" precomposed
  /// and decomposed) are two members, and neither is lost.
  @Test func canonicallyEquivalentKeysAreTwoMembers() throws {
    let text = #"{"\#u{E9}":1,"e\#u{301}":2}"#
    let value = try JSONParser.parse(text)
    #expect(value.objectValue?.count == 2)
    #expect(value["\u{E9}"] == 1)
    #expect(value["e\u{301}"] == 2)
    #expect(JSONPrinter.compact.print(value).utf8.elementsEqual(text.utf8))
    // Past 12 keys, lookups go through an index: the same there.
    let many = (0..<14).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
    let big = try JSONParser.parse("{" + many + #","\#u{E9}":1,"e\#u{301}":2}"#)
    #expect(big.objectValue?.count == 16)
    #expect(big["e\u{301}"] == 2)
    // Objects share a key array only when the keys' bytes match.
    let pair = #"[{"\#u{E9}":1},{"e\#u{301}":2}]"#
    #expect(JSONPrinter.compact.print(try JSONParser.parse(pair)).utf8.elementsEqual(pair.utf8))
    // Equal objects hash alike whatever their key order.
    let reversed = try JSONParser.parse(#"{"e\#u{301}":2,"\#u{E9}":1}"#)
    #expect(value == reversed)
    #expect(value.hashValue == reversed.hashValue)
    var built = JSONObject()
    built["\u{E9}"] = 1
    built["e\u{301}"] = 2
    #expect(built.count == 2)
    #expect(try jq("keys | length", text) == ["2"])
    let changes = JSONDiff.changes(
      from: try JSONParser.parse(#"{"\#u{E9}":1}"#), to: try JSONParser.parse(#"{"e\#u{301}":1}"#))
    #expect(changes.count == 2)
  }

  @Test func streamOfValues() throws {
    let bytes = Array("1 [2] {\"a\":3}\n\"x\"".utf8)
    var values: [JSONValue] = []
    try bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(bytes: buffer)
      while !parser.isAtEnd { values.append(try parser.parseNext()) }
    }
    #expect(values == [1, [2], ["a": 3], "x"])
  }

  /// jq reads `1true` as one invalid token; values that abut at a delimiter are fine.
  @Test func aStreamsNumbersAndLiteralsEndAtADelimiter() throws {
    func stream(_ text: String) throws(JSONParseError) -> [JSONValue] {
      let bytes = Array(text.utf8)
      let result: Result<[JSONValue], JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
        Result { () throws(JSONParseError) in
          var parser = JSONParser(bytes: buffer)
          var values: [JSONValue] = []
          while !parser.isAtEnd { values.append(try parser.parseNext()) }
          return values
        }
      }
      return try result.get()
    }
    #expect(
      try stream(#"1"a" 1[2] true{} null"x" "a"1 [1]true"#) == [
        1, "a", 1, [2], true, [:], nil, "x", "a", 1, [1], true,
      ])
    for (text, message, column) in [
      ("truefalse", "unexpected 'f' after 'true'; separate values with whitespace", 5),
      ("1true", "unexpected 't' after '1'; separate values with whitespace", 2),
      ("[] -0null", "unexpected 'n' after '-0'; separate values with whitespace", 6),
      ("null\u{01}", "unexpected byte 0x01 after 'null'; separate values with whitespace", 5),
    ] {
      let result = Result { () throws(JSONParseError) in try stream(text) }
      guard case .failure(let error) = result else {
        Issue.record("\(text) parsed")
        continue
      }
      #expect(error.message == message)
      #expect(error.column == column)
    }
  }

  @Test func prettyPrintsLikeJq() throws {
    let value = try JSONParser.parse(#"{"a":[1,{"b":null}],"c":{},"d":[]}"#)
    #expect(
      JSONPrinter.pretty.print(value) == """
        {
          "a": [
            1,
            {
              "b": null
            }
          ],
          "c": {},
          "d": []
        }
        """)
  }

  @Test func jqOrder() throws {
    let values: [JSONValue] = [["a": 1], [1], "b", "a", 2, 1, true, false, nil]
    #expect(values.sorted() == [nil, false, true, 1, 2, "a", "b", [1], ["a": 1]])
    #expect(JSONValue.compare(["a": 1, "b": 2], ["a": 2]) == 1)  // keys ["a","b"] > ["a"]
  }

  @Test func doublesFormatLikeJq() {
    #expect(JSONNumber(3.0).literal == "3")
    #expect(JSONNumber(0.1 + 0.2).literal == "0.30000000000000004")
    #expect(JSONNumber(1e17).literal == "1e+17")
    #expect(JSONNumber(-2.5).literal == "-2.5")
    #expect(JSONNumber(literal: "01") == nil)
    #expect(JSONNumber(literal: "1.5e3")?.intValue == 1500)
    #expect(JSONNumber(literal: "1.5")?.intValue == nil)
  }
}
