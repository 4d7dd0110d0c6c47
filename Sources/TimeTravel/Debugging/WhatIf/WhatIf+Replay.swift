import TimeTravelJSON

extension WhatIf {
  /// Replays `steps` from the log's state `startState` and gathers the result.
  func replay(
    _ steps: [ReplayStep], edits: [HistoryEdit], from startState: Int, end: Int,
    history: ForkHistory?, dropped: [Int], predicate: StatePredicate?,
    observe: ((WhatIfStep) -> Void)?
  ) throws(WhatIfError) -> WhatIfResult {
    // The entries before the states are needed only for the predicate's $action, $prior.
    let startInput = try recordedInput(startState, withEntry: predicate != nil)
    var firstBad: EditedEntry?
    var firstBadIsRecorded = false
    if let predicate {
      let initial = startState == 0 ? startInput : try recordedInput(0)
      if try ForkReplay.judge(predicate, initial, log: log) {
        throw WhatIfError(
          kind: .holdsAtStart, path: log.path,
          message: "the predicate already holds on the initial state, so no entry makes it hold")
      }
      if startState > 0, try ForkReplay.judge(predicate, startInput, log: log) {
        firstBad = try recordedFirstBad(through: startState, predicate: predicate)
        firstBadIsRecorded = true
      }
    }
    var fork = try ForkReplay(log: log, recomputer: recomputer, state: startState, history: history)
    var stepObserver: ForkReplay.Observer?
    if let observe {
      stepObserver = { i, state, recorded, holds, moved in
        var move: TimeTravelMove?
        if let moved, let recordedMove = TimeTravelMove(action: steps[i].entry.action) {
          move = recordedMove.landing(from: moved.from, to: moved.to)
        }
        observe(
          WhatIfStep(
            index: i, entry: steps[i].entry, state: state, recorded: recorded, holds: holds,
            move: move))
      }
    }
    let pass = try fork.pass(
      steps, start: startInput.state, after: startState, predicate: predicate,
      observe: stepObserver)
    if firstBad == nil, let i = pass.firstBad { firstBad = steps[i].entry }
    var holdsAtEnd = pass.holdsAtEnd
    var recordedHoldsAtEnd: Bool?
    let endInput =
      end == startState ? startInput : try recordedInput(end, withEntry: predicate != nil)
    if let predicate {
      if steps.isEmpty { holdsAtEnd = try ForkReplay.judge(predicate, startInput, log: log) }
      recordedHoldsAtEnd = try ForkReplay.judge(predicate, endInput, log: log)
    }
    return WhatIfResult(
      edits: edits, replayed: steps.map(\.entry), startState: startState,
      startedAfter: startState > 0 ? log.numbering.number(atPosition: startState) : nil,
      dropped: dropped, firstDivergence: pass.firstDivergence, firstBad: firstBad,
      firstBadIsRecorded: firstBadIsRecorded, holdsAtEnd: holdsAtEnd,
      recordedHoldsAtEnd: recordedHoldsAtEnd, recordedFinal: endInput.state, final: pass.final)
  }

  /// The log's state `index` with the entry that led to it, as a predicate sees it;
  /// without the entry (and its prior state) unless `withEntry`.
  func recordedInput(_ index: Int, withEntry: Bool = true) throws(WhatIfError) -> PredicateInput {
    do {
      let history = JudgedHistory.recorded(log, through: index)
      guard index > 0, withEntry else {
        return PredicateInput(state: try log.state(index), history: history)
      }
      let entry = try log.entry(index)
      return PredicateInput(
        state: entry.next, entry: EditedEntry(recorded: entry, log: log), prior: entry.prior,
        history: history)
    } catch {
      throw WhatIfError(error)
    }
  }

  /// The first bad recorded entry at or before position `last`, on whose state the
  /// predicate holds (the initial state is good): a bisection, as `replay --bisect`.
  private func recordedFirstBad(through last: Int, predicate: StatePredicate) throws(WhatIfError)
    -> EditedEntry?
  {
    let result = try Bisect.run(lastState: last) { (k) throws(WhatIfError) -> Bisect.Verdict in
      try ForkReplay.judge(predicate, try recordedInput(k), log: log) ? .bad : .good
    }
    guard case .firstBad(let k) = result.outcome else { return nil }
    return try recordedInput(k).entry
  }
}

extension EditedEntry {
  /// A recorded entry of `log`, unchanged.
  init(recorded entry: LogEntry, log: LogFile) {
    let cause = entry.otherMembers["origin"]?["cause"]?.numberValue?.intValue
    var others = entry.otherMembers
    if let time = entry.time { others["time"] = .string(time) }
    self.init(
      seq: entry.seq, action: entry.action, cause: cause, line: entry.line, otherMembers: others)
  }
}

extension TimeTravelMove {
  /// This recorded move as it went in an edited history, from index `from` to `to`: an
  /// undo or redo stays one when it moved one state back or forward, any other move is a
  /// jump.
  func landing(from: Int, to: Int) -> TimeTravelMove {
    var move = self
    move.from = from
    move.to = to
    if !(kind == .undo && to == from - 1 || kind == .redo && to == from + 1) { move.kind = .jump }
    return move
  }
}
