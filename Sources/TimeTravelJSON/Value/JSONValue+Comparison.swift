extension JSONValue: Hashable, Comparable {
  /// Deep equality: numbers by exact value (`1.0 == 1`), objects regardless of
  /// key order, `null` distinct from a missing key. Iterative: O(size), no
  /// recursion on depth.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    var pending: [(JSONValue, JSONValue)] = [(lhs, rhs)]
    while let (a, b) = pending.popLast() {
      switch (a, b) {
      case (.null, .null): continue
      case (.bool(let x), .bool(let y)): if x != y { return false }
      case (.number(let x), .number(let y)): if x != y { return false }
      case (.string(let x), .string(let y)):
        // Swift's String == treats canonically equivalent strings as equal;
        // JSON (and jq) compare code points, so "é" and "e\u{301}" differ.
        if !x.utf8.elementsEqual(y.utf8) { return false }
      case (.array(let x), .array(let y)):
        if x.storage === y.storage || x.storage.hasSameUnbuiltSource(as: y.storage) { continue }
        guard x.count == y.count else { return false }
        pending.append(contentsOf: zip(x.elements, y.elements))
      case (.object(let x), .object(let y)):
        if x.storage === y.storage || x.storage.hasSameUnbuiltSource(as: y.storage) { continue }
        guard x.count == y.count else { return false }
        for (key, value) in zip(x.keys, x.values) {
          guard let other = y[key] else { return false }
          pending.append((value, other))
        }
      default: return false
      }
    }
    return true
  }

  /// Hashes consistently with `==`: numbers by value, objects by sorted keys.
  /// Iterative.
  public func hash(into hasher: inout Hasher) {
    var pending: [JSONValue] = [self]
    while let value = pending.popLast() {
      switch value {
      case .null: hasher.combine(0 as UInt8)
      case .bool(let b): hasher.combine(b ? 2 as UInt8 : 1)
      case .number(let n):
        hasher.combine(3 as UInt8)
        hasher.combine(n)
      case .string(let s):
        hasher.combine(4 as UInt8)
        hasher.combine(s)
      case .array(let a):
        hasher.combine(5 as UInt8)
        hasher.combine(a.count)
        pending.append(contentsOf: a.elements.reversed())
      case .object(let o):
        hasher.combine(6 as UInt8)
        hasher.combine(o.count)
        for i in o.keys.indices.sorted(by: { Self.codePointOrder(o.keys[$0], o.keys[$1]) })
          .reversed()
        {
          hasher.combine(o.keys[i])
          pending.append(o.values[i])
        }
      }
    }
  }

  /// jq's total order: `null < false < true < numbers < strings < arrays <
  /// objects`. Strings compare by Unicode code point; arrays
  /// lexicographically; objects first by their sorted key lists, then by their
  /// values in sorted key order (jq manual, `sort`). Iterative.
  public static func < (lhs: JSONValue, rhs: JSONValue) -> Bool {
    compare(lhs, rhs) < 0
  }

  /// Three-way comparison in jq's order: -1, 0 or 1.
  public static func compare(_ lhs: JSONValue, _ rhs: JSONValue) -> Int {
    enum Work {
      case pair(JSONValue, JSONValue)
      case decided(Int)
    }
    var pending: [Work] = [.pair(lhs, rhs)]
    while let work = pending.popLast() {
      switch work {
      case .decided(let result):
        if result != 0 { return result }
      case .pair(let a, let b):
        let (ra, rb) = (a.typeRank, b.typeRank)
        if ra != rb { return ra < rb ? -1 : 1 }
        switch (a, b) {
        case (.number(let x), .number(let y)):
          let c = JSONNumber.compare(x.decimal, y.decimal)
          if c != 0 { return c }
        case (.string(let x), .string(let y)):
          if !x.utf8.elementsEqual(y.utf8) {
            return x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars) ? -1 : 1
          }
        case (.array(let x), .array(let y)):
          pending.append(.decided(x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)))
          for (p, q) in zip(x.elements, y.elements).reversed() { pending.append(.pair(p, q)) }
        case (.object(let x), .object(let y)):
          let xKeys = x.keys.sorted(by: Self.codePointOrder)
          let yKeys = y.keys.sorted(by: Self.codePointOrder)
          // By bytes, as lookups are: `!=` on strings would call canonically
          // equivalent keys ("é", "e\u{301}") the same, and the lookups below fail.
          if !xKeys.elementsEqual(yKeys, by: ExactKey.same) {
            return xKeys.lexicographicallyPrecedes(yKeys, by: Self.codePointOrder) ? -1 : 1
          }
          for key in xKeys.reversed() { pending.append(.pair(x[key]!, y[key]!)) }
        default:
          break
        }
      }
    }
    return 0
  }

  package static func codePointOrder(_ a: String, _ b: String) -> Bool {
    a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
  }

  private var typeRank: Int {
    switch self {
    case .null: 0
    case .bool(false): 1
    case .bool(true): 2
    case .number: 3
    case .string: 4
    case .array: 5
    case .object: 6
    }
  }
}

extension JSONArray: Hashable {
  /// Element-wise ``JSONValue`` equality.
  public static func == (lhs: JSONArray, rhs: JSONArray) -> Bool {
    JSONValue.array(lhs) == JSONValue.array(rhs)
  }
  /// Hashes like the equivalent ``JSONValue``.
  public func hash(into hasher: inout Hasher) { JSONValue.array(self).hash(into: &hasher) }
}

extension JSONObject: Hashable {
  /// Member-wise ``JSONValue`` equality, ignoring key order.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    JSONValue.object(lhs) == JSONValue.object(rhs)
  }
  /// Hashes like the equivalent ``JSONValue``.
  public func hash(into hasher: inout Hasher) { JSONValue.object(self).hash(into: &hasher) }
}
