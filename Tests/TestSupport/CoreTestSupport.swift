import Foundation
import Synchronization
import TimeTravel

// A tiny reducer whose JSON is short enough to spell out in full in expectations.
public struct CounterState: Codable, Equatable, Sendable {
  public var count = 0
  public init(count: Int = 0) { self.count = count }
}

public enum CounterAction: Codable, Equatable, Sendable {
  case increment
  case add(Int)
}

public var counterReducer: Reduce<CounterState, CounterAction> {
  Reduce { state, action in
    switch action {
    case .increment: state.count += 1
    case .add(let amount): state.count += amount
    }
  }
}

/// Collects values from `@Sendable` callbacks such as observation's `onChange`.
public final class Collector<Value: Sendable>: Sendable {
  private let storage = Mutex<[Value]>([])

  public init() {}

  public var values: [Value] { storage.withLock { $0 } }

  public func append(_ value: Value) {
    storage.withLock { $0.append(value) }
  }
}

/// Counts calls and then fails, to exercise the store's recording-error path.
public struct FailingRecorder: Recorder {
  public struct Failure: Error, Equatable {}
  public let calls = Collector<Int>()

  public init() {}

  public func record<State: Encodable & Sendable, Action: Encodable & Sendable>(
    action: RecordedAction<Action>, prior: State, next: State
  ) throws {
    calls.append(1)
    throw Failure()
  }
}
