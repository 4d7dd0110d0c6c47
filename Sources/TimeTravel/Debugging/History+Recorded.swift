import TimeTravelJSON

extension TimeTravelMove {
  /// Applies the move that `entry` of `log` records to `history`.
  /// - Throws: ``ReplayError`` `.impossibleMove`, naming the entry, when the
  ///   move does not fit the history (a target outside it, or a redo with
  ///   nothing to redo).
  func apply<State>(
    to history: inout History<State>, entry: LogEntry, log: LogFile
  ) throws(ReplayError) {
    guard apply(to: &history) else {
      throw ReplayError(
        kind: .impossibleMove, path: log.path, line: entry.line, seq: entry.seq,
        message:
          "entry \(entry.seq) moves \(kind.rawValue) from \(from) to \(to), but the replayed history is at \(history.currentIndex) of 0…\(history.states.count - 1)"
      )
    }
  }
}

extension History where State == JSONValue {
  /// The history a log records up to and including entry `end`: state 0,
  /// then each entry's recorded `next` appended, with undo, redo and jump
  /// entries applied as moves (so a later action drops the redo branch, as
  /// it did in the app).
  /// - Throws: ``ReplayError`` when an entry cannot be read or a recorded
  ///   move does not fit.
  /// - Complexity: O(end) entries read.
  static func recorded(in log: LogFile, through end: Int) throws(ReplayError) -> History<JSONValue>
  {
    var history: History<JSONValue>
    do {
      history = History(initialState: try log.state(0))
    } catch {
      throw ReplayError(error)
    }
    guard end > 0 else { return history }
    for position in 1...end {
      let entry: LogEntry
      do { entry = try log.entry(position) } catch { throw ReplayError(error) }
      if let move = TimeTravelMove(action: entry.action) {
        try move.apply(to: &history, entry: entry, log: log)
      } else {
        history.append(entry.next)
      }
    }
    return history
  }
}
