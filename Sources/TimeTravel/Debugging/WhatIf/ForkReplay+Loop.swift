import TimeTravelJSON

extension ForkReplay {
  /// Sees each replayed step: its index, state, recorded state (for a recorded entry),
  /// whether the predicate holds (`nil` without one), and for a move the history indices
  /// it went between.
  typealias Observer = (Int, JSONValue, JSONValue?, Bool?, (from: Int, to: Int)?) -> Void

  /// What a pass over the steps of an edited history found.
  struct Pass {
    /// The first recorded entry whose state differs from its recorded `next`.
    var firstDivergence: Int?
    /// The first step (index into the steps) whose state the predicate holds on.
    var firstBad: Int?
    /// The state after the last step replayed (the start state when there were none).
    var final: JSONValue
    /// Whether the predicate holds on ``final``; `nil` without a predicate.
    var holdsAtEnd: Bool?
    /// How many steps were replayed.
    var replayed = 0
    /// Whether the pass stopped because the state came back to the recorded one.
    var rejoined = false
  }

  /// Replays `steps` from the current state, judging each state with `predicate` and
  /// comparing recorded entries' states with their recorded `next`.
  ///
  /// - Parameters:
  ///   - start: The state replay starts from, as JSON (the first step's prior).
  ///   - recordedThrough: The log's position of that state: the entries up to it are the
  ///     history's first, as recorded (what `entry(K)` reads before the steps).
  ///   - rejoin: From this step index on, the steps are the recorded entries in their
  ///     recorded order: once a state there equals the recorded one, the rest of the
  ///     replay would repeat the recording, so the pass stops (`nil`: never stop).
  ///   - stopAtFirstBad: Stop at the first state the predicate holds on.
  ///   - observe: Called with each step's index, state and recorded state.
  /// - Throws: ``WhatIfError`` from the replay, or `.predicateFailed` naming the entry.
  mutating func pass(
    _ steps: [ReplayStep], start: JSONValue, after recordedThrough: Int,
    predicate: StatePredicate?, rejoin: Int? = nil,
    stopAtFirstBad: Bool = false,
    observe: Observer? = nil
  ) throws(WhatIfError) -> Pass {
    var pass = Pass(final: start)
    var prior = start
    // What `entry(K)` reads: the replay as it is now, to replay again up to an entry.
    let replayed =
      predicate == nil
      ? nil
      : ReplayedEntries(
        origin: ForkReplay(log: log, recomputer: recomputer, run: run, history: history),
        start: start, steps: steps, recordedThrough: recordedThrough)
    for (i, step) in steps.enumerated() {
      try apply(step)
      let state = try state()
      pass.replayed += 1
      var recorded: JSONValue?
      if step.owner > 0, pass.firstDivergence == nil || rejoin != nil || observe != nil {
        do { recorded = try log.state(step.owner) } catch { throw WhatIfError(error) }
        if pass.firstDivergence == nil, recorded != state { pass.firstDivergence = step.entry.seq }
      }
      var holds: Bool?
      replayed?.advance()
      // Past the first bad state only the last one matters, unless each is observed.
      if let predicate, pass.firstBad == nil || i == steps.count - 1 || observe != nil {
        let input = PredicateInput(
          state: state, entry: step.entry, prior: prior, history: replayed?.history)
        holds = try Self.judge(predicate, input, log: log)
        if holds == true, pass.firstBad == nil { pass.firstBad = i }
      }
      observe?(i, state, recorded, holds, lastMove)
      pass.final = state
      pass.holdsAtEnd = holds
      prior = state
      if stopAtFirstBad, holds == true { break }
      if let rejoin, i >= rejoin, recorded == state {
        pass.rejoined = true
        break
      }
    }
    return pass
  }

  /// `predicate` on `input`, its errors wrapped as ``WhatIfError`` `.predicateFailed`.
  static func judge(_ predicate: StatePredicate, _ input: PredicateInput, log: LogFile)
    throws(WhatIfError) -> Bool
  {
    do { return try predicate(input) } catch {
      let which = input.entry.map { "the state after \($0.name)" } ?? "the initial state"
      throw WhatIfError(
        kind: .predicateFailed, path: log.path, seq: input.entry?.seq, line: input.entry?.line,
        message: "the predicate failed on \(which): \(error)")
    }
  }
}
