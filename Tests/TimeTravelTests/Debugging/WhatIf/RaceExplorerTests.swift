import Foundation
import SearchReducer
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelDiff

/// Orderings of effects' responses a real run could have produced, and the ones that
/// break the screen although the recording never did.
struct RaceExplorerTests {
  typealias F = WhatIfFixtures

  @Test func theRecordedSearchSessionIsAlwaysConsistent() throws {
    let log = try F.searchLog()
    for k in 0...log.entryCount {
      #expect(!F.staleResults(PredicateInput(state: try log.state(k))))
    }
  }

  @Test func aResponseMovedPastTheNextQueryIsARace() throws {
    let result = try RaceExplorer(log: try F.searchLog(), recomputer: F.search, window: 1).run(
      predicate: F.staleResults)
    #expect(result.orderings.map(\.moves) == [[.move(2, after: 3)], [.move(4, after: 5)]])
    #expect(result.orderings.map(\.firstBad.seq) == [2, 4])
    #expect(result.orderings.map(\.firstBad.change) == [.moved, .moved])
    #expect(result.explored == 2)
    #expect(result.effectActions == 3)
    #expect(result.stop == .minimal)
    let first = result.orderings[0]
    #expect(first.state["query"] == "sw")
    #expect(first.state["resultsQuery"] == "s")
    #expect(
      first.changes == [
        JSONChange(op: .replace, path: JSONPointer(tokens: ["query"]), old: "s", new: "sw")
      ])
  }

  @Test func whatIfConfirmsEachRace() throws {
    let log = try F.searchLog()
    let races = try RaceExplorer(log: log, recomputer: F.search, window: 2).run(
      predicate: F.staleResults)
    #expect(!races.orderings.isEmpty)
    for ordering in races.orderings {
      let confirmed = try WhatIf(log: log, recomputer: F.search).run(
        ordering.moves, predicate: F.staleResults)
      #expect(confirmed.firstBad == ordering.firstBad)
    }
  }

  @Test func aWiderWindowAndPairs() throws {
    let result = try RaceExplorer(log: try F.searchLog(), recomputer: F.search, window: 2).run(
      predicate: F.staleResults)
    #expect(
      result.orderings.map { $0.moves.map(\.description) } == [
        ["--move 2:3"], ["--move 2:4"], ["--move 4:5"], ["--move 4:6"],
      ])
    // Every single move is a race, so no pair is tried.
    #expect(result.explored == 4)
  }

  @Test func aRaceThatNeedsTwoLateResponses() throws {
    // Two user increments each start an effect that adds; a third increment follows.
    // The counter reads 3 only if both additions arrive after the third increment.
    let log = try F.log(
      #"{"format":"replay-log","version":1}"# + "\n"
        + #"{"seq":1,"action":{"type":"INCREMENT"},"prior":{"counter":0},"next":{"counter":1}}"#
        + "\n"
        + #"{"seq":2,"action":{"type":"ADD","amount":10},"origin":{"effect":"e","cause":1},"prior":{"counter":1},"next":{"counter":11}}"#
        + "\n"
        + #"{"seq":3,"action":{"type":"INCREMENT"},"prior":{"counter":11},"next":{"counter":12}}"#
        + "\n"
        + #"{"seq":4,"action":{"type":"ADD","amount":100},"origin":{"effect":"e","cause":3},"prior":{"counter":12},"next":{"counter":112}}"#
        + "\n"
        + #"{"seq":5,"action":{"type":"INCREMENT"},"prior":{"counter":112},"next":{"counter":113}}"#
        + "\n")
    let result = try RaceExplorer(log: log, recomputer: F.counter, window: 3).run { input in
      F.counter(input) == 3
    }
    #expect(result.orderings.map(\.moves) == [[.move(2, after: 5), .move(4, after: 5)]])
    #expect(result.orderings.map(\.firstBad.seq) == [5])
    // Singles 2:3, 2:4, 2:5 and 4:5; pairs with 4:5 after each (2:4 then 4:5 gives the
    // order 2:3 then 4:5 gave, so it is not replayed again).
    #expect(result.explored == 6)
    let confirmed = try WhatIf(log: log, recomputer: F.counter).run(
      [.move(2, after: 5), .move(4, after: 5)]) { F.counter($0) == 3 }
    #expect(confirmed.firstBad?.seq == 5)
  }

  @Test func anEffectsActionIsNeverMovedPastWhatItsOwnEffectsSent() throws {
    // 2 was sent by 1's effect and 3 by 2's: 2 may not pass 3.
    let log = try F.log(
      #"{"format":"replay-log","version":1}"# + "\n"
        + #"{"seq":1,"action":{"type":"INCREMENT"},"prior":{"counter":0},"next":{"counter":1}}"#
        + "\n"
        + #"{"seq":2,"action":{"type":"INCREMENT"},"origin":{"effect":"e","cause":1},"prior":{"counter":1},"next":{"counter":2}}"#
        + "\n"
        + #"{"seq":3,"action":{"type":"INCREMENT"},"origin":{"effect":"e","cause":2},"prior":{"counter":2},"next":{"counter":3}}"#
        + "\n"
        + #"{"seq":4,"action":{"type":"INCREMENT"},"prior":{"counter":3},"next":{"counter":4}}"#
        + "\n")
    var explored: [Int] = []
    let result = try RaceExplorer(log: log, recomputer: F.counter, window: 3).run(
      progress: { n, _ in explored.append(n) }
    ) { _ in false }
    #expect(result.orderings == [])
    // 2 cannot move at all; 3 after 4 is the only single move; no pair.
    #expect(result.explored == 1)
    #expect(explored == [1])
  }

  @Test func theBudgetAndStoppingAreReported() throws {
    let budget = try RaceExplorer(
      log: try F.searchLog(), recomputer: F.search, window: 2, maxOrderings: 1
    ).run(predicate: F.staleResults)
    #expect(budget.stop == .budget)
    #expect(budget.explored == 1)
    #expect(budget.orderings.map(\.moves) == [[.move(2, after: 3)]])
    let stopped = try RaceExplorer(log: try F.searchLog(), recomputer: F.search, window: 2).run(
      shouldStop: { true }, predicate: F.staleResults)
    #expect(stopped.stop == .cancelled)
    #expect(stopped.explored == 0)
  }

  @Test func aPredicateThatHoldsInTheRecordingIsRefused() throws {
    #expect {
      try RaceExplorer(log: try F.searchLog(), recomputer: F.search, window: 1).run { input in
        input.state["isSearching"] == true
      }
    } throws: { error in
      let error = error as? WhatIfError
      return error?.kind == .holdsInRecordedOrder && error?.seq == 1
    }
  }
}
