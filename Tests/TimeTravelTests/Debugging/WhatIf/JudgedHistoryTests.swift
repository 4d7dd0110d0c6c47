import Foundation
import TestSupport
import Testing

@testable import TimeTravel

/// `entry(K)` of the history a predicate judges: the edited, minimised or reordered
/// history up to the state judged, with the states its replay gave.
struct JudgedHistoryTests {
  typealias F = WhatIfFixtures

  /// What `history.entry(seq)` gives at each state judged, by the `seq` of the entry that
  /// led there (0 for a state no entry led to).
  private final class Seen: @unchecked Sendable {
    var entries: [(at: Int, entry: JSONValue?)] = []
  }

  @Test func aSkippedEntryIsNotInTheEditedHistory() throws {
    let seen = Seen()
    let result = try WhatIf(log: try F.todoLog(), recomputer: F.todo).run(
      [.skip(117)],
      predicate: { input in
        seen.entries.append((input.entry?.seq ?? 0, try input.history?.entry(117)))
        return false
      })
    #expect(result.firstBad == nil)
    // The initial state, the start state (after 116) and the 123 replayed: none has it;
    // the recorded end, judged on the recording (`recordedHoldsAtEnd`), has.
    #expect(seen.entries.count == 126)
    #expect(seen.entries.dropLast().allSatisfy { $0.entry == nil })
    #expect(seen.entries.last?.entry?["seq"] == 117)
  }

  @Test func anEntryHasTheStatesOfTheEditedHistoryAndOnlyOnceItIsThere() throws {
    let log = try F.todoLog()
    let seen = Seen()
    _ = try WhatIf(log: log, recomputer: F.todo).run(
      [.skip(117)],
      predicate: { input in
        seen.entries.append((input.entry?.seq ?? 0, try input.history?.entry(118)))
        return false
      })
    let before = seen.entries.filter { $0.at == 116 }
    #expect(before.count == 1)
    #expect(before.allSatisfy { $0.entry == nil })
    let at118 = try #require(seen.entries.first { $0.at == 118 }?.entry)
    let recorded = try log.entry(118)
    #expect(at118["seq"] == 118)
    #expect(at118["time"] == .string(recorded.time!))
    #expect(at118["action"] == recorded.action)
    #expect(at118["site"] == recorded.otherMembers["site"])
    // Without entry 117 there is one to-do fewer than the recording has after 118.
    #expect(at118["next"]?["todos"]?.arrayValue?.count == 24)
    #expect(recorded.next["todos"]?.arrayValue?.count == 25)
    #expect(at118["prior"] == (try log.entry(116).next))
    // After the last entry: the edited history's, then the recording's (whether the
    // predicate holds at the recorded end is judged on the recorded history).
    let at240 = seen.entries.filter { $0.at == 240 }.map {
      $0.entry?["next"]?["todos"]?.arrayValue?.count
    }
    #expect(at240 == [24, 25])
  }

  @Test func aRecordedEntryBeforeTheEditsIsAsRecorded() throws {
    let log = try F.todoLog()
    let seen = Seen()
    _ = try WhatIf(log: log, recomputer: F.todo).run(
      [.skip(117)],
      predicate: { input in
        seen.entries.append((input.entry?.seq ?? 0, try input.history?.entry(3)))
        return false
      })
    #expect(seen.entries.first?.at == 0)
    #expect(seen.entries.first?.entry == nil)
    #expect(seen.entries.dropFirst().allSatisfy { $0.entry == (try? log.entry(3).jsonValue) })
  }

  @Test func aMinimisationKeepsTheEntryThePredicateAsksFor() throws {
    let result = try HistoryMinimizer(log: try F.todoLog(), recomputer: F.todo).run(
      predicate: { input in
        guard input.state["filter"] == "completed", let entry = try input.history?.entry(117)
        else { return false }
        // Entry 117's state in the candidate history: the to-do it added is the last one.
        return entry["next"]?["todos"]?.arrayValue?.last?["id"] == "todo-035"
      })
    #expect(result.kept.map(\.seq) == [117, 236])
  }

  @Test func aReorderedEntryHasThePriorStateOfItsNewPlace() throws {
    let result = try RaceExplorer(log: try F.searchLog(), recomputer: F.search, window: 1).run(
      predicate: { input in
        try input.history?.entry(2)?["prior"]?["query"].map { $0 != "s" } ?? false
      })
    #expect(result.orderings.map(\.moves) == [[.move(2, after: 3)]])
    #expect(result.orderings.first?.firstBad.seq == 2)
  }
}
