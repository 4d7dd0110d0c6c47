import TimeTravel

/// Where a history's cursor is, and how many states it holds, without the states: what
/// `--emit-test` needs to turn a recorded undo, redo or jump into the test store's own.
///
/// Indices are the test store's: the app's index minus ``offset``, the app's index of
/// the range's first prior state, which is the test store's index 0.
struct HistoryCursor {
  /// The app's history index of the test store's initial state.
  var offset = 0
  /// The number of states held.
  var count = 1
  /// The cursor, from 0.
  var current = 0

  /// An action's transition: the redo branch is dropped and the new state appended.
  mutating func append() {
    count = current + 2
    current += 1
  }

  /// Applies `move` as `History` does; returns the new cursor, or `nil` when the move
  /// does not start at the cursor or leaves the states held (a target before the range).
  mutating func apply(_ move: TimeTravelMove) -> Int? {
    guard move.from - offset == current else { return nil }
    let target = move.to - offset
    switch move.kind {
    case .undo: guard move.to == move.from - 1, current > 0 else { return nil }
    case .redo: guard move.to == move.from + 1, current < count - 1 else { return nil }
    case .jump: guard (0..<count).contains(target) else { return nil }
    }
    current = target
    return target
  }
}
