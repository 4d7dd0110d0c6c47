import TestSupport
import Testing
import TimeTravel

@testable import TimeTravelJQ

/// `JQFilter.evaluate(_:variables:stepLimit:)`: a budget for programs from an untrusted
/// source, which the jq fuzz target relies on.
@Suite struct JQStepLimitTests {
  @Test func stopsEndlessPrograms() throws {
    let filter = try JQFilter("[repeat(.)] | length")
    #expect(
      throws: JQRuntimeError(message: "the program took more than 1000 evaluation steps")
    ) { try filter.evaluate(1, stepLimit: 1000) }
    // try, ? and // cannot swallow it.
    #expect(
      throws: JQRuntimeError(message: "the program took more than 1000 evaluation steps")
    ) {
      try JQFilter("try last(range(1e9)) catch 0, (last(range(1e9))? // 1)").evaluate(
        .null, stepLimit: 1000)
    }
    #expect(
      try JQFilter("[limit(3; repeat(1))], [limit(2; range(1e9))]").evaluate(
        .null, stepLimit: 1000
      ).map(JSONPrinter.compact.print) == ["[1,1,1]", "[0,1]"])
  }

  @Test func aProgramWithinTheLimitGivesAllItsOutputs() throws {
    let filter = try JQFilter("[range(10)] | add, length")
    #expect(try filter.evaluate(.null, stepLimit: 1000) == (try filter.evaluate(.null)))
  }

  /// A budget of steps bounds memory and time only if a step that builds or walks a
  /// large value pays for its size. Each program here finishes within the budget
  /// when only nodes are counted, while building or walking megabytes.
  @Test(arguments: [
    // Strings that grow geometrically from one step to the next.
    "[limit(40; while(0; @base64))] | length", "\"ab\" | [limit(23; recurse(. + .))] | length",
    "\"ab\" | last(limit(23; recurse(\"\\(.)\\(.)\"))) | length",
    // One step that builds a large value.
    "\"ab\" * 1e8 | length", "[range(3000)] | . - . | length",
    // A value of 2^20 leaves built in 20 steps of recursion, then printed, walked or compared whole.
    "last(limit(21; recurse([., .]))) | tojson | length",
    "last(limit(21; recurse([., .]))) | @text | length",
    "last(limit(21; recurse([., .]))) | \"\\(.)\" | length",
    "last(limit(21; recurse([., .]))) | [..] | length",
    "last(limit(21; recurse([., .]))) | flatten | length",
    "last(limit(21; recurse([., .]))) | . == .",
    "last(limit(21; recurse({a: ., b: .}))) | . * .  | length",
    "last(limit(21; recurse([., .]))) | [.] | sort | length",
    // Members of a container built by iterating another (65,536 from 16 steps).
    "reduce range(16) as $i ([0]; [.[], .[]]) | length",
    // Keys that sorting compares; values an error message prints whole.
    "last(limit(21; recurse([., .]))) as $b | [1, 2, 3] | sort_by($b) | length",
    "last(limit(21; recurse([., .]))) | try error catch 0",
    "last(limit(21; recurse([., .]))) | try error(.) catch 0",
    // Assignments: the containers they copy, and the nulls they pad an array with.
    "reduce range(200) as $i ([]; .[$i] = 1) | length",
    "null | setpath([5000, 5000]; 1) | length",
    "[range(3) | null | .[9999] = 1] | length",
    // A path per level of a deep value.
    "reduce range(150) as $i (0; [.]) | (.. |= .) | length",
  ])
  func aStepPaysForTheSizeOfWhatItBuildsOrWalks(program: String) throws {
    #expect(
      throws: JQRuntimeError(message: "the program took more than 10000 evaluation steps")
    ) { try JQFilter(program).evaluate(0, stepLimit: 10_000) }
  }

  @Test func aBuiltStringCostsAStepPer16Bytes() throws {
    // The string grows by 16 bytes a turn: n turns build 16 × n(n + 1) / 2 bytes, which
    // cost n(n + 1) / 2 steps besides those of the nodes (5,050 for 100, 11,325 for 150).
    let program = try JQFilter(#"reduce range(.) as $i (""; . + "0123456789abcdef") | length"#)
    #expect(try program.evaluate(100, stepLimit: 10_000) == [1600])
    #expect(
      throws: JQRuntimeError(message: "the program took more than 10000 evaluation steps")
    ) { try program.evaluate(150, stepLimit: 10_000) }
  }

  @Test func aFoldGrowsItsResultInPlaceAndLeavesItsInputAlone() throws {
    let program = try JQFilter(
      #"[[1], [2, 3]] as $a | [{"a": 1}, {"b": 2}] as $o | ($a | add), ($o | add), ($a[0] | length), (["x", null, 1, true] | join("-")), ($a | map(tostring) | join(", "))"#
    )
    #expect(
      try program.evaluate(.null).map(JSONPrinter.compact.print) == [
        "[1,2,3]", #"{"a":1,"b":2}"#, "1", #""x--1-true""#, #""[1], [2,3]""#,
      ])
  }
}
