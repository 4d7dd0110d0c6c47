import TestSupport
import Testing
import TimeTravelJQ
import TimeTravelJSON

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

  /// A run binds only the variables the program reads (and `$ENV` when given): the
  /// others change nothing, a missing one is an error, a given `$ENV` is the program's.
  @Test func aRunBindsTheVariablesTheProgramReads() throws {
    let filter = try JQFilter("[$seq, $action]")
    let values: [String: JSONValue] = [
      "seq": 3, "action": "add", "prior": ["count": 1], "unused": "x",
    ]
    #expect(try filter.evaluate(.null, variables: values) == [[3, "add"]])
    #expect(try filter.evaluate(.null, variables: ["seq": 3, "action": "add"]) == [[3, "add"]])
    #expect(throws: JQRuntimeError(message: "$action is not defined")) {
      try filter.evaluate(.null, variables: ["seq": 3])
    }
    // Sorted: the first missing name is reported.
    #expect(throws: JQRuntimeError(message: "$action is not defined")) {
      try filter.evaluate(.null, variables: [:])
    }
    let environment = try JQFilter("$ENV.HOME")
    #expect(try environment.evaluate(.null, variables: ["ENV": ["HOME": "/given"]]) == ["/given"])
    #expect(try JQFilter(".seq").holds(on: ["seq": 1], variables: values))
  }
}
