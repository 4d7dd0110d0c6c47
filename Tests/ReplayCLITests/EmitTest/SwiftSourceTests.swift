import Foundation
import TestSupport
import Testing

@testable import ReplayCLI
@testable import TimeTravel

/// The pieces `--emit-test` writes Swift with: literals, and paths through a typed state.
@Suite struct SwiftSourceTests {
  @Test func stringLiteralsEscapeWhatWouldBreakOrHide() {
    #expect(SwiftSource.literal("   ") == #""   ""#)
    #expect(SwiftSource.literal(#"say "hi"\"#) == ##"#"say "hi"\"#"##)
    #expect(SwiftSource.literal("a\nb\tc\u{1B}[31m") == #""a\nb\tc\u{1B}[31m""#)
    #expect(SwiftSource.literal("\u{202E}evil") == #""\u{202E}evil""#)
    #expect(SwiftSource.literal("café ✓") == #""café ✓""#)
  }

  @Test func rawJSONLiteralsUseEnoughHashes() throws {
    #expect(SwiftSource.rawJSONLiteral(["a": "b"]) == ##"#"{"a":"b"}"#"##)
    // A string holding `"#` would end `#"…"#` early: two hashes then.
    let tricky = try JSONParser.parse(##"{"tag":"#1","x":"a\"#b"}"##)
    #expect(SwiftSource.rawJSONLiteral(tricky) == ###"##"{"tag":"#1","x":"a\"#b"}"##"###)
    // JSON escapes stay as written: the decoder reads them.
    let escaped = try JSONParser.parse(#"{"s":"line\nbreak\u0000"}"#)
    #expect(SwiftSource.rawJSONLiteral(escaped) == ##"#"{"s":"line\nbreak\u0000"}"#"##)
    // A line separator would be invisible in the source: written as its JSON escape.
    #expect(SwiftSource.rawJSONLiteral(.string("a\u{2028}b")) == ##"#""a\u2028b""#"##)
  }

  enum Mode: String, Codable { case fast, slow }
  struct Described: Codable, CustomStringConvertible {
    var description: String { "described" }
  }

  @Test func scalarLiteralsFollowTheSwiftType() {
    #expect(SwiftSource.literal("x", typed: "y") == #""x""#)
    #expect(SwiftSource.literal("slow", typed: Mode.slow) == ".slow")
    #expect(SwiftSource.literal("slow", typed: Optional(Mode.slow) as Any) == ".slow")
    let none: Mode? = nil
    #expect(SwiftSource.literal(.null, typed: none as Any) == "nil")
    #expect(SwiftSource.literal(true, typed: false) == "true")
    #expect(SwiftSource.literal(.number(JSONNumber(literal: "42")!), typed: 1) == "42")
    #expect(SwiftSource.literal(.number(JSONNumber(literal: "1e3")!), typed: 1) == nil)
    #expect(SwiftSource.literal(.number(JSONNumber(literal: "1e3")!), typed: 1.0) == "1e3")
    #expect(SwiftSource.literal(.number(JSONNumber(literal: "-2.5")!), typed: 1.0) == "-2.5")
    // A date, a custom description, a number where a string is: no literal.
    #expect(SwiftSource.literal("2026-01-05", typed: Date()) == nil)
    #expect(SwiftSource.literal("described", typed: Described()) == nil)
    #expect(SwiftSource.literal(.number(JSONNumber(1)), typed: "1") == nil)
  }

  @Test func identifiersAndKeywords() {
    #expect(SwiftSource.isIdentifier("todos"))
    #expect(SwiftSource.isIdentifier("_0"))
    #expect(!SwiftSource.isIdentifier("0a"))
    #expect(!SwiftSource.isIdentifier("is-done"))
    #expect(!SwiftSource.isIdentifier(""))
    #expect(SwiftSource.memberName("default") == "`default`")
    #expect(SwiftSource.memberName("title") == "title")
    // Names that mean something else after a dot, and `_`, which names nothing.
    #expect(SwiftSource.memberName("self") == "`self`")
    #expect(SwiftSource.memberName("Type") == "`Type`")
    #expect(!SwiftSource.isIdentifier("_"))
    #expect(!SwiftSource.isIdentifier("naïve"))
  }

  struct Item: Codable { var name: String; var tags: [String] }
  struct Renamed: Codable {
    var title: String
    var name: String
    enum CodingKeys: String, CodingKey {
      case title = "name"
      case name = "title"
    }
  }
  final class Box: Codable { var value = 1 }
  struct Sample: Codable {
    var items: [Item]
    var scores: [String: Int]
    var owner: Item?
    var renamed: Renamed
    var box: Box
  }

  func path(_ pointer: String, in sample: Sample) throws -> String? {
    let json = try JSONValueCoding.encode(sample)
    return SwiftAccessPath.resolve(
      try JSONPointer(parsing: pointer), in: sample, json: json, nils: .null)?.text
  }

  @Test func pathsWalkTheTypedState() throws {
    let sample = Sample(
      items: [Item(name: "a", tags: ["x", "y"])], scores: ["ada": 3],
      owner: Item(name: "o", tags: []), renamed: Renamed(title: "t", name: "n"), box: Box())
    #expect(try path("", in: sample) == "$0")
    #expect(try path("/items/0/tags/1", in: sample) == "$0.items[0].tags[1]")
    #expect(try path("/scores/ada", in: sample) == #"$0.scores["ada"]"#)
    #expect(try path("/owner/name", in: sample) == "$0.owner?.name")
    // A member whose coding key is another member's name is not guessed at.
    #expect(try path("/renamed/name", in: sample) == nil)
    #expect(try path("/renamed/title", in: sample) == nil)
    // A class is shared by reference: mutating it in a copy would change the original.
    #expect(try path("/box/value", in: sample) == nil)
    // Out of range, or not an index.
    #expect(try path("/items/1", in: sample) == nil)
    #expect(try path("/items/01", in: sample) == nil)
  }
}
