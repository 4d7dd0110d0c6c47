import TimeTravelJSON

/// A recorded undo, redo or jump: `{"@@undo":{"from":F,"to":T}}` (or `@@redo`, `@@jump`),
/// the shape of a Swift enum case, so `.action | has("@@undo")` selects them. Logs written
/// before that shape was chosen have `{"type":"@@undo","from":F,"to":T}`, which is read too.
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

  /// Reads a move from a logged action; `nil` for app actions (anything that is not an
  /// object with the single member `@@undo`, `@@redo` or `@@jump` holding integer `from`
  /// and `to`, nor the older `{"type":"@@undo","from":F,"to":T}`).
  public init?(action: JSONValue) {
    guard case .object(let object) = action else { return nil }
    let kind: Kind
    let body: JSONValue
    if object.count == 1, let named = Kind(rawValue: object.keys[0]) {
      (kind, body) = (named, object.values[0])
    } else if case .string(let type)? = object["type"], let named = Kind(rawValue: type) {
      (kind, body) = (named, action)
    } else {
      return nil
    }
    guard let from = body["from"]?.numberValue?.intValue,
      let to = body["to"]?.numberValue?.intValue
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
