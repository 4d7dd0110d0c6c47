import Foundation
import TimeTravel

/// Rebuilds an entry's `next` so that its containers whose text is byte for byte the text
/// of the matching container in `prior` are `prior`'s own values.
///
/// Why: the report diffs every entry, and consecutive states share almost everything. The
/// diff hashes both documents and compares equal-looking subtrees in full, unless they are
/// the same storage, which it recognises at once; values shared this way make each diff
/// cost about the size of what changed plus one hashing of `prior`. Sharing only where the
/// text is identical keeps `next` exactly as recorded (member order, number text).
///
/// Objects match members by position (the parser keeps the text's order); arrays match
/// elements by position, following insertions and deletions with a running offset.
enum StateSharing {
  /// Containers smaller than this are shared only when equal as a whole.
  static let splitThreshold = 256

  /// `next` with the containers it has in common with `prior` taken from `prior`.
  /// - Parameters:
  ///   - prior: The state before the entry, parsed from `priorText`.
  ///   - priorText: `prior`'s JSON text.
  ///   - next: The state after the entry, parsed from `nextText`.
  ///   - nextText: `next`'s JSON text.
  /// - Complexity: O(length of both texts) for the scan and the byte comparisons.
  static func shared(prior: JSONValue, priorText: Data, next: JSONValue, nextText: Data)
    -> JSONValue
  {
    priorText.withUnsafeBytes { p in
      nextText.withUnsafeBytes { n in
        share(
          prior, p.bindMemory(to: UInt8.self), 0..<p.count, next, n.bindMemory(to: UInt8.self),
          0..<n.count, depth: 8)
      }
    }
  }

  private static func same(
    _ a: UnsafeBufferPointer<UInt8>, _ ra: Range<Int>, _ b: UnsafeBufferPointer<UInt8>,
    _ rb: Range<Int>
  ) -> Bool {
    ra.count == rb.count
      && (ra.isEmpty
        || memcmp(a.baseAddress! + ra.lowerBound, b.baseAddress! + rb.lowerBound, ra.count) == 0)
  }

  private static func share(
    _ prior: JSONValue, _ p: UnsafeBufferPointer<UInt8>, _ pr: Range<Int>, _ next: JSONValue,
    _ n: UnsafeBufferPointer<UInt8>, _ nr: Range<Int>, depth: Int
  ) -> JSONValue {
    if same(p, pr, n, nr) { return prior }
    guard depth > 0, nr.count >= splitThreshold else { return next }
    switch (prior, next) {
    case (.object(let a), .object(let b)):
      guard let ar = childRanges(p, pr, object: true), ar.count == a.count,
        let br = childRanges(n, nr, object: true), br.count == b.count
      else { return next }
      var values = b.values
      for (i, key) in b.keys.enumerated() {
        guard let j = a.index(forKey: key) else { continue }
        values[i] = share(a.values[j], p, ar[j], values[i], n, br[i], depth: depth - 1)
      }
      return .object(JSONObject(zip(b.keys, values)))
    case (.array(let a), .array(let b)):
      guard let ar = childRanges(p, pr, object: false), ar.count == a.count,
        let br = childRanges(n, nr, object: false), br.count == b.count
      else { return next }
      var values = b.elements
      var offset = 0
      for i in values.indices {
        var matched = false
        for delta in [0, -1, 1, -2, 2] {
          let j = i + offset + delta
          guard ar.indices.contains(j), same(p, ar[j], n, br[i]) else { continue }
          values[i] = a[j]
          offset += delta
          matched = true
          break
        }
        if !matched, ar.indices.contains(i + offset) {
          values[i] = share(a[i + offset], p, ar[i + offset], values[i], n, br[i], depth: depth - 1)
        }
      }
      return .array(JSONArray(values))
    default:
      return next
    }
  }

  /// The ranges of a container's member values (or elements) within `text`, in order;
  /// `nil` if the text is not the container expected.
  private static func childRanges(
    _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, object: Bool
  ) -> [Range<Int>]? {
    var scanner = JSONValidator.Scanner(
      base: text.baseAddress! + range.lowerBound, end: range.count)
    scanner.skipWhitespace()
    guard scanner.peek == (object ? UInt8(ascii: "{") : UInt8(ascii: "[")) else { return nil }
    scanner.offset += 1
    scanner.skipWhitespace()
    var ranges: [Range<Int>] = []
    if scanner.peek == (object ? UInt8(ascii: "}") : UInt8(ascii: "]")) { return ranges }
    while true {
      if object {
        var hadEscape = false
        guard scanner.peek == UInt8(ascii: "\""), scanner.skipString(hadEscape: &hadEscape)
        else { return nil }
        scanner.skipWhitespace()
        guard scanner.peek == UInt8(ascii: ":") else { return nil }
        scanner.offset += 1
        scanner.skipWhitespace()
      }
      let start = scanner.offset
      guard scanner.skipValue() else { return nil }
      ranges.append(range.lowerBound + start..<range.lowerBound + scanner.offset)
      scanner.skipWhitespace()
      guard let separator = scanner.peek else { return nil }
      scanner.offset += 1
      if separator == UInt8(ascii: ",") {
        scanner.skipWhitespace()
        continue
      }
      return separator == (object ? UInt8(ascii: "}") : UInt8(ascii: "]")) ? ranges : nil
    }
  }
}
