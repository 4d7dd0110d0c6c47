/// Where a dispatched action came from, when an effect sent it rather than the user.
///
/// Recorded as an entry's `origin` member, `{"effect":"login","cause":3}`: the effect's
/// name (or cancellation id) and the `seq` of the entry whose reducer returned it. It
/// makes asynchronous chains readable in a log, and tells replay that the action is
/// fed from the log, not re-created by running the effect again.
public struct ActionOrigin: Sendable, Equatable, Codable {
  /// The effect's name, its cancellation id, or `"send"` for `Effect.send`.
  public var effect: String
  /// The `seq` of the entry whose effect sent the action.
  public var cause: Int

  /// Creates an origin.
  public init(effect: String, cause: Int) {
    self.effect = effect
    self.cause = cause
  }
}
