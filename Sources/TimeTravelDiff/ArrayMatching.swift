import TimeTravelJSON

/// Which elements of an old and a new array correspond.
///
/// Everything unmatched in `old` is removed, everything unmatched in `new` is
/// added; a matched pair whose values differ is diffed inside (or replaced
/// when they are not containers of one kind).
struct ArrayMatching {
  /// A correspondence `old[old]` ↔ `new[new]`.
  struct Match {
    var old: Int
    var new: Int
    /// Whether the two values are equal (no change inside).
    var isEqual: Bool
  }

  /// Old indexes with no counterpart, ascending.
  var deleted: [Int] = []
  /// New indexes with no counterpart, ascending.
  var inserted: [Int] = []
  /// The matches, ascending by old index.
  var matches: [Match] = []

  /// Positional matching from Myers' edit script: equal elements are kept,
  /// and in each run of deletions and insertions the first deletion pairs
  /// with the first insertion and so on, so an edited element becomes one
  /// pair rather than a remove and an add. O((N + M)·D).
  static func byPosition(
    _ old: [JSONValue], _ new: [JSONValue], hashes: StructuralHashes
  ) -> ArrayMatching {
    var ids: [InternedValue: Int] = [:]
    func intern(_ value: JSONValue) -> Int {
      let key = InternedValue(hash: hashes.hash(value), value: value)
      if let id = ids[key] { return id }
      ids[key] = ids.count
      return ids.count - 1
    }
    return byPosition(oldIDs: old.map(intern), newIDs: new.map(intern))
  }

  /// ``byPosition(_:_:hashes:)`` over the elements' interned ids: equal ids for equal
  /// elements, distinct ids otherwise.
  static func byPosition(oldIDs: [Int], newIDs: [Int]) -> ArrayMatching {
    // Beyond the trace budget, one run of everything: still exact, just not
    // minimal.
    let edits =
      ArrayDiff.edits(oldIDs, newIDs)
      ?? (oldIDs.indices.map { .delete($0) } + newIDs.indices.map { .insert($0) })
    var result = ArrayMatching()
    var runDeletes: [Int] = []
    var runInserts: [Int] = []
    func closeRun() {
      let paired = min(runDeletes.count, runInserts.count)
      for p in 0..<paired {
        result.matches.append(Match(old: runDeletes[p], new: runInserts[p], isEqual: false))
      }
      result.deleted.append(contentsOf: runDeletes[paired...])
      result.inserted.append(contentsOf: runInserts[paired...])
      runDeletes.removeAll(keepingCapacity: true)
      runInserts.removeAll(keepingCapacity: true)
    }
    for edit in edits {
      switch edit {
      case .keep(let i, let j):
        closeRun()
        result.matches.append(Match(old: i, new: j, isEqual: true))
      case .delete(let i): runDeletes.append(i)
      case .insert(let j): runInserts.append(j)
      }
    }
    closeRun()
    result.inserted.sort()
    return result
  }

  /// Matching by an identifying key (`options.idKeys`), or `nil` when no key
  /// identifies every element of both arrays uniquely. O(N + M).
  static func byIdentity(
    _ old: [JSONValue], _ new: [JSONValue], idKeys: [String], hashes: StructuralHashes
  ) -> ArrayMatching? {
    guard !old.isEmpty, !new.isEmpty else { return nil }
    for key in idKeys {
      guard let oldIndex = index(old, by: key, hashes: hashes),
        let newIndex = index(new, by: key, hashes: hashes)
      else { continue }
      var result = ArrayMatching()
      for (i, element) in old.enumerated() {
        let id = identity(element, key, hashes)!
        if let j = newIndex[id] {
          result.matches.append(
            Match(old: i, new: j, isEqual: hashes.equal(element, new[j])))
        } else {
          result.deleted.append(i)
        }
      }
      for (j, element) in new.enumerated() where oldIndex[identity(element, key, hashes)!] == nil {
        result.inserted.append(j)
      }
      return result
    }
    return nil
  }

  private static func identity(_ element: JSONValue, _ key: String, _ hashes: StructuralHashes)
    -> InternedValue?
  {
    guard case .object(let object) = element, let id = object[key] else { return nil }
    return InternedValue(hash: hashes.hash(id), value: id)
  }

  /// Position by id, or `nil` if an element lacks `key` or an id repeats.
  private static func index(_ elements: [JSONValue], by key: String, hashes: StructuralHashes)
    -> [InternedValue: Int]?
  {
    var positions: [InternedValue: Int] = [:]
    positions.reserveCapacity(elements.count)
    for (i, element) in elements.enumerated() {
      guard let id = identity(element, key, hashes),
        positions.updateValue(i, forKey: id) == nil
      else { return nil }
    }
    return positions
  }

  /// For each match (in old order), whether it is in a longest run of
  /// matches whose new indexes increase: those stay put, the rest move.
  /// Patience sorting, O(K log K).
  func stableMatches() -> [Bool] {
    var tailIndexes: [Int] = []  // match index ending the best run of each length
    var previous = [Int](repeating: -1, count: matches.count)
    for (m, match) in matches.enumerated() {
      var low = 0
      var high = tailIndexes.count
      while low < high {
        let mid = (low + high) / 2
        if matches[tailIndexes[mid]].new < match.new { low = mid + 1 } else { high = mid }
      }
      if low > 0 { previous[m] = tailIndexes[low - 1] }
      if low == tailIndexes.count { tailIndexes.append(m) } else { tailIndexes[low] = m }
    }
    var stable = [Bool](repeating: false, count: matches.count)
    var m = tailIndexes.last ?? -1
    while m >= 0 {
      stable[m] = true
      m = previous[m]
    }
    return stable
  }
}
