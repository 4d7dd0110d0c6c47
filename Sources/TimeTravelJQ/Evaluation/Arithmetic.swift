import Foundation
import TimeTravelJSON

/// jq's binary operators and their type rules.
enum Arithmetic {
  static func number(_ d: Double) -> JSONValue { .number(JSONNumber(d)) }

  static func negate(_ n: JSONNumber) -> JSONNumber {
    // Keep exact literals exact: `-(123456789012345678901)` stays as written.
    let text = n.literal
    if text.hasPrefix("-") { return JSONNumber(literal: String(text.dropFirst())) ?? n }
    if text == "null" { return n }
    return JSONNumber(literal: "-" + text) ?? JSONNumber(-n.doubleValue)
  }

  static func apply(_ op: BinaryOperator, _ l: JSONValue, _ r: JSONValue) throws -> JSONValue {
    switch op {
    case .add: return try add(l, r)
    case .subtract: return try subtract(l, r)
    case .multiply: return try multiply(l, r)
    case .divide: return try divide(l, r)
    case .modulo: return try modulo(l, r)
    case .equal: return .bool(l == r)
    case .notEqual: return .bool(l != r)
    case .less: return .bool(JSONValue.compare(l, r) < 0)
    case .lessOrEqual: return .bool(JSONValue.compare(l, r) <= 0)
    case .greater: return .bool(JSONValue.compare(l, r) > 0)
    case .greaterOrEqual: return .bool(JSONValue.compare(l, r) >= 0)
    }
  }

  private static func failure(_ l: JSONValue, _ r: JSONValue, _ verb: String) -> JQRuntimeError {
    JQRuntimeError(message: "\(Describe.value(l)) and \(Describe.value(r)) cannot be \(verb)")
  }

  static func add(_ l: JSONValue, _ r: JSONValue) throws -> JSONValue {
    switch (l, r) {
    case (.null, _): return r
    case (_, .null): return l
    case (.number(let a), .number(let b)): return number(a.doubleValue + b.doubleValue)
    case (.string(let a), .string(let b)): return .string(a + b)
    case (.array(let a), .array(let b)): return .array(JSONArray(a.elements + b.elements))
    case (.object(var a), .object(let b)):
      for (k, v) in b { a[k] = v }
      return .object(a)
    default: throw failure(l, r, "added")
    }
  }

  static func subtract(_ l: JSONValue, _ r: JSONValue) throws -> JSONValue {
    switch (l, r) {
    case (.number(let a), .number(let b)): return number(a.doubleValue - b.doubleValue)
    case (.array(let a), .array(let b)):
      let removed = Set(b.elements)
      return .array(JSONArray(a.elements.filter { !removed.contains($0) }))
    default: throw failure(l, r, "subtracted")
    }
  }

  static func multiply(_ l: JSONValue, _ r: JSONValue) throws -> JSONValue {
    switch (l, r) {
    case (.number(let a), .number(let b)): return number(a.doubleValue * b.doubleValue)
    case (.string(let s), .number(let n)), (.number(let n), .string(let s)):
      let d = n.doubleValue
      guard d > 0, !d.isNaN else { return .null }
      let count = Int(min(d.rounded(.up), 1e9))
      return .string(String(repeating: s, count: count))
    case (.object(let a), .object(let b)): return .object(deepMerge(a, b))
    default: throw failure(l, r, "multiplied")
    }
  }

  /// jq's object `*`: `b`'s members over `a`'s, merging objects found under the same
  /// key at every level. An explicit stack, not recursion: values may nest to any depth.
  static func deepMerge(_ a: JSONObject, _ b: JSONObject) -> JSONObject {
    struct Frame {
      var result: JSONObject
      let other: JSONObject
      var next = 0
      /// The key of this merge in the frame below; `nil` for the outermost.
      let key: String?
    }
    var stack = [Frame(result: a, other: b, key: nil)]
    while var top = stack.popLast() {
      guard top.next < top.other.count else {
        guard let key = top.key else { return top.result }
        stack[stack.count - 1].result[key] = .object(top.result)
        continue
      }
      let key = top.other.keys[top.next]
      let value = top.other.values[top.next]
      top.next += 1
      if case .object(let theirs) = value, case .object(let ours)? = top.result[key] {
        stack.append(top)
        stack.append(Frame(result: ours, other: theirs, key: key))
      } else {
        top.result[key] = value
        stack.append(top)
      }
    }
    preconditionFailure("the outermost merge returns")
  }

  static func divide(_ l: JSONValue, _ r: JSONValue) throws -> JSONValue {
    switch (l, r) {
    case (.number(let a), .number(let b)):
      if b.doubleValue == 0 {
        throw JQRuntimeError(
          message:
            "\(Describe.value(l)) and \(Describe.value(r)) cannot be divided because the divisor is zero"
        )
      }
      return number(a.doubleValue / b.doubleValue)
    case (.string(let a), .string(let b)):
      return .array(JSONArray(Strings.split(a, by: b).map { .string($0) }))
    default: throw failure(l, r, "divided")
    }
  }

  static func modulo(_ l: JSONValue, _ r: JSONValue) throws -> JSONValue {
    guard case .number(let a) = l, case .number(let b) = r else { throw failure(l, r, "divided") }
    func truncated(_ d: Double) -> Int {
      if d.isNaN { return 0 }
      return Int(max(min(d, 9.2e18), -9.2e18))
    }
    let x = truncated(a.doubleValue)
    let y = truncated(b.doubleValue)
    if y == 0 {
      throw JQRuntimeError(
        message:
          "\(Describe.value(l)) and \(Describe.value(r)) cannot be divided because the divisor is zero"
      )
    }
    if a.doubleValue.isNaN || b.doubleValue.isNaN { return number(.nan) }
    return .number(JSONNumber(y == -1 ? 0 : x % abs(y)))
  }
}

/// String helpers shared by `/`, `split`, `join` and friends.
enum Strings {
  /// jq's `split/1`: a literal separator; an empty separator splits into
  /// code points, and an empty string splits into `[]`.
  static func split(_ s: String, by separator: String) -> [String] {
    if s.isEmpty { return [] }
    if separator.isEmpty { return s.unicodeScalars.map { String($0) } }
    var parts: [String] = []
    var rest = Substring(s)
    while let range = rest.range(of: separator, options: .literal) {
      parts.append(String(rest[..<range.lowerBound]))
      rest = rest[range.upperBound...]
    }
    parts.append(String(rest))
    return parts
  }
}
