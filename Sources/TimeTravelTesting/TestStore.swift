import Testing
import TimeTravel

/// A ``Store`` for Swift Testing that checks every transition, as TCA's `TestStore`:
/// `store.send(.increment) { $0.count = 1 }` fails the test, via `Issue.record`, when
/// the reducer's state differs from the prior state with the closure's mutation.
///
/// Time travel is asserted the same way: ``undo(_:sourceLocation:)``,
/// ``redo(_:sourceLocation:)`` and ``jump(to:_:sourceLocation:)`` take the expected
/// change from the current state, and fail if the move is impossible.
///
/// - Note: Effects run for real, in the wrapped store; unlike TCA, actions they send
///   are not asserted one by one (no `receive` yet).
@MainActor
public final class TestStore<R: Reducer> where R.State: Encodable {
  /// The store under test.
  public let store: Store<R>

  /// Creates a test store.
  ///
  /// - Parameters:
  ///   - initialState: History index 0.
  ///   - reducer: The reducer under test.
  public init(initialState: R.State, reducer: R) {
    store = Store(initialState: initialState, reducer: reducer)
  }

  /// Wraps an existing store, e.g. one rebuilt by ``Store/init(replaying:reducer:upTo:middleware:)``.
  ///
  /// - Parameter store: The store under test.
  public init(_ store: Store<R>) {
    self.store = store
  }

  /// The current state.
  public var state: R.State { store.state }

  /// Sends `action` and checks the resulting state.
  ///
  /// - Parameters:
  ///   - action: Dispatched through the store.
  ///   - update: Turns a copy of the prior state into the expected state; omit it when
  ///     the action should change nothing.
  ///   - sourceLocation: Where to report a mismatch.
  public func send(
    _ action: R.Action, _ update: (inout R.State) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var expected = store.state
    update(&expected)
    store.send(action)
    check(expected, sourceLocation)
  }

  /// Undoes and checks the state reached.
  ///
  /// - Parameters:
  ///   - update: Turns a copy of the current state into the expected one.
  ///   - sourceLocation: Where to report a failure.
  public func undo(
    _ update: (inout R.State) -> Void, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    move("undo", update, sourceLocation) { store.undo() }
  }

  /// Redoes and checks the state reached.
  ///
  /// - Parameters:
  ///   - update: Turns a copy of the current state into the expected one.
  ///   - sourceLocation: Where to report a failure.
  public func redo(
    _ update: (inout R.State) -> Void, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    move("redo", update, sourceLocation) { store.redo() }
  }

  /// Jumps to history `index` and checks the state reached.
  ///
  /// - Parameters:
  ///   - index: A history index; 0 is the initial state.
  ///   - update: Turns a copy of the current state into the expected one.
  ///   - sourceLocation: Where to report a failure.
  public func jump(
    to index: Int, _ update: (inout R.State) -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    move("jump to \(index)", update, sourceLocation) { store.jump(to: index) }
  }

  private func move(
    _ name: String, _ update: (inout R.State) -> Void, _ sourceLocation: SourceLocation,
    _ perform: () -> Bool
  ) {
    var expected = store.state
    update(&expected)
    let from = store.currentIndex
    guard perform() else {
      Issue.record(
        "\(name) did nothing: the history is at index \(from) of 0…\(store.states.count - 1)",
        sourceLocation: sourceLocation)
      return
    }
    check(expected, sourceLocation)
  }

  private func check(_ expected: R.State, _ sourceLocation: SourceLocation) {
    if let message = StateMismatch.message(expected: expected, actual: store.state) {
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
  }
}
