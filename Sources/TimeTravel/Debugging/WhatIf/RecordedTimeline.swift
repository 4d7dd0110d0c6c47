/// The recorded history's slots named by the entries that made them: slot 0 is the
/// initial state (owner 0), and each other slot holds the state after the entry at
/// position `owner`. Undo, redo and jump entries move its cursor as they moved the
/// app's, so a recorded move's target can be named by entry, and found again in an
/// edited history whose slots are numbered differently (see `ForkHistory`).
struct RecordedTimeline {
  /// Owners of the slots; `history.currentIndex` is the cursor.
  private(set) var history = History<Int>(initialState: 0)
  /// The position of the last entry applied.
  private(set) var through = 0

  /// Applies `record`, the entry at position `through + 1`.
  /// - Returns: For a move, the owners of the slots up to and including its target, in
  ///   slot order: what an edited history falls back through when the target's own
  ///   entry is not in it. `nil` for any other entry.
  /// - Throws: ``WhatIfError`` `.impossibleMove` when a recorded move does not fit the
  ///   recorded history.
  mutating func advance(_ record: EntryRecord, path: String) throws(WhatIfError) -> [Int]? {
    precondition(record.position == through + 1, "the timeline reads entries in order")
    through = record.position
    guard case .move(let move) = record.kind else {
      history.append(record.position)
      return nil
    }
    guard move.apply(to: &history) else {
      throw WhatIfError(
        kind: .impossibleMove, path: path, seq: record.seq, line: record.line,
        message:
          "entry \(record.seq) moves \(move.kind.rawValue) from \(move.from) to \(move.to), but the recorded history is at \(history.currentIndex) of 0…\(history.states.count - 1)"
      )
    }
    return Array(history.states[0...move.to])
  }
}
