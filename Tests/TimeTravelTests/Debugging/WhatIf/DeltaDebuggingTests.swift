import Testing

@testable import TimeTravel

/// ddmin on plain inputs: 1-minimal results, test counts, causality closing, and
/// stopping with the smallest failing input so far.
struct DeltaDebuggingTests {
  @Test func oneElementOfSixteen() {
    var tested: [[Int]] = []
    let result = DeltaDebugging.minimize(Array(1...16)) { candidate in
      tested.append(candidate)
      return candidate.contains(11)
    }
    #expect(result.minimal == [11])
    #expect(result.stop == .minimal)
    // Halves, then halves of the failing half: at most two tests per level.
    #expect(
      tested == [Array(1...8), Array(9...16), Array(9...12), [9, 10], [11, 12], [11]])
    #expect(result.tests == 6)
  }

  @Test func twoElementsFarApart() {
    let result = DeltaDebugging.minimize(Array(0..<100)) { candidate in
      candidate.contains(3) && candidate.contains(97)
    }
    #expect(result.minimal == [3, 97])
    #expect(result.stop == .minimal)
  }

  /// The paper's example shape: the failure needs elements 1, 7 and 8 of 8.
  @Test func threeOfEightAsInThePaper() {
    let result = DeltaDebugging.minimize(Array(1...8)) { candidate in
      [1, 7, 8].allSatisfy(candidate.contains)
    }
    #expect(result.minimal == [1, 7, 8])
  }

  @Test func theResultIsOneMinimal() {
    // Fails when the sum of the elements is at least 50: many minimal answers.
    let input = Array(1...20)
    let result = DeltaDebugging.minimize(input) { $0.reduce(0, +) >= 50 }
    #expect(result.minimal.reduce(0, +) >= 50)
    for i in result.minimal.indices {
      var smaller = result.minimal
      smaller.remove(at: i)
      #expect(smaller.reduce(0, +) < 50)
    }
  }

  @Test func closingRemovesElementsWhoseCauseIsGone() {
    // 5 was sent by 2's effect: a candidate without 2 loses 5.
    let causes = [5: 2]
    var tested: Set<[Int]> = []
    let result = DeltaDebugging.minimize(
      Array(1...8),
      close: { candidate in candidate.filter { causes[$0].map(candidate.contains) ?? true } }
    ) { candidate in
      tested.insert(candidate)
      return candidate.contains(5)
    }
    #expect(result.minimal == [2, 5])
    #expect(!tested.contains { $0.contains(5) && !$0.contains(2) })
  }

  @Test func stoppingKeepsTheSmallestFailingInputSoFar() {
    var tests = 0
    let result = DeltaDebugging.minimize(Array(1...64), shouldStop: { tests >= 3 }) { candidate in
      tests += 1
      return candidate.contains(40)
    }
    #expect(result.stop == .cancelled)
    #expect(result.tests == 3)
    #expect(result.minimal == Array(33...48))
    let budget = DeltaDebugging.minimize(Array(1...64), maxTests: 2) { $0.contains(40) }
    #expect(budget.stop == .budget)
    #expect(budget.minimal == Array(33...64))
  }

  @Test func splitMakesNearlyEqualParts() {
    #expect(DeltaDebugging.split(Array(1...7), into: 3) == [[1, 2], [3, 4], [5, 6, 7]])
    #expect(DeltaDebugging.split([1, 2], into: 4) == [[1], [2]])
  }
}
