import TimeTravelJSON

/// Replays an edited history of a log through a reducer, effects not run, and says what
/// would have happened: `replay LOG --what-if EDIT… --reducer NAME`.
///
/// The edits (``HistoryEdit``) apply in order with causality kept: skipping an entry
/// removes the actions its effects sent, and no move may put an action before the entry
/// whose effect sent it. Replay starts from the log's state just before the first entry
/// the edits change, so a what-if on entry K of a long log recomputes from K: a log
/// with states gives that state as recorded, an action-only log from its nearest
/// keyframe (see ``LogFile/recompute(with:keyframeInterval:)``). Recorded undo, redo
/// and jump entries move through the edited history to the state of the same entry as
/// in the recording, or when the edits removed that entry, of the last one before it
/// that is still there.
///
/// ```swift
/// func hasBlankTitle(_ input: PredicateInput) -> Bool {
///   let todos = input.state["todos"]?.arrayValue ?? []
///   return todos.contains { $0["title"]?.stringValue?.allSatisfy(\.isWhitespace) ?? false }
/// }
///
/// func withoutEntry117(_ log: LogFile, _ todo: StateRecomputer) throws -> Int? {
///   let result = try WhatIf(log: log, recomputer: todo).run(
///     [.skip(117)], predicate: hasBlankTitle)
///   return result.firstBad?.seq  // nil: without entry 117 the predicate never holds
/// }
/// ```
public struct WhatIf {
  /// The recorded session.
  public let log: LogFile
  /// The reducer the edited history is replayed through.
  public let recomputer: StateRecomputer
  /// The entries (by `seq`) the replay is limited to; `nil` for the whole log. Edits
  /// must name entries inside it; states before it are as recorded.
  public let range: ClosedRange<Int>?

  /// Prepares a what-if on `log`.
  ///
  /// - Parameters:
  ///   - log: The session; an action-only log is recomputed through `recomputer`.
  ///   - recomputer: The app's reducer (``StateRecomputer``).
  ///   - range: Limits the replay to these entries (`--range`).
  public init(log: LogFile, recomputer: StateRecomputer, range: ClosedRange<Int>? = nil) {
    self.log = log
    self.recomputer = recomputer
    self.range = range
  }

  /// Applies `edits` and replays the edited history.
  ///
  /// - Parameters:
  ///   - edits: Applied in order, each to the history the ones before made.
  ///   - predicate: Marks bad states (as `--bisect`'s `--predicate`); given it, the
  ///     result has the first bad entry and whether it holds at the end.
  ///   - observe: Called with each replayed step, in order.
  /// - Returns: The first divergence, the diff of the final states and the predicate's
  ///   answers (see ``WhatIfResult``).
  /// - Throws: ``WhatIfError``: `.noSuchEntry` for an edit naming no entry (or one
  ///   outside ``range``), `.invalidEdit`, `.moveBeforeCause`, `.undecodableAction`
  ///   with the JSON Pointer, `.holdsAtStart` when the predicate holds on the initial
  ///   state, `.undecodableState` or `.noInitialState` when the log's states do not
  ///   fit the reducer, `.predicateFailed`, `.unreadableLog`.
  /// - Complexity: One reducer application, one encode and one recorded state read
  ///   per replayed entry (from the first changed entry to the end of the range); with
  ///   a predicate, one evaluation each, plus a bisection over the recorded states
  ///   before the edits when the predicate already holds where the replay starts.
  public func run(
    _ edits: [HistoryEdit], predicate: StatePredicate? = nil,
    observe: ((WhatIfStep) -> Void)? = nil
  ) throws(WhatIfError) -> WhatIfResult {
    try log.prepareStates(with: recomputer)
    let bounds = try self.bounds()
    let named = try edits.enumerated().map { (i, edit) throws(WhatIfError) in
      try positions(edit, index: i, bounds: bounds)
    }
    // The stretch the edits touch: from the first entry they name to the end.
    let regionStart =
      named.map { min($0.0, $0.1 ?? $0.0, bounds.upper) }.min() ?? bounds.upper + 1
    let records =
      regionStart <= bounds.upper ? try log.entryRecords(regionStart...bounds.upper) : []
    var history = EditedHistory(log: log, records: records)
    for (i, edit) in edits.enumerated() { try history.apply(edit, index: i, positions: named[i]) }
    let unchanged = unchangedCount(history)
    let startState = regionStart - 1 + unchanged
    var preparer = StepPreparer(log: log, recomputer: recomputer, records: records)
    let replayed = history.items[unchanged...]
    // Moves return to states of the recorded history before the replay, as it stood
    // where the replay starts (preparing the moves reads the timeline further).
    var forkHistory: ForkHistory?
    if replayed.contains(where: { $0.edit == nil && history.record($0.owner)?.isMove == true }) {
      try preparer.advance(through: startState)
      forkHistory = preparer.recordedHistory
    }
    var steps: [ReplayStep] = []
    for item in replayed { steps.append(try step(item, history: history, preparer: &preparer)) }
    return try replay(
      steps, edits: edits, from: startState, end: bounds.upper, history: forkHistory,
      dropped: history.dropped.map { log.numbering.number(atPosition: $0) },
      predicate: predicate, observe: observe)
  }

  /// The replayed positions, `lower...upper` (`upper` is 0 for an empty log).
  private func bounds() throws(WhatIfError) -> (lower: Int, upper: Int) {
    guard let range else { return (1, log.entryCount) }
    do {
      return (
        try log.position(ofEntry: range.lowerBound), try log.position(ofEntry: range.upperBound)
      )
    } catch {
      throw WhatIfError(kind: .noSuchEntry, path: log.path, message: "--range: \(error.message)")
    }
    // Positions follow numbers, so a range of numbers is a range of positions.
  }

  /// The positions `edit` names: the entry, and for a move the one it goes after.
  private func positions(_ edit: HistoryEdit, index: Int, bounds: (lower: Int, upper: Int))
    throws(WhatIfError) -> (Int, Int?)
  {
    func resolve(_ seq: Int, appending: Bool = false) throws(WhatIfError) -> Int {
      if appending, seq == (log.numbering.last ?? 0) + 1, bounds.upper == log.entryCount {
        return log.entryCount + 1
      }
      let position: Int
      do { position = try log.position(ofEntry: seq) } catch {
        throw WhatIfError(
          kind: .noSuchEntry, path: log.path, seq: seq, edit: index,
          message: "\(edit): \(error.message)")
      }
      guard (bounds.lower...max(bounds.lower, bounds.upper)).contains(position) else {
        throw WhatIfError(
          kind: .noSuchEntry, path: log.path, seq: seq, edit: index,
          message: "\(edit): entry \(seq) is outside the replayed range")
      }
      return position
    }
    switch edit {
    case .skip(let seq), .edit(let seq, _): return (try resolve(seq), nil)
    case .insert(let before, _): return (try resolve(before, appending: true), nil)
    case .move(let seq, let after): return (try resolve(seq), try resolve(after))
    }
  }

  /// How many items at the start of the edited stretch are the recorded entries in
  /// their recorded order with their recorded actions.
  private func unchangedCount(_ history: EditedHistory) -> Int {
    var count = 0
    for (item, record) in zip(history.items, history.records) {
      guard item.owner == record.position, item.action == record.action else { break }
      count += 1
    }
    return count
  }

  private func step(
    _ item: EditedHistory.Item, history: EditedHistory, preparer: inout StepPreparer
  ) throws(WhatIfError) -> ReplayStep {
    let record = history.record(item.owner)
    let entry =
      record.map { log.editedEntry($0, action: item.action, change: item.change) }
      ?? EditedEntry(seq: nil, action: item.action, change: .inserted)
    return try preparer.step(owner: item.owner, entry: entry, record: record, edit: item.edit)
  }
}
