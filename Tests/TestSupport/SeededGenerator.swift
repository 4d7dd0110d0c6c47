import TodoReducer

/// The tests' seeded generator: the package's one SplitMix64, so generated test data is
/// the same on every run and platform.
public typealias SeededGenerator = SplitMix64
