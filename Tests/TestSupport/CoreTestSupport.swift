import Foundation
import Synchronization
import TimeTravel

// A tiny reducer whose JSON is short enough to spell out in full in expectations.
/// A counter's state.
public struct CounterState: Codable, Equatable, Sendable {
  /// The count.
  public var count = 0
  /// A counter at `count`.
  public init(count: Int = 0) { self.count = count }
}

/// Add one, or any amount.
public enum CounterAction: Codable, Equatable, Sendable {
  case increment
  case add(Int)
}

/// Applies a ``CounterAction``.
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

  /// An empty collector.
  public init() {}

  /// What was appended, in order.
  public var values: [Value] { storage.withLock { $0 } }

  /// Appends `value`.
  public func append(_ value: Value) {
    storage.withLock { $0.append(value) }
  }
}

/// Counts calls and then fails, to exercise the store's recording-error path.
public struct FailingRecorder: Recorder {
  /// The error it throws.
  public struct Failure: Error, Equatable {}
  /// One value per call.
  public let calls = Collector<Int>()

  /// A recorder that has not been called.
  public init() {}

  /// Counts the call and throws ``Failure``.
  public func record<State: Encodable & Sendable, Action: Encodable & Sendable>(
    action: RecordedAction<Action>, prior: State, next: State
  ) throws {
    calls.append(1)
    throw Failure()
  }
}
