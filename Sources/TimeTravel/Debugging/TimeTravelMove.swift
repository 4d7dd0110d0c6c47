import TimeTravelJSON

/// A recorded undo, redo or jump: `{"type":"@@undo"|"@@redo"|"@@jump","from":F,"to":T}`.
///
/// Replay moves through its own history for these instead of calling the reducer, the
/// way Redux DevTools' `JUMP_TO_STATE` never reaches the app's reducer.
public struct TimeTravelMove: Sendable, Equatable {
  /// Which move.
  public enum Kind: String, Sendable {
    /// `@@undo`: one state back.
    case undo = "@@undo"
    /// `@@redo`: one state forward.
    case redo = "@@redo"
    /// `@@jump`: to any retained state.
    case jump = "@@jump"
  }

  /// Which move.
  public var kind: Kind
  /// The history index before the move (0 is the initial state).
  public var from: Int
  /// The history index after the move.
  public var to: Int

  /// Reads a move from a logged action; `nil` for app actions (anything without a
  /// `type` of `@@undo`, `@@redo` or `@@jump` and integer `from` and `to`).
  public init?(action: JSONValue) {
    guard case .string(let type)? = action["type"], let kind = Kind(rawValue: type),
      let from = action["from"]?.numberValue?.intValue,
      let to = action["to"]?.numberValue?.intValue
    else { return nil }
    self.kind = kind
    self.from = from
    self.to = to
  }

  /// Applies the move to `history`.
  ///
  /// - Returns: `false`, leaving `history` unchanged, when the history's cursor is not
  ///   at ``from`` or the move is impossible there (so the log and the replay disagree
  ///   about the history).
  public func apply<State>(to history: inout History<State>) -> Bool {
    guard history.currentIndex == from else { return false }
    switch kind {
    case .undo: return to == from - 1 && history.undo()
    case .redo: return to == from + 1 && history.redo()
    case .jump: return history.jump(to: to)
    }
  }
}
