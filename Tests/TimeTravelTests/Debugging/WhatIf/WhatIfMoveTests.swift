import CounterReducer
import Foundation
import TestSupport
import Testing

@testable import TimeTravel

/// Recorded undo, redo and jump entries in an edited history, and what-ifs on long
/// action-only logs, which replay from the nearest keyframe.
struct WhatIfMoveTests {
  typealias F = WhatIfFixtures

  static let jumpToOne = #"{"@@jump":{"from":3,"to":1}}"#
  static let undo = #"{"@@undo":{"from":3,"to":2}}"#

  @Test func aJumpReachesTheStateOfTheSameEntry() throws {
    // Recorded: 1, 2, 3, then a jump back to the state after entry 1.
    let log = try F.counterLog(["INCREMENT", "INCREMENT", "INCREMENT", Self.jumpToOne, "INCREMENT"])
    var states: [Int] = []
    let result = try WhatIf(log: log, recomputer: F.counter).run(
      [.insert(before: 2, action: ["type": "ADD", "amount": 10])],
      observe: { states.append(F.counter(PredicateInput(state: $0.state))) })
    // 1, +10, 12, 13, jump to entry 1's state (1), then 2: the jump goes to entry 1.
    #expect(states == [11, 12, 13, 1, 2])
    #expect(result.firstDivergence == 2)
    #expect(result.changes == [])
  }

  @Test func aJumpToARemovedEntryGoesToTheStateBeforeIt() throws {
    let log = try F.counterLog(["INCREMENT", "INCREMENT", "INCREMENT", Self.jumpToOne, "INCREMENT"])
    var states: [Int] = []
    let result = try WhatIf(log: log, recomputer: F.counter).run(
      [.skip(1)], observe: { states.append(F.counter(PredicateInput(state: $0.state))) })
    // 1, 2, then the jump finds no entry 1 and lands on the initial state.
    #expect(states == [1, 2, 0, 1])
    #expect(result.startState == 0)
    #expect(result.firstDivergence == 2)
    #expect(result.final == ["counter": 1])
    #expect(
      result.changes == [
        JSONChange(op: .replace, path: JSONPointer(tokens: ["counter"]), old: 2, new: 1)
      ])
  }

  @Test func anUndoOfASkippedEntryChangesNothing() throws {
    // Recorded: 1, 2, 3, undo (to 2), then 3 again.
    let log = try F.counterLog(["INCREMENT", "INCREMENT", "INCREMENT", Self.undo, "INCREMENT"])
    var states: [Int] = []
    _ = try WhatIf(log: log, recomputer: F.counter).run(
      [.skip(3)], observe: { states.append(F.counter(PredicateInput(state: $0.state))) })
    // Without entry 3 there is nothing to undo: the undo returns to entry 2's state,
    // where the history already is.
    #expect(states == [2, 3])
  }

  @Test func movesAfterTheEditsReadTheRecordedHistoryBeforeThem() throws {
    // The edit is at entry 5; the undo at 6 returns to a state recorded before it.
    let log = try F.counterLog([
      "INCREMENT", "INCREMENT", "INCREMENT", "INCREMENT", "INCREMENT",
      #"{"@@jump":{"from":5,"to":2}}"#, "INCREMENT",
    ])
    var states: [Int] = []
    let result = try WhatIf(log: log, recomputer: F.counter).run(
      [.skip(5)], observe: { states.append(F.counter(PredicateInput(state: $0.state))) })
    #expect(result.startState == 4)
    #expect(states == [2, 3])
    #expect(result.firstDivergence == nil)
  }

  @Test func theTodoSessionWithItsUndosAndJumpsReplaysUnedited() throws {
    // An edit that changes nothing the later moves see: every state agrees.
    let log = try F.todoLog()
    let entry = try log.entry(3)
    let result = try WhatIf(log: log, recomputer: F.todo).run([.edit(3, action: entry.action)])
    #expect(result.replayed == [])
    // Two adds in the other order give the list in the other order, through the
    // session's undos and jumps, until both items are gone: the final states agree.
    let moved = try WhatIf(log: log, recomputer: F.todo).run([.move(1, after: 2)])
    #expect(moved.replayed.count == 240)
    #expect(moved.replayed.prefix(3).map(\.seq) == [2, 1, 3])
    #expect(moved.firstDivergence == 2)
    #expect(moved.changes == [])
  }

  @Test func aWhatIfOnALongActionOnlyLogStartsFromTheNearestKeyframe() throws {
    var text = #"{"format":"replay-log","version":1,"initialState":{"counter":0}}"# + "\n"
    for seq in 1...1000 { text += #"{"seq":\#(seq),"action":{"type":"INCREMENT"}}"# + "\n" }
    let log = try F.log(text)
    try log.recompute(with: F.counter, keyframeInterval: 64)
    _ = try log.state(1000)
    #expect(log.recomputationCounts?.applications == 1000)
    let result = try WhatIf(log: log, recomputer: F.counter).run([.skip(900)])
    #expect(result.startState == 899)
    #expect(result.final == ["counter": 999])
    #expect(result.firstDivergence == 901)
    // State 899 from the keyframe at 896 (3 applications); the recorded state 901 to
    // compare (2, 900 on the way), where the states first differ; the recorded final
    // state from the keyframe at 960 (40). Nothing from the start.
    #expect(log.recomputationCounts?.applications == 1045)
  }
}
