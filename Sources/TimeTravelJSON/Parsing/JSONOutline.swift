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

    package init(offset: Int, member: Int, element: Int, depth: UInt8, kinds: UInt8) {
      self.offset = offset
      self.member = member
      self.element = element
      self.depth = depth
      self.kinds = kinds
    }
  }

  /// The boundaries in the order of their offsets.
  package private(set) var boundaries: [Boundary] = []
  /// For each member of the top container, the index in ``boundaries`` of the boundary
  /// where it ends; the boundaries of a container's values come just before its own.
  private var memberEnds: [Int] = []
  /// The outlined value's length in bytes, or -1 while none is outlined.
  package internal(set) var length = -1

  /// An empty outline.
  package init() {}

  /// Forgets every boundary, keeping the storage.
  mutating func removeAll() {
    boundaries.removeAll(keepingCapacity: true)
    memberEnds.removeAll(keepingCapacity: true)
    length = -1
  }

  /// Appends `boundary`, which must lie past every boundary already recorded.
  @inline(__always) mutating func append(_ boundary: Boundary) {
    if boundary.depth == 1 { memberEnds.append(boundaries.count) }
    boundaries.append(boundary)
  }

  /// The index of the boundary where member `member` of the top container ends, if any.
  func memberBoundary(_ member: Int) -> Int? {
    guard member >= 0, member < memberEnds.count else { return nil }
    return memberEnds[member]
  }

  /// The index of the boundary where element `element` of the container that member
  /// `member` of the top container holds ends, if any.
  func elementBoundary(member: Int, element: Int) -> Int? {
    guard member >= 0, member < memberEnds.count, element >= 0 else { return nil }
    let index = (member == 0 ? 0 : memberEnds[member - 1] + 1) + element
    guard index < memberEnds[member], boundaries[index].depth == 2,
      boundaries[index].element == element
    else { return nil }
    return index
  }

  /// The index of the last boundary after index `after` whose offset is below `offset`,
  /// or `nil` when there is none. A binary search.
  func lastBoundary(before offset: Int, after: Int) -> Int? {
    var low = after + 1
    var high = boundaries.count
    // Invariant: boundaries[..<low] are below `offset` (past `after`), [high...] are not.
    while low < high {
      let middle = (low + high) / 2
      if boundaries[middle].offset < offset { low = middle + 1 } else { high = middle }
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
