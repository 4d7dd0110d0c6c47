/// Everything that happens to the login form. Swift's synthesized `Codable`:
/// `{"passwordChanged":{"_0":"…"}}`, `{"submit":{}}`,
/// `{"loginResponse":{"_0":{"success":{"userID":"u-1"}}}}`.
public enum LoginAction: Codable, Equatable, Sendable {
  /// The email field changed.
  case emailChanged(String)
  /// The password field changed; its payload is a secret.
  case passwordChanged(String)
  /// The user tapped "Log in".
  case submit
  /// The login effect finished.
  case loginResponse(LoginResult)
}

/// What the server said.
public enum LoginResult: Codable, Equatable, Sendable {
  /// Logged in as `userID`.
  case success(userID: String)
  /// Refused, with a message to show.
  case failure(message: String)
}
