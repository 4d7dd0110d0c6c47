/// The login form's state. Encodes as
/// `{"email":…,"error":…,"isLoading":…,"password":…}`; record it with
/// ``LoginReducer/redaction`` so `password` never reaches a log.
public struct LoginState: Codable, Equatable, Sendable {
  /// What the user typed in the email field.
  public var email: String
  /// What the user typed in the password field: a secret.
  public var password: String
  /// Whether a login request is in flight.
  public var isLoading: Bool
  /// The message shown under the form, if any.
  public var error: String?

  /// Creates a state; the default is the empty form.
  public init(
    email: String = "", password: String = "", isLoading: Bool = false, error: String? = nil
  ) {
    self.email = email
    self.password = password
    self.isLoading = isLoading
    self.error = error
  }
}
