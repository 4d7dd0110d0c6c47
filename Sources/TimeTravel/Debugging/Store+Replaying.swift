extension Store where R.State: Decodable {
  /// Rebuilds the store as the app had it after entry `upTo` of `log`: the same
  /// history (every retained state and the cursor), so undo, redo and jump continue
  /// from there, as importing a Redux DevTools session restores its lifted state.
  ///
  /// The recorded states are decoded rather than recomputed, so the store shows
  /// exactly what the user saw even if the reducer is not deterministic; use
  /// ``Replayer`` to check that it is.
  ///
  /// - Parameters:
  ///   - log: The session.
  ///   - reducer: Applies later actions.
  ///   - upTo: The last entry to take (0 for the initial state alone).
  ///   - middleware: As for ``init(initialState:reducer:middleware:)``.
  /// - Throws: ``ReplayError`` when the log cannot be read, a state does not decode,
  ///   or a recorded move does not fit the history; `.unreadableLog` when `upTo` is out
  ///   of range.
  /// - Complexity: One decode per retained state.
  public convenience init(
    replaying log: LogFile, reducer: R, upTo: Int, middleware: [Middleware<State, Action>] = []
  ) throws(ReplayError) {
    guard (0...log.entryCount).contains(upTo), log.entryCount > 0 else {
      throw ReplayError(
        kind: .unreadableLog, path: log.path,
        message: "entry \(upTo) is out of range (the log has \(log.entryCount) entries)")
    }
    var history: History<JSONValue>
    do {
      history = History(initialState: try log.state(0))
      if upTo > 0 {
        for position in 1...upTo {
          let entry = try log.entry(position)
          if let move = TimeTravelMove(action: entry.action) {
            guard move.apply(to: &history) else {
              throw ReplayError(
                kind: .impossibleMove, path: log.path, line: entry.line, seq: entry.seq,
                message:
                  "entry \(entry.seq) moves \(move.kind.rawValue) from \(move.from) to \(move.to), but the history is at \(history.currentIndex)"
              )
            }
          } else {
            history.append(entry.next)
          }
        }
      }
    } catch let error as LogError {
      throw ReplayError(error)
    } catch let error as ReplayError {
      throw error
    } catch {
      throw ReplayError(kind: .unreadableLog, path: log.path, message: "\(error)")
    }
    var states: [State] = []
    for (index, value) in history.states.enumerated() {
      do { states.append(try JSONValueCoding.decode(State.self, from: value)) } catch {
        throw ReplayError(
          kind: .undecodableState, path: log.path,
          message:
            "history state \(index) does not decode as \(State.self): \(DecodingErrorText.describe(error))"
        )
      }
    }
    var typed = History(initialState: states[0])
    for state in states.dropFirst() { typed.append(state) }
    typed.jump(to: history.currentIndex)
    self.init(initialState: states[0], reducer: reducer, middleware: middleware)
    replaceHistory(typed)
  }
}
