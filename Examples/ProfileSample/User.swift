/// A user's profile, as the database returns it.
public struct User: Codable, Equatable, Sendable {
  /// The user's id.
  public var id: Int
  /// The name shown on the profile screen.
  public var name: String

  /// Creates a user.
  ///
  /// - Parameters:
  ///   - id: The user's id.
  ///   - name: The name shown.
  public init(id: Int, name: String) {
    self.id = id
    self.name = name
  }
}
