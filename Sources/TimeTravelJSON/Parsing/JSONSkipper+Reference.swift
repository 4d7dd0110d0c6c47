import Foundation

extension JSONSkipper {
  /// Where the validator stands at a boundary (see ``JSONOutline``): the offset, the open
  /// containers, and the indexes of the values being read at depths 1 and 2.
  struct Resumption {
    var offset: Int
    var nesting: JSONValidator.NestingStack
    var member: Int
    var element: Int
  }

  /// What comparing with the reference at a boundary found.
  enum Realignment {
    /// The rest of the value is the rest of the reference: it ends at this offset.
    case matched(Int)
    /// The bytes agree with the reference up to a later boundary, where the validator
    /// now resumes.
    case jumped
    /// No agreement worth a jump; no comparison again before this offset.
    case failed(Int)
  }

  /// ``skipValue(_:_:_:)`` of the value at `start`, validated by comparing its bytes
  /// with `reference` (a valid value, such as the same state one action before) where
  /// they agree, and by validating them where they differ; records the value's outline
  /// in `outline` (when valid). Returns the offset past the value, or -1.
  ///
  /// How: the bytes the value shares with the reference from its start need no
  /// validation up to the reference's last boundary within them; the validator resumes
  /// there in the reference's state. At each boundary of the part it validates, it tries
  /// the reference's boundary of the same member or element (and the one before and
  /// after, for an inserted or removed one) in the same state: when the reference's rest
  /// from there equals the bytes from here, the value ends after them. A comparison that
  /// agrees on some bytes lets the validator jump to the reference's last boundary in
  /// them; no comparison starts before the end of the last one that failed.
  ///
  /// Why this returns exactly what ``skipValue(_:_:_:)`` returns, on every input: the
  /// validator is a deterministic function of its state (offset and open containers) and
  /// of the bytes it reads from there, and up to a boundary it reads only the bytes
  /// before it and the one at it (a number's end is seen at the byte after it; the
  /// word-at-a-time string scan loads bytes further on, but stops at the first one that
  /// needs a look, so no other byte changes what it does). So from the same state over
  /// the same bytes, the validator of the value and the validator of the reference
  /// (which succeeded) take the same steps: the common bytes carry the reference's state
  /// at each of its boundaries strictly inside them, and a reference's rest, equal to
  /// the bytes here, is validated from here as it was there, ending at its end. Every
  /// other byte is validated. A malformed value (any byte that differs and is wrong) is
  /// rejected as the plain skipper rejects it.
  /// - Complexity: O(length of the value): each byte is validated at most once, and
  ///   compared at most three times (the three candidates of one boundary).
  package static func skipValue(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, reference: JSONReference?,
    into outline: inout JSONOutline
  ) -> Int {
    outline.removeAll()
    var at = Resumption(offset: start, nesting: .init(), member: 0, element: 0)
    var resumed = false
    var comparableFrom = start
    if let reference {
      let available = min(reference.bytes.count, end - start)
      let common = commonPrefix(reference.base, base + start, available)
      if common == reference.bytes.count {
        // The reference itself: valid wherever it stands (see `skipRepeated`).
        outline.append(
          reference.outline, from: 0, through: reference.outline.count - 1, anchor: .origin,
          offset: 0, member: 0, element: 0)
        outline.length = common
        return start + common
      }
      comparableFrom = start + common
      if let last = reference.outline.lastBoundary(before: common, after: -1) {
        outline.append(
          reference.outline, from: 0, through: last, anchor: .origin, offset: 0, member: 0,
          element: 0)
        at = resumption(at: reference.outline.boundary(last), start: start)
        resumed = true
      }
    }
    let next = skipValue(
      base, start, end, from: at, resumed: resumed, comparableFrom: comparableFrom,
      reference: reference, into: &outline)
    if next >= 0 { outline.length = next - start }
    return next
  }

  /// The validator's loop of ``skipValue(_:_:_:)`` from `at` (a value starting there, or
  /// one ending there when `resumed`), recording each boundary and comparing with
  /// `reference` at each one from `comparableFrom` on.
  private static func skipValue(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, from at: Resumption, resumed: Bool,
    comparableFrom: Int, reference: JSONReference?, into outline: inout JSONOutline
  ) -> Int {
    var i = at.offset
    var nesting = at.nesting
    var member = at.member
    var element = at.element
    var comparableFrom = comparableFrom
    var ended = resumed
    // Whether the next boundary is to be recorded (not one resumed at, already copied).
    var record = !resumed
    while true {
      if !ended {
        // A value starts here.
        var opened = false
        i = stepIntoValue(base, i, end, nesting: &nesting, opened: &opened)
        if i < 0 { return -1 }
        if opened {
          if nesting.depth == 1 { member = 0 } else if nesting.depth == 2 { element = 0 }
          continue
        }
      }
      ended = false
      // A value ended: close containers until one continues.
      while true {
        let depth = nesting.depth
        guard depth > 0 else { return i }
        if depth <= 2 {
          if record {
            outline.append(
              JSONOutline.Boundary(
                offset: i &- start, member: member, element: depth == 2 ? element : 0,
                depth: UInt8(depth), kinds: UInt8(truncatingIfNeeded: nesting.bits)))
            if let reference, i >= comparableFrom {
              var here = Resumption(offset: i, nesting: nesting, member: member, element: element)
              switch realign(base, start, end, reference, &here, into: &outline) {
              case .matched(let next): return next
              case .jumped:
                (i, nesting, member, element) = (
                  here.offset, here.nesting, here.member, here.element
                )
                record = false
                continue
              case .failed(let mismatch): comparableFrom = mismatch
              }
            }
          }
          record = true
        }
        var continued = false
        i = stepAfterValue(base, i, end, nesting: &nesting, continued: &continued)
        if i < 0 { return -1 }
        if continued {
          if depth == 1 { member &+= 1 } else if depth == 2 { element &+= 1 }
          break
        }
      }
    }
  }

  /// Compares the bytes from the boundary `at` with the rest of `reference` from its
  /// boundaries in the same state that `at`'s indexes suggest: the same member or element,
  /// the one before (a value inserted here) and the one after (a value removed).
  private static func realign(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ reference: JSONReference,
    _ at: inout Resumption, into outline: inout JSONOutline
  ) -> Realignment {
    let boundaries = reference.outline
    let kinds = UInt8(truncatingIfNeeded: at.nesting.bits)
    var best = -1
    var bestCommon = 0
    for attempt in 0..<3 {
      let shift = attempt == 0 ? 0 : attempt == 1 ? -1 : 1
      let candidate =
        at.nesting.depth == 1
        ? boundaries.memberBoundary(at.member + shift)
        : boundaries.elementBoundary(member: at.member, element: at.element + shift)
      guard let candidate else { continue }
      let anchor = boundaries.boundary(candidate)
      guard anchor.depth == at.nesting.depth, anchor.kinds == kinds else { continue }
      let rest = reference.bytes.count - anchor.offset
      let common = commonPrefix(
        reference.base + anchor.offset, base + at.offset, min(rest, end - at.offset))
      if common == rest {
        outline.append(
          boundaries, from: candidate + 1, through: boundaries.count - 1, anchor: anchor,
          offset: at.offset - start, member: at.member, element: at.element)
        return .matched(at.offset + rest)
      }
      if common > bestCommon { (best, bestCommon) = (candidate, common) }
    }
    guard best >= 0 else { return .failed(at.offset) }
    let anchor = boundaries.boundary(best)
    // A boundary's state depends on the byte at it too: it must lie before the mismatch.
    guard let target = boundaries.lastBoundary(before: anchor.offset + bestCommon, after: best)
    else { return .failed(at.offset + bestCommon) }
    outline.append(
      boundaries, from: best + 1, through: target, anchor: anchor, offset: at.offset - start,
      member: at.member, element: at.element)
    at = resumption(at: outline.boundary(outline.count - 1), start: start)
    return .jumped
  }

  /// The validator's state at `boundary` of a value that starts at `start`.
  private static func resumption(at boundary: JSONOutline.Boundary, start: Int) -> Resumption {
    Resumption(
      offset: start + boundary.offset,
      nesting: JSONValidator.NestingStack(depth: Int(boundary.depth), bits: UInt64(boundary.kinds)),
      member: boundary.member, element: boundary.depth == 2 ? boundary.element : 0)
  }

  /// How many of the first `count` bytes at `a` and `b` are equal: the C library's
  /// vector compare a block at a time, then eight bytes at a time in the block that
  /// differs.
  @inline(__always) static func commonPrefix(
    _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int
  ) -> Int {
    var k = 0
    while k &+ 128 <= count, memcmp(a + k, b + k, 128) == 0 { k &+= 128 }
    while k &+ 8 <= count {
      let x =
        UInt64(littleEndian: UnsafeRawPointer(a + k).loadUnaligned(as: UInt64.self))
        ^ UInt64(littleEndian: UnsafeRawPointer(b + k).loadUnaligned(as: UInt64.self))
      if x != 0 { return k &+ (x.trailingZeroBitCount &>> 3) }
      k &+= 8
    }
    while k < count, a[k] == b[k] { k &+= 1 }
    return k
  }
}
