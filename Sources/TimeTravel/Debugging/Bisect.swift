/// Binary search for the first state where a property holds, as
/// `git bisect` searches for the first bad commit.
///
/// States are numbered 0…n (state 0 is the initial state, state k the one
/// after entry k). Like git, bisect assumes the property flips once, from
/// good (does not hold) to bad (holds), and checks both ends first. States
/// may be skipped (`git bisect skip`, or exit code 125 under
/// `git bisect run`); when skipped states border the change, the result is
/// the range of candidates, as git reports "could be any of".
public enum Bisect {
  /// A verdict on one state.
  public enum Verdict: Equatable, Sendable {
    /// The property does not hold.
    case good
    /// The property holds.
    case bad
    /// The state cannot be judged; try its neighbours.
    case skip
  }

  /// The outcome of a bisection.
  public enum Outcome: Equatable, Sendable {
    /// Entry `k` is the first bad entry: the property does not hold on
    /// state k−1 and holds on state k.
    case firstBad(Int)
    /// The first bad entry is one of these (ascending): skipped states left
    /// the boundary undecided. The last candidate is known bad. A binary search
    /// lists the skipped states between the last good and the first bad one, as
    /// git does; a scan lists every skipped state before the first bad one, since
    /// it assumes nothing about the states it could not judge.
    case candidates([Int])
    /// The property holds already on state 0, so no entry introduced it.
    case holdsAtStart
    /// The property does not hold on the last state (after a scan: on no state).
    case neverHolds
    /// A scan found no bad state, but could not judge these (ascending): the
    /// first bad entry, if there is one, is one of them.
    case undecided([Int])
    /// An end state (0 or the last) was skipped, so there is nothing to
    /// search between.
    case endSkipped(Int)
  }

  /// The result: the outcome and every state evaluated, in order.
  public struct Result: Equatable, Sendable {
    /// What was found.
    public var outcome: Outcome
    /// The states evaluated, in order, with their verdicts.
    public var trail: [Step]
    /// How many states were evaluated (about log2(n) + 2 without skips).
    public var evaluated: Int { trail.count }
    /// What the monotonicity probes found against a single flip, in the order probed;
    /// empty when they found nothing or did not run.
    public var contradictions: [Contradiction] = []
    /// Why the states were scanned one by one, or `nil` after a binary search.
    public var scan: ScanReason?
    /// What the check of a first bad entry found, after
    /// ``Bisect/confirm(_:budget:shouldStop:verdict:)``; `nil` before it, and for the
    /// other outcomes.
    public var confirmation: Confirmation?

    /// One evaluation.
    public struct Step: Equatable, Sendable {
      /// The state index.
      public var state: Int
      /// Its verdict.
      public var verdict: Verdict

      /// A step: `state` judged `verdict`.
      public init(state: Int, verdict: Verdict) {
        self.state = state
        self.verdict = verdict
      }
    }
  }

  /// Bisects states `0...lastState`.
  ///
  /// - Parameters:
  ///   - lastState: The highest state index (the log's entry count), ≥ 0.
  ///   - probingMonotonicity: After finding a first bad entry, evaluate the two
  ///     ``monotonicityProbes(firstBad:lastState:evaluated:)`` and report in
  ///     ``Result/contradictions`` what they found against a single flip.
  ///   - scanningWhenEndsAreGood: When state 0 and the last state are both good,
  ///     there is no flip to search for, but the property may still hold in
  ///     between (it may be about transitions, or flip back): scan the states
  ///     between them as ``linear(lastState:reason:verdict:)`` does, and set
  ///     ``Result/scan`` to ``ScanReason/endsAreGood``. Otherwise the outcome is
  ///     ``Outcome/neverHolds``, as git's "the bad end is good" refusal.
  ///   - verdict: Judges state k. Errors propagate unchanged: an evaluation
  ///     error is never taken as "good".
  /// - Returns: The outcome and the trail of evaluations (probes last).
  /// - Complexity: O(log n) calls of `verdict` when nothing is skipped; each
  ///   skip costs one more call, and the probes at most two. The scan, when both
  ///   ends are good, costs up to n − 1 more.
  public static func run<E: Error>(
    lastState: Int, probingMonotonicity: Bool = false, scanningWhenEndsAreGood: Bool = false,
    verdict: (Int) throws(E) -> Verdict
  ) throws(E) -> Result {
    var trail: [Result.Step] = []
    var known: [Int: Verdict] = [:]
    func check(_ k: Int) throws(E) -> Verdict {
      let v = try verdict(k)
      trail.append(Result.Step(state: k, verdict: v))
      known[k] = v
      return v
    }
    switch try check(0) {
    case .bad: return Result(outcome: .holdsAtStart, trail: trail)
    case .skip: return Result(outcome: .endSkipped(0), trail: trail)
    case .good: break
    }
    guard lastState > 0 else { return Result(outcome: .neverHolds, trail: trail) }
    switch try check(lastState) {
    case .good:
      guard scanningWhenEndsAreGood else { return Result(outcome: .neverHolds, trail: trail) }
      var scan = Scan(trail: trail)
      for k in 1..<lastState {
        if let outcome = try scan.judge(k, verdict: verdict) {
          return Result(outcome: outcome, trail: scan.trail, scan: .endsAreGood)
        }
      }
      return Result(outcome: scan.end(), trail: scan.trail, scan: .endsAreGood)
    case .skip: return Result(outcome: .endSkipped(lastState), trail: trail)
    case .bad: break
    }
    var good = 0
    var bad = lastState
    while true {
      // Untested states strictly between the boundaries; skipped ones are
      // out. Pick the one nearest the middle, as git does.
      let middle = good + (bad - good) / 2
      var probe: Int?
      var distance = 0
      while probe == nil, middle - distance > good || middle + distance < bad {
        for k in [middle - distance, middle + distance] where k > good && k < bad && known[k] == nil
        {
          probe = k
          break
        }
        distance += 1
      }
      guard let k = probe else { break }
      switch try check(k) {
      case .good: good = k
      case .bad: bad = k
      case .skip: continue
      }
    }
    if bad - good == 1 {
      var result = Result(outcome: .firstBad(bad), trail: trail)
      if probingMonotonicity {
        try result.probeMonotonicity(lastState: lastState, verdict: verdict)
      }
      return result
    }
    return Result(outcome: .candidates(Array((good + 1)...bad)), trail: trail)
  }

  /// Scans states from 0 upward and reports the first where the property
  /// holds: the true first bad entry even when the property is not monotone.
  ///
  /// Nothing is assumed about a skipped state: it may be the first bad one, so
  /// it is never passed over as good. Skipped states before the first bad state
  /// make the outcome ``Outcome/candidates(_:)`` (they and the bad one); when no
  /// state is bad but some were skipped, ``Outcome/undecided(_:)``. As for a
  /// binary search, state 0 must be judged: skipping it gives
  /// ``Outcome/endSkipped(_:)``.
  ///
  /// - Parameters:
  ///   - lastState: The highest state index (the log's entry count), ≥ 0.
  ///   - reason: Why the states are scanned, recorded in ``Result/scan``.
  ///   - verdict: Judges state k. Errors propagate unchanged.
  /// - Complexity: O(k) calls of `verdict`, k the answer.
  public static func linear<E: Error>(
    lastState: Int, reason: ScanReason = .requested, verdict: (Int) throws(E) -> Verdict
  ) throws(E) -> Result {
    var scan = Scan(trail: [])
    for k in 0...max(0, lastState) {
      if let outcome = try scan.judge(k, verdict: verdict) {
        return Result(outcome: outcome, trail: scan.trail, scan: reason)
      }
    }
    return Result(outcome: scan.end(), trail: scan.trail, scan: reason)
  }

  /// Why states were judged one by one instead of by binary search.
  public enum ScanReason: Equatable, Sendable {
    /// The caller asked for a scan (`replay --bisect --linear`).
    case requested
    /// The property reads the entry that led to the state (its action or prior
    /// state), so it is about transitions, which need not flip once.
    case readsTransition
    /// State 0 and the last state are both good: there is no flip to search for.
    case endsAreGood
  }

  /// A scan in progress: the trail, and the states skipped so far.
  private struct Scan {
    var trail: [Result.Step]
    var skipped: [Int] = []

    /// Judges state `k`; the outcome when the scan can stop there.
    mutating func judge<E: Error>(_ k: Int, verdict: (Int) throws(E) -> Verdict) throws(E)
      -> Outcome?
    {
      let v = try verdict(k)
      trail.append(Result.Step(state: k, verdict: v))
      switch v {
      case .good: return nil
      case .skip:
        if k == 0 { return .endSkipped(0) }
        skipped.append(k)
        return nil
      case .bad:
        if k == 0 { return .holdsAtStart }
        return skipped.isEmpty ? .firstBad(k) : .candidates(skipped + [k])
      }
    }

    /// The outcome when every state was judged and none is bad.
    func end() -> Outcome { skipped.isEmpty ? .neverHolds : .undecided(skipped) }
  }

}

extension Bisect {
  /// Two states worth checking after a bisection found entry `firstBad`, to
  /// catch a property that is not monotone at the cost of two evaluations:
  /// the middle of the good side and the middle of the bad side, minus states
  /// already evaluated. If the good-side probe holds, or the bad-side probe
  /// does not, the property flips more than once.
  public static func monotonicityProbes(firstBad: Int, lastState: Int, evaluated: Set<Int>) -> (
    goodSide: Int?, badSide: Int?
  ) {
    let goodSide = (firstBad - 1) / 2
    let badSide = firstBad + (lastState - firstBad) / 2
    return (
      evaluated.contains(goodSide) ? nil : goodSide,
      evaluated.contains(badSide) ? nil : badSide
    )
  }
}
