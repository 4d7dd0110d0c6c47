extension Bisect {
  /// What a bisection's own check of its answer found: the scan of the states before the
  /// first bad entry that the binary search did not judge.
  ///
  /// Binary search, like `git bisect`, assumes the property flips once from good to bad;
  /// on a property that heals and breaks again it finds *a* flip, often not the first.
  /// The scan makes the answer one that holds whatever the property does: when it judges
  /// every state before the entry good, the entry is the first bad one.
  public struct Confirmation: Equatable, Sendable {
    /// What the scan found.
    public enum Finding: Equatable, Sendable {
      /// No state before the first bad entry is bad: every one was judged good, by the
      /// search or by the scan.
      case confirmed
      /// A state before the entry the search found (`bisected`) is already bad: the
      /// property is not monotone, and the result's outcome now names the true first bad
      /// entry (or candidates, when skipped states precede it). `flips` are the entries in
      /// 1…`bisected` after which the verdict changed, in order, judged against the last
      /// state judged before them (skipped states change nothing).
      case notMonotone(bisected: Int, flips: [Flip])
      /// The scan stopped (its budget, or the caller asked it to) before it judged every
      /// earlier state; `scanned` says how far it got.
      case unconfirmed
    }

    /// What the scan found.
    public var finding: Finding
    /// The states the scan covered, ascending from state 1 (state 0 is the search's);
    /// `nil` when it covered none (the first bad entry is 1, or the budget ran out at
    /// once).
    public var scanned: ClosedRange<Int>?
    /// How many states the scan judged itself: those of ``scanned`` the search had not.
    public var judged: Int

    /// A confirmation: `finding` over `scanned`, `judged` of them judged by the scan.
    public init(finding: Finding, scanned: ClosedRange<Int>?, judged: Int) {
      self.finding = finding
      self.scanned = scanned
      self.judged = judged
    }
  }

  /// An entry after which the property's verdict changed.
  public struct Flip: Equatable, Sendable {
    /// The entry: state `entry` has ``verdict``, the last state judged before it the other.
    public var entry: Int
    /// ``Verdict/bad`` (the property began to hold) or ``Verdict/good`` (it stopped).
    public var verdict: Verdict

    /// A flip to `verdict` at `entry`.
    public init(entry: Int, verdict: Verdict) {
      self.entry = entry
      self.verdict = verdict
    }
  }

  /// Checks a bisection's first bad entry *k* by judging, in order, the states before it
  /// that the search did not, from state 1 to state k − 1 (the search judged 0 and k − 1
  /// good, and some between).
  ///
  /// When all are good the answer is ``Confirmation/Finding/confirmed``. When one is
  /// bad, the outcome becomes the first bad state found, and the scan goes on to state
  /// k − 1 to list the flips (``Confirmation/Finding/notMonotone(bisected:flips:)``); a
  /// property that heals and breaks again is then reported with its true first bad entry.
  /// As in ``linear(lastState:reason:verdict:)``, a skipped state is never passed over as
  /// good: skipped states before the first bad one make the outcome
  /// ``Outcome/candidates(_:)``. When `budget` runs out or `shouldStop` says so first, the
  /// outcome is left as it was and the finding is ``Confirmation/Finding/unconfirmed``.
  /// Other outcomes, and a first bad entry found by a scan (``Result/scan`` set: every
  /// state before it was judged), are returned unchanged, without a confirmation.
  ///
  /// - Parameters:
  ///   - result: What ``run(lastState:probingMonotonicity:scanningWhenEndsAreGood:verdict:)``
  ///     returned.
  ///   - budget: At most this many calls of `verdict`; `nil` for no limit, 0 for none
  ///     (the finding is then unconfirmed unless there is nothing to scan).
  ///   - shouldStop: Asked before each call of `verdict` (a deadline, an interrupt).
  ///   - verdict: Judges state k, as for the search. Errors propagate unchanged.
  /// - Returns: `result` with ``Result/confirmation`` set, the scan's steps appended to
  ///   its trail, and the outcome corrected when an earlier state is bad.
  /// - Complexity: O(k) calls of `verdict`, fewer by the states the search judged.
  public static func confirm<E: Error>(
    _ result: Result, budget: Int? = nil, shouldStop: () -> Bool = { false },
    verdict: (Int) throws(E) -> Verdict
  ) throws(E) -> Result {
    guard case .firstBad(let k) = result.outcome, result.scan == nil else { return result }
    var result = result
    var known: [Int: Verdict] = [:]
    for step in result.trail { known[step.state] = step.verdict }
    var scan = ConfirmationScan(bisected: k)
    var state = 1
    while state <= k - 1 {
      var v = known[state]
      if v == nil {
        if budget.map({ scan.judged >= $0 }) == true || shouldStop() { break }
        let judged = try verdict(state)
        result.trail.append(Result.Step(state: state, verdict: judged))
        scan.judged += 1
        v = judged
      }
      scan.record(state, v!)
      state += 1
    }
    let scanned = state > 1 ? 1...(state - 1) : nil
    result.confirmation = scan.confirmation(complete: state == k, scanned: scanned)
    if let outcome = scan.correctedOutcome, state == k || scan.firstBad != nil {
      result.outcome = outcome
    }
    return result
  }

  /// The verdicts a confirmation scan has seen, in order.
  private struct ConfirmationScan {
    let bisected: Int
    var judged = 0
    var last: Verdict = .good
    var skipped: [Int] = []
    var firstBad: Int?
    /// The skipped states before the first bad one.
    var skippedBefore: [Int] = []
    var flips: [Flip] = []

    init(bisected: Int) { self.bisected = bisected }

    mutating func record(_ state: Int, _ verdict: Verdict) {
      switch verdict {
      case .skip:
        skipped.append(state)
      case .good, .bad:
        if verdict == .bad, firstBad == nil {
          firstBad = state
          skippedBefore = skipped
        }
        if verdict != last { flips.append(Flip(entry: state, verdict: verdict)) }
        last = verdict
      }
    }

    /// The outcome the scan found, when it differs from the search's.
    var correctedOutcome: Outcome? {
      if let firstBad {
        return skippedBefore.isEmpty ? .firstBad(firstBad) : .candidates(skippedBefore + [firstBad])
      }
      return skipped.isEmpty ? nil : .candidates(skipped + [bisected])
    }

    func confirmation(complete: Bool, scanned: ClosedRange<Int>?) -> Confirmation {
      if firstBad != nil {
        // The flip the search found closes the list when the scan reached it.
        var all = flips
        if complete, last == .good { all.append(Flip(entry: bisected, verdict: .bad)) }
        return Confirmation(
          finding: .notMonotone(bisected: bisected, flips: all), scanned: scanned, judged: judged)
      }
      return Confirmation(
        finding: complete ? .confirmed : .unconfirmed, scanned: scanned, judged: judged)
    }
  }
}
