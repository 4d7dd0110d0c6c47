import TestSupport
import Testing
import TimeTravel

@Suite struct QueryParserTests {
  @Test func unexpectedEnd() {
    let error = jqSyntaxError(".todos[")
    #expect(error?.description == "column 8: unexpected end of input")
    #expect(error?.caretLine == ".todos[\n       ^")
  }

  @Test func missingCloser() {
    let error = jqSyntaxError(#"any(.todos[]; .title | test("x")"#)
    #expect(error?.description == "column 33: unexpected end of input, expected ')'")
    #expect(
      error?.caretLine == "any(.todos[]; .title | test(\"x\")\n" + String(repeating: " ", count: 32)
        + "^")
  }

  @Test func unknownFunction() {
    #expect(jqSyntaxError("1 | length(1)")?.description == "column 5: length/1 is not defined")
    #expect(
      jqSyntaxError(".a | frobnicate")?.description == "column 6: frobnicate/0 is not defined")
    #expect(jqSyntaxError("def f(g): g; f")?.description == "column 14: f/0 is not defined")
  }

  @Test func badTokens() {
    #expect(jqSyntaxError(".a ^ 1")?.description == "column 4: unexpected character '^'")
    #expect(jqSyntaxError(#""abc"#)?.description == "column 1: unterminated string literal")
    #expect(
      jqSyntaxError("1 == 2 == 3")?.message
        == "unexpected '==': comparisons do not chain; use parentheses")
    #expect(jqSyntaxError(".a )")?.description == "column 4: unexpected ')'")
  }

  /// Columns count characters, whether the program is ASCII (counted without breaking it
  /// into characters) or not; every Unicode white space separates tokens.
  @Test func columnsCountCharacters() {
    // `\r\n` is one character, as is `e` with a combining acute accent.
    #expect(jqSyntaxError(".a\r\n^ 1")?.column == 4)
    #expect(jqSyntaxError("\"e\u{301}\" ^ 1")?.column == 5)
    #expect(jqSyntaxError("\"é\" ^")?.column == 5)
    // A vertical tab, a form feed and a no-break space are white space, as before.
    #expect(jqSyntaxError(".a\u{0B}|\u{0C}.b\u{A0}^")?.column == 9)
    #expect(jqSyntaxError(".a\u{0B}|\u{0C}.b\u{A0}| .c") == nil)
    // Words and numbers keep their text.
    #expect(jqSyntaxError("mod::f_2")?.message == "mod::f_2/0 is not defined")
    #expect(jqSyntaxError("frob_1x(1.5e3)")?.message == "frob_1x/1 is not defined")
  }

  @Test func nestingIsLimited() throws {
    let deep = String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
    #expect(jqSyntaxError(deep)?.message == "program nested too deeply (more than 100 levels)")
    let chain = Array(repeating: "1", count: 10_000).joined(separator: " + ")
    #expect(jqSyntaxError(chain)?.message == "program nested too deeply (more than 100 levels)")
    let parens = String(repeating: "(", count: 90) + "1" + String(repeating: ")", count: 90)
    #expect(try jq(parens) == ["1"])
    let ok = String(repeating: "[", count: 90) + "1" + String(repeating: "]", count: 90)
    #expect(try jq(ok + " | flatten") == ["[1]"])
  }
}
