import CounterReducer
import Foundation
import SearchReducer
import TestSupport
import Testing
import TodoReducer

@testable import TimeTravel

/// Edited histories written as logs of their own: numbered, with every state, and
/// consistent with the reducer (each verifies through `Replayer`).
struct EditedLogTests {
  typealias F = WhatIfFixtures

  private func lines(_ edited: EditedLog) -> [String] {
    String(decoding: edited.text, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  @Test func aSkipKeepsTheRecordedNumbers() throws {
    let log = try F.todoLog()
    let edited = try WhatIf(log: log, recomputer: F.todo).editedLog([.skip(117)])
    #expect(edited.log.entryCount == 239)
    #expect(try edited.log.entry(116).seq == 116)
    #expect(try edited.log.entry(117).seq == 118)
    #expect(try edited.log.entry(117).otherMembers["edited"] == nil)
    #expect(try edited.log.entry(116).next == (try log.entry(116).next))
    #expect(
      lines(edited)[0]
        == #"{"format":"replay-log","version":1,"app":"TodoApp","stateType":"TodoState","actionType":"TodoAction","nils":"null","editedFrom":"\#(Repo.fixture)"}"#
    )
    let outcome = try Replayer(reducer: TodoReducer()).verify(edited.log)
    #expect(outcome == .verified(entries: 239))
    #expect(!F.hasBlankTitle(PredicateInput(state: try edited.log.state(239))))
  }

  @Test func aMoveRenumbersTheEntriesAndTheirCauses() throws {
    let edited = try WhatIf(log: try F.searchLog(), recomputer: F.search).editedLog([
      .move(2, after: 3)
    ])
    let entries = lines(edited).dropFirst().map { try! JSONParser.parse($0) }
    #expect(entries.map { $0["seq"] } == [1, 2, 3, 4, 5, 6])
    #expect(
      entries.map { $0["edited"] } == [
        ["seq": 1], ["seq": 3], ["seq": 2, "change": "moved"], ["seq": 4], ["seq": 5], ["seq": 6],
      ])
    #expect(entries.map { $0["origin"]?["cause"] } == [nil, nil, 1, 2, nil, 5])
    #expect(entries[2]["next"]?["resultsQuery"] == "s")
    #expect(entries[2]["next"]?["query"] == "sw")
    #expect(try Replayer(reducer: SearchReducer()).verify(edited.log) == .verified(entries: 6))
  }

  @Test func theKeptEntriesOfAMinimisationAsALog() throws {
    let log = try F.todoLog()
    let edited = try WhatIf(log: log, recomputer: F.todo).editedLog(keeping: [236, 117])
    #expect(edited.entries.map(\.seq) == [117, 236])
    #expect(edited.log.entryCount == 2)
    #expect(try edited.log.entry(2).seq == 236)
    #expect(
      try edited.log.state(2)
        == [
          "filter": "completed", "isLoading": false,
          "todos": [["id": "todo-035", "isCompleted": false, "title": "   "]],
        ])
    #expect(try Replayer(reducer: TodoReducer()).verify(edited.log) == .verified(entries: 2))
  }

  @Test func keepingAnEffectsActionWithoutItsCauseIsRefused() throws {
    #expect {
      try WhatIf(log: try F.searchLog(), recomputer: F.search).editedLog(keeping: [2, 4])
    } throws: { error in
      let error = error as? WhatIfError
      return error?.kind == .moveBeforeCause && error?.seq == 2
        && error?.message == "entry 2 was sent by entry 1's effect, which is not kept"
    }
  }

  @Test func movesAreWrittenAsTheyWentInTheEditedHistory() throws {
    let log = try F.counterLog([
      "INCREMENT", "INCREMENT", "INCREMENT", WhatIfMoveTests.jumpToOne, "INCREMENT",
    ])
    let edited = try WhatIf(log: log, recomputer: F.counter).editedLog([.skip(1)])
    #expect(
      edited.entries.map(\.action) == [
        ["type": "INCREMENT"], ["type": "INCREMENT"], ["@@jump": ["from": 2, "to": 0]],
        ["type": "INCREMENT"],
      ])
    #expect(
      try Replayer(reducer: ReduxCounterReducer()).verify(edited.log) == .verified(entries: 4))
    // An undo of a skipped entry went nowhere: it is left out.
    let undone = try WhatIf(
      log: try F.counterLog([
        "INCREMENT", "INCREMENT", "INCREMENT", WhatIfMoveTests.undo, "INCREMENT",
      ]),
      recomputer: F.counter
    ).editedLog([.skip(3)])
    #expect(undone.entries.map(\.seq) == [1, 2, 5])
    #expect(
      try Replayer(reducer: ReduxCounterReducer()).verify(undone.log) == .verified(entries: 3))
  }
}
