import Foundation
import Testing
import TimeTravelTesting
import TodoReducer

@testable import TimeTravel

@MainActor
struct TestStoreTests {
  @Test func sendUndoRedoAndJumpMatchTheirExpectations() {
    let store = TestStore(initialState: CounterState(), reducer: counterReducer)
    store.send(.increment) { $0.count = 1 }
    store.send(.add(5)) { $0.count = 6 }
    store.undo { $0.count = 1 }
    store.redo { $0.count = 6 }
    store.jump(to: 0) { $0.count = 0 }
    store.jump(to: 2) { $0.count = 6 }
    // Branching after an undo drops the redo branch.
    store.undo { $0.count = 1 }
    store.send(.add(10)) { $0.count = 11 }
    #expect(store.store.states == [CounterState(count: 0), .init(count: 1), .init(count: 11)])
    #expect(store.store.canRedo == false)
  }

  @Test func aMismatchIsReportedWithTheDiffAsTCADoes() {
    let store = TestStore(initialState: CounterState(), reducer: counterReducer)
    withKnownIssue {
      store.send(.add(2)) { $0.count = 3 }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        A state change does not match expectation: …

          − /count: 3
          + /count: 2

        (Expected: −, Actual: +)
        """
      ]
    }
  }

  @Test func anImpossibleMoveIsReported() {
    let store = TestStore(initialState: CounterState(), reducer: counterReducer)
    withKnownIssue {
      store.redo { _ in }
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["redo did nothing: the history is at index 0 of 0…0"]
    }
  }

  @Test func aStoreRebuiltFromTheLogHasItsHistoryAtEntryK() throws {
    let log = try LogFile(path: Repo.fixture)
    // Entry 120 of the fixture; its history includes earlier undo and jump moves.
    let store = try Store(replaying: log, reducer: TodoReducer(), upTo: 120)
    let recorded = try JSONValueCoding.decode(TodoState.self, from: log.state(120))
    #expect(store.state == recorded)
    #expect(store.state.todos.contains { $0.title == TodoSessionFixture.whitespaceTitle })
    let testStore = TestStore(store)
    let before = try JSONValueCoding.decode(TodoState.self, from: log.state(119))
    #expect(try log.entry(120).actionName == "addTodo")
    testStore.undo { $0 = before }
    testStore.redo { $0 = recorded }
  }

  @Test func aStoreRebuiltAtEntryZeroIsTheInitialState() throws {
    let store = try Store(replaying: LogFile(path: Repo.fixture), reducer: TodoReducer(), upTo: 0)
    #expect(store.state == TodoState())
    #expect(store.states.count == 1)
  }
}
