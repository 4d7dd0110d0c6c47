import TimeTravelJSON

/// Replays subsequences of a log's entries from the initial state, for delta debugging:
/// whether the predicate holds at the end of each.
///
/// Every candidate ddmin tests is a subsequence of the smallest failing history found
/// so far (the *current* one), so it shares a prefix with it. The current history's
/// states are kept as keyframes, a snapshot every K entries, and a candidate is
/// replayed from the last keyframe of the prefix it shares, not from the initial state.
/// A candidate that fails becomes the current one, with the keyframes its own replay
/// left.
final class CandidateReplayer {
  /// A snapshot after the first `k × interval` entries of a history.
  struct Keyframe {
    var run: StateRecomputer.Run
    var history: ForkHistory?
  }

  let log: LogFile
  let recomputer: StateRecomputer
  /// One step per log entry, by position − 1.
  let steps: [ReplayStep]
  /// The steps' kinds and owners alone: the replay loop reads nothing else, and copying
  /// whole steps (their entries hold JSON) would cost a retain per member.
  private let kinds: [ReplayStep.Kind]
  private let owners: [Int]
  let predicate: StatePredicate
  let interval: Int
  private let initial: Keyframe
  private(set) var current: [Int] = []
  private var keyframes: [Keyframe] = []
  /// The final state of the current history.
  private(set) var currentFinal: JSONValue = .null
  /// Reducer applications and moves so far, for measurements.
  private(set) var applications = 0

  init(
    log: LogFile, recomputer: StateRecomputer, steps: [ReplayStep],
    predicate: @escaping StatePredicate,
    interval: Int
  ) throws(WhatIfError) {
    self.log = log
    self.recomputer = recomputer
    self.steps = steps
    self.kinds = steps.map(\.kind)
    self.owners = steps.map(\.owner)
    self.predicate = predicate
    self.interval = max(1, interval)
    let run = try ForkReplay.start(log: log, recomputer: recomputer, state: 0)
    // Moves need the states they return to; without moves none are kept.
    let history =
      steps.contains(where: \.isMove)
      ? ForkHistory(recordedOwners: [0], cursor: 0) : nil
    initial = Keyframe(run: run, history: history)
    keyframes = [initial]
  }

  /// Whether the predicate holds after replaying the entries at `candidate` (indices
  /// into ``steps``, ascending) from the initial state; a candidate that does becomes
  /// the current history.
  func fails(_ candidate: [Int]) throws(WhatIfError) -> Bool {
    var shared = 0
    while shared < candidate.count, shared < current.count, candidate[shared] == current[shared] {
      shared += 1
    }
    // At least the last entry is replayed, so that its prior state is known.
    let q = min(max(0, shared - 1) / interval, keyframes.count - 1)
    var kept = Array(keyframes[...q])
    var fork = ForkReplay(
      log: log, recomputer: recomputer, run: kept[q].run, history: kept[q].history)
    var prior: JSONValue?
    for index in (q * interval)..<candidate.count {
      if index > q * interval, index % interval == 0 {
        kept.append(Keyframe(run: fork.run.fork(), history: fork.history))
      }
      if index == candidate.count - 1 { prior = try fork.state() }
      let i = candidate[index]
      try fork.apply(kinds[i], owner: owners[i])
      applications += 1
    }
    let final = try fork.state()
    let history = JudgedHistory { [self] (seq) throws(WhatIfError) in
      try entry(seq, of: candidate)
    }
    let input = PredicateInput(
      state: final, entry: candidate.last.map { steps[$0].entry }, prior: prior,
      history: history)
    let holds = try ForkReplay.judge(predicate, input, log: log)
    if holds {
      current = candidate
      keyframes = kept
      currentFinal = final
    }
    return holds
  }

  /// Entry `seq` of the history `candidate` with its states there, for `entry(K)`: the
  /// candidate is replayed again from the initial state up to it, since a candidate's
  /// replay keeps no states but its keyframes'.
  private func entry(_ seq: Int, of candidate: [Int]) throws(WhatIfError) -> JSONValue? {
    guard let last = candidate.firstIndex(where: { steps[$0].entry.seq == seq }) else {
      return nil
    }
    var fork = ForkReplay(
      log: log, recomputer: recomputer, run: initial.run, history: initial.history)
    var prior = try fork.state()
    for index in 0..<last {
      let i = candidate[index]
      try fork.apply(kinds[i], owner: owners[i])
      applications += 1
    }
    if last > 0 { prior = try fork.state() }
    try fork.apply(kinds[candidate[last]], owner: owners[candidate[last]])
    applications += 1
    return JudgedHistory.json(steps[candidate[last]].entry, prior: prior, next: try fork.state())
  }
}
