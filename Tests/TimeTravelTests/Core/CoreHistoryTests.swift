import TestSupport
import Testing

@testable import TimeTravel

@MainActor
struct CoreHistoryTests {
  private func storeAtThree() -> Store<Reduce<CounterState, CounterAction>> {
    let store = Store(initialState: CounterState(), reducer: counterReducer)
    store.dispatch(.increment)
    store.dispatch(.add(10))
    store.dispatch(.add(100))
    return store
  }

  @Test func undoAndRedoMoveOneStep() {
    let store = storeAtThree()
    #expect(store.states.map(\.count) == [0, 1, 11, 111])
    #expect(store.canUndo && !store.canRedo)

    #expect(store.undo())
    #expect(store.undo())
    #expect(store.currentIndex == 1)
    #expect(store.state.count == 1)
    #expect(store.canUndo && store.canRedo)

    #expect(store.redo())
    #expect(store.currentIndex == 2)
    #expect(store.state.count == 11)
    #expect(store.states.map(\.count) == [0, 1, 11, 111])
  }

  @Test func undoAtStartAndRedoAtEndDoNothing() {
    let store = Store(initialState: CounterState(), reducer: counterReducer)
    var notified = 0
    store.subscribe { _ in notified += 1 }
    #expect(!store.undo())
    #expect(!store.redo())
    #expect(notified == 0)
    #expect(store.currentIndex == 0)
  }

  @Test func newActionAfterUndoDropsTheRedoBranch() {
    let store = storeAtThree()
    store.undo()
    store.undo()
    store.dispatch(.add(5))
    #expect(store.states.map(\.count) == [0, 1, 6])
    #expect(store.currentIndex == 2)
    #expect(!store.canRedo)
  }

  @Test func jumpMovesAnywhereAndKeepsEveryState() {
    let store = storeAtThree()
    var seen: [Int] = []
    store.subscribe { seen.append($0.count) }

    #expect(store.jump(to: 0))
    #expect(store.state == CounterState(count: 0))
    #expect(store.currentIndex == 0)
    #expect(!store.canUndo && store.canRedo)

    #expect(store.jump(to: 2))
    #expect(store.state.count == 11)
    #expect(!store.jump(to: 2))
    #expect(!store.jump(to: 4))
    #expect(!store.jump(to: -1))
    #expect(store.states.map(\.count) == [0, 1, 11, 111])
    #expect(seen == [0, 11])
  }

  @Test func historyValueTypeSemantics() {
    var history = History(initialState: "a")
    history.append("b")
    history.append("c")
    var copy = history
    copy.undo()
    #expect(history.currentState == "c")
    #expect(copy.currentState == "b")
    copy.append("d")
    #expect(copy.states == ["a", "b", "d"])
    #expect(history.states == ["a", "b", "c"])
  }
}
