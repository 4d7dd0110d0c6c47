extension Effect {
  /// One thing an effect does when it starts, in the order the store does them.
  package enum Step {
    /// An effect starts under `name` (the `effect` of the origin its actions are recorded
    /// with), registered under `id`; `sends` is the action of an ``Effect/send(_:)``, which
    /// sends it and ends.
    case start(name: String, id: EffectID?, sends: Action?)
    /// The running effects registered under `id` are cancelled.
    case cancel(id: EffectID)
  }

  /// What starting this effect does, as ``Store`` starts it: `.send` starts an effect
  /// named `send`; `.run` one named by its name, else its cancellation id, else `run`;
  /// `.cancellable(id:cancelInFlight: true)` cancels the effects under `id` first; `.merge`
  /// does its children's steps in order. For test stores that do not run effects
  /// (TimeTravelTesting's `TestStore` with `effects: .replayed`).
  package var steps: [Step] {
    var steps: [Step] = []
    var work: [(Effect, Cancellation?)] = [(self, nil)]
    while let (effect, inherited) = work.popLast() {
      let cancellation = effect.cancellation ?? inherited
      switch effect.operation {
      case .none:
        continue
      case .send(let action, _):
        steps.append(.start(name: "send", id: cancellation?.id, sends: action))
      case .cancel(let id):
        steps.append(.cancel(id: id))
      case .merge(let children):
        if let cancellation, cancellation.cancelInFlight {
          steps.append(.cancel(id: cancellation.id))
        }
        let shared = cancellation.map { Cancellation(id: $0.id, cancelInFlight: false) }
        work += children.reversed().map { ($0, shared) }
      case .run(let name, _, _, _):
        if let cancellation, cancellation.cancelInFlight {
          steps.append(.cancel(id: cancellation.id))
        }
        let name = name ?? cancellation.map { "\($0.id.base)" } ?? "run"
        steps.append(.start(name: name, id: cancellation?.id, sends: nil))
      }
    }
    return steps
  }
}
