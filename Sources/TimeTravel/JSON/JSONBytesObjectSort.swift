import Foundation

extension JSONBytesState {
  /// Puts the innermost object's members in `JSONEncoder`'s `.sortedKeys` order before
  /// its `}` is written, and pops them from ``members``.
  ///
  /// `JSONEncoder` (swift-foundation, Linux) keeps an object's members in a
  /// `[String: Value]` dictionary and sorts them by `key.utf8` byte order. So:
  /// - members written in increasing key order are already in place (the common case:
  ///   one comparison per member, done while writing);
  /// - otherwise the member byte ranges are sorted (stable, by key bytes) and copied
  ///   once through the scratch buffer;
  /// - a key written twice keeps its last value (dictionary assignment);
  /// - repeated keys involving a nested container or super encoder, keys that needed
  ///   escaping (their escaped bytes do not sort like their UTF-8), and distinct but
  ///   canonically equivalent keys (`"é"` and `"e\u{301}"`, which Swift's `String`
  ///   equality merges) mark the state failed, so the value falls back to `JSONEncoder`.
  ///
  /// - Complexity: O(*n*) when sorted; otherwise O(*n* log *n*) key comparisons plus one
  ///   copy of the object's bytes.
  mutating func finishObject() {
    let n = top.count
    let first = top.firstMember
    defer { members.removeLast(members.count - first) }
    guard n > 1 else { return }
    if top.hasEscapedKey {
      failed = true
      return
    }
    if top.isSorted {
      if top.hasNonASCIIKey, hasCanonicalCollision(first: first, kept: Array(0..<n)) {
        failed = true
      }
      return
    }

    var order = self.order
    self.order = []
    defer { self.order = order }
    order.removeAll(keepingCapacity: true)
    order.append(contentsOf: 0..<n)
    sortMembers(&order, first: first)
    guard keepLastOfEachKey(&order, first: first) else {
      failed = true
      return
    }
    if top.hasNonASCIIKey, hasCanonicalCollision(first: first, kept: order) {
      failed = true
      return
    }
    rewrite(order, first: first)
  }

  /// Sorts member indices by key bytes, ties by index (a stable sort).
  private func sortMembers(_ order: inout [Int], first: Int) {
    let members = self.members
    func less(_ a: Int, _ b: Int) -> Bool {
      let x = members[first + a]
      let y = members[first + b]
      let order = compareKeys(x.start, x.keyLength, y.start, y.keyLength)
      return order < 0 || (order == 0 && a < b)
    }
    if order.count <= 12 {
      for i in 1..<order.count {
        let item = order[i]
        var j = i
        while j > 0, less(item, order[j - 1]) {
          order[j] = order[j - 1]
          j -= 1
        }
        order[j] = item
      }
    } else {
      order.sort(by: less)
    }
  }

  /// Drops all but the last-written member of each run of equal keys in the sorted
  /// `order`.
  ///
  /// - Returns: `false` when a repeated key involves a nested member, which
  ///   `JSONEncoder` merges rather than replaces.
  private func keepLastOfEachKey(_ order: inout [Int], first: Int) -> Bool {
    var kept = 0
    var i = 0
    while i < order.count {
      var j = i + 1
      let a = members[first + order[i]]
      while j < order.count {
        let b = members[first + order[j]]
        guard compareKeys(a.start, a.keyLength, b.start, b.keyLength) == 0 else { break }
        j += 1
      }
      if j - i > 1 {
        for k in i..<j where members[first + order[k]].isNested { return false }
      }
      order[kept] = order[j - 1]
      kept += 1
      i = j
    }
    order.removeLast(order.count - kept)
    return true
  }

  /// Whether two of the kept members' keys differ in bytes but are equal as Swift
  /// strings (canonical equivalence), which `JSONEncoder` would merge into one member.
  private func hasCanonicalCollision(first: Int, kept: [Int]) -> Bool {
    var seen = Set<String>(minimumCapacity: kept.count)
    for index in kept {
      let member = members[first + index]
      let key = String(
        decoding: UnsafeBufferPointer(start: base + member.start + 1, count: member.keyLength),
        as: UTF8.self)
      if !seen.insert(key).inserted { return true }
    }
    return false
  }

  /// Rewrites the object's member bytes in `order`, comma-separated, through the
  /// scratch buffer; the object may shrink (dropped repeated keys).
  private mutating func rewrite(_ order: [Int], first: Int) {
    let n = top.count
    let regionStart = members[first].start
    let end = count
    let length = end - regionStart
    if length > scratchCapacity {
      scratch.deallocate()
      scratchCapacity = max(length, scratchCapacity * 2)
      scratch = .allocate(capacity: scratchCapacity)
    }
    scratch.update(from: base + regionStart, count: length)
    var out = regionStart
    for (position, index) in order.enumerated() {
      if position > 0 {
        base[out] = UInt8(ascii: ",")
        out += 1
      }
      let start = members[first + index].start
      let stop = index + 1 < n ? members[first + index + 1].start - 1 : end
      (base + out).update(from: scratch + (start - regionStart), count: stop - start)
      out += stop - start
    }
    count = out
  }
}
