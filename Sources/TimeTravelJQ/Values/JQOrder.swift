import TimeTravelJSON

/// jq 1.8's order and equality of values (`jv_cmp`, `jv_equal`): `null < false < true <
/// numbers < strings < arrays < objects`, strings by code point, arrays
/// lexicographically, objects by their sorted keys and then their values.
///
/// Numbers differ from ``JSONValue``'s exact order in two ways, as in jq: NaN sorts below
/// every number and is equal to nothing, itself included (`nan < nan` and `nan != nan`
/// hold, as jq compares a NaN as `null`); and a computed double (see ``JQNumber``)
/// compares with any number as doubles do (`infinite == 1e1000`), while two literals
/// compare by their exact decimal values (`100000000000000000001 !=
/// 100000000000000000000`). Iterative: deep values never recurse.
enum JQOrder {
  /// -1, 0 or 1, as `jv_cmp`.
  static func compare(_ lhs: JSONValue, _ rhs: JSONValue) -> Int {
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
        let (ra, rb) = (rank(a), rank(b))
        if ra != rb { return ra < rb ? -1 : 1 }
        switch (a, b) {
        case (.number(let x), .number(let y)):
          let c = compareNumbers(x, y)
          if c != 0 { return c }
        case (.string(let x), .string(let y)):
          if !x.utf8.elementsEqual(y.utf8) {
            return x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars) ? -1 : 1
          }
        case (.array(let x), .array(let y)):
          pending.append(.decided(x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)))
          for (p, q) in zip(x.elements, y.elements).reversed() { pending.append(.pair(p, q)) }
        case (.object(let x), .object(let y)):
          let xKeys = x.keys.sorted(by: codePointOrder)
          let yKeys = y.keys.sorted(by: codePointOrder)
          if !xKeys.elementsEqual(yKeys, by: { $0.utf8.elementsEqual($1.utf8) }) {
            return xKeys.lexicographicallyPrecedes(yKeys, by: codePointOrder) ? -1 : 1
          }
          for key in xKeys.reversed() { pending.append(.pair(x[key]!, y[key]!)) }
        default:
          break
        }
      }
    }
    return 0
  }

  /// jq's `==`: `compare` gives 0. Objects match by key, in any order.
  static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    var pending: [(JSONValue, JSONValue)] = [(lhs, rhs)]
    while let (a, b) = pending.popLast() {
      switch (a, b) {
      case (.null, .null): continue
      case (.bool(let x), .bool(let y)): if x != y { return false }
      case (.number(let x), .number(let y)): if compareNumbers(x, y) != 0 { return false }
      case (.string(let x), .string(let y)): if !x.utf8.elementsEqual(y.utf8) { return false }
      case (.array(let x), .array(let y)):
        guard x.count == y.count else { return false }
        pending.append(contentsOf: zip(x.elements, y.elements))
      case (.object(let x), .object(let y)):
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

  /// Two numbers as jq 1.8 compares them: a NaN on the left is below anything, on the
  /// right above anything else; a computed double makes it a comparison of doubles;
  /// two literals compare exactly.
  static func compareNumbers(_ x: JSONNumber, _ y: JSONNumber) -> Int {
    if JQNumber.isNaN(x) { return -1 }
    if JQNumber.isNaN(y) { return 1 }
    if JQNumber.isDoubleForm(x.literal) || JQNumber.isDoubleForm(y.literal) {
      let (a, b) = (x.doubleValue, y.doubleValue)
      return a < b ? -1 : (a == b ? 0 : 1)
    }
    return x == y ? 0 : (x < y ? -1 : 1)
  }

  /// Whether a NaN is anywhere in `value`.
  static func containsNaN(_ value: JSONValue) -> Bool {
    var pending = [value]
    while let v = pending.popLast() {
      switch v {
      case .number(let n): if JQNumber.isNaN(n) { return true }
      case .array(let a): pending.append(contentsOf: a.elements)
      case .object(let o): pending.append(contentsOf: o.values)
      default: break
      }
    }
    return false
  }

  /// Whether `lhs` sorts before `rhs`.
  static func less(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool { compare(lhs, rhs) < 0 }

  static func codePointOrder(_ a: String, _ b: String) -> Bool {
    a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
  }

  private static func rank(_ value: JSONValue) -> Int {
    switch value {
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
