/// A ``Reducer`` whose `reduce` also returns an ``Effect``, as TCA's
/// `reduce(into:action:) -> Effect<Action>`.
///
/// Conform with the effect-returning method only, plus `typealias State` and
/// `typealias Action` (the compiler cannot infer them through the provided overload;
/// TCA's `@Reducer` macro writes the same lines). The plain ``Reducer`` requirement is
/// provided and discards the effect, which is exactly what replay needs. The ``Store``
/// calls ``Reducer/reduceReturningEffect(into:action:)`` and runs the effect.
public protocol EffectReducer<State, Action>: Reducer {
  /// Applies `action` to `state` and returns the work to do afterwards.
  ///
  /// - Parameters:
  ///   - state: The current state on input, the next state on output.
  ///   - action: The event to apply.
  /// - Returns: ``Effect/none`` when there is nothing to do.
  func reduce(into state: inout State, action: Action) -> Effect<Action>
}

extension EffectReducer {
  /// Applies `action` and drops its effect: used by replay, where effects never run.
  ///
  /// - Parameters:
  ///   - state: The current state on input, the next state on output.
  ///   - action: The event to apply.
  public func reduce(into state: inout State, action: Action) {
    let _: Effect<Action> = reduce(into: &state, action: action)
  }

  /// Applies `action` and returns its effect.
  ///
  /// - Parameters:
  ///   - state: The current state on input, the next state on output.
  ///   - action: The event to apply.
  /// - Returns: The conformer's effect.
  public func reduceReturningEffect(into state: inout State, action: Action) -> Effect<Action> {
    reduce(into: &state, action: action)
  }
}
