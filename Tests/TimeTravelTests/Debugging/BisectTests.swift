import TestSupport
import Testing

@testable import TimeTravel

@Suite struct BisectTests {
  /// Bad from `flip` on.
  func monotone(_ flip: Int) -> (Int) -> Bisect.Verdict { { $0 >= flip ? .bad : .good } }

  @Test(arguments: [1, 2, 117, 239, 240])
  func findsTheFlip(flip: Int) {
    let result = Bisect.run(lastState: 240, verdict: monotone(flip))
    #expect(result.outcome == .firstBad(flip))
    #expect(result.evaluated <= 2 + 8)
    #expect(Bisect.linear(lastState: 240, verdict: monotone(flip)).outcome == .firstBad(flip))
  }

  @Test func exactTrail() {
    let result = Bisect.run(lastState: 8, verdict: monotone(3))
    #expect(result.trail.map(\.state) == [0, 8, 4, 2, 3])
    #expect(result.trail.map(\.verdict) == [.good, .bad, .bad, .good, .bad])
  }

  @Test func ends() {
    #expect(Bisect.run(lastState: 10, verdict: { _ in .bad }).outcome == .holdsAtStart)
    #expect(Bisect.run(lastState: 10, verdict: { _ in .good }).outcome == .neverHolds)
    #expect(Bisect.run(lastState: 10, verdict: { _ in .good }).evaluated == 2)
    #expect(
      Bisect.run(lastState: 10, verdict: { $0 == 0 ? .skip : .bad }).outcome == .endSkipped(0))
  }

  @Test func skipsAwayFromTheBoundaryAreHarmless() {
    let result = Bisect.run(
      lastState: 100, verdict: { k in k == 50 || k == 51 ? .skip : (k >= 70 ? .bad : .good) })
    #expect(result.outcome == .firstBad(70))
  }

  @Test func skipsAtTheBoundaryGiveCandidates() {
    let result = Bisect.run(
      lastState: 100, verdict: { k in (60...64).contains(k) ? .skip : (k >= 62 ? .bad : .good) })
    #expect(result.outcome == .candidates([60, 61, 62, 63, 64, 65]))
  }

  @Test func errorsPropagate() {
    struct Boom: Error {}
    #expect(throws: Boom.self) {
      try Bisect.run(lastState: 10) { (k: Int) throws(Boom) -> Bisect.Verdict in
        if k == 5 { throw Boom() }
        return k > 7 ? .bad : .good
      }
    }
  }

  @Test func nonMonotoneIsDetectedByProbes() {
    // Bad on 30…39 and from 90 on: bisect lands on 90, linear finds 30.
    let verdict: (Int) -> Bisect.Verdict = { (30..<40).contains($0) || $0 >= 90 ? .bad : .good }
    let result = Bisect.run(lastState: 100, verdict: verdict)
    #expect(Bisect.linear(lastState: 100, verdict: verdict).outcome == .firstBad(30))
    guard case .firstBad(let k) = result.outcome else {
      Issue.record("expected a first bad entry")
      return
    }
    let probes = Bisect.monotonicityProbes(
      firstBad: k, lastState: 100, evaluated: Set(result.trail.map(\.state)))
    #expect(k == 90)
    #expect(probes.goodSide == 44)
    #expect(probes.badSide == 95)
  }
}
