/// Work a reducer asks the store to do after a transition, as in TCA:
/// ``none``, ``send(_:)``, ``run(name:_:)``, ``merge(_:)``, ``cancel(id:)`` and
/// ``cancellable(id:cancelInFlight:)``.
///
/// Effects are values: reducers stay pure and testable, and a ``Replayer`` can drop
/// them (the actions they sent are log entries of their own, replayed from the log).
/// The ``Store`` runs them in main-actor `Task`s and cancels them all when released.
public struct Effect<Action> {
  enum Operation {
    case none
    case send(Action)
    case run(name: String?, body: @Sendable (Send<Action>) async -> Void)
    case cancel(id: EffectID)
    case merge([Effect<Action>])
  }

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
  /// origin `{"effect":"send","cause":K}`. Like TCA, prefer calling shared logic over
  /// bouncing actions.
  ///
  /// - Parameter action: The action to dispatch next.
  public static func send(_ action: Action) -> Effect {
    Effect(operation: .send(action))
  }

  /// Runs `body` in a new main-actor `Task`; it may send any number of actions, each
  /// recorded with origin `{"effect": name, "cause": K}`.
  ///
  /// Actions sent after the effect is cancelled are dropped, as in TCA.
  ///
  /// - Parameters:
  ///   - name: Names the effect in the log's `origin`; defaults to the cancellation
  ///     id's description, or `"run"`.
  ///   - body: The asynchronous work. It must check for cancellation (e.g. via
  ///     `Task.sleep` or `Task.checkCancellation()`) to stop promptly.
  public static func run(
    name: String? = nil, _ body: @escaping @Sendable (Send<Action>) async -> Void
  ) -> Effect {
    Effect(operation: .run(name: name, body: body))
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
/// `await send(.response(value))`. After the effect is cancelled, sends are ignored.
@MainActor
public struct Send<Action>: Sendable {
  let body: @MainActor @Sendable (Action) -> Void

  /// Wraps a main-actor function; stores build these, tests may build their own.
  ///
  /// - Parameter body: Receives each sent action.
  public init(_ body: @escaping @MainActor @Sendable (Action) -> Void) {
    self.body = body
  }

  /// Sends `action` unless the current task is cancelled.
  ///
  /// - Parameter action: Dispatched through the store's middleware and reducer.
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    body(action)
  }
}
