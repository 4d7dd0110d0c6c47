import TimeTravelJSON

/// One change to a recorded history, as `replay --what-if` takes it: skip an entry,
/// replace its action, insert an action, or move an entry later or earlier.
///
/// Entries are named by their number (``LogEntry/seq``). Edits apply in order, each to
/// the history the edits before it made, so `[.move(5, after: 9), .skip(9)]` first
/// moves entry 5 to just after entry 9, then removes entry 9. Causality is kept: an
/// action an effect sent (its `origin.cause`, see ``ActionOrigin``) is removed with its
/// cause and can never come before it.
///
/// Redux DevTools offers skip and reorder by hand (its "lifted" actions `TOGGLE_ACTION`
/// and `REORDER_ACTION`); an edit here also replaces or inserts an action.
public enum HistoryEdit: Sendable, Equatable, CustomStringConvertible {
  /// Removes entry `seq`, and every action its effects sent (`--skip K`).
  case skip(Int)
  /// Replaces entry `seq`'s action with `action` (`--edit K=ACTION_JSON`); actions its
  /// effects sent stay.
  case edit(Int, action: JSONValue)
  /// Inserts `action` just before entry `before` (`--insert K=ACTION_JSON`); one past
  /// the last entry's number appends it at the end.
  case insert(before: Int, action: JSONValue)
  /// Moves entry `seq` to just after entry `after` (`--move K:L`).
  case move(Int, after: Int)

  /// The entry the edit names first: the skipped, edited or moved entry, or the one the
  /// action is inserted before.
  public var seq: Int {
    switch self {
    case .skip(let seq), .edit(let seq, _), .move(let seq, _): seq
    case .insert(let before, _): before
    }
  }

  /// The edit as `replay`'s flag: `--skip 117`, `--edit 3={"setFilter":{"_0":"all"}}`,
  /// `--insert 12={…}`, `--move 5:6` (actions printed compactly).
  public var description: String {
    switch self {
    case .skip(let seq): "--skip \(seq)"
    case .edit(let seq, let action): "--edit \(seq)=\(JSONPrinter.compact.print(action))"
    case .insert(let before, let action):
      "--insert \(before)=\(JSONPrinter.compact.print(action))"
    case .move(let seq, let after): "--move \(seq):\(after)"
    }
  }
}
