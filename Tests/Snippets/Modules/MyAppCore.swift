// Stands in for the app module that Sources/ReplayCLI/Documentation.docc/CustomReplay.md's snippets import. Each
// declaration is only what the snippets use.
import TimeTravel

/// A cart's state.
public struct CartState: Codable, Equatable, Sendable {
  /// An empty cart.
  public init() {}
}

/// What a cart does.
public enum CartAction: Codable, Equatable, Sendable {
  /// Adds an item by id.
  case add(String)
}

/// The cart's dependency.
public struct CartClient: Sendable {
  /// A client for replay, where effects do not run.
  public static let unimplemented = CartClient()
}

/// The cart's reducer.
public struct CartReducer: Reducer {
  /// Creates the reducer.
  public init(client: CartClient = .unimplemented) {}
  /// Does nothing: only the types matter to the snippets.
  public func reduce(into state: inout CartState, action: CartAction) {}
}

/// A login form's state.
public struct LoginState: Codable, Equatable, Sendable {
  /// An empty form.
  public init() {}
}

/// What a login form does.
public enum LoginAction: Codable, Equatable, Sendable {
  /// Submits the form.
  case submit
}

/// The login form's reducer.
public struct LoginReducer: Reducer {
  /// Creates the reducer.
  public init() {}
  /// The members the log must never hold.
  public static let redaction = LogRedaction()
  /// Does nothing: only the types matter to the snippets.
  public func reduce(into state: inout LoginState, action: LoginAction) {}
}
