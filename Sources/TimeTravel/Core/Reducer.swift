/// A pure state machine: given the current state and an action, produce the next state.
///
/// Purity is what makes time travel possible: replaying the same actions from the same
/// initial state must yield byte-identical states, so `reduce` must not read clocks,
/// random numbers, ids or anything else outside its arguments. Put such values in the
/// action instead (for example a new item's id).
///
/// To be recorded by a ``Recorder``, `State` and `Action` must also be `Encodable` and
/// `Sendable` (in practice `Codable`, so logs can be decoded and replayed).
///
/// - Note: Side effects (TCA-style `.none`, `.run { send in }`, `.send`, cancellable by
///   id) come from ``EffectReducer``, which refines this protocol; plain conformers
///   keep compiling and return ``Effect/none``.
public protocol Reducer<State, Action> {
  /// The single value the reducer evolves.
  associatedtype State
  /// The events that drive the reducer.
  associatedtype Action

  /// Applies `action` to `state` in place.
  ///
  /// - Parameters:
  ///   - state: The current state on input, the next state on output.
  ///   - action: The event to apply.
  /// - Complexity: Up to the conforming reducer; the store calls it once per action.
  func reduce(into state: inout State, action: Action)

  /// Applies `action` and returns the effect to run; what the ``Store`` calls.
  ///
  /// The default calls ``reduce(into:action:)`` and returns ``Effect/none``;
  /// ``EffectReducer`` supplies its own effect.
  ///
  /// - Parameters:
  ///   - state: The current state on input, the next state on output.
  ///   - action: The event to apply.
  /// - Returns: The work to do after the transition.
  func reduceReturningEffect(into state: inout State, action: Action) -> Effect<Action>
}

extension Reducer {
  /// Reduces and returns ``Effect/none``: plain reducers have no effects.
  ///
  /// - Parameters:
  ///   - state: The current state on input, the next state on output.
  ///   - action: The event to apply.
  /// - Returns: ``Effect/none``.
  public func reduceReturningEffect(into state: inout State, action: Action) -> Effect<Action> {
    reduce(into: &state, action: action)
    return .none
  }
}

/// A ``Reducer`` built from a closure, for small reducers and tests.
public struct Reduce<State, Action>: Reducer {
  private let body: (inout State, Action) -> Void

  /// Wraps `body`, which must be pure (see ``Reducer``).
  ///
  /// - Parameter body: Mutates the state in place for one action.
  public init(_ body: @escaping (inout State, Action) -> Void) {
    self.body = body
  }

  /// Calls the wrapped closure.
  ///
  /// - Parameters:
  ///   - state: The current state on input, the next state on output.
  ///   - action: The event to apply.
  public func reduce(into state: inout State, action: Action) {
    body(&state, action)
  }
}
