import TimeTravelDiff

/// A crashed session turned into a test: the state and the action the app was applying
/// when it died, ready to apply again under a debugger or in an exit test.
///
/// ```swift
/// @Test func theFatalActionIsTheOneTheLogNames() throws {
///   let repro = try Reproduction.load(log: LogFile(path: "crash.jsonl"), reducer: MyReducer())
///   #expect(repro.action == .deleteTodos(atOffsets: [2]))
/// }
///
/// @Test func itTrapsAgain() async {
///   // An exit test runs in a child process and captures nothing: it loads its own copy.
///   await #expect(processExitsWith: .failure) {
///     let repro = try Reproduction.load(log: LogFile(path: "crash.jsonl"), reducer: MyReducer())
///     _ = repro.reproduce()
///   }
/// }
/// ```
public struct Reproduction<R: Reducer> where R.State: Codable, R.Action: Decodable {
  /// The fatal entry's `seq`.
  public let seq: Int
  /// The state the fatal action was applied to, as replayed through the reducer.
  public let state: R.State
  /// The fatal action, decoded.
  public let action: R.Action
  /// The reducer that will apply it.
  public let reducer: R

  /// Replays `log` through `reducer` up to its pending record (checking every entry
  /// on the way, as ``Replayer`` does) and decodes the fatal action.
  ///
  /// - Parameters:
  ///   - log: A log whose session ended inside `reduce` (``LogFile/pendingEntry``).
  ///   - reducer: The reducer to reproduce with (typically the buggy build's).
  ///   - redaction: The ``LogRedaction`` the log was recorded with (see ``Replayer``).
  ///   - initialState: The app's initial state, which fills in members that the log's
  ///     states lack because the `State` type gained them after the crash was recorded
  ///     (see ``Replayer``); `nil` fills nothing.
  /// - Returns: The reproduction; nothing has been applied yet.
  /// - Throws: ``ReplayError`` `.noPendingEntry` when the log did not end in a crash;
  ///   `.divergedBeforeCrash` naming the entry and path when the replay does not reach
  ///   the recorded prior; the decoding errors of ``Replayer``.
  public static func load(
    log: LogFile, reducer: R, redaction: LogRedaction = .none, initialState: R.State? = nil
  ) throws(ReplayError) -> Reproduction {
    guard let pending = log.pendingEntry else {
      throw ReplayError(
        kind: .noPendingEntry, path: log.path,
        message:
          "the log has no pending record at its end: the session did not stop inside a reducer")
    }
    let replayer = Replayer(reducer: reducer, redaction: redaction, initialState: initialState)
    var run = try replayer.run(log, from: 1, through: nil)
    if case .diverged(let divergence) = run.outcome {
      throw ReplayError(
        kind: .divergedBeforeCrash, path: log.path, line: divergence.line, seq: divergence.seq,
        message:
          "entry \(divergence.seq) (\(divergence.actionName)) diverges at \(divergence.changes.first?.path.quotedText ?? "\"\"") before the fatal entry \(pending.seq)"
      )
    }
    let entry = LogEntry(
      seq: pending.seq, time: pending.time, action: pending.action, prior: pending.prior,
      next: .null, line: pending.line)
    let replayed = log.entryCount == 0 ? pending.prior : run.history.currentState
    let recordedPrior = try replayer.fitted(pending.prior, entry: entry, log: log, fit: &run.fit)
    if replayed != recordedPrior {
      let path =
        JSONDiff.changes(from: recordedPrior, to: replayed).first?.shownPath.quotedText ?? "\"\""
      throw ReplayError(
        kind: .divergedBeforeCrash, path: log.path, line: pending.line, seq: pending.seq,
        message:
          "the replayed state differs from the fatal entry \(pending.seq)'s prior at \(path)")
    }
    let state = try replayer.decodeState(replayed, entry: entry, log: log, fit: &run.fit)
    let action = try replayer.decodeAction(entry, log: log)
    return Reproduction(seq: pending.seq, state: state, action: action, reducer: reducer)
  }

  /// Applies the fatal action to the state: traps again if the bug is still there.
  ///
  /// - Returns: The state the app would have shown, once the bug is fixed.
  public func reproduce() -> R.State {
    var state = state
    reducer.reduce(into: &state, action: action)
    return state
  }
}
