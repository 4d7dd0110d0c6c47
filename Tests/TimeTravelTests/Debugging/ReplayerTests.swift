import Foundation
import TestSupport
import Testing
import TodoReducer

@testable import TimeTravel
@testable import TimeTravelDiff

struct ReplayerTests {
  @Test func theSessionFixtureVerifiesThroughTodoReducer() throws {
    let outcome = try Replayer(reducer: TodoReducer()).verify(LogFile(path: Repo.fixture))
    #expect(outcome == .verified(entries: 240))
  }

  @Test func startingFromAnEntrysPriorKeepsTheRecordedHistory() throws {
    // Entries after 100 include undo, redo and jump moves referring to earlier states.
    let outcome = try Replayer(reducer: TodoReducer()).verify(
      LogFile(path: Repo.fixture), from: 101)
    #expect(outcome == .verified(entries: 140))
  }

  @Test func theNondeterministicFixtureDivergesAtItsFirstAdd() throws {
    let outcome = try Replayer(reducer: TodoReducer()).verify(LogFile(path: Repo.nondeterministic))
    guard case .diverged(let divergence) = outcome else {
      Issue.record("expected a divergence, got \(outcome)")
      return
    }
    #expect(divergence.seq == TodoVariantFixtures.firstDivergentSeq)
    #expect(divergence.seq == 4)
    #expect(divergence.line == 5)
    #expect(divergence.actionName == "addTodo")
    // Matched by id, as --diff matches: the recorded to-do and the recomputed one are
    // different elements.
    #expect(
      divergence.changes == [
        JSONChange(
          op: .remove, path: JSONPointer(tokens: ["todos", "0"]),
          old: ["id": "29c2d060261891fb", "isCompleted": false, "title": "Buy milk"]),
        JSONChange(
          op: .add, path: JSONPointer(tokens: ["todos", "0"]),
          new: ["id": "todo-001", "isCompleted": false, "title": "Buy milk"]),
      ])
  }

  @Test func aReducerCallingUUIDInsideReduceDivergesOnTheFirstAdd() throws {
    let outcome = try Replayer(reducer: NondeterministicTodoReducer()).verify(
      LogFile(path: Repo.fixture))
    guard case .diverged(let divergence) = outcome else {
      Issue.record("expected a divergence")
      return
    }
    #expect(divergence.seq == 1)
    #expect(divergence.changes.map(\.path.description) == ["/todos/0", "/todos/0"])
    #expect(divergence.changes.map(\.op) == [.remove, .add])
  }

  @Test func anUndecodableActionNamesTheLineAndTheDecodingError() throws {
    let log = try TempLog(
      #"{"seq":1,"action":{"renamedCase":{}},"prior":{"filter":"all","isLoading":false,"todos":[]},"next":{"filter":"all","isLoading":false,"todos":[]}}"#
        + "\n")
    #expect {
      try Replayer(reducer: TodoReducer()).verify(LogFile(path: log.path))
    } throws: { error in
      let error = error as! ReplayError
      return error.kind == .undecodableAction && error.line == 1 && error.seq == 1
        && error.description
          == "\(log.path):1: entry 1's action {\"renamedCase\":{}} does not decode as TodoAction: invalid data at \"\" (Expected exactly one TodoAction case key)"
    }
  }

  @MainActor
  @Test func aMoveThatDoesNotFitTheHistoryIsAnError() throws {
    let log = try TempLog(
      #"{"seq":1,"action":{"type":"@@undo","from":0,"to":-1},"prior":{"count":0},"next":{"count":0}}"#
        + "\n")
    let expected = ReplayError(
      kind: .impossibleMove, path: log.path, line: 1, seq: 1,
      message: "entry 1 moves @@undo from 0 to -1, but the replayed history is at 0 of 0…0")
    #expect(throws: expected) {
      try Replayer(reducer: counterReducer).verify(LogFile(path: log.path))
    }
    // Rebuilding a store from the same log fails the same way.
    #expect(throws: expected) {
      _ = try Store(replaying: LogFile(path: log.path), reducer: counterReducer, upTo: 1)
    }
  }
}
