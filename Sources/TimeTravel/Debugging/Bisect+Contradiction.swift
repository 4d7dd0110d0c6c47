extension Bisect {
  /// A monotonicity probe whose verdict contradicts a single flip from good to bad:
  /// bisection found *a* flip, but maybe not the first (use ``linear(lastState:reason:verdict:)``
  /// to find it).
  public enum Contradiction: Equatable, Sendable {
    /// The property holds on `state`, before the entry `firstBad` bisection found.
    case holdsBefore(state: Int, firstBad: Int)
    /// The property does not hold on `state`, after the entry `firstBad`: it flips back.
    case clearsAfter(state: Int, firstBad: Int)
  }
}

extension Bisect.Result {
  /// Evaluates the two ``Bisect/monotonicityProbes(firstBad:lastState:evaluated:)`` of a
  /// first bad entry, appending them to the trail and what they contradict to
  /// ``contradictions``; skipped probes contradict nothing. Other outcomes are left alone.
  /// - Throws: What `verdict` throws.
  mutating func probeMonotonicity<E: Error>(
    lastState: Int, verdict: (Int) throws(E) -> Bisect.Verdict
  ) throws(E) {
    guard case .firstBad(let k) = outcome else { return }
    let probes = Bisect.monotonicityProbes(
      firstBad: k, lastState: lastState, evaluated: Set(trail.map(\.state)))
    if let g = probes.goodSide {
      let v = try verdict(g)
      trail.append(Step(state: g, verdict: v))
      if v == .bad { contradictions.append(.holdsBefore(state: g, firstBad: k)) }
    }
    if let b = probes.badSide {
      let v = try verdict(b)
      trail.append(Step(state: b, verdict: v))
      if v == .good { contradictions.append(.clearsAfter(state: b, firstBad: k)) }
    }
  }
}
