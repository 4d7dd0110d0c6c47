import Foundation
import TimeTravel

/// The to-do app's logic from the MVI article, made pure.
///
/// - Important: `addTodo` rejects only an *empty* title, so a whitespace-only title such
///   as `"   "` is accepted. This is the article's latent bug, kept on purpose: it is
///   what the recorded fixture (`Fixtures/todo-session.jsonl`) lets the debugger hunt
///   down. Do not fix it here.
public struct TodoReducer: Reducer {
  /// Creates the reducer; it has no configuration.
  public init() {}

  /// Applies `action` to `state`.
  ///
  /// Unknown ids and out-of-range offsets are ignored, as are ids already in use (so
  /// a replayed or duplicated add cannot create two items with one identity).
  ///
  /// - Parameters:
  ///   - state: The current state on input, the next on output.
  ///   - action: The event to apply.
  /// - Complexity: O(*n*) in the number of items.
  public func reduce(into state: inout TodoState, action: TodoAction) {
    switch action {
    case .addTodo(let id, let title):
      // The bug, on purpose: the check should trim whitespace and newlines first.
      guard !title.isEmpty, !state.todos.contains(where: { $0.id == id }) else { return }
      state.todos.append(Todo(id: id, title: title))
    case .toggleTodo(let id):
      guard let index = state.todos.firstIndex(where: { $0.id == id }) else { return }
      state.todos[index].isCompleted.toggle()
    case .deleteTodos(let offsets):
      let visible = state.filteredTodos
      let doomed = Set(offsets.filter { visible.indices.contains($0) }.map { visible[$0].id })
      state.todos.removeAll { doomed.contains($0.id) }
    case .setFilter(let filter):
      state.filter = filter
    case .setLoading(let isLoading):
      state.isLoading = isLoading
    }
  }
}
