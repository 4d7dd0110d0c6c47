import TimeTravelJSON

/// The insertions and moves that put an array's surviving elements in their
/// new order, with indexes valid when applied one after another (RFC 6902 §3
/// applies operations in sequence, §4.4 removes a move's source first).
///
/// Starting point: the old array after its deletions, i.e. the matched
/// elements in old order. Matches in a longest increasing run of new indexes
/// stay; every other new position (inserted or moved element) is filled in
/// ascending new order, each placed right after its new predecessor. By
/// induction the placed and staying elements are always in new relative
/// order, so the array ends in exactly the new order.
///
/// Every position an element can occupy is laid out in advance as a slot
/// (old slots for matched elements, a new slot after each predecessor), and a
/// Fenwick tree counts occupied slots, so each index is O(log N).
enum ArrayPlacement {
  enum Step: Equatable {
    /// Add `new[newIndex]` at `index`.
    case insert(index: Int, newIndex: Int)
    /// Move the element now at `from` to `to`; it is `old[oldIndex]` and `new[newIndex]`.
    case move(from: Int, to: Int, oldIndex: Int, newIndex: Int)
  }

  static func steps(_ matching: ArrayMatching, newCount: Int) -> [Step] {
    let stable = matching.stableMatches()
    if !stable.contains(false) {
      // Nothing moves: each insertion lands at its final index directly.
      return matching.inserted.map { .insert(index: $0, newIndex: $0) }
    }
    var matchOfNew = [Int](repeating: -1, count: newCount)
    for (m, match) in matching.matches.enumerated() { matchOfNew[match.new] = m }
    func isStable(_ j: Int) -> Bool { matchOfNew[j] >= 0 && stable[matchOfNew[j]] }

    var newSlot = [Int](repeating: -1, count: newCount)
    var oldSlot = [Int](repeating: -1, count: matching.matches.count)
    var slotCount = 0
    func chain(after j: Int) {
      var next = j + 1
      while next < newCount, !isStable(next) {
        newSlot[next] = slotCount
        slotCount += 1
        next += 1
      }
    }
    chain(after: -1)
    for (m, match) in matching.matches.enumerated() {
      oldSlot[m] = slotCount
      slotCount += 1
      if stable[m] { chain(after: match.new) }
    }

    var occupied = FenwickTree(count: slotCount)
    for slot in oldSlot { occupied.add(1, at: slot) }
    var steps: [Step] = []
    for j in 0..<newCount where !isStable(j) {
      let m = matchOfNew[j]
      if m >= 0 {
        let from = occupied.prefixSum(oldSlot[m])
        occupied.add(-1, at: oldSlot[m])
        steps.append(
          .move(
            from: from, to: occupied.prefixSum(newSlot[j]), oldIndex: matching.matches[m].old,
            newIndex: j))
      } else {
        steps.append(.insert(index: occupied.prefixSum(newSlot[j]), newIndex: j))
      }
      occupied.add(1, at: newSlot[j])
    }
    return steps
  }
}

/// Counts over positions with O(log N) update and prefix sum.
struct FenwickTree {
  private var tree: [Int]

  init(count: Int) { tree = [Int](repeating: 0, count: count + 1) }

  mutating func add(_ delta: Int, at position: Int) {
    var i = position + 1
    while i < tree.count {
      tree[i] += delta
      i += i & -i
    }
  }

  /// The sum over positions `0..<position`.
  func prefixSum(_ position: Int) -> Int {
    var sum = 0
    var i = position
    while i > 0 {
      sum += tree[i]
      i -= i & -i
    }
    return sum
  }
}
