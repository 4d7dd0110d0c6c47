// Stands in for the app module that docs/custom-replay.md's snippets import.
import TimeTravel

public struct CartState: Codable, Equatable, Sendable { public init() {} }
public enum CartAction: Codable, Equatable, Sendable { case add(String) }
public struct CartClient: Sendable {
  public static let unimplemented = CartClient()
}
public struct CartReducer: Reducer {
  public init(client: CartClient = .unimplemented) {}
  public func reduce(into state: inout CartState, action: CartAction) {}
}
public struct LoginState: Codable, Equatable, Sendable { public init() {} }
public enum LoginAction: Codable, Equatable, Sendable { case submit }
public struct LoginReducer: Reducer {
  public init() {}
  public static let redaction = LogRedaction()
  public func reduce(into state: inout LoginState, action: LoginAction) {}
}
