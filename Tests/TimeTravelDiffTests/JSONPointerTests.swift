import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelDiff
@testable import TimeTravelJSON

@Suite struct JSONPointerTests {
  @Test func parsesAndFormatsRFC6901Examples() throws {
    let cases: [(String, [String])] = [
      ("", []),
      ("/", [""]),
      ("/foo", ["foo"]),
      ("/foo/0", ["foo", "0"]),
      ("/a~1b", ["a/b"]),
      ("/m~0n", ["m~n"]),
      ("/~01", ["~1"]),
      ("/ ", [" "]),
      ("//", ["", ""]),
      ("/todos/3/title", ["todos", "3", "title"]),
    ]
    for (text, tokens) in cases {
      let pointer = try JSONPointer(parsing: text)
      #expect(pointer.tokens == tokens, "\(text)")
      #expect(pointer.description == text)
    }
    #expect(JSONPointer(tokens: ["~/"]).description == "/~0~1")
  }

  @Test func rejectsMalformedText() {
    #expect(
      throws: JSONPointerError(
        message: #"JSON Pointer "a/b" must be empty or start with "/" (RFC 6901 §3)"#)
    ) { try JSONPointer(parsing: "a/b") }
    #expect(
      throws: JSONPointerError(
        message: #"JSON Pointer "/a~2": "~" must be followed by "0" or "1" (RFC 6901 §3)"#)
    ) { try JSONPointer(parsing: "/a~2") }
    #expect(throws: JSONPointerError.self) { try JSONPointer(parsing: "/a~") }
  }

  @Test func navigation() throws {
    let pointer = JSONPointer(tokens: ["todos"]).appending(index: 3).appending("title")
    #expect(pointer.description == "/todos/3/title")
    #expect(pointer.parent == JSONPointer(tokens: ["todos", "3"]))
    #expect(pointer.lastToken == "title")
    #expect(JSONPointer(tokens: []).parent == nil)
    #expect(JSONPointer(tokens: []).lastToken == nil)
  }

  @Test func resolvesRFC6901Section5() throws {
    let document = try JSONParser.parse(
      #"{"foo":["bar","baz"],"":0,"a/b":1,"c%d":2,"e^f":3,"g|h":4,"i\\j":5,"k\"l":6," ":7,"m~n":8}"#
    )
    let expected: [(String, String)] = [
      ("", JSONPrinter.compact.print(document)), ("/foo", #"["bar","baz"]"#),
      ("/foo/0", #""bar""#), ("/", "0"), ("/a~1b", "1"), ("/c%d", "2"), ("/e^f", "3"),
      ("/g|h", "4"), (#"/i\j"#, "5"), (#"/k"l"#, "6"), ("/ ", "7"), ("/m~0n", "8"),
    ]
    for (text, json) in expected {
      let value = try JSONPointer(parsing: text).resolve(in: document)
      #expect(value.map(JSONPrinter.compact.print) == json, "\(text)")
    }
    for absent in [
      "/foo/2", "/foo/-", "/foo/01", "/foo/+1", "/nope", "/foo/0/x", "/foo/99999999999999999999",
    ] {
      #expect(try JSONPointer(parsing: absent).resolve(in: document) == nil, "\(absent)")
    }
  }
}
