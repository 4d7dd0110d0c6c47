import TestSupport
import Testing

@testable import TimeTravelJQ

/// `implode` handles every number as current jq does (`f_string_implode`, jq 1.7.1 and
/// later): truncated toward zero, and U+FFFD for whatever is not a Unicode scalar value.
/// jq 1.6 crashed on these (an assertion); this implementation used to clamp them.
@Suite struct QueryImplodeTests {
  /// jq's tests/jq.test case.
  @Test func jqsBoundaryTable() throws {
    #expect(
      try jq("implode|explode", "[-1,0,1,2,3,1114111,1114112,55295,55296,57343,57344,1.1,1.9]")
        == ["[65533,0,1,2,3,1114111,65533,55295,65533,65533,57344,1,1]"])
  }

  @Test func negativeCodePoints() throws {
    #expect(try jq("[-1] | implode") == [#""\#u{FFFD}""#])
    #expect(try jq("[-1114111, -55296] | implode | explode") == ["[65533,65533]"])
    // Truncation toward zero: -0.5 is 0, a valid code point.
    #expect(try jq("[-0.5] | implode | explode") == ["[0]"])
  }

  @Test func surrogates() throws {
    #expect(
      try jq("[55296, 56319, 56320, 57343] | implode | explode") == ["[65533,65533,65533,65533]"])
    #expect(try jq("[55295, 57344] | implode | explode") == ["[55295,57344]"])
  }

  @Test func aboveTheLastCodePoint() throws {
    #expect(try jq("[1114112, 4294967297, 1e300] | implode | explode") == ["[65533,65533,65533]"])
    #expect(try jq("[infinite, -infinite] | implode | explode") == ["[65533,65533]"])
    #expect(try jq("[1114111] | implode | explode") == ["[1114111]"])
  }

  @Test func nonNumbersAreErrors() throws {
    #expect(try jqRuntimeError("implode", "123") == "implode input must be an array")
    #expect(
      try jq(#"[123, ["a"], [nan]] | map(try implode catch .)"#)
        == [
          #"["implode input must be an array","string (\"a\") can't be imploded, unicode codepoint needs to be numeric","number (null) can't be imploded, unicode codepoint needs to be numeric"]"#
        ])
    #expect(
      try jqRuntimeError("implode", "[65, null]")
        == "null (null) can't be imploded, unicode codepoint needs to be numeric")
  }

  @Test func validCodePointsRoundTrip() throws {
    #expect(try jq("implode", "[104,233,128640]") == [#""hé🚀""#])
    #expect(try jq(#"explode | implode"#, #""aé€🚀""#) == [#""aé€🚀""#])
  }
}
