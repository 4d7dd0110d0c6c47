/// Work a reducer asks the store to do after a transition, as in TCA:
/// ``none``, ``send(_:fileID:line:function:)``, ``run(name:_:fileID:line:function:)``, ``merge(_:)``, ``cancel(id:)`` and
/// ``cancellable(id:cancelInFlight:)``.
///
/// Effects are values: reducers stay pure and testable, and a ``Replayer`` can drop
/// them (the actions they sent are log entries of their own, replayed from the log).
/// The ``Store`` runs them in main-actor `Task`s and cancels them all when released. It
/// tells its recorder when each starts and ends (``EffectEvent``), with the site where
/// the reducer built it, so a log says which effects were running at any entry.
public struct Effect<Action> {
  enum Operation {
    case none
    case send(Action, site: DispatchSite?)
    case run(name: String?, site: DispatchSite?, body: Body, catch: Handler?)
    case cancel(id: EffectID)
    case merge([Effect<Action>])
  }

  typealias Body = @Sendable (Send<Action>) async throws -> Void
  typealias Handler = @Sendable (any Error, Send<Action>) async -> Void

  /// How a cancellable effect is registered.
  struct Cancellation {
    var id: EffectID
    var cancelInFlight: Bool
  }

  var operation: Operation
  var cancellation: Cancellation?

  /// No work: what a reducer returns for most actions.
  public static var none: Effect { Effect(operation: .none) }

  /// Sends `action` right after the current transition, synchronously, recorded with
  /// origin `{"cause":K,"effect":"send"}` and the site of this call. Like TCA, prefer
  /// calling shared logic over bouncing actions.
  ///
  /// - Parameters:
  ///   - action: The action to dispatch next.
  ///   - fileID: Where the reducer returns it, recorded as the effect's site and the sent
  ///     action's; leave the defaults.
  ///   - line: The line of the call.
  ///   - function: The function of the call.
  public static func send(
    _ action: Action, fileID: StaticString = #fileID, line: UInt = #line,
    function: StaticString = #function
  ) -> Effect {
    Effect(
      operation: .send(action, site: DispatchSite(fileID: fileID, line: line, function: function))
    )
  }

  /// Sends `action` right after the current transition, with no site: what a reference
  /// to `Effect.send` as a function `(Action) -> Effect` calls.
  ///
  /// - Parameter action: The action to dispatch next.
  @_disfavoredOverload
  public static func send(_ action: Action) -> Effect {
    Effect(operation: .send(action, site: nil))
  }

  /// Runs `body` in a new main-actor `Task`; it may send any number of actions, each
  /// recorded with origin `{"cause":K,"effect":name,"id":N}` and the site of its `send`.
  ///
  /// Actions sent after the effect is cancelled are dropped, as in TCA.
  ///
  /// - Parameters:
  ///   - name: Names the effect in the log's `origin`; defaults to the cancellation
  ///     id's description, or `"run"`.
  ///   - body: The asynchronous work. It must check for cancellation (e.g. via
  ///     `Task.sleep` or `Task.checkCancellation()`) to stop promptly.
  ///   - fileID: Where the reducer builds the effect, recorded in its start record
  ///     (see ``EffectEvent``); leave the defaults.
  ///   - line: The line of the call.
  ///   - function: The function of the call.
  public static func run(
    name: String? = nil, _ body: @escaping @Sendable (Send<Action>) async -> Void,
    fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
  ) -> Effect {
    Effect(
      operation: .run(
        name: name, site: DispatchSite(fileID: fileID, line: line, function: function),
        body: { send in await body(send) }, catch: nil))
  }

  /// Runs the throwing `body` in a new main-actor `Task`, as TCA's `run(operation:catch:)`:
  /// an error it throws (other than the `CancellationError` of its cancellation) goes to
  /// `handler`, which may send a failure action, and the run is recorded as failed with
  /// the error's description.
  ///
  /// - Parameters:
  ///   - name: Names the effect in the log's `origin`; defaults to the cancellation
  ///     id's description, or `"run"`.
  ///   - body: The asynchronous work; see ``run(name:_:fileID:line:function:)``.
  ///   - handler: Receives the error and a `Send` for the same run; `nil` (the default)
  ///     drops the error after recording it.
  ///   - fileID: Where the reducer builds the effect; leave the defaults.
  ///   - line: The line of the call.
  ///   - function: The function of the call.
  public static func run(
    name: String? = nil, _ body: @escaping @Sendable (Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
  ) -> Effect {
    Effect(
      operation: .run(
        name: name, site: DispatchSite(fileID: fileID, line: line, function: function),
        body: body, catch: handler))
  }

  /// Cancels every running effect registered under `id`.
  ///
  /// - Parameter id: A value passed to ``cancellable(id:cancelInFlight:)``.
  public static func cancel(id: some Hashable & Sendable) -> Effect {
    Effect(operation: .cancel(id: EffectID(id)))
  }

  /// Runs all `effects` together.
  ///
  /// - Parameter effects: Started in order.
  public static func merge(_ effects: Effect...) -> Effect {
    Effect(operation: .merge(effects))
  }

  /// This effect, registered under `id` so ``cancel(id:)`` can stop it.
  ///
  /// - Parameters:
  ///   - id: Any hashable value; equal ids share cancellation.
  ///   - cancelInFlight: Whether starting this effect first cancels those already
  ///     running under `id` (TCA's debounce-like "latest wins", e.g. a login retry).
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
    var copy = self
    copy.cancellation = Cancellation(id: EffectID(id), cancelInFlight: cancelInFlight)
    return copy
  }
}

/// Sends actions from a running effect back into its store, on the main actor.
///
/// `await send(.response(value))`. After the effect is cancelled, sends are ignored. Each
/// call records its own site (`#fileID`, `#line`, `#function`) with the action it sends.
@MainActor
public struct Send<Action>: Sendable {
  let body: @MainActor @Sendable (Action, DispatchSite?) -> Void

  /// Wraps a main-actor function; stores build these, tests may build their own.
  ///
  /// - Parameter body: Receives each sent action.
  public init(_ body: @escaping @MainActor @Sendable (Action) -> Void) {
    self.body = { action, _ in body(action) }
  }

  /// Wraps a function that also receives each call's site.
  init(sited body: @escaping @MainActor @Sendable (Action, DispatchSite?) -> Void) {
    self.body = body
  }

  /// Sends `action` unless the current task is cancelled.
  ///
  /// - Parameters:
  ///   - action: Dispatched through the store's middleware and reducer.
  ///   - fileID: Where the effect sends it, recorded as the entry's site; leave the
  ///     defaults.
  ///   - line: The line of the call.
  ///   - function: The function of the call.
  public func callAsFunction(
    _ action: Action, fileID: StaticString = #fileID, line: UInt = #line,
    function: StaticString = #function
  ) {
    guard !Task.isCancelled else { return }
    body(action, DispatchSite(fileID: fileID, line: line, function: function))
  }

  /// Sends `action` with no site: what a reference to the function `(Action) -> Void`
  /// calls.
  ///
  /// - Parameter action: Dispatched through the store's middleware and reducer.
  @_disfavoredOverload
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    body(action, nil)
  }
}
