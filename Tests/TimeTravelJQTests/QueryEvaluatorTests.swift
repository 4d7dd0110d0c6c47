import Foundation
import TestSupport
import Testing
import TimeTravel
import TimeTravelJQ
import TimeTravelJSON

@Suite struct QueryEvaluatorTests {
  @Test func paths() throws {
    let doc = #"{"a":{"b":[1,2,3]},"a b":true,"n":null}"#
    #expect(try jq(".", doc) == [#"{"a":{"b":[1,2,3]},"a b":true,"n":null}"#])
    #expect(try jq(".a.b", doc) == ["[1,2,3]"])
    #expect(try jq(#"."a b""#, doc) == ["true"])
    #expect(try jq(#".["a"].b[0]"#, doc) == ["1"])
    #expect(try jq(".a.b[-1]", doc) == ["3"])
    #expect(try jq(".a.b[]", doc) == ["1", "2", "3"])
    #expect(try jq(".[]", "[1,[2]]") == ["1", "[2]"])
    #expect(try jq(".x.y", doc) == ["null"])
    #expect(try jq(".a.b.c?", doc) == [])
    #expect(try jq("[.[]?]", "3") == ["[]"])
  }

  @Test func pipesCommasAndLiterals() throws {
    #expect(try jq(".a, .b | . + 1", #"{"a":1,"b":2}"#) == ["2", "3"])
    #expect(
      try jq("1, 1.50, 100000000000000000001, \"a\\n\\u00e9\", true, false, null") == [
        "1", "1.50", "100000000000000000001", #""a\né""#, "true", "false", "null",
      ])
    #expect(try jq("(1, 2) | (., 10)") == ["1", "10", "2", "10"])
  }

  @Test func comparisonsAndLogic() throws {
    #expect(
      try jq("1 == 1.0, 1 < 2, \"a\" < \"b\", null < false, [] > {}, 2 >= 2, 1 != 1") == [
        "true", "true", "true", "true", "false", "true", "false",
      ])
    #expect(try jq("(true, false) and (true, false)") == ["true", "false", "false"])
    #expect(try jq("(true, false) or (true, false)") == ["true", "true", "false"])
    #expect(try jq("false and error(\"x\")") == ["false"])
    #expect(try jq("[1, null, false] | map(not)") == ["[false,true,true]"])
    #expect(try jq("length", #""héllo""#) == ["5"])
    #expect(try jq("[null, [1,2], {\"a\":1}, -3] | map(length)") == ["[0,2,1,3]"])
  }

  @Test func anyAllAndTest() throws {
    let state = #"{"todos":[{"title":"Buy milk"},{"title":"  "}]}"#
    #expect(try jq(#"any(.todos[]; .title | test("^\\s*$"))"#, state) == ["true"])
    #expect(try jq(#"all(.todos[]; .title | test("milk"; "i"))"#, state) == ["false"])
    #expect(try jq("[true, false] | any, all") == ["true", "false"])
    #expect(try jq("any(. > 2), all(. > 0)", "[1,2,3]") == ["true", "true"])
    #expect(try jq(#"test("[a-c]+\\d")"#, #""xxb7""#) == ["true"])
    // Oniguruma's Perl syntax, as jq compiles it: `^` and `$` are the string's ends.
    #expect(try jq(#"test("^b$")"#, #""a\nb""#) == ["false"])
    #expect(try jq(#"test("^a\nb$")"#, #""a\nb""#) == ["true"])
    let filter = try JQFilter(#"any(.todos[]; .title | test("^\\s*$"))"#)
    #expect(try filter.holds(on: try JSONParser.parse(state)))
    #expect(try !JQFilter("empty").holds(on: .null))
    #expect(try !JQFilter("true, null").holds(on: .null))
  }

  @Test func variables() throws {
    #expect(try jq("$action.type", variables: ["action": ["type": "add"]]) == [#""add""#])
    #expect(try jqRuntimeError("$missing") == "$missing is not defined")
    let strict = jqStrictError("$foo", names: ["bar"])
    #expect(strict?.description == "column 1: $foo is not defined")
  }

  @Test func runtimeErrors() throws {
    #expect(try jqRuntimeError(".a", "1") == #"Cannot index number with string ("a")"#)
    #expect(try jqRuntimeError(".[]", "null") == "Cannot iterate over null (null)")
    #expect(try jqRuntimeError(".[]", "5") == "Cannot iterate over number (5)")
    #expect(try jqRuntimeError(".[0]", "{}") == "Cannot index object with number (0)")
    #expect(try jqRuntimeError("true | length") == "boolean (true) has no length")
    #expect(try jqRuntimeError("{} + 1") == "object ({}) and number (1) cannot be added")
  }

  @Test func deepInputDoesNotRecurse() throws {
    let depth = 100_000
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let value = try JSONParser.parse(text)
    let count = try JQFilter("[..] | length").evaluate(value)
    #expect(count == [.number(JSONNumber(depth))])
    #expect(try JQFilter(". == .").evaluate(value) == [true])
    #expect(try JQFilter("[.. | select(length == 0)] | length").evaluate(value) == [1])
  }
}

func jqStrictError(_ program: String, names: [String]) -> JQSyntaxError? {
  do {
    _ = try JQFilter(program, variableNames: names)
    return nil
  } catch {
    return error
  }
}
