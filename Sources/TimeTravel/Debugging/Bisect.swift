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
    /// the boundary undecided. The last candidate is known bad.
    case candidates([Int])
    /// The property holds already on state 0, so no entry introduced it.
    case holdsAtStart
    /// The property does not hold on the last state.
    case neverHolds
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
  ///   - verdict: Judges state k. Errors propagate unchanged: an evaluation
  ///     error is never taken as "good".
  /// - Returns: The outcome and the trail of evaluations (probes last).
  /// - Complexity: O(log n) calls of `verdict` when nothing is skipped; each
  ///   skip costs one more call, and the probes at most two.
  public static func run<E: Error>(
    lastState: Int, probingMonotonicity: Bool = false, verdict: (Int) throws(E) -> Verdict
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
    case .good: return Result(outcome: .neverHolds, trail: trail)
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
  /// Skipped states are passed over.
  ///
  /// - Complexity: O(k) calls of `verdict`, k the answer.
  public static func linear<E: Error>(
    lastState: Int, verdict: (Int) throws(E) -> Verdict
  ) throws(E) -> Result {
    var trail: [Result.Step] = []
    for k in 0...max(0, lastState) {
      let v = try verdict(k)
      trail.append(Result.Step(state: k, verdict: v))
      if v == .bad {
        return Result(outcome: k == 0 ? .holdsAtStart : .firstBad(k), trail: trail)
      }
    }
    return Result(outcome: .neverHolds, trail: trail)
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
