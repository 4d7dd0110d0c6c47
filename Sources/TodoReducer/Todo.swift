/// One to-do item.
public struct Todo: Codable, Equatable, Identifiable, Sendable {
  /// Stable identity, supplied by the action that created the item (e.g. `"todo-001"`).
  public var id: String
  /// What to do, as typed.
  public var title: String
  /// Whether the item is done.
  public var isCompleted: Bool

  /// Creates an item.
  ///
  /// - Parameters:
  ///   - id: Stable identity.
  ///   - title: What to do.
  ///   - isCompleted: Whether it is done; new items are not.
  public init(id: String, title: String, isCompleted: Bool = false) {
    self.id = id
    self.title = title
    self.isCompleted = isCompleted
  }
}
