import TestSupport
import Testing

@testable import TimeTravel

@Suite struct BisectMonotonicityTests {
  /// Bad on state 44 and from 90 on, except 95: bisection lands on 90, and both probes
  /// (44 and 95) contradict a single flip.
  static func twoFlips(_ k: Int) -> Bisect.Verdict {
    k == 44 || (k >= 90 && k != 95) ? .bad : .good
  }

  @Test func probesReportWhatContradictsASingleFlip() {
    let result = Bisect.run(lastState: 100, probingMonotonicity: true, verdict: Self.twoFlips)
    #expect(result.outcome == .firstBad(90))
    #expect(
      result.contradictions == [
        .holdsBefore(state: 44, firstBad: 90), .clearsAfter(state: 95, firstBad: 90),
      ])
    #expect(
      result.trail.suffix(2) == [.init(state: 44, verdict: .bad), .init(state: 95, verdict: .good)])
    let plain = Bisect.run(lastState: 100, verdict: Self.twoFlips)
    #expect(plain.contradictions == [])
    #expect(plain.trail == Array(result.trail.dropLast(2)))
  }

  @Test func monotoneAndSkippedProbesContradictNothing() {
    let monotone = Bisect.run(lastState: 100, probingMonotonicity: true) { $0 >= 90 ? .bad : .good }
    #expect(monotone.contradictions == [])
    #expect(monotone.trail.suffix(2).map(\.state) == [44, 95])
    let skipped = Bisect.run(lastState: 100, probingMonotonicity: true) {
      $0 == 44 || $0 == 95 ? .skip : $0 >= 90 ? .bad : .good
    }
    #expect(skipped.outcome == .firstBad(90))
    #expect(skipped.contradictions == [])
  }

  @Test func onlyAFirstBadEntryIsProbed() {
    let never = Bisect.run(lastState: 100, probingMonotonicity: true) { _ in .good }
    #expect(never.outcome == .neverHolds)
    #expect(never.evaluated == 2)
    #expect(never.contradictions == [])
  }
}
