import TestSupport
import Testing

@testable import TimeTravelJQ
@testable import TimeTravelJSON

/// Empty and empty-matching regular expressions in every regex builtin, as jq 1.7 treats
/// them: a global search reports every match, empty ones included, and after an empty
/// match searches on from the next code point. Offsets count code points.
///
/// Where jq 1.7 is known to be wrong these tests follow the fix jq made later, and say
/// so: after an empty match jq 1.7 and 1.8 step one byte, not one code point, and so
/// repeat an offset for every multi-byte character (jq issue 3585, fixed in jq's PR 3586).
@Suite struct QueryRegexEmptyMatchTests {
  /// An empty-matching pattern, an input, and the code-point offsets of its matches.
  struct Case: CustomTestStringConvertible, Sendable {
    var pattern: String
    var input: String
    var offsets: [Int]
    var testDescription: String { "\(pattern.debugDescription) on \(input.debugDescription)" }

    /// `input` with `insert` at each offset, as `gsub` gives for empty matches.
    func inserting(_ insert: String, at offsets: [Int]) -> String {
      var out = ""
      for (i, scalar) in input.unicodeScalars.enumerated() {
        out += String(repeating: insert, count: offsets.filter { $0 == i }.count)
        out.unicodeScalars.append(scalar)
      }
      return out
        + String(
          repeating: insert, count: offsets.filter { $0 == input.unicodeScalars.count }.count)
    }

    /// The pieces `split` cuts at empty matches at `offsets`.
    var pieces: [String] {
      let scalars = Array(input.unicodeScalars)
      var out: [String] = []
      var previous = 0
      for offset in offsets + [scalars.count] {
        out.append(String(String.UnicodeScalarView(scalars[previous..<offset])))
        previous = offset
      }
      return out
    }
  }

  /// `é` is one code point and one UTF-16 unit, `🚀` one code point and two units (not a
  /// word character), so offsets count code points, not bytes or units.
  static let cases: [Case] = [
    Case(pattern: "", input: "ab", offsets: [0, 1, 2]),
    Case(pattern: "x*", input: "ab", offsets: [0, 1, 2]),
    Case(pattern: "^", input: "ab", offsets: [0]),
    Case(pattern: "$", input: "ab", offsets: [2]),
    Case(pattern: "\\b", input: "ab", offsets: [0, 2]),
    Case(pattern: "", input: "é🚀ab", offsets: [0, 1, 2, 3, 4]),
    Case(pattern: "x*", input: "é🚀ab", offsets: [0, 1, 2, 3, 4]),
    Case(pattern: "^", input: "é🚀ab", offsets: [0]),
    Case(pattern: "$", input: "é🚀ab", offsets: [4]),
    Case(pattern: "\\b", input: "é🚀ab", offsets: [0, 1, 2, 4]),
    Case(pattern: "", input: "", offsets: [0]),
    Case(pattern: "x*", input: "", offsets: [0]),
  ]

  private func run(_ program: String, _ input: String) throws -> [String] {
    try jq(program, JSONPrinter.compact.print(.string(input)))
  }

  private func string(_ s: String) -> String { JSONPrinter.compact.print(.string(s)) }

  @Test(arguments: cases) func testMatchesAndNotEmptyDoesNot(c: Case) throws {
    let re = string(c.pattern)
    #expect(try run("test(\(re))", c.input) == ["true"])
    #expect(try run("test(\(re); \"g\")", c.input) == ["true"])
    #expect(try run("test(\(re); \"n\")", c.input) == ["false"])
  }

  @Test(arguments: cases) func matchReportsEveryEmptyMatch(c: Case) throws {
    let re = string(c.pattern)
    #expect(
      try run("[match(\(re); \"g\") | .offset]", c.input) == [
        "\(c.offsets)".replacingOccurrences(of: " ", with: "")
      ])
    #expect(
      try run("[match(\(re); \"g\") | [.length, .string]] | unique", c.input) == [#"[[0,""]]"#])
    #expect(try run("[match(\(re)) | .offset]", c.input) == ["[\(c.offsets[0])]"])
    #expect(try run("[match(\(re); \"gn\")]", c.input) == ["[]"])
    #expect(try run("[match([\(re), \"g\"])] | length", c.input) == ["\(c.offsets.count)"])
  }

  @Test(arguments: cases) func captureScanSplitAndSubSeeTheSameMatches(c: Case) throws {
    let re = string(c.pattern)
    let n = c.offsets.count
    #expect(
      try run("[capture(\"(?<x>\" + \(re) + \")\"; \"g\")]", c.input)
        == ["[" + Array(repeating: #"{"x":""}"#, count: n).joined(separator: ",") + "]"])
    #expect(
      try run("[scan(\(re))]", c.input) == [
        "[" + Array(repeating: #""""#, count: n).joined(separator: ",") + "]"
      ])
    let pieces = "[" + c.pieces.map(string).joined(separator: ",") + "]"
    #expect(try run("split(\(re); null)", c.input) == [pieces])
    #expect(try run("[splits(\(re))]", c.input) == [pieces])
    #expect(try run("sub(\(re); \"-\")", c.input) == [string(c.inserting("-", at: [c.offsets[0]]))])
    #expect(try run("gsub(\(re); \"-\")", c.input) == [string(c.inserting("-", at: c.offsets))])
    #expect(try run("gsub(\(re); \"-\"; \"n\")", c.input) == [string(c.input)])
  }

  @Test func theIssueInputs() throws {
    #expect(try jq(#"test("")"#, #""ab""#) == ["true"])
    #expect(try jq(#"[match("";"g")] | length"#, #""ab""#) == ["3"])
    #expect(try jq(#"gsub("";"-")"#, #""ab""#) == [#""-a-b-""#])
  }

  /// jq 1.7's answers for patterns that match both empty and non-empty (measured with
  /// jq 1.7 in gojq issue 307 and in jq's tests/onig.test): an empty match right after a
  /// non-empty one is reported.
  @Test func emptyMatchesAfterNonEmptyOnes() throws {
    #expect(try jq(#"[match("a*";"g").offset]"#, #""a1b""#) == ["[0,1,2,3]"])
    #expect(try jq(#"[scan("[a-z]*")]"#, #""a1b""#) == [#"["a","","b",""]"#])
    #expect(try jq(#"[scan("[a-z]*")]"#, #""ab-cd""#) == [#"["ab","","cd",""]"#])
    #expect(try jq(##"gsub("[0-9]*";"#")"##, #""a1b""#) == [##""#a##b#""##])
    #expect(try jq(#"split("-*";"")"#, #""ab-cd""#) == [#"["","a","b","","c","d",""]"#])
    #expect(try jq(#"[splits("\\s*")]"#, #""a b""#) == [#"["","a","","b",""]"#])
  }

  /// jq's tests/onig.test cases for empty matches. jq 1.6 looped for ever on most; the
  /// counts are jq 1.7's (PR 2677: `"a" | gsub(""; "a")` is `"aaa"`, 1.6 gave `"aa"`).
  @Test func jqsOwnEmptyMatchCases() throws {
    #expect(try jq(#"[match("( )*"; "g") | .offset]"#, #""abc""#) == ["[0,1,2,3]"])
    #expect(try jq(#"[match("( )*"; "gn")]"#, #""abc""#) == ["[]"])
    #expect(try jq(#"[test("( )*"; "gn")]"#, #""abc""#) == ["[false]"])
    #expect(try jq(#"gsub("(.*)"; ""; "x")"#, #""""#) == [#""""#])
    #expect(try jq(#"gsub(""; "a"; "g")"#, #""""#) == [#""a""#])
    #expect(try jq(#"gsub("^"; ""; "g")"#, #""a""#) == [#""a""#])
    #expect(try jq(#"gsub(""; "a"; "g")"#, #""a""#) == [#""aaa""#])
    #expect(try jq(#"gsub("$"; "a"; "g")"#, #""a""#) == [#""aa""#])
    #expect(try jq(#"gsub("^"; "a")"#, #""""#) == [#""a""#])
    #expect(try jq(#"gsub("(?=u)"; "u")"#, #""qux""#) == [#""quux""#])
    #expect(try jq(#"gsub("^.*a"; "b")"#, #""aaa""#) == [#""b""#])
    #expect(try jq(#"gsub("^.*?a"; "b")"#, #""aaa""#) == [#""baa""#])
    #expect(
      try jq(#"gsub("\\b(?<x>.)"; "\(.x|ascii_downcase)")"#, #""ABC DEF""#) == [#""aBC dEF""#])
    #expect(
      try jq(
        #"[.[]|[[sub(", *";":")], [gsub(", *";":")], [scan(", *")]]]"#,
        #"["a,b, c, d, e,f",", a,b, c, d, e,f, "]"#)
        == [
          #"[[["a:b, c, d, e,f"],["a:b:c:d:e:f"],[",",", ",", ",", ",","]],[[":a,b, c, d, e,f, "],[":a:b:c:d:e:f:"],[", ",",",", ",", ",", ",",",", "]]]"#
        ])
  }

  /// The multi-byte cases of jq issue 3585; jq 1.7 repeated an offset per multi-byte
  /// character (`[0,1,2,2]` for `"aé"`), jq's PR 3586 fixed it.
  @Test func multiByteInputFollowsJqsFix() throws {
    #expect(try jq(#"[match("";"g")|.offset]"#, #""aé""#) == ["[0,1,2]"])
    #expect(try jq(#"[match("";"g")|.offset]"#, #""aé€🚀b""#) == ["[0,1,2,3,4,5]"])
    #expect(try jq(#"gsub("(?=.)";"-")"#, #""héllo""#) == [#""-h-é-l-l-o""#])
    #expect(try jq(#"gsub("";"-")"#, #""aé""#) == [#""-a-é-""#])
    #expect(try jq(#"[splits("")]"#, #""aé""#) == [#"["","a","é",""]"#])
  }

  /// jq compiles with Oniguruma's Perl syntax: `^` and `$` are the ends of the string
  /// (`$` also before a final newline), not of each line. jq 1.6 reported `$` three
  /// times on `"a\nb"`; jq 1.7 once.
  @Test func anchorsAreTheEndsOfTheString() throws {
    #expect(
      try jq(#"[match("^";"g")|.offset], [match("$";"g")|.offset]"#, #""a\nb""#) == ["[0]", "[3]"])
    #expect(
      try jq(#"test("^b"), test("a$"), test("b$")"#, #""a\nb""#) == ["false", "false", "true"])
    #expect(try jq(#"test("a$")"#, #""a\n""#) == ["true"])
    #expect(
      try jq(#"test("a.b"), test("a.b"; "s"), test("a.b"; "m"), test("a.b"; "p")"#, #""a\nb""#) == [
        "false", "false", "true", "true",
      ])
  }

  /// A group that takes no part in an empty match is `null` at offset -1, as in a
  /// non-empty match. jq 1.7 and 1.7.1 reported `""` at the match's offset there (jq issue
  /// 3093), fixed in jq 1.8 (PR 3238).
  @Test func groupsOfEmptyMatches() throws {
    #expect(
      try jq(#"[match("(x)?"; "g") | .captures[0]]"#, #""a""#)
        == [
          #"[{"offset":-1,"string":null,"length":0,"name":null},{"offset":-1,"string":null,"length":0,"name":null}]"#
        ])
    #expect(try jq(#"capture("(?<x>a)?b?")"#, #""c""#) == [#"{"x":null}"#])
    #expect(
      try jq(#"[match("(?<e>)"; "g") | .captures[0]]"#, #""é""#)
        == [
          #"[{"offset":0,"string":"","length":0,"name":"e"},{"offset":1,"string":"","length":0,"name":"e"}]"#
        ])
  }

  @Test func badRegexArgumentsAreErrors() throws {
    #expect(try jqRuntimeError(#"test(1)"#, #""a""#) == "number not a string or array")
    #expect(try jqRuntimeError(#"test(1; null)"#, #""a""#) == "number (1) is not a string")
    #expect(try jqRuntimeError(#"test("a"; 1)"#, #""a""#) == "number (1) is not a string")
    #expect(try jqRuntimeError(#"test("a"; "q")"#, #""a""#) == "q is not a valid modifier string")
    #expect(try jqRuntimeError(#"test("(")"#, #""a""#) == "( (at offset 0) is not a valid regex")
    #expect(
      try jqRuntimeError(#"test("")"#, "1") == "number (1) cannot be matched, as it is not a string"
    )
  }
}
