import Testing

extension Trait where Self == TimeLimitTrait {
  /// The time limit of a live suite: a guard against a hang (a listener or an app that
  /// never answers), not a check of speed. A live test awaits its app, listener and
  /// processes step by step, and between steps waits for the cooperative thread pool,
  /// which the whole test run shares (two threads on a 2-core machine): while the
  /// synchronous tests of the other suites hold it, a live test of a few seconds alone
  /// can take minutes of wall time. One minute was exceeded that way in full runs on a
  /// busy machine, with nothing hung.
  static var liveHangGuard: Self { .timeLimit(.minutes(10)) }
}
