import Foundation
import Observation
import TestSupport
import Testing

@testable import TimeTravel

@MainActor
struct CoreStoreTests {
  @Test func dispatchAppliesTheReducer() {
    let store = Store(initialState: CounterState(), reducer: counterReducer)
    store.dispatch(.increment)
    store.send(.add(5))
    #expect(store.state == CounterState(count: 6))
    #expect(store.states.map(\.count) == [0, 1, 6])
    #expect(store.currentIndex == 2)
  }

  @Test func subscribersGetEachNewStateInOrderUntilUnsubscribed() {
    let store = Store(initialState: CounterState(), reducer: counterReducer)
    var calls: [String] = []
    let first = store.subscribe { calls.append("first \($0.count)") }
    store.subscribe { calls.append("second \($0.count)") }
    #expect(calls.isEmpty)
    store.dispatch(.increment)
    store.unsubscribe(first)
    store.dispatch(.add(2))
    store.unsubscribe(first)
    #expect(calls == ["first 1", "second 1", "second 3"])
  }

  @Test func unsubscribingDuringNotificationTakesEffectImmediately() {
    let store = Store(initialState: CounterState(), reducer: counterReducer)
    var calls: [String] = []
    var second: SubscriptionToken?
    store.subscribe { _ in
      calls.append("first")
      if let second { store.unsubscribe(second) }
    }
    second = store.subscribe { _ in calls.append("second") }
    store.dispatch(.increment)
    #expect(calls == ["first"])
  }

  @Test func middlewareWrapsTheReducerOutermostFirst() {
    var trace: [String] = []
    let outer = Middleware<CounterState, CounterAction> { context, action, next in
      trace.append("outer before \(context.getState().count)")
      next(action)
      trace.append("outer after \(context.getState().count)")
    }
    let inner = Middleware<CounterState, CounterAction> { context, action, next in
      trace.append("inner before \(context.getState().count)")
      next(action)
      trace.append("inner after \(context.getState().count)")
    }
    let store = Store(
      initialState: CounterState(), reducer: counterReducer, middleware: [outer, inner])
    store.subscribe { trace.append("subscriber \($0.count)") }
    store.dispatch(.add(3))
    #expect(
      trace == [
        "outer before 0", "inner before 0", "subscriber 3", "inner after 3", "outer after 3",
      ])
  }

  @Test func middlewareCanSwallowTransformAndDispatch() {
    let swallowNegatives = Middleware<CounterState, CounterAction> { _, action, next in
      if case .add(let amount) = action, amount < 0 { return }
      next(action)
    }
    let doubleAdds = Middleware<CounterState, CounterAction> { _, action, next in
      if case .add(let amount) = action { next(.add(amount * 2)) } else { next(action) }
    }
    let bonusAtTen = Middleware<CounterState, CounterAction> { context, action, next in
      next(action)
      if context.getState().count == 10 { context.dispatch(.increment) }
    }
    let store = Store(
      initialState: CounterState(), reducer: counterReducer,
      middleware: [swallowNegatives, doubleAdds, bonusAtTen])
    store.dispatch(.add(-4))
    #expect(store.states.map(\.count) == [0])
    store.dispatch(.add(5))
    #expect(store.states.map(\.count) == [0, 10, 11])
  }

  @Test func observationFiresOnEachTransition() {
    let store = Store(initialState: CounterState(), reducer: counterReducer)
    let changes = Collector<Int>()
    withObservationTracking {
      _ = store.state
    } onChange: {
      changes.append(1)
    }
    #expect(changes.values.isEmpty)
    store.dispatch(.increment)
    #expect(changes.values.count == 1)

    withObservationTracking {
      _ = store.state
    } onChange: {
      changes.append(2)
    }
    store.undo()
    #expect(changes.values == [1, 2])
  }

  @Test func recordingErrorStopsRecordingButNotTheApp() {
    let recorder = FailingRecorder()
    let store = Store(initialState: CounterState(), reducer: counterReducer, recorder: recorder)
    store.dispatch(.increment)
    store.dispatch(.increment)
    #expect(store.state.count == 2)
    #expect(store.recordingError is FailingRecorder.Failure)
    #expect(recorder.calls.values.count == 1)
  }
}
