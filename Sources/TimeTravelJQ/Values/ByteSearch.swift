/// Finding a string in a string by its UTF-8 bytes, as jq's `_strindices`, `split/1` and
/// `contains` compare (`memmem`, `strstr`), in O(n + m) time for a haystack of n bytes
/// and a needle of m (Knuth–Morris–Pratt), where a byte-by-byte comparison at each
/// offset costs O(n × m): `("a" * 600000) | indices("a" * 300000 + "b")` took minutes.
///
/// A match of valid UTF-8 in valid UTF-8 starts and ends on code point boundaries (a
/// needle starts with a lead byte, which no continuation byte equals), so its offsets can
/// split the haystack into valid strings.
struct ByteSearch {
  let needle: [UInt8]
  /// `failure[i]`: the length of the longest proper prefix of `needle[...i]` that is
  /// also its suffix.
  private let failure: [Int]

  /// - Precondition: `needle` is not empty.
  init(_ needle: some Sequence<UInt8>) {
    let bytes = Array(needle)
    precondition(!bytes.isEmpty, "ByteSearch needs a needle")
    var failure = [Int](repeating: 0, count: bytes.count)
    var k = 0
    for i in 1..<bytes.count {
      while k > 0, bytes[i] != bytes[k] { k = failure[k - 1] }
      if bytes[i] == bytes[k] { k += 1 }
      failure[i] = k
    }
    self.needle = bytes
    self.failure = failure
  }

  /// The start offset of each match in `haystack`, in order; overlapping matches too
  /// when `overlapping`, else each search resumes after the previous match (as
  /// `split` cuts). Stops early when `body` returns `false`.
  func forEachMatch(
    in haystack: some Collection<UInt8>, overlapping: Bool, _ body: (Int) -> Bool
  ) {
    var k = 0
    var offset = 0
    for byte in haystack {
      while k > 0, byte != needle[k] { k = failure[k - 1] }
      if byte == needle[k] { k += 1 }
      if k == needle.count {
        guard body(offset + 1 - k) else { return }
        k = overlapping ? failure[k - 1] : 0
      }
      offset += 1
    }
  }

  /// Whether `needle` occurs in `haystack`.
  func occurs(in haystack: some Collection<UInt8>) -> Bool {
    var found = false
    forEachMatch(in: haystack, overlapping: false) { _ in
      found = true
      return false
    }
    return found
  }
}
