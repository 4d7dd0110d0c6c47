import TestSupport
import Testing
import TimeTravelJQ

@testable import TimeTravel

/// Scans never pass over a skipped state as good, and bisection scans when there is no
/// flip to search for.
@Suite struct BisectScanTests {
  /// Bad from `flip` on, skipping `skipped`.
  static func verdict(flip: Int, skipped: Set<Int>) -> (Int) -> Bisect.Verdict {
    { skipped.contains($0) ? .skip : $0 >= flip ? .bad : .good }
  }

  @Test func skippedStatesBeforeTheFirstBadOneAreCandidates() {
    let linear = Bisect.linear(lastState: 10, verdict: Self.verdict(flip: 5, skipped: [5, 6]))
    #expect(linear.outcome == .candidates([5, 6, 7]))
    #expect(linear.trail.map(\.state) == Array(0...7))
    #expect(linear.scan == .requested)
    // The same candidates as a binary search.
    let binary = Bisect.run(lastState: 10, verdict: Self.verdict(flip: 5, skipped: [5, 6]))
    #expect(binary.outcome == .candidates([5, 6, 7]))
    #expect(binary.scan == nil)
  }

  /// A scan assumes nothing about a skipped state: one far before the change is still a
  /// candidate (a binary search, which assumes one flip, passes over it).
  @Test func skippedStatesAtTheStartAreCandidatesOfAScan() {
    let verdict = Self.verdict(flip: 8, skipped: [1, 2])
    #expect(Bisect.linear(lastState: 10, verdict: verdict).outcome == .candidates([1, 2, 8]))
    #expect(Bisect.run(lastState: 10, verdict: verdict).outcome == .firstBad(8))
  }

  @Test func theEndsOfAScan() {
    // State 0 must be judged, as for a binary search.
    let first = Bisect.linear(lastState: 10, verdict: Self.verdict(flip: 3, skipped: [0]))
    #expect(first.outcome == .endSkipped(0))
    #expect(first.evaluated == 1)
    // Nothing bad, the last state skipped: undecided, never "never holds".
    let last = Bisect.linear(lastState: 10, verdict: Self.verdict(flip: 99, skipped: [10]))
    #expect(last.outcome == .undecided([10]))
    #expect(last.evaluated == 11)
    let middle = Bisect.linear(lastState: 10, verdict: Self.verdict(flip: 99, skipped: [4, 6]))
    #expect(middle.outcome == .undecided([4, 6]))
    // The last state bad, the one before it skipped.
    let lastBad = Bisect.linear(lastState: 10, verdict: Self.verdict(flip: 10, skipped: [9]))
    #expect(lastBad.outcome == .candidates([9, 10]))
    #expect(
      Bisect.linear(lastState: 10, verdict: Self.verdict(flip: 99, skipped: [])).outcome
        == .neverHolds)
    #expect(
      Bisect.linear(
        lastState: 10, reason: .readsTransition, verdict: Self.verdict(flip: 0, skipped: []))
        == Bisect.Result(
          outcome: .holdsAtStart, trail: [.init(state: 0, verdict: .bad)], scan: .readsTransition))
  }

  /// Bad on states 4…6 only: both ends are good, so a binary search has nothing to
  /// search; with `scanningWhenEndsAreGood` the states between are scanned.
  @Test func bothEndsGoodScansBetweenThem() {
    let transient: (Int) -> Bisect.Verdict = { (4...6).contains($0) ? .bad : .good }
    let plain = Bisect.run(lastState: 10, verdict: transient)
    #expect(plain.outcome == .neverHolds)
    #expect(plain.evaluated == 2)
    let scanned = Bisect.run(lastState: 10, scanningWhenEndsAreGood: true, verdict: transient)
    #expect(scanned.outcome == .firstBad(4))
    #expect(scanned.scan == .endsAreGood)
    #expect(scanned.trail.map(\.state) == [0, 10, 1, 2, 3, 4])
    #expect(scanned.contradictions == [])
    let never = Bisect.run(lastState: 10, scanningWhenEndsAreGood: true) { _ in .good }
    #expect(never.outcome == .neverHolds)
    #expect(never.evaluated == 11)
    #expect(never.scan == .endsAreGood)
    let skipped = Bisect.run(lastState: 10, scanningWhenEndsAreGood: true) {
      $0 == 3 ? .skip : (4...6).contains($0) ? .bad : .good
    }
    #expect(skipped.outcome == .candidates([3, 4]))
    let undecided = Bisect.run(lastState: 10, scanningWhenEndsAreGood: true) {
      $0 == 3 ? .skip : .good
    }
    #expect(undecided.outcome == .undecided([3]))
    // A monotone property is found by binary search, as before.
    let monotone = Bisect.run(lastState: 10, scanningWhenEndsAreGood: true) {
      $0 >= 7 ? .bad : .good
    }
    #expect(monotone.outcome == .firstBad(7))
    #expect(monotone.scan == nil)
  }
}
