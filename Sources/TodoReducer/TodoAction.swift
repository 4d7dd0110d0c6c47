import Foundation

/// Everything the user (or a sync) can do to the to-do app.
///
/// Encodes like Swift's synthesized `Codable` for enums, e.g.
/// `{"addTodo":{"id":"todo-001","title":"Buy milk"}}`, `{"setFilter":{"_0":"active"}}`,
/// except that the `IndexSet` of ``deleteTodos(atOffsets:)`` is a plain array of ints:
/// `{"deleteTodos":{"atOffsets":[0,2]}}`.
public enum TodoAction: Equatable, Sendable {
  /// Appends a new, not completed item. The id is part of the action so the reducer
  /// stays pure and replays produce the same ids.
  case addTodo(id: String, title: String)
  /// Flips the completion of the item with this id.
  case toggleTodo(id: String)
  /// Deletes items by position in ``TodoState/filteredTodos`` (as a swipe-to-delete in
  /// the filtered list reports them).
  case deleteTodos(atOffsets: IndexSet)
  /// Changes which items the list shows.
  case setFilter(Filter)
  /// Starts or ends a sync.
  case setLoading(Bool)
}
