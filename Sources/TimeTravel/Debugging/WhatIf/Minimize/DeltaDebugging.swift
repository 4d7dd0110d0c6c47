/// Delta debugging: shrinking a failing input to a 1-minimal one, after Zeller and
/// Hildebrandt, "Simplifying and Isolating Failure-Inducing Input" (IEEE TSE 28(2),
/// 2002), algorithm *ddmin*.
///
/// The input is split into n parts; if a part alone fails, it becomes the input (n = 2);
/// else if the input without a part (its complement) fails, that becomes the input
/// (n − 1 parts); otherwise n doubles, up to one part per element. When no part and no
/// complement of single elements fails, the result is *1-minimal*: removing any one
/// element makes the failure disappear. Test outcomes are cached, so no configuration is
/// tested twice.
public enum DeltaDebugging {
  /// Why the search ended.
  public enum Stop: Sendable, Equatable {
    /// The result is 1-minimal.
    case minimal
    /// `shouldStop` returned true (Ctrl-C); the result is the smallest failing input
    /// found so far.
    case cancelled
    /// The test budget ran out; the result is the smallest failing input found so far.
    case budget
  }

  /// Where a search stands, for progress reports.
  public struct Status: Sendable, Equatable {
    /// Tests run so far.
    public var tests: Int
    /// Elements of the smallest failing input so far.
    public var size: Int
    /// The number of parts it is split into now.
    public var granularity: Int
  }

  /// What ``minimize(_:maxTests:shouldStop:close:progress:fails:)`` found.
  public struct Result<Element: Hashable>: Equatable {
    /// The smallest failing input found, its elements in their input order.
    public var minimal: [Element]
    /// How many distinct configurations were tested (calls of `fails`).
    public var tests: Int
    /// Why the search ended.
    public var stop: Stop
  }

  /// Shrinks `input`, which must fail, to a 1-minimal failing subsequence.
  ///
  /// - Parameters:
  ///   - input: The failing input; `fails(input)` is assumed true and not tested.
  ///   - maxTests: The budget of calls of `fails`.
  ///   - shouldStop: Asked before each test; `true` ends the search.
  ///   - close: Makes a candidate valid before it is tested, by removing elements (never
  ///     adding): for an action log, the actions whose cause was removed. The identity
  ///     by default.
  ///   - progress: Called after each test.
  ///   - fails: Whether a configuration (a subsequence, in input order) still fails.
  ///     The empty configuration is never tested: it is assumed to pass.
  /// - Returns: The result, 1-minimal when ``Result/stop`` is ``Stop/minimal``.
  /// - Throws: What `fails` throws, unchanged.
  /// - Complexity: O(n²) tests in the worst case, O(log n) when the failure needs a
  ///   single element (Zeller and Hildebrandt, §4).
  public static func minimize<Element: Hashable, Failure: Error>(
    _ input: [Element], maxTests: Int = .max, shouldStop: () -> Bool = { false },
    close: ([Element]) -> [Element] = { $0 }, progress: ((Status) -> Void)? = nil,
    fails: ([Element]) throws(Failure) -> Bool
  ) throws(Failure) -> Result<Element> {
    var search = Search<Element>(current: input, maxTests: maxTests)
    var n = 2
    while search.current.count >= 2 {
      let parts = split(search.current, into: min(n, search.current.count))
      n = parts.count
      var reduced: Int?
      // Each part alone; then, for more than two parts, each complement (built only
      // when tested: near the end there is one per element).
      for i in 0..<(n == 2 ? n : 2 * n) {
        if let stop = search.stop(shouldStop) { return search.result(stop) }
        let candidate = close(i < n ? parts[i] : complement(parts, without: i - n))
        if try search.test(candidate, fails) {
          search.current = candidate
          reduced = i < n ? 2 : max(n - 1, 2)
        }
        progress?(Status(tests: search.tests, size: search.current.count, granularity: n))
        if reduced != nil { break }
      }
      if let reduced {
        n = reduced
        continue
      }
      if n >= search.current.count { break }
      n = min(2 * n, search.current.count)
    }
    return search.result(.minimal)
  }

  /// `elements` in `n` consecutive parts whose sizes differ by at most one.
  static func split<Element>(_ elements: [Element], into n: Int) -> [[Element]] {
    let n = max(1, min(n, elements.count))
    var parts: [[Element]] = []
    var start = 0
    for i in 0..<n {
      let end = start + (elements.count - start) / (n - i)
      parts.append(Array(elements[start..<end]))
      start = end
    }
    return parts
  }

  private static func complement<Element>(_ parts: [[Element]], without i: Int) -> [Element] {
    parts.indices.filter { $0 != i }.flatMap { parts[$0] }
  }

  /// The search's state: the smallest failing input so far, and the outcomes tested,
  /// by a 64-bit fingerprint of the configuration (a full copy of each would take
  /// O(n²) memory near the end of a long search).
  private struct Search<Element: Hashable> {
    var current: [Element]
    let maxTests: Int
    var tests = 0
    var known: [Int: Bool] = [:]

    mutating func stop(_ shouldStop: () -> Bool) -> Stop? {
      if shouldStop() { return .cancelled }
      return tests >= maxTests ? .budget : nil
    }

    /// Whether `candidate` fails: false when empty or no smaller than the current input
    /// (closing it removed what made it smaller), cached otherwise.
    mutating func test<Failure: Error>(
      _ candidate: [Element], _ fails: ([Element]) throws(Failure) -> Bool
    ) throws(Failure) -> Bool {
      guard !candidate.isEmpty, candidate.count < current.count else { return false }
      var hasher = Hasher()
      hasher.combine(candidate)
      let key = hasher.finalize()
      if let known = known[key] { return known }
      tests += 1
      let outcome = try fails(candidate)
      known[key] = outcome
      return outcome
    }

    func result(_ stop: Stop) -> Result<Element> {
      Result(minimal: current, tests: tests, stop: stop)
    }
  }
}
