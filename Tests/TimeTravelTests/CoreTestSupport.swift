import Foundation
import Synchronization
import TimeTravel

// A tiny reducer whose JSON is short enough to spell out in full in expectations.
struct CounterState: Codable, Equatable, Sendable {
  var count = 0
}

enum CounterAction: Codable, Equatable, Sendable {
  case increment
  case add(Int)
}

var counterReducer: Reduce<CounterState, CounterAction> {
  Reduce { state, action in
    switch action {
    case .increment: state.count += 1
    case .add(let amount): state.count += amount
    }
  }
}

/// Collects values from `@Sendable` callbacks such as observation's `onChange`.
final class Collector<Value: Sendable>: Sendable {
  private let storage = Mutex<[Value]>([])

  var values: [Value] { storage.withLock { $0 } }

  func append(_ value: Value) {
    storage.withLock { $0.append(value) }
  }
}

/// Counts calls and then fails, to exercise the store's recording-error path.
struct FailingRecorder: Recorder {
  struct Failure: Error, Equatable {}
  let calls = Collector<Int>()

  func record<State: Encodable & Sendable, Action: Encodable & Sendable>(
    action: RecordedAction<Action>, prior: State, next: State
  ) throws {
    calls.append(1)
    throw Failure()
  }
}
