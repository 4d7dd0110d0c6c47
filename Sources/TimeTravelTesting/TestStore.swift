import Testing
import TimeTravel

/// A `Store` for Swift Testing that checks every transition, as TCA's `TestStore`:
/// `store.send(.increment) { $0.count = 1 }` fails the test, via `Issue.record`, when
/// the reducer's state differs from the prior state with the closure's mutation.
///
/// Time travel is asserted the same way: ``undo(_:sourceLocation:)``,
/// ``redo(_:sourceLocation:)`` and ``jump(to:_:sourceLocation:)`` take the expected
/// change from the current state, and fail if the move is impossible.
///
/// Effects run for real, in the wrapped store. As in TCA, every action an effect sends
/// is queued for the test to assert, in order, with
/// ``receive(_:timeout:_:sourceLocation:)``; ``send(_:_:sourceLocation:fileID:line:function:)`` fails while
/// received actions wait, and ``finish(timeout:sourceLocation:)`` fails if effects are
/// still running or received actions were never asserted (TCA checks that when the
/// store is released; here the test calls `finish`).
///
/// Failures about a received action name where it came from: the effect that sent it
/// and the site of its `send` (`sent by the effect "login" at LoginReducer/LoginReducer.swift:61`).
/// A test store's sends record the test's own line as their site, so a recorder given
/// to the wrapped store logs where the test dispatched each action.
///
/// With `effects: .replayed` (``TestStoreEffects/replayed``) effects do not run: the
/// test delivers the actions they sent itself, with ``receive(_:from:_:sourceLocation:)``,
/// each checked against an effect started and not yet finished; what `replay --emit-test`
/// writes, so a generated test calls no dependency and does not depend on timing.
@MainActor
public final class TestStore<R: Reducer> where R.State: Encodable {
  /// The store under test.
  public let store: Store<R>

  /// Actions effects sent, not yet asserted: each with the states around it, the effect
  /// that sent it and where.
  private var received: [Received] = []

  struct Received {
    var action: R.Action
    var prior: R.State
    var next: R.State
    var origin: ActionOrigin
    var site: DispatchSite?

    /// `sent by the effect "login" at LoginReducer/LoginReducer.swift:61`.
    var provenance: String {
      "sent by the effect \"\(origin.effect)\"" + (site.map { " at \($0.description)" } ?? "")
    }
  }
  /// The state right after the action being sent, once the store has reduced it.
  var stateAfterSent: R.State?
  /// The effects started and not finished, when effects are replayed rather than run.
  let replayed: ReplayedEffects?

  /// Creates a test store.
  ///
  /// - Parameters:
  ///   - initialState: History index 0.
  ///   - reducer: The reducer under test.
  ///   - effects: Whether the reducer's effects run (``TestStoreEffects/live``, the
  ///     default) or the test delivers what they sent (``TestStoreEffects/replayed``).
  public convenience init(initialState: R.State, reducer: R, effects: TestStoreEffects = .live) {
    self.init(Store(initialState: initialState, reducer: reducer), effects: effects)
  }

  /// Wraps an existing store, e.g. one rebuilt by `Store.init(replaying:reducer:upTo:middleware:)`.
  /// The test store takes over the store's transition observer.
  ///
  /// - Parameters:
  ///   - store: The store under test.
  ///   - effects: Whether its effects run (the default) or are replayed: then the test
  ///     store takes over the store's effects too, which no longer start.
  public init(_ store: Store<R>, effects: TestStoreEffects = .live) {
    self.store = store
    replayed = effects == .replayed ? ReplayedEffects() : nil
    if let replayed {
      store.effectHandler = { effect, cause in replayed.start(effect, cause: cause) }
    }
    store.transitionObserver = { [weak self] action, prior, next, origin, site in
      guard let self, case .action(let action) = action else { return }
      if let origin, replayed == nil {
        received.append(
          Received(action: action, prior: prior, next: next, origin: origin, site: site))
      } else if stateAfterSent == nil {
        stateAfterSent = next
      }
    }
  }

  /// The current state.
  public var state: R.State { store.state }

  /// Sends `action` and checks that the state did not change.
  ///
  /// - Parameters:
  ///   - action: Dispatched through the store.
  ///   - sourceLocation: Where to report a mismatch.
  ///   - fileID: The test's `#fileID`, the recorded site of the dispatch; leave the
  ///     defaults.
  ///   - line: The test's `#line`.
  ///   - function: The test's `#function`.
  public func send(
    _ action: R.Action, sourceLocation: SourceLocation = #_sourceLocation,
    fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
  ) {
    send(
      action, { _ in }, sourceLocation: sourceLocation, fileID: fileID, line: line,
      function: function)
  }

  /// Sends `action` and checks the resulting state.
  ///
  /// - Parameters:
  ///   - action: Dispatched through the store.
  ///   - update: Turns a copy of the prior state into the expected state.
  ///   - sourceLocation: Where to report a mismatch.
  ///   - fileID: The test's `#fileID`, the recorded site of the dispatch; leave the
  ///     defaults.
  ///   - line: The test's `#line`.
  ///   - function: The test's `#function`.
  /// - Throws: What `update` throws (a generated test's `decode` of recorded JSON),
  ///   before the action is sent.
  ///
  /// The state checked is the one right after `action`; actions its effects send, even
  /// at once (`Effect.send(_:)`), are received: assert them with
  /// ``receive(_:timeout:_:sourceLocation:)``. Sending while received actions wait
  /// fails the test, as in TCA.
  public func send(
    _ action: R.Action, _ update: (inout R.State) throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation, fileID: StaticString = #fileID,
    line: UInt = #line, function: StaticString = #function
  ) rethrows {
    if !received.isEmpty {
      Issue.record(
        Comment(
          rawValue: "Must handle \(describeReceived()) before sending an action: \(listReceived())"),
        sourceLocation: sourceLocation)
    }
    var expected = store.state
    try update(&expected)
    stateAfterSent = nil
    store.send(action, fileID: fileID, line: line, function: function)
    // Middleware may drop the action: then nothing changed.
    check(expected, stateAfterSent ?? store.state, sourceLocation)
    stateAfterSent = nil
  }

  /// Waits for the next action an effect sent, and checks it and that it changed nothing.
  ///
  /// - Parameters:
  ///   - expected: The action that must come next.
  ///   - timeout: How long to wait for it (default 1 second).
  ///   - sourceLocation: Where to report a failure.
  public func receive(
    _ expected: R.Action, timeout: Duration = .seconds(1),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async where R.Action: Equatable {
    await receive(expected, timeout: timeout, { _ in }, sourceLocation: sourceLocation)
  }

  /// Waits for the next action an effect sent, and checks it and the state after it.
  ///
  /// - Parameters:
  ///   - expected: The action that must come next.
  ///   - timeout: How long to wait for it (default 1 second); the store's effects run
  ///     meanwhile. With no effect running, it fails at once: nothing can send it.
  ///   - update: Turns a copy of the state before the received action into the
  ///     expected state after it.
  ///   - sourceLocation: Where to report a failure: no action within `timeout`, a
  ///     different action, or a state mismatch.
  public func receive(
    _ expected: R.Action, timeout: Duration = .seconds(1),
    _ update: (inout R.State) throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async rethrows where R.Action: Equatable {
    // An effect's actions are received before it counts as finished, so once none is
    // running, nothing more can come: fail then rather than at the timeout.
    _ = await wait(until: { !received.isEmpty || store.runningEffectCount == 0 }, timeout: timeout)
    guard !received.isEmpty else {
      let reason =
        store.runningEffectCount == 0
        ? "no effect is running that could send it" : "no action was received within \(timeout)"
      Issue.record(
        Comment(rawValue: "Expected to receive \(String(reflecting: expected)), but \(reason)"),
        sourceLocation: sourceLocation)
      return
    }
    let next = received.removeFirst()
    guard next.action == expected else {
      Issue.record(
        Comment(
          rawValue:
            "Received an unexpected action: expected \(String(reflecting: expected)), received \(String(reflecting: next.action)), \(next.provenance)"
        ),
        sourceLocation: sourceLocation)
      return
    }
    var expectedState = next.prior
    try update(&expectedState)
    check(expectedState, next.next, sourceLocation, received: next)
  }

  /// Drops the received actions not yet asserted, for a test that does not care about
  /// them (TCA's `skipReceivedActions`).
  public func skipReceivedActions() {
    received.removeAll()
  }

  /// Waits for the store's effects to finish, then fails the test if any are still
  /// running after `timeout` or if received actions were never asserted.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for running effects (default 1 second).
  ///   - sourceLocation: Where to report a failure.
  public func finish(
    timeout: Duration = .seconds(1), sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    _ = await wait(until: { store.runningEffectCount == 0 }, timeout: timeout)
    let running = store.runningEffectCount
    if running > 0 {
      Issue.record(
        Comment(
          rawValue:
            "\(running == 1 ? "An effect is" : "\(running) effects are") still running after \(timeout)"
        ),
        sourceLocation: sourceLocation)
    }
    if !received.isEmpty {
      Issue.record(
        Comment(rawValue: "\(describeReceived().capitalizedFirst) not asserted: \(listReceived())"),
        sourceLocation: sourceLocation)
    }
  }

  /// Whether `done` holds within `timeout`, polling while the store's effects (tasks on
  /// the main actor) run. At the deadline, work already queued on the main actor runs
  /// before the answer is no: other tests may have held the main actor all that time,
  /// and an effect that finished its work meanwhile must still get to send.
  private func wait(until done: () -> Bool, timeout: Duration) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !done() {
      if clock.now >= deadline {
        var turns = 0
        while !done(), turns < 100 {
          await Task.yield()
          turns += 1
        }
        return done()
      }
      try? await Task.sleep(for: .milliseconds(1))
    }
    return true
  }

  /// "1 received action", "2 received actions".
  private func describeReceived() -> String {
    received.count == 1 ? "1 received action" : "\(received.count) received actions"
  }

  /// The received actions waiting, in order, for a message, each with its effect and site.
  private func listReceived() -> String {
    received.map { "\(String(reflecting: $0.action)) (\($0.provenance))" }.joined(separator: ", ")
  }

  /// Undoes and checks the state reached.
  ///
  /// - Parameters:
  ///   - update: Turns a copy of the current state into the expected one.
  ///   - sourceLocation: Where to report a failure.
  public func undo(
    _ update: (inout R.State) throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
  ) rethrows {
    try move("undo", update, sourceLocation) { store.undo() }
  }

  /// Redoes and checks the state reached.
  ///
  /// - Parameters:
  ///   - update: Turns a copy of the current state into the expected one.
  ///   - sourceLocation: Where to report a failure.
  public func redo(
    _ update: (inout R.State) throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
  ) rethrows {
    try move("redo", update, sourceLocation) { store.redo() }
  }

  /// Jumps to history `index` and checks the state reached.
  ///
  /// - Parameters:
  ///   - index: A history index; 0 is the initial state.
  ///   - update: Turns a copy of the current state into the expected one.
  ///   - sourceLocation: Where to report a failure.
  public func jump(
    to index: Int, _ update: (inout R.State) throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) rethrows {
    try move("jump to \(index)", update, sourceLocation) { store.jump(to: index) }
  }

  private func move(
    _ name: String, _ update: (inout R.State) throws -> Void, _ sourceLocation: SourceLocation,
    _ perform: () -> Bool
  ) rethrows {
    var expected = store.state
    try update(&expected)
    let from = store.currentIndex
    guard perform() else {
      Issue.record(
        "\(name) did nothing: the history is at index \(from) of 0…\(store.states.count - 1)",
        sourceLocation: sourceLocation)
      return
    }
    check(expected, store.state, sourceLocation)
  }

  func check(
    _ expected: R.State, _ actual: R.State, _ sourceLocation: SourceLocation,
    received: Received? = nil
  ) {
    guard var message = StateMismatch.message(expected: expected, actual: actual) else { return }
    if let received {
      message += "\n\nThe received action was \(received.provenance)."
    }
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }
}

extension String {
  fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
