import TimeTravelJSON

/// Re-applies a log's actions through a reducer and checks each recomputed state
/// against the recorded one: the test Redux DevTools' test generator writes by hand
/// (`expect(reducer(prev, action)).toEqual(next)`), run over a whole session.
///
/// Replay follows Elm's debugger: effects are dropped. Actions that effects sent
/// during the session are entries of the log, so they are fed from it in order; running
/// effects again (as ReSwift-Recorder did) would make replays drift. Undo, redo and
/// jump entries move through the replayed history rather than reaching the reducer, and
/// an entry Redux DevTools marked skipped (``LogEntry/isSkipped``) is not applied: the
/// state after it must be the state before it, as DevTools computes it.
///
/// States compare as `JSONValue`s (numbers by value, key order ignored), after
/// encoding the recomputed state as the recorder did (optionals that are `nil` as `null`
/// when the header says `"nils":"null"`, left out otherwise), so a divergence means the
/// reducer really produced different data: typically a `UUID()` or `Date()` inside
/// `reduce`, or behaviour that changed between app versions.
///
/// A log recorded before the app's `State` type gained or lost a member still replays:
/// given the reducer's initial state, members the log's states lack are taken from it,
/// and members the type no longer has are ignored; ``report(_:from:through:)`` lists
/// both.
public struct Replayer<R: Reducer> where R.State: Codable, R.Action: Decodable {
  /// The reducer under test.
  public let reducer: R
  /// The redaction the log was recorded with.
  public let redaction: LogRedaction
  /// The reducer's initial state, which completes recorded states that lack members the
  /// `State` type gained after the log was recorded; `nil` completes nothing.
  public let initialState: R.State?

  /// Creates a replayer.
  ///
  /// - Parameters:
  ///   - reducer: Applied to each decoded action, effects discarded.
  ///   - redaction: The ``LogRedaction`` the log was written with: recomputed states are
  ///     redacted the same way before comparing, since the log holds only placeholders
  ///     (a reducer clearing a password would otherwise "diverge" from `"<redacted>"`).
  ///   - initialState: The app's initial state, whose members fill in those a recorded
  ///     state lacks (see the type's notes); `nil` (the default) fills nothing, so such a
  ///     log fails to decode.
  public init(reducer: R, redaction: LogRedaction = .none, initialState: R.State? = nil) {
    self.reducer = reducer
    self.redaction = redaction
    self.initialState = initialState
  }

  /// Replays entries `from...through` and reports the first divergence.
  ///
  /// Entries before `from` are not recomputed: their recorded states rebuild the
  /// history, so replay starts from entry `from`'s recorded prior with the history the
  /// app had then (later undo and jump entries refer to it).
  ///
  /// - Parameters:
  ///   - log: The session.
  ///   - from: The first entry (1-based position) to recompute; 1 starts from the
  ///     initial state.
  ///   - through: The last entry to recompute; `nil` for the last entry of the log.
  /// - Returns: ``ReplayOutcome/verified(entries:)`` with the number recomputed, or the
  ///   first ``Divergence``. An empty log verifies with 0 entries.
  /// - Throws: ``ReplayError`` when the log cannot be read, an action or state does
  ///   not decode (naming the line and the decoder's message), or a recorded move does
  ///   not fit the history.
  /// - Complexity: One decode of each action, one reduce and one encode per entry, plus
  ///   a decode of the state after each move.
  public func verify(_ log: LogFile, from: Int = 1, through: Int? = nil) throws(ReplayError)
    -> ReplayOutcome
  {
    try run(log, from: from, through: through).outcome
  }

  /// Replays entries `from...through` as ``verify(_:from:through:)`` does, and says how
  /// the log's states were fitted to the `State` type.
  ///
  /// - Parameters:
  ///   - log: The session.
  ///   - from: The first entry (1-based position) to recompute.
  ///   - through: The last entry to recompute; `nil` for the last entry of the log.
  /// - Returns: The outcome, the members filled from ``initialState`` and the members the
  ///   type ignored, each as sorted JSON Pointer patterns with `*` for array indices.
  /// - Throws: As ``verify(_:from:through:)``.
  public func report(_ log: LogFile, from: Int = 1, through: Int? = nil) throws(ReplayError)
    -> ReplayReport
  {
    let run = try run(log, from: from, through: through)
    return ReplayReport(
      outcome: run.outcome, filledMembers: run.fit.filled.sorted(),
      ignoredMembers: run.fit.ignored.sorted(), skippedEntries: run.skipped)
  }

  /// The result of ``run(_:from:through:)``: the verdict and, when verified, the
  /// history it ended with, and how states were fitted to the type.
  struct Run {
    var outcome: ReplayOutcome
    var history: History<JSONValue>
    var fit: StateFit<R.State>
    /// The skipped entries replayed, by number.
    var skipped: [Int] = []
  }

  func run(_ log: LogFile, from: Int, through: Int?) throws(ReplayError) -> Run {
    let end = through ?? log.entryCount
    var fit = StateFit(initialState: initialState, nils: log.nils, redaction: redaction)
    guard log.entryCount > 0 else {
      return Run(outcome: .verified(entries: 0), history: History(initialState: .null), fit: fit)
    }
    guard (1...log.entryCount).contains(from), (from - 1...log.entryCount).contains(end) else {
      throw ReplayError(
        kind: .unreadableLog, path: log.path,
        message: "entries \(from)…\(end) are out of range (the log has \(log.entryCount))")
    }
    var history = try History<JSONValue>.recorded(in: log, through: from - 1)
    var typed: R.State?
    var count = 0
    var skipped: [Int] = []
    guard end >= from else {
      return Run(outcome: .verified(entries: 0), history: history, fit: fit, skipped: skipped)
    }
    // Lines are parsed and each recorded `next` built on the scan's workers; the reducer
    // runs here, in order. A `prior` is read only after a move, so it is left lazy.
    var outcome: Run?
    do {
      try log.scan(from..<(end + 1)) { line in
        let entry = try line.entry()
        entry.next.buildContainers()
        return entry
      } consume: { _, entry in
        outcome = try replay(
          entry, history: &history, typed: &typed, fit: &fit, skipped: &skipped, log: log)
        if outcome == nil { count += 1 }
        return outcome == nil
      }
    } catch let error as ReplayError {
      throw error
    } catch let error as LogError {
      throw ReplayError(error)
    } catch {
      throw ReplayError(kind: .unreadableLog, path: log.path, message: "\(error)")
    }
    return outcome
      ?? Run(outcome: .verified(entries: count), history: history, fit: fit, skipped: skipped)
  }

  /// Recomputes `entry` from the history so far; the run's end when it diverges.
  private func replay(
    _ entry: LogEntry, history: inout History<JSONValue>, typed: inout R.State?,
    fit: inout StateFit<R.State>, skipped: inout [Int], log: LogFile
  ) throws(ReplayError) -> Run? {
    var recomputedTyped: R.State?
    let recomputed = try step(entry, history: &history, log: log) {
      (prior) throws(ReplayError) -> JSONValue in
      var state: R.State
      if let typed {
        state = typed
      } else {
        state = try decodeState(prior, entry: entry, log: log, fit: &fit)
      }
      let action = try decodeAction(entry, log: log)
      reducer.reduce(into: &state, action: action)
      recomputedTyped = state
      do {
        return redaction.redactingState(try JSONValueCoding.encode(state, nils: log.nils))
      } catch {
        throw ReplayError(
          kind: .unencodableState, path: log.path, line: entry.line, seq: entry.seq,
          message: "entry \(entry.seq)'s recomputed state cannot be encoded: \(error)")
      }
    }
    typed = recomputedTyped
    if entry.isSkipped { skipped.append(entry.seq) }
    let recorded = try fitted(entry.next, entry: entry, log: log, fit: &fit)
    // A move reaches a state of the history, which may be a recorded one from before
    // `from`: fit it the same way.
    let reached =
      TimeTravelMove(action: entry.action) == nil && !TaskEnding.isEnding(entry.action)
        && !entry.isSkipped
      ? recomputed : try fitted(recomputed, entry: entry, log: log, fit: &fit)
    if reached != recorded {
      let divergence = Divergence(
        seq: entry.seq, line: entry.line, action: entry.action, recorded: recorded,
        recomputed: reached)
      return Run(
        outcome: .diverged(divergence), history: history, fit: fit, skipped: skipped)
    }
    return nil
  }

  /// Applies one entry to `history`: a move through it, or `reduce(prior)` appended.
  /// - Returns: The state the entry leads to.
  @discardableResult
  private func step(
    _ entry: LogEntry, history: inout History<JSONValue>, log: LogFile,
    reduce: (JSONValue) throws(ReplayError) -> JSONValue
  ) throws(ReplayError) -> JSONValue {
    if let move = TimeTravelMove(action: entry.action) {
      try move.apply(to: &history, entry: entry, log: log)
      return history.currentState
    }
    // A view model's task ended, or Redux DevTools skipped the action: nothing reaches
    // the reducer, and the state must not have changed.
    if TaskEnding.isEnding(entry.action) || entry.isSkipped {
      history.append(history.currentState)
      return history.currentState
    }
    let next = try reduce(history.currentState)
    history.append(next)
    return next
  }

  func decodeAction(_ entry: LogEntry, log: LogFile) throws(ReplayError) -> R.Action {
    do { return try JSONValueCoding.decode(R.Action.self, from: entry.action) } catch {
      throw ReplayError(
        kind: .undecodableAction, path: log.path, line: entry.line, seq: entry.seq,
        message:
          "entry \(entry.seq)'s action \(JSONPrinter.compact.print(entry.action)) does not decode as \(R.Action.self): \(DecodingErrorText.describe(error))"
      )
    }
  }

  func decodeState(
    _ value: JSONValue, entry: LogEntry, log: LogFile, fit: inout StateFit<R.State>
  ) throws(ReplayError) -> R.State {
    do { return try fit.decode(value) } catch {
      throw undecodable(error, "the state before entry \(entry.seq)", entry: entry, log: log)
    }
  }

  /// A recorded state of `entry` as the `State` type sees it (see `StateFit`).
  func fitted(
    _ value: JSONValue, entry: LogEntry, log: LogFile, fit: inout StateFit<R.State>
  ) throws(ReplayError) -> JSONValue {
    do { return try fit.fitted(value) } catch {
      throw undecodable(error, "the state after entry \(entry.seq)", entry: entry, log: log)
    }
  }

  private func undecodable(_ error: any Error, _ what: String, entry: LogEntry, log: LogFile)
    -> ReplayError
  {
    var message =
      "\(what) does not decode as \(R.State.self): \(DecodingErrorText.describe(error))"
    if case DecodingError.keyNotFound? = error as? DecodingError {
      message +=
        initialState == nil
        ? "; if \(R.State.self) gained this member after the log was recorded, replay with the reducer's initial state, which fills in members a log lacks"
        : "; the initial state cannot fill a member of an array element: decode it with decodeIfPresent and a default"
    }
    return ReplayError(
      kind: .undecodableState, path: log.path, line: entry.line, seq: entry.seq, message: message)
  }
}

/// Short, single-line descriptions of `DecodingError`s: the coding path as a JSON
/// Pointer and the decoder's own explanation. Shared with `replay --emit-test`.
package enum DecodingErrorText {
  /// `expected String at "/todos/0/title" (…)`; any other error as it describes itself.
  package static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    let (context, what): (DecodingError.Context, String) =
      switch error {
      case .typeMismatch(let type, let c): (c, "expected \(type)")
      case .valueNotFound(let type, let c): (c, "missing \(type) value")
      case .keyNotFound(let key, let c): (c, "no member '\(key.stringValue)'")
      case .dataCorrupted(let c): (c, "invalid data")
      @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "\(error)")
      }
    let pointer = Self.pointer(context.codingPath)
    return "\(what) at \"\(pointer)\" (\(context.debugDescription))"
  }

  /// Where a `DecodingError` stopped, as a JSON Pointer (RFC 6901, `~` and `/` escaped);
  /// `nil` for any other error.
  package static func pointer(_ error: any Error) -> String? {
    guard let error = error as? DecodingError else { return nil }
    switch error {
    case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c):
      return pointer(c.codingPath)
    case .keyNotFound(let key, let c): return pointer(c.codingPath + [key])
    @unknown default: return nil
    }
  }

  private static func pointer(_ path: [any CodingKey]) -> String {
    path.map { key in
      guard let index = key.intValue else {
        return "/"
          + key.stringValue.reduce(into: "") { text, c in
            text += c == "~" ? "~0" : c == "/" ? "~1" : String(c)
          }
      }
      return "/\(index)"
    }.joined()
  }
}
