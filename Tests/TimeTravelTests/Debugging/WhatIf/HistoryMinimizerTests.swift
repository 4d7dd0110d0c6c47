import Foundation
import TestSupport
import Testing
import TodoReducer

@testable import TimeTravel

/// Sessions shrunk to the few entries that still make the predicate hold at the end.
struct HistoryMinimizerTests {
  typealias F = WhatIfFixtures

  @Test func theBlankTitleAloneNeedsOnlyEntry117() throws {
    let result = try HistoryMinimizer(log: try F.todoLog(), recomputer: F.todo).run(
      predicate: F.hasBlankTitle)
    #expect(result.kept.map(\.seq) == [117])
    #expect(result.kept.map(\.actionName) == ["addTodo"])
    #expect(result.from == 240)
    #expect(result.stop == .minimal)
    #expect(result.replays == 14)
    #expect(
      result.final == [
        "filter": "all", "isLoading": false,
        "todos": [["id": "todo-035", "isCompleted": false, "title": "   "]],
      ])
  }

  @Test func aBlankTitleUnderTheCompletedFilterKeepsExactlyThoseTwoActions() throws {
    let result = try HistoryMinimizer(log: try F.todoLog(), recomputer: F.todo).run(
      predicate: F.blankTitleUnderCompletedFilter)
    #expect(result.kept.map(\.seq) == [117, 236])
    #expect(
      result.kept.map(\.action) == [
        ["addTodo": ["id": "todo-035", "title": "   "]], ["setFilter": ["_0": "completed"]],
      ])
    #expect(result.stop == .minimal)
    #expect(result.replays == 48)
  }

  @Test func anEffectsActionIsKeptWithItsCause() throws {
    // Results for "swift-" at the end need the response (6) and so its query (5).
    let result = try HistoryMinimizer(log: try F.searchLog(), recomputer: F.search).run { input in
      input.state["resultsQuery"] == "swift-"
    }
    #expect(result.kept.map(\.seq) == [5, 6])
    #expect(result.kept.map(\.cause) == [nil, 5])
    #expect(result.kept[1].otherMembers["origin"] == ["cause": 5, "effect": "search", "id": 3])
  }

  @Test func stoppingEarlyGivesTheSmallestFailingHistorySoFar() throws {
    var asked = 0
    let result = try HistoryMinimizer(log: try F.todoLog(), recomputer: F.todo).run(
      shouldStop: {
        asked += 1
        return asked > 3
      }, predicate: F.hasBlankTitle)
    #expect(result.stop == .cancelled)
    #expect(result.replays == 4)
    #expect(result.kept.count == 60)
    #expect(result.kept.contains { $0.seq == 117 })
    let budget = try HistoryMinimizer(log: try F.todoLog(), recomputer: F.todo, maxReplays: 3)
      .run(predicate: F.hasBlankTitle)
    #expect(budget.stop == .budget)
    #expect(budget.replays == 3)
  }

  @Test func progressCountsTheWholeHistorysReplay() throws {
    var reports: [DeltaDebugging.Status] = []
    let result = try HistoryMinimizer(log: try F.searchLog(), recomputer: F.search).run(
      progress: { reports.append($0) }
    ) { input in input.state["resultsQuery"] == "swift-" }
    #expect(reports.last?.tests == result.replays)
    #expect(reports.first?.size == 6)
  }

  @Test func aPredicateThatNeverHoldsAtTheEnd() throws {
    #expect {
      try HistoryMinimizer(log: try F.searchLog(), recomputer: F.search).run(
        predicate: F.staleResults)
    } throws: { ($0 as? WhatIfError)?.kind == .doesNotHoldAtEnd }
    #expect {
      try HistoryMinimizer(log: try F.searchLog(), recomputer: F.search).run { _ in true }
    } throws: { ($0 as? WhatIfError)?.kind == .holdsAtStart }
  }
}
