/// Receives every transition of a ``Store`` as it happens.
///
/// The store calls ``record(action:prior:next:)`` synchronously on the main actor, once
/// per transition, in order: so entry *k*'s `prior` is always entry *k − 1*'s `next`.
/// Implementations may rely on that (``LogRecorder`` reuses the previous `next` bytes).
///
/// Conformers are `Sendable` so that a later, asynchronous writer can move work off the
/// main actor; that is also why recorded states and actions must be `Sendable`.
public protocol Recorder: Sendable {
  /// Records one transition.
  ///
  /// - Parameters:
  ///   - action: What caused the transition.
  ///   - prior: The state before it.
  ///   - next: The state after it.
  /// - Throws: Whatever prevents recording (encoding or I/O errors). The store stops
  ///   recording after the first error; see ``Store/recordingError``.
  func record<State: Encodable & Sendable, Action: Encodable & Sendable>(
    action: RecordedAction<Action>, prior: State, next: State
  ) throws

  /// Records one transition caused by an effect. The default ignores `origin`.
  ///
  /// - Parameters:
  ///   - action: What caused the transition.
  ///   - prior: The state before it.
  ///   - next: The state after it.
  ///   - origin: The effect and the entry that caused it; `nil` for user actions.
  /// - Throws: As ``record(action:prior:next:)``.
  func record<State: Encodable & Sendable, Action: Encodable & Sendable>(
    action: RecordedAction<Action>, prior: State, next: State, origin: ActionOrigin?
  ) throws

  /// Records one transition with where its action was dispatched. The default drops
  /// `site` and calls ``record(action:prior:next:origin:)``.
  ///
  /// - Parameters:
  ///   - action: What caused the transition.
  ///   - prior: The state before it.
  ///   - next: The state after it.
  ///   - origin: The effect and the entry that caused it; `nil` for user actions.
  ///   - site: Where `dispatch`, `send` or an effect's `send` was called; `nil` when
  ///     unknown (a time-travel move, or a dispatch through an API without a site).
  /// - Throws: As ``record(action:prior:next:)``.
  func record<State: Encodable & Sendable, Action: Encodable & Sendable>(
    action: RecordedAction<Action>, prior: State, next: State, origin: ActionOrigin?,
    site: DispatchSite?
  ) throws

  /// Records an effect starting or ending (see ``EffectEvent``): not a transition, and
  /// not an entry. The default does nothing.
  ///
  /// - Parameter event: What happened to which run.
  /// - Throws: As ``record(action:prior:next:)``.
  func recordEffect(_ event: EffectEvent) throws

  /// Called just before the reducer runs, so a recorder can persist the action first:
  /// if `reduce` traps, no ``record(action:prior:next:)`` follows, and a log that wrote
  /// this still names the fatal action. The default does nothing.
  ///
  /// - Parameters:
  ///   - action: The app action about to be reduced.
  ///   - prior: The state it is applied to.
  /// - Throws: As ``record(action:prior:next:)``.
  func recordPending<State: Encodable & Sendable, Action: Encodable & Sendable>(
    action: Action, prior: State
  ) throws
}

extension Recorder {
  /// Forwards to ``record(action:prior:next:)``, dropping `origin`.
  public func record<State: Encodable & Sendable, Action: Encodable & Sendable>(
    action: RecordedAction<Action>, prior: State, next: State, origin: ActionOrigin?
  ) throws {
    try record(action: action, prior: prior, next: next)
  }

  /// Forwards to ``record(action:prior:next:origin:)``, dropping `site`.
  public func record<State: Encodable & Sendable, Action: Encodable & Sendable>(
    action: RecordedAction<Action>, prior: State, next: State, origin: ActionOrigin?,
    site: DispatchSite?
  ) throws {
    try record(action: action, prior: prior, next: next, origin: origin)
  }

  /// Does nothing: a recorder that keeps transitions only ignores effects.
  public func recordEffect(_ event: EffectEvent) throws {}

  /// Does nothing: recorders that cannot survive a crash need not write ahead.
  public func recordPending<State: Encodable & Sendable, Action: Encodable & Sendable>(
    action: Action, prior: State
  ) throws {}
}
