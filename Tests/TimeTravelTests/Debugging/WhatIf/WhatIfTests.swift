import Foundation
import SearchReducer
import TestSupport
import Testing
import TodoReducer

@testable import TimeTravel
@testable import TimeTravelDiff

/// Edited histories replayed through the reducer: where they depart from the recording,
/// the final diff, and the first bad entry.
struct WhatIfTests {
  typealias F = WhatIfFixtures

  @Test func withoutEntry117TheBlankTitleNeverAppears() throws {
    let log = try F.todoLog()
    let result = try WhatIf(log: log, recomputer: F.todo).run(
      [.skip(117)], predicate: F.hasBlankTitle)
    #expect(result.firstBad == nil)
    #expect(result.holdsAtEnd == false)
    #expect(result.recordedHoldsAtEnd == true)
    // Replay starts from the recorded state after entry 116, not from the start.
    #expect(result.startState == 116)
    #expect(result.startedAfter == 116)
    #expect(result.replayed.first?.seq == 118)
    #expect(result.replayed.count == 123)
    #expect(result.firstDivergence == 118)
    #expect(result.dropped == [])
    // The final states differ by the blank to-do alone (completed by then).
    #expect(
      result.changes == [
        JSONChange(
          op: .remove, path: JSONPointer(tokens: ["todos", "15"]),
          old: ["id": "todo-035", "isCompleted": true, "title": "   "])
      ])
  }

  @Test func noEditsReplayNothing() throws {
    let result = try WhatIf(log: try F.todoLog(), recomputer: F.todo).run(
      [], predicate: F.hasBlankTitle)
    #expect(result.replayed == [])
    #expect(result.startState == 240)
    #expect(result.firstDivergence == nil)
    #expect(result.firstBad?.seq == 117)
    #expect(result.firstBadIsRecorded)
    #expect(result.holdsAtEnd == true)
    #expect(result.changes == [])
  }

  @Test func editingTheBlankTitleRenamesItToTheEnd() throws {
    let action: JSONValue = ["addTodo": ["id": "todo-035", "title": "Walk the dog"]]
    let log = try F.todoLog()
    let result = try WhatIf(log: log, recomputer: F.todo).run(
      [.edit(117, action: action)], predicate: F.hasBlankTitle)
    // The recorded entry's other members (its time and site) stay with the new action.
    let recorded = try log.entry(117)
    #expect(recorded.otherMembers["site"] != nil)
    var members = recorded.otherMembers
    members["time"] = .string(try #require(recorded.time))
    #expect(
      result.replayed.first
        == EditedEntry(
          seq: 117, action: action, change: .edited, line: 118, otherMembers: members))
    #expect(result.firstDivergence == 117)
    #expect(result.firstBad == nil)
    #expect(
      result.changes == [
        JSONChange(
          op: .replace, path: JSONPointer(tokens: ["todos", "15", "title"]), old: "   ",
          new: "Walk the dog")
      ])
  }

  @Test func anInsertedBlankTitleIsTheFirstBadEntry() throws {
    let action: JSONValue = ["addTodo": ["id": "todo-900", "title": " "]]
    let result = try WhatIf(log: try F.todoLog(), recomputer: F.todo).run(
      [.insert(before: 1, action: action)], predicate: F.hasBlankTitle)
    #expect(result.startState == 0)
    #expect(result.startedAfter == nil)
    #expect(result.firstBad == EditedEntry(seq: nil, action: action, change: .inserted))
    #expect(result.firstBadIsRecorded == false)
    #expect(result.firstDivergence == 1)
    #expect(result.replayed.count == 241)
  }

  @Test func appendingAfterTheLastEntry() throws {
    let action: JSONValue = ["setFilter": ["_0": "active"]]
    let result = try WhatIf(log: try F.todoLog(), recomputer: F.todo).run(
      [.insert(before: 241, action: action)])
    #expect(result.startState == 240)
    #expect(result.replayed == [EditedEntry(seq: nil, action: action, change: .inserted)])
    #expect(result.firstDivergence == nil)
    #expect(
      result.changes == [
        JSONChange(
          op: .replace, path: JSONPointer(tokens: ["filter"]), old: "completed", new: "active")
      ])
  }

  @Test func aResponseMovedPastTheNextQueryShowsStaleResults() throws {
    let result = try WhatIf(log: try F.searchLog(), recomputer: F.search).run(
      [.move(2, after: 3)], predicate: F.staleResults)
    #expect(result.startState == 1)
    #expect(result.replayed.map(\.seq) == [3, 2, 4, 5, 6])
    #expect(result.replayed.map(\.change) == [.none, .moved, .none, .none, .none])
    #expect(result.replayed[1].cause == 1)
    // After 1 and 3 the screen is what the recording shows after 3; the late response
    // then shows the results of "s" under the query "sw".
    #expect(result.firstDivergence == 2)
    #expect(result.firstBad?.seq == 2)
    #expect(result.holdsAtEnd == false)
    #expect(result.changes == [])
  }

  @Test func skippingAQueryDropsTheResponseItsEffectSent() throws {
    let result = try WhatIf(log: try F.searchLog(), recomputer: F.search).run(
      [.skip(3)], predicate: F.staleResults)
    #expect(result.dropped == [4])
    #expect(result.replayed.map(\.seq) == [5, 6])
    // Query "swift-" clears the results either way.
    #expect(result.firstDivergence == nil)
    #expect(result.firstBad == nil)
    #expect(result.changes == [])
  }

  @Test func editsApplyInOrderToTheEditedHistory() throws {
    let log = try F.searchLog()
    let result = try WhatIf(log: log, recomputer: F.search).run([.move(4, after: 5), .skip(5)])
    // 1 2 3 4: entry 4 ends the edited history, so nothing is replayed.
    #expect(result.dropped == [6])
    #expect(result.replayed == [])
    #expect(result.startState == 4)
    #expect(
      result.changes == [
        JSONChange(op: .replace, path: JSONPointer(tokens: ["query"]), old: "swift-", new: "sw"),
        JSONChange(op: .remove, path: JSONPointer(tokens: ["results", "1"]), old: "swift-format"),
        JSONChange(op: .add, path: JSONPointer(tokens: ["results", "0"]), new: "SwiftyJSON"),
        JSONChange(op: .add, path: JSONPointer(tokens: ["results", "1"]), new: "SwiftLint"),
        JSONChange(
          op: .replace, path: JSONPointer(tokens: ["resultsQuery"]), old: "swift-", new: "sw"),
      ])
  }

  @Test func observeSeesEachReplayedStateBesideTheRecordedOne() throws {
    var steps: [WhatIfStep] = []
    _ = try WhatIf(log: try F.searchLog(), recomputer: F.search).run(
      [.move(2, after: 3)], predicate: F.staleResults, observe: { steps.append($0) })
    #expect(steps.map(\.entry.seq) == [3, 2, 4, 5, 6])
    #expect(steps.map(\.holds) == [false, true, false, false, false])
    #expect(steps[1].state["resultsQuery"] == "s")
    #expect(steps[1].state["query"] == "sw")
    #expect(steps[1].recorded?["query"] == "s")
    #expect(steps.map { $0.state == $0.recorded } == [true, false, true, true, true])
  }

  @Test func rangeLimitsTheReplay() throws {
    let result = try WhatIf(log: try F.searchLog(), recomputer: F.search, range: 1...4).run(
      [.move(2, after: 3)])
    #expect(result.replayed.map(\.seq) == [3, 2, 4])
    #expect(result.recordedFinal["resultsQuery"] == "sw")
    #expect(result.changes == [])
    #expect(throws: WhatIfError.self) {
      try WhatIf(log: try F.searchLog(), recomputer: F.search, range: 1...4).run([.skip(5)])
    }
  }
}
