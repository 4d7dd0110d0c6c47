import TimeTravelJSON

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
    let history = try History<JSONValue>.recorded(in: log, through: upTo)
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
