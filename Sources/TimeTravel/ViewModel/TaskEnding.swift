import TimeTravelJSON

/// How a view model's task ended, as ``ViewModelRecorder`` records it:
/// `{"@@cancelled":{"task":NAME}}` or `{"@@failed":{"task":NAME,"error":TEXT}}`.
///
/// Replay treats such an entry as a recorded undo is treated: it never reaches the
/// reducer. The entry changes no state, so a replayed state that differs from its
/// recorded next means something changed the view model's state without being recorded.
public enum TaskEnding {
  /// The action names of the entries that record a task's end.
  public static let names: Set<String> = ["@@cancelled", "@@failed"]

  /// Whether `action` records a task's end: an object whose single member is
  /// `@@cancelled` or `@@failed` and holds an object with a string `task`.
  ///
  /// - Parameter action: A logged action.
  public static func isEnding(_ action: JSONValue) -> Bool {
    guard case .object(let object) = action, object.count == 1, names.contains(object.keys[0]),
      case .string? = object.values[0]["task"]
    else { return false }
    return true
  }
}
