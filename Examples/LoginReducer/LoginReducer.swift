import TimeTravel

/// The login form: fields, a submit that starts an asynchronous login effect, and its
/// response. The second sample reducer, exercising effects and redaction.
public struct LoginReducer: EffectReducer {
  /// The form's state.
  public typealias State = LoginState
  /// The form's events.
  public typealias Action = LoginAction

  /// The cancellation id of the login request: a new submit cancels the one in flight.
  public enum CancelID: Hashable, Sendable {
    /// The login request.
    case login
  }

  /// What keeps the password out of logs: the state's `/password` and the payload of
  /// `passwordChanged` (`/passwordChanged/_0`).
  public static let redaction = LogRedaction(
    state: ["/password"], action: ["/passwordChanged/_0"])

  /// The message shown when submitting an incomplete form.
  public static let incompleteFormMessage = "Enter your email and password."

  private let client: LoginClient

  /// Creates the reducer.
  ///
  /// - Parameter client: Performs the login; ``LoginClient/unimplemented`` by default,
  ///   which is what replay uses (it never runs effects).
  public init(client: LoginClient = .unimplemented) {
    self.client = client
  }

  /// Applies `action`; `submit` returns the login effect.
  ///
  /// - Parameters:
  ///   - state: The current state on input, the next on output.
  ///   - action: The event to apply.
  /// - Returns: The login request for a complete `submit`, otherwise ``Effect/none``.
  public func reduce(into state: inout LoginState, action: LoginAction) -> Effect<LoginAction> {
    switch action {
    case .emailChanged(let email):
      state.email = email
      state.error = nil
      return .none
    case .passwordChanged(let password):
      state.password = password
      state.error = nil
      return .none
    case .submit:
      guard !state.email.isEmpty, !state.password.isEmpty else {
        state.error = Self.incompleteFormMessage
        return .none
      }
      state.isLoading = true
      state.error = nil
      let (email, password, client) = (state.email, state.password, client)
      return .run(name: "login") { send in
        do {
          let userID = try await client.login(email, password)
          await send(.loginResponse(.success(userID: userID)))
        } catch {
          await send(.loginResponse(.failure(message: "\(error)")))
        }
      }
      .cancellable(id: CancelID.login, cancelInFlight: true)
    case .loginResponse(.success):
      state.isLoading = false
      // The secret has done its job; keep it in memory no longer than needed.
      state.password = ""
      return .none
    case .loginResponse(.failure(let message)):
      state.isLoading = false
      state.error = message
      return .none
    }
  }
}
