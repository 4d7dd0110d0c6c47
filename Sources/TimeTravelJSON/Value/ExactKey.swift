import Foundation

/// An object key compared by its Unicode scalars, as JSON and jq compare keys, not by
/// Swift's canonical equivalence: `"é"` and `"e\u{301}"` are two keys, and merging
/// them would lose a member.
package struct ExactKey: Hashable {
  let string: String

  package init(_ string: String) { self.string = string }

  /// Whether `a` and `b` are the same key: the same UTF-8 bytes.
  @inline(__always)
  package static func same(_ a: String, _ b: String) -> Bool {
    // The same representation is the same bytes: a small string's bytes are in it, and
    // a large one's buffer is shared and immutable while two values refer to it. Keys
    // the parser found in its cache are such copies, so this answers most calls.
    // (Only where a string is two words; the size is a constant, so this folds away.)
    if MemoryLayout<String>.size == 16,
      unsafeBitCast(a, to: (UInt64, UInt64).self) == unsafeBitCast(b, to: (UInt64, UInt64).self)
    {
      return true
    }
    // `==` is cheap and rules out most other pairs; equal strings can still differ in
    // bytes.
    guard a == b else { return false }
    var a = a
    var b = b
    // (`utf8.elementsEqual` walks the views generically: a fifth of a parse's time.)
    return a.withUTF8 { x in
      b.withUTF8 { y in
        x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
      }
    }
  }

  package static func == (a: ExactKey, b: ExactKey) -> Bool { same(a.string, b.string) }

  package func hash(into hasher: inout Hasher) {
    // Canonically equivalent keys hash alike, which is allowed; equal ones always do.
    hasher.combine(string)
  }
}
