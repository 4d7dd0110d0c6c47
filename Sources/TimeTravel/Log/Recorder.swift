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
}
