import TimeTravelJSON

/// Explores the orderings a real run could have produced, and finds those under which a
/// predicate holds although the recorded order never made it hold:
/// `replay LOG --races --window W --predicate EXPR --reducer NAME`.
///
/// Effects' responses arrive when they arrive: a search result may come back after the
/// user typed the next letter, although in the recorded session it came first. So each
/// action an effect sent (an entry with `origin.cause`) is moved later, past up to W
/// other entries, one at a time and then two at a time (the second an effect's action
/// within W entries after the first); never past an action its own effects sent, which
/// would put that before its cause. Each ordering is replayed through the reducer from
/// the recorded state before the first moved entry, judging every state, and stops early
/// once past the moved entries the state is the recorded one again (the rest of the
/// replay would repeat the recording). Redux DevTools lets a person reorder actions by
/// hand to look for such races; this tries every ordering in the window.
///
/// ```swift
/// func raceMoves(_ log: LogFile, _ search: StateRecomputer) throws -> [String] {
///   let result = try RaceExplorer(log: log, recomputer: search, window: 2).run { input in
///     let query = input.state["query"]
///     let resultsQuery = input.state["resultsQuery"]
///     return resultsQuery != nil && resultsQuery != .null && resultsQuery != query
///   }
///   return result.orderings.map { $0.moves.map(\.description).joined(separator: " ") }
/// }
/// ```
public struct RaceExplorer {
  /// The recorded session.
  public let log: LogFile
  /// The reducer orderings are replayed through.
  public let recomputer: StateRecomputer
  /// W: how many entries an effect's action may be moved past.
  public var window: Int
  /// The budget of orderings replayed.
  public var maxOrderings: Int
  /// Whether pairs of moves are explored after single moves.
  public var exploresPairs: Bool

  /// Prepares an exploration of `log`.
  ///
  /// - Parameters:
  ///   - log: The session; an action-only log is recomputed through `recomputer`.
  ///   - recomputer: The app's reducer.
  ///   - window: W ≥ 1, the furthest an action is moved, in entries.
  ///   - maxOrderings: The budget of orderings replayed (10,000 by default).
  ///   - exploresPairs: Whether two moves at a time are tried too (the default).
  public init(
    log: LogFile, recomputer: StateRecomputer, window: Int, maxOrderings: Int = 10_000,
    exploresPairs: Bool = true
  ) {
    self.log = log
    self.recomputer = recomputer
    self.window = max(1, window)
    self.maxOrderings = maxOrderings
    self.exploresPairs = exploresPairs
  }

  /// Explores the orderings.
  ///
  /// - Parameters:
  ///   - shouldStop: Asked before each ordering; `true` (Ctrl-C) ends the search with
  ///     the orderings found so far.
  ///   - progress: Called after each ordering with how many were explored and found.
  ///   - predicate: Marks bad states.
  /// - Returns: The orderings found and how many were explored (see ``RaceResult``).
  /// - Throws: ``WhatIfError`` `.holdsAtStart` when the predicate holds on the initial
  ///   state, `.holdsInRecordedOrder` naming the first recorded entry it holds on;
  ///   `.undecodableAction`, `.undecodableState`, `.noInitialState`, `.impossibleMove`,
  ///   `.predicateFailed`, `.unreadableLog`.
  /// - Complexity: E·W single orderings and up to E·W³ pairs for E effect actions,
  ///   bounded by ``maxOrderings``; each replays from its first moved entry until the
  ///   state rejoins the recording. The recorded states are judged once first.
  public func run(
    shouldStop: () -> Bool = { false }, progress: ((_ explored: Int, _ found: Int) -> Void)? = nil,
    predicate: @escaping StatePredicate
  ) throws(WhatIfError) -> RaceResult {
    try log.prepareStates(with: recomputer)
    let records = log.entryCount > 0 ? try log.entryRecords(1...log.entryCount) : []
    try checkRecording(predicate: predicate)
    var preparer = StepPreparer(log: log, recomputer: recomputer, records: records)
    var steps: [ReplayStep] = []
    for record in records {
      steps.append(
        try preparer.step(
          owner: record.position, entry: log.editedEntry(record), record: record, edit: nil))
    }
    var search = RaceSearch(
      explorer: self, records: records, steps: steps, predicate: predicate, progress: progress)
    let singles = records.filter { $0.cause != nil }.flatMap { search.moves(of: $0.position) }
    for move in singles {
      guard try search.explore([move], shouldStop: shouldStop) else { return search.result() }
    }
    if exploresPairs {
      search.restart()
      // The single moves by the entry they move, to find the second move's quickly.
      let byEntry = Dictionary(grouping: singles, by: \.entry)
      for first in singles where !search.isRace(first) {
        for entry in (first.entry + 1)..<(first.entry + window + 1) {
          for second in byEntry[entry] ?? [] where !search.isRace(second) {
            guard try search.explore([first, second], shouldStop: shouldStop) else {
              return search.result()
            }
          }
        }
      }
    }
    return search.result()
  }

  /// Throws when the predicate holds on the initial state or a recorded one.
  private func checkRecording(predicate: StatePredicate) throws(WhatIfError) {
    let whatIf = WhatIf(log: log, recomputer: recomputer)
    guard log.entryCount > 0 else { return }
    for k in 0...log.entryCount {
      let input = try whatIf.recordedInput(k)
      guard try ForkReplay.judge(predicate, input, log: log) else { continue }
      guard k > 0, let entry = input.entry else {
        throw WhatIfError(
          kind: .holdsAtStart, path: log.path,
          message: "the predicate already holds on the initial state, so no ordering makes it hold")
      }
      throw WhatIfError(
        kind: .holdsInRecordedOrder, path: log.path, seq: entry.seq, line: entry.line,
        message:
          "the predicate already holds in the recorded order, from \(entry.name) on: no reordering is needed to make it hold"
      )
    }
  }
}
