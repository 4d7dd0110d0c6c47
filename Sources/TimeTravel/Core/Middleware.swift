/// What a middleware can see and do besides passing its action on.
///
/// Middleware runs on the main actor inside ``Store/dispatch(_:)``, so both closures are
/// main-actor isolated and synchronous.
@MainActor
public struct MiddlewareContext<State, Action> {
  /// Returns the store's current state at the moment of the call (so calling it after
  /// `next` returns shows the state the action produced).
  public let getState: () -> State
  /// Dispatches a new action through the whole middleware chain, from the outermost
  /// middleware, as a separate transition.
  public let dispatch: (Action) -> Void

  /// The store's dispatch that records a site; `nil` in contexts built by tests.
  let sitedDispatch: ((Action, DispatchSite) -> Void)?

  /// Creates a context; the store builds these, tests may build their own.
  ///
  /// - Parameters:
  ///   - getState: Reads the current state.
  ///   - dispatch: Starts a new dispatch.
  public init(getState: @escaping () -> State, dispatch: @escaping (Action) -> Void) {
    self.getState = getState
    self.dispatch = dispatch
    self.sitedDispatch = nil
  }

  init(
    getState: @escaping () -> State, dispatch: @escaping (Action) -> Void,
    sitedDispatch: @escaping (Action, DispatchSite) -> Void
  ) {
    self.getState = getState
    self.dispatch = dispatch
    self.sitedDispatch = sitedDispatch
  }

  /// Dispatches `action` as ``dispatch`` does, recording this call as the entry's site
  /// (``dispatch``, a closure, cannot know its caller, and records none).
  ///
  /// - Parameters:
  ///   - action: Dispatched from the outermost middleware, as a separate transition.
  ///   - fileID: The caller's `#fileID`; leave the defaults.
  ///   - line: The caller's `#line`.
  ///   - function: The caller's `#function`.
  public func send(
    _ action: Action, fileID: StaticString = #fileID, line: UInt = #line,
    function: StaticString = #function
  ) {
    guard let sitedDispatch else { return dispatch(action) }
    sitedDispatch(action, DispatchSite(fileID: fileID, line: line, function: function))
  }
}

/// A Redux/ReSwift-style interceptor wrapped around every dispatched action.
///
/// The handler receives the action and `next`, the rest of the chain (inner middleware,
/// then the reducer). It may:
/// - pass the action on: `next(action)`;
/// - transform it: `next(other)`;
/// - swallow it: not call `next`, so no transition happens;
/// - observe the result: read `context.getState()` after `next` returns.
///
/// `next` is non-escaping: middleware cannot defer it, which keeps every transition
/// synchronous and the history linear. Asynchronous work belongs in an ``Effect``, which
/// an ``EffectReducer`` returns and the store starts after the transition.
///
/// In a store's middleware array, the first element is outermost: it sees the action
/// first and the resulting state last.
public struct Middleware<State, Action> {
  /// The shape of a middleware function.
  public typealias Handler =
    @MainActor (
      _ context: MiddlewareContext<State, Action>, _ action: Action, _ next: (Action) -> Void
    ) -> Void

  /// The wrapped function.
  public let handler: Handler

  /// Wraps `handler`.
  ///
  /// - Parameter handler: Called once per action reaching this link of the chain.
  public init(_ handler: @escaping Handler) {
    self.handler = handler
  }
}
