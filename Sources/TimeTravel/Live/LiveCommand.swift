/// A time-travel command `replay --listen … --step` sends to a running app over its live
/// session, and that the app applies to its store when it allows remote control
/// (``Store/remoteControl``).
///
/// On the wire, a line `{"command":"goto","id":7,"seq":3}` (see <doc:LogFormat>); the
/// app answers each with a ``LiveReply``. Every move is recorded by the app as local time
/// travel is (`@@jump`, `@@undo`, `@@redo`), with `"origin":{"remote":…}`.
public enum LiveCommand: Sendable, Equatable {
  /// Moves the store to state `seq`, the state after the app's entry `seq` (0 is the
  /// state before the first entry), recorded as `@@jump`. Refused when the app's
  /// history no longer holds that state.
  case goto(seq: Int)
  /// ``Store/undo()``, recorded as `@@undo`.
  case undo
  /// ``Store/redo()``, recorded as `@@redo`.
  case redo
  /// Dispatches the action, given as JSON in the app's own encoding (what its log's
  /// `action` members hold); it must decode as the store's `Action`.
  case dispatch(action: JSONValue)
  /// Returns the store to its present, the last state of its history, recorded as
  /// `@@jump`.
  case resume

  /// The command's name on the wire: `goto`, `undo`, `redo`, `dispatch`, `resume`.
  public var name: String {
    switch self {
    case .goto: "goto"
    case .undo: "undo"
    case .redo: "redo"
    case .dispatch: "dispatch"
    case .resume: "resume"
    }
  }
}

/// A running app's answer to a ``LiveCommand``.
public enum LiveReply: Sendable, Equatable {
  /// The command was applied. `seq` is the entry the app recorded for it (the `@@jump`,
  /// `@@undo` or `@@redo`, or the dispatched action's), `nil` when nothing changed (a
  /// `goto` to the state already shown, an action a middleware swallowed).
  case done(seq: Int?)
  /// The command was not applied, for the reason given: the app does not allow remote
  /// control, the command is not known, the app has no such state, the action does not
  /// decode.
  case refused(String)
}
