/// Where the shallow values of one valid JSON value end, with the validator's state at
/// each of those offsets: what ``JSONSkipper/skipValue(_:_:_:reference:into:)`` records
/// while it validates a value, and what it needs of a reference value to validate a
/// similar one by comparing bytes.
///
/// A boundary is the offset just past a value at nesting depth 1 or 2: a member or
/// element of the top container, or of a container directly inside it. There the
/// validator has just finished a value, and its whole state is the offset and the kinds
/// of the one or two containers open around it (which ``Boundary/kinds`` holds), so it
/// can resume there.
package struct JSONOutline: Equatable {
  /// The offset just past one value at depth 1 or 2, and the validator's state there.
  package struct Boundary: Equatable {
    /// The offset from the outlined value's first byte, just past the value that ends.
    package var offset: Int
    /// The index of the top container's member or element that ends here (depth 1) or
    /// that holds the container of the value ending here (depth 2).
    package var member: Int
    /// At depth 2, the index of the value ending here in its container; 0 at depth 1.
    package var element: Int
    /// How many containers are open: 1 or 2.
    package var depth: UInt8
    /// Which open containers are objects: bit 0 the innermost (as the validator's nesting
    /// stack keeps them).
    package var kinds: UInt8

    /// The start of a value, as an anchor from which nothing moves.
    static let origin = Boundary(offset: 0, member: 0, element: 0, depth: 0, kinds: 0)

    package init(offset: Int, member: Int, element: Int, depth: UInt8, kinds: UInt8) {
      self.offset = offset
      self.member = member
      self.element = element
      self.depth = depth
      self.kinds = kinds
    }
  }

  /// The boundaries in the order of their offsets: the first `count` of `storage`, which
  /// keeps its elements (and its capacity) when the outline is cleared for another value.
  private var storage: [Boundary] = []
  /// How many boundaries are recorded.
  package private(set) var count = 0
  /// For each member of the top container, the index of the boundary where it ends; the
  /// boundaries of a container's values come just before its own. The first
  /// `memberCount` of them.
  private var memberEnds: [Int] = []
  private var memberCount = 0
  /// The outlined value's length in bytes, or -1 while none is outlined.
  package internal(set) var length = -1

  /// An empty outline.
  package init() {}

  /// The boundaries in the order of their offsets.
  package var boundaries: ArraySlice<Boundary> { storage[..<count] }

  /// The boundary at `index` (below ``count``).
  @inline(__always) func boundary(_ index: Int) -> Boundary { storage[index] }

  package static func == (a: JSONOutline, b: JSONOutline) -> Bool {
    a.length == b.length && a.boundaries == b.boundaries
      && a.memberEnds[..<a.memberCount] == b.memberEnds[..<b.memberCount]
  }

  /// Forgets every boundary, keeping the storage.
  mutating func removeAll() {
    count = 0
    memberCount = 0
    length = -1
  }

  /// Appends `boundary`, which must lie past every boundary already recorded.
  @inline(__always) mutating func append(_ boundary: Boundary) {
    if boundary.depth == 1 {
      if memberCount < memberEnds.count {
        memberEnds[memberCount] = count
      } else {
        memberEnds.append(count)
      }
      memberCount &+= 1
    }
    if count < storage.count {
      storage[count] = boundary
    } else {
      storage.append(boundary)
    }
    count &+= 1
  }

  /// Appends the boundaries `from...through` of `source`, each moved so that `source`'s
  /// boundary `anchor` would lie at `offset`, member `member`, element `element` (the
  /// element index moving only within the anchor's container): the reference's
  /// boundaries carried over to the value that repeats its bytes.
  mutating func append(
    _ source: JSONOutline, from: Int, through: Int, anchor: Boundary, offset: Int, member: Int,
    element: Int
  ) {
    guard from <= through else { return }
    let added = through - from + 1
    if storage.count < count + added {
      storage.append(
        contentsOf: repeatElement(
          Boundary(offset: 0, member: 0, element: 0, depth: 0, kinds: 0),
          count: count + added - storage.count))
    }
    if memberEnds.count < memberCount + added {
      memberEnds.append(
        contentsOf: repeatElement(0, count: memberCount + added - memberEnds.count))
    }
    let shift = (offset: offset - anchor.offset, member: member - anchor.member)
    let elementShift = anchor.depth == 2 ? element - anchor.element : 0
    let anchorMember = anchor.member
    var count = self.count
    var memberCount = self.memberCount
    storage.withUnsafeMutableBufferPointer { target in
      memberEnds.withUnsafeMutableBufferPointer { memberEnds in
        source.storage.withUnsafeBufferPointer { source in
          for index in from...through {
            var moved = source[index]
            moved.offset &+= shift.offset
            moved.member &+= shift.member
            if moved.depth == 1 {
              memberEnds[memberCount] = count
              memberCount &+= 1
            } else if source[index].member == anchorMember {
              moved.element &+= elementShift
            }
            target[count] = moved
            count &+= 1
          }
        }
      }
    }
    self.count = count
    self.memberCount = memberCount
  }

  /// `body`'s result given a view of this outline as that of the value at offset `origin`
  /// of a text (valid only while `body` runs).
  func withOutlinedValue<Result>(origin: Int, _ body: (OutlinedValue) -> Result) -> Result {
    // Where the last lookups ended, per depth: values are skipped in order, so the next
    // one ends at the next boundary, mostly.
    var hints = (0, 0)
    return withUnsafeMutablePointer(to: &hints) { hints in
      storage.withUnsafeBufferPointer { boundaries in
        memberEnds.withUnsafeBufferPointer { memberEnds in
          body(
            OutlinedValue(
              boundaries: UnsafeBufferPointer(rebasing: boundaries[..<count]),
              memberEnds: UnsafeBufferPointer(rebasing: memberEnds[..<memberCount]),
              origin: origin, depth: 0,
              hints: UnsafeMutableRawPointer(hints).assumingMemoryBound(to: Int.self)))
        }
      }
    }
  }

  /// The index of the boundary where member `member` of the top container ends, if any.
  func memberBoundary(_ member: Int) -> Int? {
    guard member >= 0, member < memberCount else { return nil }
    return memberEnds[member]
  }

  /// The index of the boundary where element `element` of the container that member
  /// `member` of the top container holds ends, if any.
  func elementBoundary(member: Int, element: Int) -> Int? {
    guard member >= 0, member < memberCount, element >= 0 else { return nil }
    let index = (member == 0 ? 0 : memberEnds[member - 1] + 1) + element
    guard index < memberEnds[member], storage[index].depth == 2,
      storage[index].element == element
    else { return nil }
    return index
  }

  /// The index of the last boundary after index `after` whose offset is below `offset`,
  /// or `nil` when there is none. A binary search.
  func lastBoundary(before offset: Int, after: Int) -> Int? {
    var low = after + 1
    var high = count
    // Invariant: storage[..<low] are below `offset` (past `after`), [high...] are not.
    while low < high {
      let middle = (low + high) / 2
      if storage[middle].offset < offset { low = middle + 1 } else { high = middle }
    }
    return low - 1 > after ? low - 1 : nil
  }
}

/// The bytes of a valid JSON object or array with their outline: the value a similar one
/// is compared with by ``JSONSkipper/skipValue(_:_:_:reference:into:)``.
package struct JSONReference {
  /// The value's bytes, exactly (no surrounding whitespace).
  package let bytes: UnsafeBufferPointer<UInt8>
  let base: UnsafePointer<UInt8>
  /// The outline recorded when `bytes` were validated.
  package let outline: JSONOutline

  /// A reference to `bytes`, or `nil` when `outline` does not outline a container of
  /// that length (a scalar is never a reference). `bytes` must be valid JSON, as the
  /// skip that recorded `outline` found them: nothing is checked again.
  package init?(bytes: UnsafeBufferPointer<UInt8>, outline: JSONOutline) {
    guard let base = bytes.baseAddress, bytes.count >= 2, outline.length == bytes.count,
      base[0] == UInt8(ascii: "{") || base[0] == UInt8(ascii: "[")
    else { return nil }
    self.bytes = bytes
    self.base = base
    self.outline = outline
  }
}

/// A view of the outline of a value known to be valid, at offset `origin` of its text,
/// for a cursor standing at a value `depth` levels inside it: where a value at depth 1 or
/// 2 ends, found without reading it.
struct OutlinedValue {
  let boundaries: UnsafeBufferPointer<JSONOutline.Boundary>
  /// The index in `boundaries` where each member of the top container ends.
  let memberEnds: UnsafeBufferPointer<Int>
  let origin: Int
  let depth: Int
  /// Two indexes shared by the views of one value: just past the last lookup's answer in
  /// `memberEnds` (depth 1) and in `boundaries` (depth 2), where the next lookup starts.
  let hints: UnsafeMutablePointer<Int>

  /// The view for a value one level further in, or `nil` past depth 2 (not outlined).
  @inline(__always) var inside: OutlinedValue? {
    depth < 2
      ? OutlinedValue(
        boundaries: boundaries, memberEnds: memberEnds, origin: origin, depth: depth + 1,
        hints: hints) : nil
  }

  /// For an array that starts at `offset` at depth 1 (a member of the top container):
  /// the indexes in `boundaries` where its elements end, and the offset past it; `nil`
  /// at another depth.
  func elements(ofArrayAt offset: Int) -> (ends: Range<Int>, end: Int)? {
    guard depth == 1, let end = end(ofValueAt: offset) else { return nil }
    // The lookup leaves the hint just past the array's member.
    let member = hints.pointee &- 1
    let first = member == 0 ? 0 : memberEnds[member &- 1] &+ 1
    return (first..<memberEnds[member], end)
  }

  /// The offset just past the value that starts at `offset`, at this view's depth (1 or
  /// 2): the first boundary past its start at that depth (a value at depth 2 holds no
  /// boundary; one at depth 1 holds those of its own values, at depth 2). `nil` at
  /// another depth.
  /// - Complexity: O(1) for values looked up in order, O(log n) otherwise.
  func end(ofValueAt offset: Int) -> Int? {
    let relative = offset &- origin
    guard depth == 1 || depth == 2 else { return nil }
    let count = depth == 1 ? memberEnds.count : boundaries.count
    @inline(__always) func boundaryOffset(_ index: Int) -> Int {
      depth == 1 ? boundaries[memberEnds[index]].offset : boundaries[index].offset
    }
    let hint = hints + (depth &- 1)
    var low = hint.pointee
    var high = count
    // The hint holds when the value starts past the boundary before it.
    if low > count || (low > 0 && boundaryOffset(low &- 1) > relative) { low = 0 }
    if low < count, boundaryOffset(low) > relative {
      high = low
    } else {
      // The first boundary past `relative`: [..<low] are at or below it, [high...] past.
      while low < high {
        let middle = (low &+ high) &>> 1
        if boundaryOffset(middle) <= relative { low = middle &+ 1 } else { high = middle }
      }
    }
    guard high < count else { return nil }
    hint.pointee = high &+ 1
    return origin &+ boundaryOffset(high)
  }
}
