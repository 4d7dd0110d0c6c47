import Testing
import TimeTravel

/// How a ``TestStore`` treats the effects its reducer returns.
public enum TestStoreEffects: Sendable, Equatable {
  /// Effects run in the wrapped store, as in the app: the test awaits what they send with
  /// ``TestStore/receive(_:timeout:_:sourceLocation:)`` and ends with
  /// ``TestStore/finish(timeout:sourceLocation:)``, as TCA's `TestStore` does.
  case live
  /// Effects do not run. Each one a transition returns is recorded as started, named as
  /// the store names it in an action's origin (`Effect.run(name:)`, its cancellation id,
  /// `run`, or `send` for `Effect.send`); `Effect.cancel(id:)` and `cancelInFlight` end
  /// the ones they cancel, and an `Effect.send` ends once its action is delivered. The test
  /// delivers the actions effects sent with ``TestStore/receive(_:from:_:sourceLocation:)``,
  /// in the order they happened, each checked against an effect of that name started and
  /// not yet finished. No dependency is called and nothing waits: the test is
  /// deterministic, as a replay of a log is.
  case replayed
}

/// The effects a replaying ``TestStore`` has seen start and not finish, oldest first.
@MainActor
final class ReplayedEffects {
  struct Running {
    var name: String
    var id: AnyHashable?
    /// The transition that started it, the `cause` of what it sends.
    var cause: Int
    /// An `Effect.send`: it ends with its one action.
    var sendsOnce: Bool
  }

  private(set) var running: [Running] = []

  /// Records what starting `effect` after transition `cause` does.
  func start<Action>(_ effect: Effect<Action>, cause: Int) {
    for step in effect.steps {
      switch step {
      case .start(let name, let id, let sends):
        running.append(
          Running(name: name, id: id?.base, cause: cause, sendsOnce: sends != nil))
      case .cancel(let id):
        running.removeAll { $0.id == id.base }
      }
    }
  }

  /// The oldest running effect named `name`, taken out when it ends with this action.
  func deliver(from name: String) -> Running? {
    guard let index = running.firstIndex(where: { $0.name == name }) else { return nil }
    let effect = running[index]
    if effect.sendsOnce { running.remove(at: index) }
    return effect
  }

  /// `no effect is running`, or `the effects running are "price" (started by transition 3)`.
  var description: String {
    guard !running.isEmpty else { return "no effect is running" }
    let list = running.map { "\"\($0.name)\" (started by transition \($0.cause))" }
    return (running.count == 1 ? "the effect running is " : "the effects running are ")
      + list.joined(separator: ", ")
  }
}

extension TestStore {
  /// Delivers `action` as the effect `effect` sent it, and checks the state after it: a
  /// test store made with `effects: .replayed` does not run effects, so the test says
  /// what they sent, in order, as a log recorded it.
  ///
  /// The action is dispatched through the store with the origin `{effect, cause}` of the
  /// effect it came from, and the effects its own transition returns are recorded in turn.
  ///
  /// - Parameters:
  ///   - action: What the effect sent.
  ///   - effect: The effect's name, as an action's origin records it (`login`, `send`).
  ///   - update: Turns a copy of the state before the action into the expected state.
  ///   - sourceLocation: Where to report a failure: no effect of that name started and
  ///     not finished (the action is delivered all the same, so later steps are checked
  ///     against what the log says happened), a state mismatch, or a store that runs its
  ///     effects (``TestStoreEffects/live``), where actions are awaited with
  ///     ``receive(_:timeout:_:sourceLocation:)`` instead.
  /// - Throws: What `update` throws (a generated test's `decode` of recorded JSON).
  public func receive(
    _ action: R.Action, from effect: String, _ update: (inout R.State) throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) rethrows {
    guard let replayed else {
      Issue.record(
        "receive(_:from:) delivers what an effect sent, for a test store made with effects: .replayed; this one runs its effects: await receive(_:timeout:) instead",
        sourceLocation: sourceLocation)
      return
    }
    let origin: ActionOrigin
    if let running = replayed.deliver(from: effect) {
      origin = ActionOrigin(effect: effect, cause: running.cause)
    } else {
      Issue.record(
        Comment(
          rawValue:
            "Received \(String(reflecting: action)) from the effect \"\(effect)\", but no effect of that name was started and not finished: \(replayed.description)"
        ), sourceLocation: sourceLocation)
      origin = ActionOrigin(effect: effect, cause: 0)
    }
    var expected = store.state
    try update(&expected)
    stateAfterSent = nil
    store.dispatch(action, origin: origin, site: nil)
    check(expected, stateAfterSent ?? store.state, sourceLocation)
    stateAfterSent = nil
  }

  /// Delivers `action` as the effect `effect` sent it, and checks that it changed
  /// nothing; see ``receive(_:from:_:sourceLocation:)``.
  ///
  /// - Parameters:
  ///   - action: What the effect sent.
  ///   - effect: The effect's name, as an action's origin records it.
  ///   - sourceLocation: Where to report a failure.
  public func receive(
    _ action: R.Action, from effect: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    receive(action, from: effect, { _ in }, sourceLocation: sourceLocation)
  }

  /// The names of the effects started and not finished, oldest first, when effects are
  /// replayed (empty when they run: ask the store's `runningEffectCount` then).
  public var replayedEffects: [String] { replayed?.running.map(\.name) ?? [] }
}
