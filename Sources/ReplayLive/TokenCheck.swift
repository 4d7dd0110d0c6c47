/// Compares a token an app sent with the listener's in time that depends only on their
/// lengths, not on where they first differ, so timing tells a remote guesser nothing
/// about how much of a guess was right.
enum TokenCheck {
  /// Whether `given` equals `expected`, byte for byte.
  static func matches(_ given: String, _ expected: String) -> Bool {
    let a = Array(given.utf8)
    let b = Array(expected.utf8)
    var difference = UInt8(truncatingIfNeeded: a.count ^ b.count) | (a.count == b.count ? 0 : 1)
    for i in 0..<max(a.count, b.count) {
      let x = i < a.count ? a[i] : 0
      let y = i < b.count ? b[i] : 0
      difference |= x ^ y
    }
    return difference == 0
  }
}
