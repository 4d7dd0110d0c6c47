import TimeTravel

/// The state of the Redux counter in Redux DevTools' examples: `{"counter":N}`.
public struct ReduxCounterState: Codable, Sendable, Equatable {
  /// The count.
  public var counter: Int
  /// A counter at `counter` (0 by default).
  /// - Parameter counter: The starting count.
  public init(counter: Int = 0) { self.counter = counter }
}

/// The Redux counter's actions, decoded from Redux's `{"type":…}` objects.
///
/// `INCREMENT`, `DECREMENT`, `ADD` (by its `amount`, or a number `payload`) and `RESET`;
/// any other `type` is kept and ignored by the reducer, as a Redux reducer returns the
/// state it does not handle (its `@@INIT`, say).
public enum ReduxCounterAction: Decodable, Sendable, Equatable {
  /// `{"type":"INCREMENT"}`: one more.
  case increment
  /// `{"type":"DECREMENT"}`: one less.
  case decrement
  /// `{"type":"RESET"}`: back to 0.
  case reset
  /// `{"type":"ADD","amount":N}`: N more.
  case add(Int)
  /// An action the reducer does not handle, by its `type`.
  case other(String)

  private enum Key: String, CodingKey { case type, amount, payload }

  /// Decodes `{"type":"INCREMENT"}` and its siblings.
  /// - Parameter decoder: Holds one action object.
  /// - Throws: `DecodingError` when `type` is missing or not a string, or `ADD` has no
  ///   integer `amount` or `payload`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    switch try container.decode(String.self, forKey: .type) {
    case "INCREMENT": self = .increment
    case "DECREMENT": self = .decrement
    case "RESET": self = .reset
    case "ADD":
      self = .add(
        try container.decodeIfPresent(Int.self, forKey: .amount)
          ?? container.decode(Int.self, forKey: .payload))
    case let type: self = .other(type)
    }
  }
}

/// The Redux counter as a Swift reducer, so `replay --reducer redux-counter` replays a
/// Redux DevTools export of it.
public struct ReduxCounterReducer: Reducer {
  /// The reducer.
  public init() {}

  /// Counts up, down, by an amount, or back to 0.
  /// - Parameters:
  ///   - state: The counter.
  ///   - action: What to do; other actions leave it alone.
  public func reduce(into state: inout ReduxCounterState, action: ReduxCounterAction) {
    switch action {
    case .increment: state.counter += 1
    case .decrement: state.counter -= 1
    case .reset: state.counter = 0
    case .add(let amount): state.counter += amount
    case .other: break
    }
  }
}
