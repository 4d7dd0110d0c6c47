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
}
