import CLITestSupport
import TestSupport
import Testing

@testable import ReplayCLI
@testable import TimeTravelJQ

/// Builtins raise the errors jq raises instead of replacing them with a value, and
/// produce jq 1.8's values where jq versions differ.
@Suite struct QueryErrorPropagationTests {
  /// jq's `jv_getpath` propagates `jv_get`'s error: only `null` indexes to `null`.
  @Test func getpathRaisesIndexingErrors() throws {
    #expect(
      try jqRuntimeError(#"getpath(["a","b"])"#, #"{"a":1}"#)
        == #"Cannot index number with string ("b")"#)
    #expect(try jqRuntimeError(#"getpath([0,0])"#, "[1]") == "Cannot index number with number (0)")
    #expect(
      try jqRuntimeError(#"getpath(["a",0])"#, #"{"a":{}}"#)
        == "Cannot index object with number (0)")
    #expect(
      try jqRuntimeError(#"getpath(["a"])"#, "[1]") == #"Cannot index array with string ("a")"#)
    #expect(try jqRuntimeError(#"getpath("a")"#, "{}") == "Path must be specified as an array")
    #expect(try jq(#"getpath(["a","b"])"#, "null") == ["null"])
    #expect(try jq(#"getpath(["a","b","c"])"#, #"{"a":null}"#) == ["null"])
    #expect(try jq(#"getpath(["x",5])"#, #"{"a":1}"#) == ["null"])
    #expect(try jq(#"getpath(["a","b"])"#, #"{"a":{"b":2}}"#) == ["2"])
    #expect(
      try jq(#"try getpath(["a","b"]) catch ."#, #"{"a":1}"#) == [
        #""Cannot index number with string (\"b\")""#
      ])
    #expect(try jq(#"[getpath(["a","b"])?]"#, #"{"a":1}"#) == ["[]"])
  }

  /// Updates read the old value with the same `getpath`.
  @Test func updatesRaiseIndexingErrors() throws {
    #expect(
      try jqRuntimeError(".a.b |= 1", #"{"a":1}"#)
        == #"Cannot index number with string ("b")"#)
    #expect(try jq(".a.b |= 1", "null") == [#"{"a":{"b":1}}"#])
    #expect(try jqRuntimeError("getpath([null])", "null") == "Cannot index null with null (null)")
    #expect(try jqRuntimeError("getpath([[1]])", "null") == "Cannot index null with array ([1])")
  }

  @Test func getpathErrorThroughTheCLI() {
    let result = replay("--eval", #"getpath(["a","b"])"#, stdin: #"{"a":1}"# + "\n")
    #expect(result.code == ExitCode.evaluationError)
    #expect(result.out == "")
    #expect(result.err == "replay: error (at input 1): Cannot index number with string (\"b\")\n")
  }

  /// `null` indexes to `null` by a string, number or slice only (`jv_get`).
  @Test func indexingNullByNullIsAnError() throws {
    #expect(try jqRuntimeError(".[null]", "null") == "Cannot index null with null (null)")
    #expect(try jq(#".["a"], .[0], .[1:]"#, "null") == ["null", "null", "null"])
  }

  /// `indices` as jq 1.7's `builtin.jq` defines it, through indexing.
  @Test func indicesFollowsIndexing() throws {
    #expect(
      try jqRuntimeError("indices(null)", #""abc""#) == "Cannot index string with null (null)")
    #expect(try jqRuntimeError("indices(1)", #"{"a":1}"#) == "Cannot index object with number (1)")
    #expect(try jq("indices(null)", "[1,null,null]") == ["[1,2]"])
    #expect(try jq(#"indices("a")"#, "null") == ["null"])
    #expect(try jq("indices([1,2])", "[0,1,2,1,2]") == ["[1,3]"])
    #expect(try jq(#"indices(", ")"#, #""a, b, c""#) == ["[1,4]"])
  }

  /// `jv_has`: `null` has nothing; other mismatches are errors.
  @Test func hasOnNullIsFalse() throws {
    #expect(try jq(#"has("a"), has(0)"#, "null") == ["false", "false"])
    #expect(try jqRuntimeError("has(0)", "{}") == "Cannot check whether object has a number key")
  }

  /// `join` fails as jq's `+` does, naming the text so far; objects join their values.
  @Test func joinRaisesAdditionErrors() throws {
    #expect(
      try jqRuntimeError(#"join(",")"#, #"["1","2",[3,4,5]]"#)
        == #"string ("1,2,") and array ([3,4,5]) cannot be added"#)
    #expect(
      try jqRuntimeError(#"join(",")"#, #"[{"a":1}]"#)
        == #"string ("") and object ({"a":1}) cannot be added"#)
    #expect(
      try jqRuntimeError("join(1)", #"["a","b"]"#)
        == #"string ("a") and number (1) cannot be added"#)
    #expect(try jq(#"join("-")"#, #"{"a":"x","b":"y"}"#) == [#""x-y""#])
    #expect(try jq(#"join("-")"#, #"[null,1,true,"s"]"#) == [#""-1-true-s""#])
    #expect(try jq(#"join("-")"#, "[]") == [#""""#])
    #expect(try jqRuntimeError(#"join("-")"#, "null") == "Cannot iterate over null (null)")
  }

  /// `fromjson` keeps the parser's message and place.
  @Test func fromjsonKeepsTheParseError() throws {
    let message = try #require(try jqRuntimeError("fromjson", #""{\"a\":""#))
    #expect(message.hasSuffix(#" (while parsing '{"a":')"#))
    #expect(message.contains("line 1, column "))
    #expect(message != #"{"a": (while parsing '{"a":')"#)
    #expect(try jq("fromjson", #""[1,2]""#) == ["[1,2]"])
  }

  /// jq 1.7's `builtin.jq` definitions where jq 1.6 differs.
  @Test func streamBuiltinsFollowJq17() throws {
    // `limit`: 0 gives nothing (jq 1.6 gave one output); a negative count is an error in
    // jq 1.8 (jq 1.7 let every output through).
    #expect(try jq("[limit(0; 1, 2)], [limit(1; 1, 2)]") == ["[]", "[1]"])
    #expect(try jqRuntimeError("[limit(-1; 1, 2)]") == "limit doesn't support negative count")
    // `last(empty)` outputs nothing, as jq's manual has it since jq 1.8 (jq 1.7's
    // `reduce f as $x (null; $x)` gave `null`); the manual examples are the reference.
    #expect(try jq("[last(empty)], [last(1, 2)], [nth(5; empty)]") == ["[]", "[2]", "[]"])
    // `range/3` with a step of 0 is empty (jq 1.6 looped for ever).
    #expect(
      try jq("[range(0; 3; 0)], [range(0; 3; 2)], [range(3; 0; -1)]") == ["[]", "[0,2]", "[3,2,1]"])
  }

  /// `to_entries` works on arrays, as its jq 1.7 definition does; the string builtins
  /// name their input as jq's C functions do.
  @Test func toEntriesAndStringMessages() throws {
    #expect(try jq("to_entries", "[10,20]") == [#"[{"key":0,"value":10},{"key":1,"value":20}]"#])
    #expect(try jqRuntimeError("to_entries", "1") == "number (1) has no keys")
    #expect(try jqRuntimeError("explode", "1") == "explode input must be a string")
    #expect(try jqRuntimeError("trim", "1") == "trim input must be a string")
  }

  /// jq 1.8 removed `ascii` (`[.] | implode` does its job): it no longer compiles.
  @Test func asciiIsGone() {
    let result = replay("--eval", "ascii", stdin: "65\n")
    #expect(result.code == ExitCode.usage)
    #expect(result.out == "")
    #expect(result.err == "replay: syntax error at column 1: ascii/0 is not defined\nascii\n^\n")
  }
}
