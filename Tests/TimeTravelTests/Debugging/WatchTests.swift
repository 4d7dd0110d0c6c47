import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelDiff

@Suite struct WatchTests {
  @Test func presenceCountsAsAChange() throws {
    let entry = LogEntry(
      seq: 4, time: nil, action: "a", prior: ["x": 1], next: ["x": 1, "y": nil], line: 5)
    #expect(Watch.hit(entry, at: JSONPointer(tokens: ["x"])) == nil)
    #expect(
      Watch.hit(entry, at: JSONPointer(tokens: ["y"]))
        == Watch.Hit(seq: 4, action: "a", old: nil, new: .null))
  }
}
