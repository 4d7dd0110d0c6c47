import Observation

/// The single source of truth for a reducer-driven app, with a time-travel history.
///
/// Every transition (a dispatched action reaching the reducer, or an undo, redo or jump)
/// happens synchronously on the main actor, in this order:
/// 1. the history gets the new current state;
/// 2. the recorder, if any, gets `(action, prior, next)`;
/// 3. subscribers are called, in subscription order, with the new state;
/// 4. the reducer's ``Effect`` starts (``Effect/send(_:)`` dispatches at once,
///    ``Effect/run(name:_:fileID:line:function:)`` in a main-actor `Task`).
///
/// Effects send their actions through ``dispatch(_:fileID:line:function:)`` on the main
/// actor, so the log's order is the dispatch order, whatever the effects' interleaving;
/// such entries carry an ``ActionOrigin``. Releasing the store cancels its running
/// effects. Every dispatch records its ``DispatchSite``, and the recorder hears of each
/// effect's start and end (``EffectEvent``).
///
/// Recording happens before notification so that a subscriber dispatching in response
/// is logged after the transition that provoked it, keeping the log's prior/next chain
/// intact.
///
/// The store is `@Observable`: SwiftUI views and `withObservationTracking` readers of
/// ``state`` (or the history accessors) are invalidated by every transition.
@MainActor
@Observable
public final class Store<R: Reducer> {
  /// The reducer's state type.
  public typealias State = R.State
  /// The reducer's action type.
  public typealias Action = R.Action

  /// All states so far and the cursor into them.
  public private(set) var history: History<State>

  /// Whether a listener attached to the app's live session may move this store through
  /// time (see ``RemoteControl``); ``RemoteControl/refused`` by default. Only a store made
  /// with a streaming ``LogRecorder`` gets commands at all.
  @ObservationIgnored public var remoteControl: RemoteControl = .refused

  /// The first error the recorder threw, if any. Recording stops at the first failure,
  /// because a log with a missing entry would break its prior/next chain; the app keeps
  /// running.
  public private(set) var recordingError: (any Error)?

  @ObservationIgnored private let reducer: R
  @ObservationIgnored private let middleware: [Middleware<State, Action>]
  @ObservationIgnored private var record:
    ((RecordedAction<Action>, State, State, ActionOrigin?, DispatchSite?) throws -> Void)?
  /// Tells the recorder of effects starting and ending (see `Store+Effects.swift`).
  @ObservationIgnored private(set) var recordEffect: ((EffectEvent) throws -> Void)?
  @ObservationIgnored private var recordPending: ((Action, State) throws -> Void)?
  @ObservationIgnored let effects = EffectTasks()
  /// Told of every transition after it is recorded: what caused it, the states around
  /// it, and for an action an effect sent, that effect. For test tools in this package
  /// (TimeTravelTesting's `TestStore` asserts effect actions with it).
  @ObservationIgnored package var transitionObserver:
    ((RecordedAction<Action>, State, State, ActionOrigin?, DispatchSite?) -> Void)?
  /// Transitions so far: the `seq` a recorder attached at creation gives the last one.
  @ObservationIgnored private(set) var transitionCount = 0
  /// When set, the effect each transition's reducer returns is handed to it with the
  /// transition's number (an origin's `cause`) instead of being started. For test stores
  /// that do not run effects.
  @ObservationIgnored package var effectHandler: ((Effect<Action>, Int) -> Void)?
  @ObservationIgnored private var subscribers: [(token: SubscriptionToken, body: (State) -> Void)] =
    []
  @ObservationIgnored private var activeTokens: Set<SubscriptionToken> = []
  @ObservationIgnored private var nextTokenID = 0

  /// Creates a store that does not record.
  ///
  /// - Parameters:
  ///   - initialState: History index 0.
  ///   - reducer: Applies actions.
  ///   - middleware: Wrapped around each dispatch; the first element is outermost.
  public init(initialState: State, reducer: R, middleware: [Middleware<State, Action>] = []) {
    self.history = History(initialState: initialState)
    self.reducer = reducer
    self.middleware = middleware
    self.record = nil
  }

  /// Creates a store that hands every transition to `recorder`.
  ///
  /// Recording requires `Encodable & Sendable` state and actions (in practice `Codable`,
  /// so the log can be read back and replayed).
  ///
  /// - Parameters:
  ///   - initialState: History index 0.
  ///   - reducer: Applies actions.
  ///   - middleware: Wrapped around each dispatch; the first element is outermost.
  ///   - recorder: Receives each transition synchronously; see ``recordingError``.
  public convenience init(
    initialState: State, reducer: R, middleware: [Middleware<State, Action>] = [],
    recorder: some Recorder
  ) where State: Encodable & Sendable, Action: Encodable & Sendable {
    self.init(initialState: initialState, reducer: reducer, middleware: middleware)
    self.record = { action, prior, next, origin, site in
      try recorder.record(action: action, prior: prior, next: next, origin: origin, site: site)
    }
    self.recordEffect = { event in try recorder.recordEffect(event) }
    effects.onRelease { id in
      try? recorder.recordEffect(.ended(id: id, outcome: .cancelled(.release, cause: nil)))
    }
    self.recordPending = { action, prior in
      try recorder.recordPending(action: action, prior: prior)
    }
    (recorder as? LogRecorder)?.attachRemoteControl(to: self)
  }

  /// The current state.
  public var state: State { history.currentState }

  /// Every retained state, oldest first; index 0 is the initial state.
  public var states: [State] { history.states }

  /// The history index of ``state``.
  public var currentIndex: Int { history.currentIndex }

  /// Whether ``undo()`` would do anything.
  public var canUndo: Bool { history.canUndo }

  /// Whether ``redo()`` would do anything.
  public var canRedo: Bool { history.canRedo }

  /// Sends `action` through the middleware chain and, unless a middleware swallows it,
  /// the reducer.
  ///
  /// Each action that reaches the reducer is one transition (see the type's
  /// documentation) and drops any redo branch, even if the state did not change.
  ///
  /// - Parameters:
  ///   - action: The event to apply.
  ///   - fileID: The caller's `#fileID`, recorded as the entry's site (see
  ///     ``DispatchSite``); leave the defaults.
  ///   - line: The caller's `#line`.
  ///   - function: The caller's `#function`.
  /// - Complexity: O(*m*) middleware calls plus one reducer call and one call per
  ///   subscriber; capturing the site allocates nothing.
  public func dispatch(
    _ action: Action, fileID: StaticString = #fileID, line: UInt = #line,
    function: StaticString = #function
  ) {
    let site = DispatchSite(fileID: fileID, line: line, function: function)
    runChain(from: 0, action: action, origin: nil, site: site)
  }

  /// Dispatches `action` with no site: what a reference to `dispatch` as a function
  /// `(Action) -> Void` calls.
  ///
  /// - Parameter action: The event to apply.
  @_disfavoredOverload
  public func dispatch(_ action: Action) {
    runChain(from: 0, action: action, origin: nil, site: nil)
  }

  /// Dispatches `action` as sent by an effect: recorded with `origin` and `site`. Also for
  /// test stores that deliver effects' actions themselves.
  package func dispatch(_ action: Action, origin: ActionOrigin?, site: DispatchSite?) {
    runChain(from: 0, action: action, origin: origin, site: site)
  }

  /// The number of effect tasks still running; for tests and diagnostics.
  public var runningEffectCount: Int { effects.count }

  /// Same as ``dispatch(_:fileID:line:function:)``, under the TCA name.
  ///
  /// - Parameters:
  ///   - action: The event to apply.
  ///   - fileID: The caller's `#fileID`, recorded as the entry's site; leave the defaults.
  ///   - line: The caller's `#line`.
  ///   - function: The caller's `#function`.
  public func send(
    _ action: Action, fileID: StaticString = #fileID, line: UInt = #line,
    function: StaticString = #function
  ) {
    dispatch(action, fileID: fileID, line: line, function: function)
  }

  /// Same as ``dispatch(_:)``: no site, for a reference to `send` as a function.
  ///
  /// - Parameter action: The event to apply.
  @_disfavoredOverload
  public func send(_ action: Action) {
    runChain(from: 0, action: action, origin: nil, site: nil)
  }

  /// Moves to the previous state, as a transition recorded as `@@undo`.
  ///
  /// Middleware does not run: it intercepts app actions, and undo is not one.
  ///
  /// - Returns: `false`, with nothing recorded or notified, when ``canUndo`` is false.
  @discardableResult
  public func undo() -> Bool {
    let from = history.currentIndex
    guard history.canUndo else { return false }
    return move(.undo(from: from, to: from - 1)) { $0.undo() }
  }

  /// Moves to the next state on the redo branch, as a transition recorded as `@@redo`.
  ///
  /// - Returns: `false`, with nothing recorded or notified, when ``canRedo`` is false.
  @discardableResult
  public func redo() -> Bool {
    let from = history.currentIndex
    guard history.canRedo else { return false }
    return move(.redo(from: from, to: from + 1)) { $0.redo() }
  }

  /// Moves to the state at history `index`, as a transition recorded as `@@jump`.
  /// Nothing is discarded, so a later ``redo()`` or jump can return.
  ///
  /// - Parameter index: A history index; 0 is the initial state.
  /// - Returns: `false`, with nothing recorded or notified, when `index` is out of range
  ///   or already current.
  @discardableResult
  public func jump(to index: Int) -> Bool {
    let from = history.currentIndex
    guard history.states.indices.contains(index), index != from else { return false }
    return move(.jump(from: from, to: index)) { $0.jump(to: index) }
  }

  /// Registers `subscriber`, called synchronously with the new state after every
  /// transition (after recording), in subscription order. It is not called on
  /// subscription; read ``state`` for the current value.
  ///
  /// - Parameter subscriber: Receives each new state.
  /// - Returns: A token for ``unsubscribe(_:)``.
  @discardableResult
  public func subscribe(_ subscriber: @escaping (State) -> Void) -> SubscriptionToken {
    let token = SubscriptionToken(id: nextTokenID)
    nextTokenID += 1
    subscribers.append((token, subscriber))
    activeTokens.insert(token)
    return token
  }

  /// Removes a subscription. Takes effect immediately, even for a notification already
  /// in progress. Unknown or already removed tokens are ignored.
  ///
  /// - Parameter token: What ``subscribe(_:)`` returned.
  public func unsubscribe(_ token: SubscriptionToken) {
    activeTokens.remove(token)
    subscribers.removeAll { $0.token == token }
  }

  /// Installs a rebuilt history (see ``init(replaying:reducer:upTo:middleware:)``).
  func replaceHistory(_ history: History<State>) {
    self.history = history
  }

  private func runChain(
    from index: Int, action: Action, origin: ActionOrigin?, site: DispatchSite?
  ) {
    guard index < middleware.count else {
      apply(action, origin: origin, site: site)
      return
    }
    let context = MiddlewareContext<State, Action>(
      getState: { self.state },
      dispatch: { self.dispatch($0, origin: nil, site: nil) },
      sitedDispatch: { self.dispatch($0, origin: nil, site: $1) }
    )
    middleware[index].handler(context, action) { next in
      self.runChain(from: index + 1, action: next, origin: origin, site: site)
    }
  }

  private func apply(_ action: Action, origin: ActionOrigin?, site: DispatchSite?) {
    let prior = history.currentState
    if let recordPending {
      // Written before reducing, so a trap in `reduce` still leaves the action logged.
      do { try recordPending(action, prior) } catch { stopRecording(error) }
    }
    var next = prior
    let effect = reducer.reduceReturningEffect(into: &next, action: action)
    history.append(next)
    finishTransition(.action(action), prior: prior, next: next, origin: origin, site: site)
    if let effectHandler {
      effectHandler(effect, transitionCount)
    } else {
      start(effect, cause: transitionCount, cancellation: nil)
    }
  }

  private func move(
    _ action: RecordedAction<Action>, _ change: (inout History<State>) -> Bool
  ) -> Bool {
    let prior = history.currentState
    guard change(&history) else { return false }
    finishTransition(action, prior: prior, next: history.currentState)
    return true
  }

  func stopRecording(_ error: any Error) {
    recordingError = error
    record = nil
    recordPending = nil
    recordEffect = nil
  }

  private func finishTransition(
    _ action: RecordedAction<Action>, prior: State, next: State, origin: ActionOrigin? = nil,
    site: DispatchSite? = nil
  ) {
    transitionCount += 1
    if let record {
      do {
        try record(action, prior, next, origin, site)
      } catch {
        stopRecording(error)
      }
    }
    transitionObserver?(action, prior, next, origin, site)
    // A snapshot, so subscribers may subscribe or unsubscribe while being notified.
    for subscriber in subscribers where activeTokens.contains(subscriber.token) {
      subscriber.body(next)
    }
  }
}
