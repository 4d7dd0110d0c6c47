import Testing

@testable import TimeTravel

/// Bisect checks its own answer: the states before the first bad entry it found are
/// scanned, so a property that heals and breaks again is reported with its true first
/// bad entry and its flips, never with the search's landing place as if it were certain.
@Suite struct BisectConfirmationTests {
  /// Bad on the states in `bad`.
  static func verdict(bad: [ClosedRange<Int>]) -> (Int) -> Bisect.Verdict {
    { k in bad.contains { $0.contains(k) } ? .bad : .good }
  }

  @Test func aMonotonePropertyIsConfirmed() {
    let verdict = Self.verdict(bad: [117...240])
    let search = Bisect.run(lastState: 240, verdict: verdict)
    #expect(search.outcome == .firstBad(117))
    #expect(search.confirmation == nil)
    let confirmed = Bisect.confirm(search, verdict: verdict)
    #expect(confirmed.outcome == .firstBad(117))
    let judgedBySearch = Set(search.trail.map(\.state)).filter { (1...116).contains($0) }.count
    #expect(
      confirmed.confirmation
        == Bisect.Confirmation(
          finding: .confirmed, scanned: 1...116, judged: 116 - judgedBySearch))
    // Each state is judged once: the scan reuses the search's verdicts.
    #expect(Set(confirmed.trail.map(\.state)).count == confirmed.trail.count)
    #expect(confirmed.trail.count == search.trail.count + 116 - judgedBySearch)
  }

  /// The issue's cart: bad from 712 to 714, healed, bad again from 800 to 809, and from
  /// 17298 on. The search lands on 17298; the scan finds 712 and every flip before it.
  @Test func aPropertyThatHealsGivesTheTrueFirstBadEntryAndItsFlips() {
    let verdict = Self.verdict(bad: [712...714, 800...809, 17298...20895])
    let search = Bisect.run(lastState: 20895, verdict: verdict)
    #expect(search.outcome == .firstBad(17298))
    let confirmed = Bisect.confirm(search, verdict: verdict)
    #expect(confirmed.outcome == .firstBad(712))
    #expect(
      confirmed.confirmation?.finding
        == .notMonotone(
          bisected: 17298,
          flips: [
            .init(entry: 712, verdict: .bad), .init(entry: 715, verdict: .good),
            .init(entry: 800, verdict: .bad), .init(entry: 810, verdict: .good),
            .init(entry: 17298, verdict: .bad),
          ]))
    #expect(confirmed.confirmation?.scanned == 1...17297)
    #expect(Bisect.linear(lastState: 20895, verdict: verdict).outcome == .firstBad(712))
  }

  @Test func nothingToScanBeforeEntryOneOrTwo() {
    for flip in [1, 2] {
      let verdict = Self.verdict(bad: [flip...10])
      let confirmed = Bisect.confirm(Bisect.run(lastState: 10, verdict: verdict), verdict: verdict)
      #expect(confirmed.outcome == .firstBad(flip))
      #expect(
        confirmed.confirmation
          == Bisect.Confirmation(
            finding: .confirmed, scanned: flip == 2 ? 1...1 : nil, judged: 0))
    }
  }

  /// A scan's first bad entry is certain: there is nothing to check.
  @Test func aScanNeedsNoCheck() {
    let verdict = Self.verdict(bad: [4...6])
    for result in [
      Bisect.linear(lastState: 10, verdict: verdict),
      Bisect.run(lastState: 10, scanningWhenEndsAreGood: true, verdict: verdict),
    ] {
      #expect(result.outcome == .firstBad(4))
      #expect(Bisect.confirm(result, verdict: { _ in .bad }) == result)
    }
  }

  /// A budget of 0 (each probe a command, no `--confirm`) leaves the answer unconfirmed,
  /// and so does running out of budget or being told to stop; the outcome stays.
  @Test func aBudgetOrAStopLeavesItUnconfirmed() {
    let verdict = Self.verdict(bad: [30...39, 90...100])
    let search = Bisect.run(lastState: 100, verdict: verdict)
    #expect(search.outcome == .firstBad(90))
    let none = Bisect.confirm(search, budget: 0, verdict: verdict)
    #expect(none.outcome == .firstBad(90))
    #expect(none.confirmation?.finding == .unconfirmed)
    #expect(none.trail == search.trail)
    let few = Bisect.confirm(search, budget: 5, verdict: verdict)
    #expect(few.outcome == .firstBad(90))
    #expect(few.confirmation?.finding == .unconfirmed)
    #expect(few.confirmation?.judged == 5)
    var asked = 0
    let stopped = Bisect.confirm(
      search,
      shouldStop: {
        asked += 1
        return asked > 3
      }, verdict: verdict)
    #expect(stopped.confirmation?.finding == .unconfirmed)
    #expect(stopped.confirmation?.judged == 3)
    #expect(stopped.outcome == .firstBad(90))
  }

  /// Found before the budget ran out, an earlier bad state is the answer even though the
  /// flips after it were not all listed.
  @Test func anEarlierBadStateFoundWithinTheBudgetIsTheAnswer() {
    let verdict = Self.verdict(bad: [3...4, 90...100])
    let search = Bisect.run(lastState: 100, verdict: verdict)
    let confirmed = Bisect.confirm(search, budget: 4, verdict: verdict)
    #expect(confirmed.outcome == .firstBad(3))
    guard case .notMonotone(bisected: 90, let flips)? = confirmed.confirmation?.finding else {
      Issue.record("expected not monotone, got \(String(describing: confirmed.confirmation))")
      return
    }
    #expect(flips.first == .init(entry: 3, verdict: .bad))
  }

  /// A skipped state is never passed over as good: before an earlier bad state it makes
  /// candidates, and with no earlier bad state the search's entry is a candidate with it.
  @Test func skippedStatesMakeCandidates() {
    let bad = Self.verdict(bad: [20...30, 60...100])
    let skipping: (Int) -> Bisect.Verdict = { $0 == 7 ? .skip : bad($0) }
    let search = Bisect.run(lastState: 100, verdict: skipping)
    #expect(search.outcome == .firstBad(60))
    #expect(Bisect.confirm(search, verdict: skipping).outcome == .candidates([7, 20]))
    let monotone: (Int) -> Bisect.Verdict = { $0 == 7 ? .skip : ($0 >= 60 ? .bad : .good) }
    let confirmed = Bisect.confirm(Bisect.run(lastState: 100, verdict: monotone), verdict: monotone)
    #expect(confirmed.outcome == .candidates([7, 60]))
    #expect(confirmed.confirmation?.finding == .confirmed)
  }

  @Test func otherOutcomesAreLeftAlone() {
    let holds = Bisect.run(lastState: 10, verdict: { _ in .bad })
    #expect(Bisect.confirm(holds, verdict: { _ in .bad }) == holds)
  }

  @Test func errorsPropagate() {
    struct Boom: Error {}
    let search = Bisect.run(lastState: 100, verdict: Self.verdict(bad: [50...100]))
    #expect(throws: Boom.self) {
      try Bisect.confirm(search) { (k: Int) throws(Boom) -> Bisect.Verdict in
        if k == 10 { throw Boom() }
        return .good
      }
    }
  }
}
