import CLITestSupport
import Foundation
import TestSupport
import Testing

@testable import ReplayCLI
@testable import TimeTravel

/// The one way `--emit-test` writes text from a log as Swift is safe: for random and
/// hostile strings, every literal ``SwiftSource/literal(_:)`` writes compiles and
/// evaluates to exactly that string (scalar for scalar), every `//` comment of
/// ``SwiftSource/comment(_:)`` stays one comment, and recorded JSON written by
/// ``SwiftSource/rawJSONLiteral(_:)`` decodes to the value recorded.
@Suite struct SwiftSourceLiteralTests {
  /// Strings that broke, or could break, a generator: delimiters, interpolation in raw
  /// strings, multi-line openers, comment closers, controls, invisible and joining
  /// characters.
  static let hostile: [String] = [
    "", "\"", "\\", "#", "\"#", "\\#", "\\#(exit(42))", "\\#(1+1)", "markdown \\#1",
    "\\##(exit(42))", "\"##", "##\"", "\"\"\"", "\"\"", "\"\"x", "\"\"\"\n\"\"\"", "*/", "/*",
    "*/ exit(1) /*", "\\(exit(43))", "\\u{41}", "\u{0}", "a\u{0}b", "\u{1B}[31mred",
    "\u{7F}\u{80}\u{9F}", "\u{FFFD}", "\u{202E}evil\u{202C}", "\u{2066}\u{2069}",
    "\u{200E}\u{200F}", "line\u{2028}sep\u{2029}", "\r\n\t", "\u{301}", "\"\u{301}",
    "#\u{301}", "\\\u{301}", "e\u{301}", "क\u{93F}", "👨\u{200D}👩\u{200D}👧", "❤\u{FE0F}",
    "\u{FEFF}bom", "\u{A0}\u{3000}\u{2009}", "\u{E000}\u{F8FF}", "\u{FFFE}\u{FFFF}",
    "\u{10FFFF}", "\u{378}", "\u{1F600}", "#\"#\"##\"###", "\"#)\n#\"",
    String(repeating: "\\#(x)\"#", count: 1500),
  ]

  /// Scalars the random strings are drawn from: each of the hostile kinds, and letters.
  static let pool: [Unicode.Scalar] = Array(
    "ab Z09_\"\\#()*/{}u$`'\n\r\t\u{0}\u{1B}\u{7F}\u{85}\u{A0}\u{AD}\u{301}\u{20DD}\u{93F}\u{915}\u{200B}\u{200D}\u{202E}\u{2028}\u{2066}\u{FEFF}\u{FE0F}\u{E000}\u{FFFD}\u{FFFF}\u{378}é漢😀"
      .unicodeScalars)

  static func randomStrings(count: Int, seed: UInt64) -> [String] {
    var random = SeededGenerator(seed: seed)
    return (0..<count).map { _ in
      var text = String.UnicodeScalarView()
      for _ in 0..<random.below(24) { text.append(pool[random.below(pool.count)]) }
      return String(text)
    }
  }

  /// The program: the literals in an array, the comments each followed by a counted
  /// statement, then every value printed as hexadecimal scalars, one per line.
  static func program(literals: [String], comments: [String]) -> String {
    var source = "var values: [String] = []\nvar marks = 0\n"
    for literal in literals { source += "values.append(\(literal))\n" }
    for comment in comments { source += "// \(comment)\nmarks += 1\n" }
    source += """
      print(marks)
      for value in values {
        print(value.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
      }

      """
    return source
  }

  static func hex(_ text: String) -> String {
    text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
  }

  @Test(
    .enabled(if: PeerResources.executable("swiftc") != nil, "needs the toolchain's swiftc"))
  func literalsOfHostileAndRandomStringsRoundTrip() async throws {
    let texts = Self.hostile + Self.randomStrings(count: 400, seed: 25)
    let values: [JSONValue] = [
      ["title": .string("\\#(exit(42))")], ["a\"#b": .string("\"##\\##(x)")],
      .array(JSONArray(texts.prefix(60).map { JSONValue.string($0) })),
      ["k\u{2028}": .string("\u{202E}\u{0}")],
    ]
    let literals = texts.map(SwiftSource.literal) + values.map(SwiftSource.rawJSONLiteral)
    for literal in literals {
      #expect(!literal.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }, "\(literal)")
    }
    let work = Scratch.folder.appendingPathComponent(
      "literals-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let source = work.appendingPathComponent("main.swift")
    try Data(Self.program(literals: literals, comments: texts.map(SwiftSource.comment)).utf8)
      .write(to: source)
    let binary = work.appendingPathComponent("literals").path
    let compiled = try await CompletedProcess.run(
      try #require(PeerResources.executable("swiftc")),
      [
        "-swift-version", "6", "-module-cache-path", work.appendingPathComponent("cache").path,
        "-o", binary, source.path,
      ], mergingOutput: true)
    try #require(compiled.status == 0, "\(compiled.out.prefix(4000))")
    let ran = try await CompletedProcess.run(binary, [])
    #expect(ran.status == 0)
    var lines = ran.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == String(texts.count), "a comment swallowed or broke a line")
    lines.removeFirst()
    for (i, text) in texts.enumerated() {
      #expect(
        lines[i] == Self.hex(text), "literal \(SwiftSource.literal(text)) of \(Self.hex(text))")
    }
    for (i, value) in values.enumerated() {
      let scalars = lines[texts.count + i].split(separator: " ").compactMap {
        UInt32($0, radix: 16).flatMap(Unicode.Scalar.init)
      }
      var text = String.UnicodeScalarView()
      text.append(contentsOf: scalars)
      #expect(try JSONParser.parse(String(text)) == value)
    }
  }

  @Test func theForms() {
    #expect(SwiftSource.literal("plain") == #""plain""#)
    // A raw literal when the text holds a quote or a backslash, with a `#` more than
    // the longest run after either, so `\#(` is text.
    #expect(SwiftSource.literal(##"\#(exit(42))"##) == ###"##"\#(exit(42))"##"###)
    #expect(SwiftSource.literal(#"say "hi""#) == ##"#"say "hi""#"##)
    // A leading `""` starts with an escape, so the opening is never `#"""`.
    #expect(SwiftSource.literal("\"\"\"x") == ##"#"\#u{22}""x"#"##)
    #expect(SwiftSource.literal("\"") == ##"#"\#u{22}"#"##)
    #expect(SwiftSource.literal(#""b""#) == ##"#""b""#"##)
    #expect(SwiftSource.literal("a\nb\u{202E}\u{301}") == #""a\nb\u{202E}\u{301}""#)
    #expect(SwiftSource.literal("é漢😀") == #""é漢😀""#)
    #expect(SwiftSource.comment("x\ny */ z") == #"x\ny */ z"#)
  }

  /// A recorded title `\#(exit(42))` is text in the generated test: its raw literal
  /// has two `#`, so `\#(` does not interpolate.
  @Test func aTitleThatLooksLikeInterpolationStaysText() throws {
    let fixture = try String(contentsOfFile: Repo.fixture, encoding: .utf8)
    let hostile = fixture.replacingOccurrences(
      of: #""title":"   ""#, with: ##""title":"\\#(exit(42))""##)
    let log = try TempLog(hostile)
    let (code, out, _) = replay(
      log.path, arguments: ["--emit-test", "--reducer", "todo", "--range", "117..117"])
    #expect(code == 0)
    #expect(
      out.contains(
        ###"try $0.todos.append(decode(##"{"id":"todo-035","isCompleted":false,"title":"\\#(exit(42))"}"##))"###
      ))
  }
}
