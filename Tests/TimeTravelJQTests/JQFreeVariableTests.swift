import TestSupport
import Testing
import TimeTravelJQ

@testable import TimeTravel

/// What a filter reads, known before it runs.
@Suite struct JQFreeVariableTests {
  @Test(arguments: [
    ("$action.removeItem.id as $id | $id != null", ["action"]),
    ("$prior.count == 4", ["prior"]),
    (#"$action == "increment" and $prior.count == 2"#, ["action", "prior"]),
    (". as $action | $action", []),
    ("def f($prior): $prior; f(1)", []),
    (#"reduce .[] as $action (0; . + $action)"#, []),
    ("$ENV | length", []),
    ("$seq > 3", ["seq"]),
    (".count", []),
  ])
  func freeVariables(source: String, expected: [String]) throws {
    let filter = try JQFilter(source, variableNames: ["seq", "action", "prior"])
    #expect(filter.freeVariables == Set(expected))
    // Without declared variables, the same set.
    #expect(try JQFilter(source).freeVariables == Set(expected))
  }
}
