/// A tiny seeded generator (SplitMix64), so the scripted session, the benchmarks' inputs
/// and the tests' generated data are random-looking yet identical on every run and
/// platform (the standard library's generator is neither seedable nor stable across
/// releases).
public struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  /// A generator whose sequence is fixed by `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random-looking bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `0..<upperBound` (0 when `upperBound` ≤ 1), computed by plain modulo so
  /// the sequence never depends on the standard library's range-sampling algorithm.
  public mutating func below(_ upperBound: Int) -> Int {
    Int(next() % UInt64(max(upperBound, 1)))
  }
}
