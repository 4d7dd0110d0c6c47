import Foundation
import TestSupport
import Testing
import TodoReducer

@testable import TimeTravel
@testable import TimeTravelDiff

struct CrashReproductionTests {
  @Test func theCrashFixtureNamesTheFatalAction() throws {
    let log = try LogFile(path: Repo.crash)
    #expect(log.entryCount == 6)
    let pending = try #require(log.pendingEntry)
    #expect(pending.seq == 7)
    #expect(pending.line == 14)
    #expect(pending.actionName == "deleteTodos")
    #expect(pending.action == ["deleteTodos": ["atOffsets": [2]]])
    #expect(
      log.warnings == [
        LogWarning(
          line: 14,
          message:
            "the session ended during entry 7 (deleteTodos): the app stopped while applying it")
      ])
    // Pending records before completed entries are skipped, not entries.
    #expect(try (1...6).map { try log.entry($0).seq } == [1, 2, 3, 4, 5, 6])
    #expect(try (1...6).map { try log.entry($0).line } == [3, 5, 7, 9, 11, 13])
  }

  @Test func reproductionDecodesTheFatalStateAndAction() throws {
    let repro = try Reproduction.load(log: LogFile(path: Repo.crash), reducer: BuggyTodoReducer())
    #expect(repro.seq == 7)
    #expect(repro.action == TodoVariantFixtures.fatalAction)
    #expect(repro.state.filter == .active)
    #expect(repro.state.filteredTodos.map(\.id) == ["todo-001", "todo-003"])
  }

  @Test func theFixedReducerSurvivesTheFatalAction() throws {
    let repro = try Reproduction.load(log: LogFile(path: Repo.crash), reducer: TodoReducer())
    #expect(repro.reproduce().todos.map(\.id) == ["todo-001", "todo-002", "todo-003"])
  }

  @Test func theBuggyReducerTrapsAgainOnTheFatalAction() async {
    await #expect(processExitsWith: .failure) {
      let path = Repo.root.appendingPathComponent("Fixtures/todo-crash.jsonl").path
      let repro = try Reproduction.load(log: LogFile(path: path), reducer: BuggyTodoReducer())
      _ = repro.reproduce()
    }
  }

  @Test func aLogWithoutPendingRecordCannotBeReproduced() throws {
    #expect {
      try Reproduction.load(log: LogFile(path: Repo.fixture), reducer: TodoReducer())
    } throws: { error in
      (error as? ReplayError)?.kind == .noPendingEntry
    }
  }

  @Test func pendingInsideStatesOrNeverCompletedIsReadCorrectly() throws {
    let lines = [
      #"{"seq":1,"pending":true,"action":"a","prior":{"pending":true}}"#,
      #"{"seq":1,"action":"a","prior":{"pending":true},"next":{"n":{"pending":true}}}"#,
      #"{"seq":2,"pending":true,"action":"b","prior":{"n":{"pending":true}}}"#,
      #"{"seq":2,"pending" : true,"action":"b","prior":{"n":{"pending":true}}}"#,
      #"{"seq":2,"action":"b","prior":{"n":{"pending":true}},"next":{"x":"\"pending\":true"}}"#,
      // `pending` after a container member is not a pending record (see the format).
      #"{"seq":3,"action":"c","prior":{},"next":{},"pending":true}"#,
    ]
    let file = try TempLog(lines.joined(separator: "\n") + "\n")
    let log = try LogFile(path: file.path)
    #expect(log.entryCount == 3)
    #expect(log.pendingEntry == nil)
    #expect(try log.entry(2).next == ["x": #""pending":true"#])
    #expect(
      log.warnings == [
        LogWarning(
          line: 3,
          message:
            "a pending record was never completed (the next line is another pending record)")
      ])
  }
}
