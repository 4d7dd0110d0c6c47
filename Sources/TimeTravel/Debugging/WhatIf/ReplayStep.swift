import TimeTravelJSON

/// One step of an edited history, ready to replay: the action decoded once as the
/// reducer's `Action`, or the move's chain of target owners.
struct ReplayStep {
  enum Kind {
    case action(StateRecomputer.PreparedAction)
    /// A recorded undo, redo or jump, with the owners it falls back through (see
    /// `ForkHistory`).
    case move([Int])
    /// A step that changes nothing (a task ending, a skipped DevTools action).
    case unchanged
  }

  /// The recorded position, 0 never, negative for an inserted action.
  var owner: Int
  var entry: EditedEntry
  var kind: Kind

  var isMove: Bool {
    if case .move = kind { return true }
    return false
  }
}
