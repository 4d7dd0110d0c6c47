import Foundation
import TimeTravel

/// A deliberately broken ``TodoReducer`` for the crash-reproduction demo: `deleteTodos`
/// indexes the filtered list without a bounds check, so an offset past its end traps
/// (`Fatal error: Index out of range`), killing the app inside `reduce`.
///
/// - Important: The bug is the point. `Fixtures/todo-crash.jsonl` is recorded from a
///   child process that really dies in this reducer; the tests reproduce the trap
///   from that log. Do not fix it.
public struct BuggyTodoReducer: Reducer {
  /// Creates the reducer.
  public init() {}

  /// Applies `action` as ``TodoReducer`` does, except for the unchecked offsets.
  ///
  /// - Parameters:
  ///   - state: The current state on input, the next on output.
  ///   - action: The event to apply.
  public func reduce(into state: inout TodoState, action: TodoAction) {
    guard case .deleteTodos(let offsets) = action else {
      TodoReducer().reduce(into: &state, action: action)
      return
    }
    let visible = state.filteredTodos
    // The bug: no `visible.indices.contains($0)` filter.
    let doomed = Set(offsets.map { visible[$0].id })
    state.todos.removeAll { doomed.contains($0.id) }
  }
}
