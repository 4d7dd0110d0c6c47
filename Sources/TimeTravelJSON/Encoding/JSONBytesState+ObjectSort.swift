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
    defer { members.truncate(to: first) }
    guard n > 1 else { return }
    if top.hasEscapedKey {
      failed = true
      return
    }
    if top.isSorted {
      if top.hasNonASCIIKey {
        order.truncate(to: 0)
        for index in 0..<n { order.append(index) }
        if hasCanonicalCollision(first: first) { failed = true }
      }
      return
    }
    order.truncate(to: 0)
    for index in 0..<n { order.append(index) }
    let hasRepeats = sortMembers(first: first)
    if hasRepeats, !keepLastOfEachKey(first: first) {
      failed = true
      return
    }
    if top.hasNonASCIIKey, hasCanonicalCollision(first: first) {
      failed = true
      return
    }
    rewrite(first: first)
  }

  /// Sorts ``order`` (member indices) by key bytes, ties by index (a stable sort).
  ///
  /// - Returns: Whether two keys were equal.
  private func sortMembers(first: Int) -> Bool {
    let members = self.members.base + first
    let order = self.order.base
    let n = self.order.count
    var hasRepeats = false
    func compare(_ a: Int, _ b: Int) -> Int {
      compareKeys(members[a].start, members[a].keyLength, members[b].start, members[b].keyLength)
    }
    if n <= 16 {
      for i in 1..<n {
        let item = order[i]
        var j = i
        while j > 0 {
          let sign = compare(item, order[j - 1])
          if sign == 0 { hasRepeats = true }
          // Equal keys keep their writing order: `item` was written later.
          guard sign < 0 else { break }
          order[j] = order[j - 1]
          j -= 1
        }
        order[j] = item
      }
    } else {
      var buffer = UnsafeMutableBufferPointer(start: order, count: n)
      buffer.sort { a, b in
        let sign = compare(a, b)
        if sign == 0 { hasRepeats = true }
        return sign < 0 || (sign == 0 && a < b)
      }
    }
    return hasRepeats
  }

  /// Drops all but the last-written member of each run of equal keys in the sorted
  /// ``order``.
  ///
  /// - Returns: `false` when a repeated key involves a nested member, which
  ///   `JSONEncoder` merges rather than replaces.
  private mutating func keepLastOfEachKey(first: Int) -> Bool {
    let members = self.members.base + first
    var kept = 0
    var i = 0
    while i < order.count {
      var j = i + 1
      let a = members[order[i]]
      while j < order.count {
        let b = members[order[j]]
        guard compareKeys(a.start, a.keyLength, b.start, b.keyLength) == 0 else { break }
        j += 1
      }
      if j - i > 1 {
        for k in i..<j where members[order[k]].isNested { return false }
      }
      order[kept] = order[j - 1]
      kept += 1
      i = j
    }
    order.truncate(to: kept)
    return true
  }

  /// Whether two of the members in ``order`` have keys that differ in bytes but are
  /// equal as Swift strings (canonical equivalence), which `JSONEncoder` would merge
  /// into one member.
  private func hasCanonicalCollision(first: Int) -> Bool {
    var seen = Set<String>(minimumCapacity: order.count)
    for position in 0..<order.count {
      let member = members[first + order[position]]
      let key = String(
        decoding: UnsafeBufferPointer(start: base + member.start + 1, count: member.keyLength),
        as: UTF8.self)
      if !seen.insert(key).inserted { return true }
    }
    return false
  }

  /// Rewrites the object's member bytes in ``order``, comma-separated, through the
  /// scratch buffer; the object may shrink (dropped repeated keys).
  private mutating func rewrite(first: Int) {
    let n = top.count
    let members = self.members.base + first
    let regionStart = members[0].start
    let end = count
    let length = end - regionStart
    if length > scratchCapacity {
      scratch.deallocate()
      scratchCapacity = max(length, scratchCapacity * 2)
      scratch = .allocate(capacity: scratchCapacity)
    }
    scratch.update(from: base + regionStart, count: length)
    var out = regionStart
    for position in 0..<order.count {
      let index = order[position]
      if position > 0 {
        base[out] = UInt8(ascii: ",")
        out += 1
      }
      let start = members[index].start
      let stop = index + 1 < n ? members[index + 1].start - 1 : end
      (base + out).update(from: scratch + (start - regionStart), count: stop - start)
      out += stop - start
    }
    count = out
  }
}
