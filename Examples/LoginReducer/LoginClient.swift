/// The login dependency, injected so tests and replay never reach a server
/// (the TCA dependency-client pattern).
public struct LoginClient: Sendable {
  /// Signs in; returns the user's id, or throws an error whose description is shown.
  public var login: @Sendable (_ email: String, _ password: String) async throws -> String

  /// Wraps a login function.
  ///
  /// - Parameter login: Called once per submit, off the main actor.
  public init(
    login: @escaping @Sendable (_ email: String, _ password: String) async throws -> String
  ) {
    self.login = login
  }

  /// Fails every call: for replay, where effects never run, and for tests that must
  /// not log in.
  public static let unimplemented = LoginClient { _, _ in throw Unimplemented() }

  /// The error of ``unimplemented``.
  public struct Unimplemented: Error, CustomStringConvertible {
    /// "LoginClient.login is unimplemented".
    public var description: String { "LoginClient.login is unimplemented" }
  }
}
