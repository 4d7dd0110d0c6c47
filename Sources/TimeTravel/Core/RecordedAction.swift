/// What caused a transition: an app action, or a time-travel move through the history.
///
/// Time-travel moves are transitions too, so a log stays a complete account of every
/// state the app showed; the recorder encodes them as `{"@@undo":{"from":F,"to":T}}`
/// (and `@@redo`, `@@jump`), where `F` and `T` are history indexes and 0 is the initial
/// state.
public enum RecordedAction<Action> {
  /// An action dispatched to the store (after middleware).
  case action(Action)
  /// ``Store/undo()`` moved the history from index `from` to `to` (`to == from - 1`).
  case undo(from: Int, to: Int)
  /// ``Store/redo()`` moved the history from index `from` to `to` (`to == from + 1`).
  case redo(from: Int, to: Int)
  /// ``Store/jump(to:)`` moved the history from index `from` to `to`.
  case jump(from: Int, to: Int)
}

extension RecordedAction: Sendable where Action: Sendable {}
extension RecordedAction: Equatable where Action: Equatable {}
