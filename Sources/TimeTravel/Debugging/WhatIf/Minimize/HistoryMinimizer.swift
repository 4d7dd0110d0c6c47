import TimeTravelJSON

/// Shrinks a recorded session to a 1-minimal history that still makes a predicate hold
/// at its end: `replay LOG --minimize --predicate EXPR --reducer NAME`.
///
/// Delta debugging (``DeltaDebugging``, Zeller and Hildebrandt 2002) over the log's
/// entries, each candidate a subsequence replayed through the reducer from the log's
/// initial state, effects not run. Causality is kept: a candidate without an entry
/// loses the actions that entry's effects sent (their `origin.cause`), so removing any
/// one more entry of the result, with the actions its effects sent, makes the
/// predicate false at the end. Recorded undo, redo and jump entries are entries like
/// the others, and move to the state of the same entry as in the recording, or the
/// last one before it the candidate has (see ``WhatIf``).
///
/// ```swift
/// func reproduction(_ log: LogFile, _ todo: StateRecomputer) throws -> [Int?] {
///   let result = try HistoryMinimizer(log: log, recomputer: todo).run { input in
///     input.state["filter"] == "completed"
///   }
///   return result.kept.map(\.seq)
/// }
/// ```
public struct HistoryMinimizer {
  /// The recorded session.
  public let log: LogFile
  /// The reducer candidates are replayed through.
  public let recomputer: StateRecomputer
  /// The budget of replays, the whole history's included: past it the search stops
  /// with the smallest failing history found.
  public var maxReplays: Int
  /// K: a candidate's state is kept every K entries, for the candidates after it.
  public var keyframeInterval: Int

  /// Prepares a minimisation of `log`.
  ///
  /// - Parameters:
  ///   - log: The session; an action-only log is recomputed through `recomputer`.
  ///   - recomputer: The app's reducer.
  ///   - maxReplays: The budget of replays (10,000 by default).
  ///   - keyframeInterval: K, 64 by default.
  public init(
    log: LogFile, recomputer: StateRecomputer, maxReplays: Int = 10_000,
    keyframeInterval: Int = 64
  ) {
    self.log = log
    self.recomputer = recomputer
    self.maxReplays = maxReplays
    self.keyframeInterval = keyframeInterval
  }

  /// Finds a 1-minimal failing history.
  ///
  /// - Parameters:
  ///   - shouldStop: Asked before each replay; `true` (Ctrl-C) ends the search with the
  ///     smallest failing history found so far.
  ///   - progress: Called after each replay, with replays so far (``DeltaDebugging/Status/tests``),
  ///     the current size and the granularity.
  ///   - predicate: Marks the bad final state.
  /// - Returns: The kept entries in their recorded order, with how many there were and
  ///   how many replays it took (see ``MinimizeResult``).
  /// - Throws: ``WhatIfError`` `.holdsAtStart` when the predicate holds on the initial
  ///   state; `.doesNotHoldAtEnd` when it does not hold at the end of the whole history
  ///   replayed; `.undecodableAction` naming the first entry whose action does not
  ///   decode; `.undecodableState`, `.noInitialState`, `.impossibleMove`,
  ///   `.predicateFailed`, `.unreadableLog`.
  /// - Complexity: O(log n) replays when one entry suffices, O(n²) at worst (bounded by
  ///   ``maxReplays``); each replays the candidate from its last shared keyframe.
  public func run(
    shouldStop: () -> Bool = { false }, progress: ((DeltaDebugging.Status) -> Void)? = nil,
    predicate: @escaping StatePredicate
  ) throws(WhatIfError) -> MinimizeResult {
    try log.prepareStates(with: recomputer)
    guard log.entryCount > 0 else {
      throw WhatIfError(
        kind: .doesNotHoldAtEnd, path: log.path, message: "the log has no entries to minimise")
    }
    let records = try log.entryRecords(1...log.entryCount)
    var preparer = StepPreparer(log: log, recomputer: recomputer, records: records)
    var steps: [ReplayStep] = []
    for record in records {
      steps.append(
        try preparer.step(
          owner: record.position, entry: log.editedEntry(record), record: record, edit: nil))
    }
    let initial = try WhatIf(log: log, recomputer: recomputer).recordedInput(0)
    if try ForkReplay.judge(predicate, initial, log: log) {
      throw WhatIfError(
        kind: .holdsAtStart, path: log.path,
        message: "the predicate already holds on the initial state: the empty history reproduces it"
      )
    }
    let replayer = try CandidateReplayer(
      log: log, recomputer: recomputer, steps: steps, predicate: predicate,
      interval: keyframeInterval)
    let all = Array(records.indices)
    let causes = records.map(\.cause)
    guard try replayer.fails(all) else {
      throw WhatIfError(
        kind: .doesNotHoldAtEnd, path: log.path,
        message:
          "the predicate does not hold at the end of the history replayed through reducer \(recomputer.name), so there is nothing to minimise"
      )
    }
    var search: DeltaDebugging.Result<Int>
    search = try DeltaDebugging.minimize(
      all, maxTests: maxReplays - 1, shouldStop: shouldStop,
      close: { Self.closed($0, causes: causes) },
      progress: progress.map { report in { report(Self.counting($0)) } }
    ) { (candidate) throws(WhatIfError) in try replayer.fails(candidate) }
    return MinimizeResult(
      kept: search.minimal.map { steps[$0].entry }, from: records.count,
      replays: search.tests + 1, applications: replayer.applications, stop: search.stop,
      final: replayer.currentFinal)
  }

  /// The progress with the whole history's replay counted.
  private static func counting(_ progress: DeltaDebugging.Status) -> DeltaDebugging.Status {
    var counted = progress
    counted.tests += 1
    return counted
  }

  /// `candidate` (indices, position − 1) without the entries whose cause (a position,
  /// by index in `causes`) it lacks: transitively, since a cause always comes first.
  static func closed(_ candidate: [Int], causes: [Int?]) -> [Int] {
    var kept = Set<Int>()
    var result: [Int] = []
    result.reserveCapacity(candidate.count)
    for index in candidate {
      if let cause = causes[index], !kept.contains(cause) { continue }
      kept.insert(index + 1)
      result.append(index)
    }
    return result
  }
}

/// What ``HistoryMinimizer/run(shouldStop:progress:predicate:)`` found.
public struct MinimizeResult: Sendable, Equatable {
  /// The kept entries, in their recorded order, with their `seq`, action and members
  /// (`origin`, `site`).
  public var kept: [EditedEntry]
  /// How many entries the log has.
  public var from: Int
  /// How many histories were replayed, the whole one included.
  public var replays: Int
  /// Reducer applications and moves over all replays, for measurements.
  public var applications: Int
  /// Whether ``kept`` is 1-minimal, or the search was stopped (Ctrl-C, the budget) with
  /// the smallest failing history found so far.
  public var stop: DeltaDebugging.Stop
  /// The state at the end of the kept history (on which the predicate holds).
  public var final: JSONValue

  /// Creates a result.
  public init(
    kept: [EditedEntry], from: Int, replays: Int, applications: Int, stop: DeltaDebugging.Stop,
    final: JSONValue
  ) {
    self.kept = kept
    self.from = from
    self.replays = replays
    self.applications = applications
    self.stop = stop
    self.final = final
  }
}
