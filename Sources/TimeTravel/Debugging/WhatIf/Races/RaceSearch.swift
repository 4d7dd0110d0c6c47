import TimeTravelJSON

/// One move of an effect's action later: the entry at position `entry` to just after the
/// entry at position `after` (positions of the recorded order).
struct RaceMove: Hashable {
  var entry: Int
  var after: Int
}

/// The state of a ``RaceExplorer`` run: orderings seen, races found, the budget.
struct RaceSearch {
  let explorer: RaceExplorer
  let records: [EntryRecord]
  let steps: [ReplayStep]
  let predicate: StatePredicate
  let progress: ((Int, Int) -> Void)?
  private var preparer: StepPreparer
  /// Fingerprints of the orderings replayed.
  private var seen: Set<Int> = []
  /// Single moves that are races.
  private var races: Set<RaceMove> = []
  private var orderings: [RaceOrdering] = []
  private var explored = 0
  private var stop = DeltaDebugging.Stop.minimal
  /// The state the last ordering's replay ended with: its first bad state, if any.
  private var lastState: JSONValue = .null

  init(
    explorer: RaceExplorer, records: [EntryRecord], steps: [ReplayStep],
    predicate: @escaping StatePredicate, progress: ((Int, Int) -> Void)?
  ) {
    self.explorer = explorer
    self.records = records
    self.steps = steps
    self.predicate = predicate
    self.progress = progress
    self.preparer = StepPreparer(
      log: explorer.log, recomputer: explorer.recomputer, records: records)
  }

  var log: LogFile { explorer.log }

  /// The moves of the action at `position`: after each of the next W entries, up to the
  /// first that its own effects sent (directly or through others).
  func moves(of position: Int) -> [RaceMove] {
    var moves: [RaceMove] = []
    for after in (position + 1)..<(min(position + explorer.window, records.count) + 1) {
      if descends(after, from: position) { break }
      moves.append(RaceMove(entry: position, after: after))
    }
    return moves
  }

  /// Whether the entry at `position`'s chain of causes leads to `ancestor`.
  private func descends(_ position: Int, from ancestor: Int) -> Bool {
    var cause = records[position - 1].cause
    while let at = cause, at >= ancestor {
      if at == ancestor { return true }
      cause = records[at - 1].cause
    }
    return false
  }

  func isRace(_ move: RaceMove) -> Bool { races.contains(move) }

  /// Starts a new pass over the log, whose first moved entries come in order again.
  mutating func restart() {
    preparer = StepPreparer(log: log, recomputer: explorer.recomputer, records: records)
  }

  /// The recorded order from position `lo` to `hi` with `moves` applied in order, or
  /// `nil` when it puts an entry before its cause.
  private func segment(_ moves: [RaceMove], lo: Int, hi: Int) -> [Int]? {
    var order = Array(lo...hi)
    for move in moves {
      order.removeAll { $0 == move.entry }
      guard let at = order.firstIndex(of: move.after) else { return nil }
      order.insert(move.entry, at: at + 1)
    }
    var placed = Set<Int>()
    for position in order {
      if let cause = records[position - 1].cause, cause >= lo, !placed.contains(cause) {
        return nil
      }
      placed.insert(position)
    }
    return order
  }

  /// Replays the ordering `moves` make, unless seen before.
  /// - Returns: `false` when the search must stop (`shouldStop`, or the budget).
  mutating func explore(_ moves: [RaceMove], shouldStop: () -> Bool) throws(WhatIfError) -> Bool {
    let lo = moves.map(\.entry).min()!
    let hi = moves.map(\.after).max()!
    guard let order = segment(moves, lo: lo, hi: hi), order != Array(lo...hi) else { return true }
    var hasher = Hasher()
    hasher.combine(lo)
    hasher.combine(order)
    guard seen.insert(hasher.finalize()).inserted else { return true }
    if shouldStop() {
      stop = .cancelled
      return false
    }
    guard explored < explorer.maxOrderings else {
      stop = .budget
      return false
    }
    explored += 1
    let moved = Set(moves.map(\.entry))
    var replayed = order.map { position in
      var step = steps[position - 1]
      if moved.contains(position) { step.entry.change = .moved }
      return step
    }
    replayed += steps[hi...]
    if let i = try firstBad(replayed, from: lo - 1, rejoin: hi < records.count ? order.count : nil)
    {
      if moves.count == 1 { races.insert(moves[0]) }
      orderings.append(try ordering(moves, step: replayed[i]))
    }
    progress?(explored, orderings.count)
    return true
  }

  /// The first step of `replayed` (from the log's state `start`) whose state the
  /// predicate holds on; its state is kept in `lastState`.
  private mutating func firstBad(_ replayed: [ReplayStep], from start: Int, rejoin: Int?)
    throws(WhatIfError) -> Int?
  {
    var history: ForkHistory?
    if replayed.contains(where: \.isMove) {
      try preparer.advance(through: start)
      history = preparer.recordedHistory
    }
    var fork = try ForkReplay(
      log: log, recomputer: explorer.recomputer, state: start, history: history)
    let startState: JSONValue
    do { startState = try log.state(start) } catch { throw WhatIfError(error) }
    let pass = try fork.pass(
      replayed, start: startState, after: start, predicate: predicate, rejoin: rejoin,
      stopAtFirstBad: true)
    lastState = pass.final
    return pass.firstBad
  }

  /// The race `moves` make, whose first bad entry is `step`.
  private func ordering(_ moves: [RaceMove], step: ReplayStep) throws(WhatIfError) -> RaceOrdering {
    let recorded: JSONValue
    do { recorded = try log.state(step.owner) } catch { throw WhatIfError(error) }
    let edits = moves.map {
      HistoryEdit.move(
        log.numbering.number(atPosition: $0.entry),
        after: log.numbering.number(atPosition: $0.after))
    }
    return RaceOrdering(moves: edits, firstBad: step.entry, state: lastState, recorded: recorded)
  }

  /// The result so far.
  func result() -> RaceResult {
    RaceResult(
      orderings: orderings, explored: explored,
      effectActions: records.count { $0.cause != nil }, stop: stop)
  }
}
