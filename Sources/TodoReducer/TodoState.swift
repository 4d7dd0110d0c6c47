/// Which items the list shows.
public enum Filter: String, Codable, CaseIterable, Sendable {
  /// Every item.
  case all
  /// Items not yet completed.
  case active
  /// Completed items.
  case completed
}

/// The whole to-do app state. Encodes as
/// `{"filter":"all","isLoading":false,"todos":[{"id":…,"isCompleted":…,"title":…}]}`.
public struct TodoState: Codable, Equatable, Sendable {
  /// All items, in insertion order.
  public var todos: [Todo]
  /// Which items the list shows.
  public var filter: Filter
  /// Whether a (simulated) sync is in progress.
  public var isLoading: Bool

  /// Creates a state; the default is the empty app on first launch.
  ///
  /// - Parameters:
  ///   - todos: All items.
  ///   - filter: Which items the list shows.
  ///   - isLoading: Whether a sync is in progress.
  public init(todos: [Todo] = [], filter: Filter = .all, isLoading: Bool = false) {
    self.todos = todos
    self.filter = filter
    self.isLoading = isLoading
  }

  /// The items the list shows under ``filter``, in insertion order. Offsets in
  /// ``TodoAction/deleteTodos(atOffsets:)`` index into this array.
  ///
  /// - Complexity: O(*n*) in the number of items.
  public var filteredTodos: [Todo] {
    switch filter {
    case .all: todos
    case .active: todos.filter { !$0.isCompleted }
    case .completed: todos.filter(\.isCompleted)
    }
  }
}
