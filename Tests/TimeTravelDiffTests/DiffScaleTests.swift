import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelDiff
@testable import TimeTravelJSON

@Suite struct DiffScaleTests {
  @Test func reversedIDdTodosPatchExactly() throws {
    let list: [JSONValue] = (0..<2_000).map { .object(["id": .number(JSONNumber($0))]) }
    let old = JSONValue.array(JSONArray(list))
    let new = JSONValue.array(JSONArray(list.reversed()))
    let changes = JSONDiff.changes(from: old, to: new)
    #expect(changes.count == 1_999)
    #expect(changes.allSatisfy { $0.op == .move })
    #expect(try JSONDiff.patch(from: old, to: new).apply(to: old) == new)
  }

  @Test func beyondTheMyersBudgetStillExact() throws {
    let old = JSONValue.array(JSONArray((0..<3_000).map { .number(JSONNumber($0)) }))
    let new = JSONValue.array(JSONArray((0..<3_000).map { .number(JSONNumber($0 + 5_000)) }))
    let changes = JSONDiff.changes(from: old, to: new)
    #expect(changes.count == 3_000)
    #expect(changes.allSatisfy { $0.op == .replace })
    #expect(try JSONDiff.patch(from: old, to: new).apply(to: old) == new)
  }

  @Test func idsMustBeUniqueAndPresentEverywhere() throws {
    // A duplicate id falls back to positional matching: no moves.
    let old = try JSONParser.parse(#"[{"id":1,"v":1},{"id":1,"v":2},{"id":2}]"#)
    let new = try JSONParser.parse(#"[{"id":2},{"id":1,"v":1},{"id":1,"v":2}]"#)
    let changes = JSONDiff.changes(from: old, to: new)
    #expect(changes.allSatisfy { $0.op != .move })
    #expect(try JSONDiff.patch(from: old, to: new).apply(to: old) == new)
    // The first id key every element has is used.
    let byUnderscore = JSONDiff.changes(
      from: try JSONParser.parse(#"[{"_id":"a"},{"_id":"b"}]"#),
      to: try JSONParser.parse(#"[{"_id":"b"},{"_id":"a"}]"#))
    #expect(byUnderscore.map(\.op) == [.move])
  }
}
