import TimeTravelJSON

/// Myers' O(ND) difference algorithm ("An O(ND) Difference Algorithm and Its
/// Variations", Myers 1986, §2–3): a shortest edit script between two
/// sequences of interned element ids.
enum ArrayDiff {
  /// One step of an edit script, in forward order.
  enum Edit: Equatable {
    /// `old[0]` equals `new[1]`.
    case keep(Int, Int)
    /// `old[index]` is deleted.
    case delete(Int)
    /// `new[index]` is inserted.
    case insert(Int)
  }

  /// The D beyond which the greedy trace (O(D²) memory) is not kept.
  static let maximumEditDistance = 1024

  /// A shortest edit script turning `old` into `new`, or `nil` when it needs
  /// more than ``maximumEditDistance`` edits.
  ///
  /// The common prefix and suffix are trimmed first, so one change in 10,000
  /// elements costs O(N) time and O(1) trace memory. The greedy forward search
  /// keeps, per d, only the 2d+3 diagonals it can reach, so memory is O(N + D²)
  /// and time O((N + M)·D).
  static func edits(_ old: [Int], _ new: [Int]) -> [Edit]? {
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    guard
      let middle = middleEdits(
        Array(old[prefix..<(old.count - suffix)]), Array(new[prefix..<(new.count - suffix)]))
    else { return nil }
    var result: [Edit] = (0..<prefix).map { .keep($0, $0) }
    for edit in middle {
      switch edit {
      case .keep(let i, let j): result.append(.keep(i + prefix, j + prefix))
      case .delete(let i): result.append(.delete(i + prefix))
      case .insert(let j): result.append(.insert(j + prefix))
      }
    }
    for k in 0..<suffix {
      result.append(.keep(old.count - suffix + k, new.count - suffix + k))
    }
    return result
  }

  private static func middleEdits(_ a: [Int], _ b: [Int]) -> [Edit]? {
    let n = a.count
    let m = b.count
    if n == 0 { return (0..<m).map { .insert($0) } }
    if m == 0 { return (0..<n).map { .delete($0) } }
    let maxD = n + m
    let offset = maxD + 1
    var v = [Int](repeating: 0, count: 2 * maxD + 3)
    // trace[d] is v over diagonals -d-1...d+1 as it stood before step d.
    var trace: [[Int]] = []
    var found: Int?
    search: for d in 0...maxD {
      if d > maximumEditDistance { return nil }
      trace.append(Array(v[(offset - d - 1)...(offset + d + 1)]))
      for k in stride(from: -d, through: d, by: 2) {
        var x: Int
        if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
          x = v[offset + k + 1]
        } else {
          x = v[offset + k - 1] + 1
        }
        var y = x - k
        while x < n, y < m, a[x] == b[y] {
          x += 1
          y += 1
        }
        v[offset + k] = x
        if x >= n, y >= m {
          found = d
          break search
        }
      }
    }
    guard let total = found else { return nil }
    var reversed: [Edit] = []
    var x = n
    var y = m
    for d in stride(from: total, through: 0, by: -1) {
      let snapshot = trace[d]
      func at(_ k: Int) -> Int { snapshot[k + d + 1] }
      let k = x - y
      let previousK: Int
      if k == -d || (k != d && at(k - 1) < at(k + 1)) {
        previousK = k + 1
      } else {
        previousK = k - 1
      }
      let previousX = d == 0 ? 0 : at(previousK)
      let previousY = d == 0 ? 0 : previousX - previousK
      while x > previousX, y > previousY {
        x -= 1
        y -= 1
        reversed.append(.keep(x, y))
      }
      if d > 0 {
        if x == previousX {
          reversed.append(.insert(previousY))
        } else {
          reversed.append(.delete(previousX))
        }
      }
      x = previousX
      y = previousY
    }
    return reversed.reversed()
  }
}
