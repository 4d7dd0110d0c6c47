/// Binary search for the first state where a property holds, as
/// `git bisect` searches for the first bad commit.
///
/// States are numbered 0…n (state 0 is the initial state, state k the one
/// after entry k). Like git, bisect assumes the property flips once, from
/// good (does not hold) to bad (holds); it checks both ends first.
public enum Bisect {
  /// The outcome of a bisection.
  public enum Outcome: Equatable, Sendable {
    /// Entry `seq` is the first bad entry: the property does not hold on the
    /// state before it and holds on the state after it.
    case firstBad(Int)
    /// The property holds already on state 0, so no entry introduced it.
    case holdsAtStart
    /// The property holds on no state checked, including the last.
    case neverHolds
  }

  /// The result: the outcome and the number of states evaluated (about
  /// log2(n) + 2).
  public struct Result: Equatable, Sendable {
    /// What was found.
    public var outcome: Outcome
    /// How many states the predicate ran on.
    public var evaluated: Int
    /// The states evaluated, in order, with the predicate's verdict
    /// (`true` = bad / holds).
    public var trail: [(state: Int, holds: Bool)]

    /// Compares outcome, count and trail.
    public static func == (lhs: Result, rhs: Result) -> Bool {
      lhs.outcome == rhs.outcome && lhs.evaluated == rhs.evaluated
        && lhs.trail.map(\.state) == rhs.trail.map(\.state)
        && lhs.trail.map(\.holds) == rhs.trail.map(\.holds)
    }
  }

  /// Bisects states `0...lastState` with `holds`.
  ///
  /// - Parameters:
  ///   - lastState: The highest state index (the entry count).
  ///   - holds: Whether the property holds on state k. Errors propagate
  ///     unchanged: an evaluation error is never treated as "does not hold".
  /// - Returns: The outcome and how many states were evaluated.
  /// - Complexity: O(log n) calls of `holds`.
  public static func run<E: Error>(
    lastState: Int, holds: (Int) throws(E) -> Bool
  ) throws(E) -> Result {
    var trail: [(state: Int, holds: Bool)] = []
    func check(_ k: Int) throws(E) -> Bool {
      let verdict = try holds(k)
      trail.append((k, verdict))
      return verdict
    }
    if try check(0) { return Result(outcome: .holdsAtStart, evaluated: trail.count, trail: trail) }
    let holdsAtEnd = lastState > 0 ? try check(lastState) : false
    if !holdsAtEnd {
      return Result(outcome: .neverHolds, evaluated: trail.count, trail: trail)
    }
    var good = 0
    var bad = lastState
    while bad - good > 1 {
      let mid = good + (bad - good) / 2
      if try check(mid) { bad = mid } else { good = mid }
    }
    return Result(outcome: .firstBad(bad), evaluated: trail.count, trail: trail)
  }
}
