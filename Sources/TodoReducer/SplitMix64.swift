/// A tiny seeded generator, so the scripted session is random-looking yet identical on
/// every run and platform (the standard library's generator is neither seedable nor
/// stable across releases).
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `0..<upperBound`, computed by plain modulo so the sequence never depends
  /// on the standard library's range-sampling algorithm.
  mutating func below(_ upperBound: Int) -> Int {
    Int(next() % UInt64(upperBound))
  }
}
