import Foundation
import TimeTravelJSON

/// jq's binary operators and their type rules.
enum Arithmetic {
  static func number(_ d: Double) -> JSONValue { JQNumber.value(d) }

  /// jq 1.8's `-`: a literal stays exact (`-(123456789012345678901)` is as written, and
  /// as decNumber's `0 - x` a zero is never negative: `-0` and `-(-0)` are `0`); a computed
  /// double is negated as a double; NaN stays NaN.
  static func negate(_ n: JSONNumber) -> JSONNumber {
    let text = n.literal
    if JQNumber.isNaN(n) { return n }
    if JQNumber.isDoubleForm(text) { return JQNumber.make(-n.doubleValue) }
    let isZero = JQNumber.isZero(text)
    if text.hasPrefix("-") { return JSONNumber(literal: String(text.dropFirst())) ?? n }
    if isZero { return n }
    return JSONNumber(literal: "-" + text) ?? JQNumber.make(-n.doubleValue)
  }

  static func apply(_ op: BinaryOperator, _ l: JSONValue, _ r: JSONValue) throws -> JSONValue {
    switch op {
    case .add: return try add(l, r)
    case .subtract: return try subtract(l, r)
    case .multiply: return try multiply(l, r)
    case .divide: return try divide(l, r)
    case .modulo: return try modulo(l, r)
    case .equal: return .bool(JQOrder.equal(l, r))
    case .notEqual: return .bool(!JQOrder.equal(l, r))
    case .less: return .bool(JQOrder.compare(l, r) < 0)
    case .lessOrEqual: return .bool(JQOrder.compare(l, r) <= 0)
    case .greater: return .bool(JQOrder.compare(l, r) > 0)
    case .greaterOrEqual: return .bool(JQOrder.compare(l, r) >= 0)
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

  /// `total + r` into `total`: a string, array or object `total` owns alone grows in
  /// place, so a fold over n values (`add`, `join`) costs the size of its result, not n
  /// times it.
  static func add(into total: inout JSONValue, _ r: JSONValue) throws {
    if case .string(var a) = total, case .string(let b) = r {
      total = .null  // leaves `a` the only owner of its storage
      a += b
      total = .string(a)
    } else if case .array(var a) = total, case .array(let b) = r {
      total = .null
      for element in b { a.append(element) }
      total = .array(a)
    } else if case .object(var a) = total, case .object(let b) = r {
      total = .null
      for (k, v) in b { a[k] = v }
      total = .object(a)
    } else {
      total = try add(total, r)
    }
  }

  static func subtract(_ l: JSONValue, _ r: JSONValue) throws -> JSONValue {
    switch (l, r) {
    case (.number(let a), .number(let b)): return number(a.doubleValue - b.doubleValue)
    case (.array(let a), .array(let b)):
      return .array(JSONArray(difference(a.elements, b.elements)))
    default: throw failure(l, r, "subtracted")
    }
  }

  /// `a - b` of arrays: the elements of `a` equal (jq's `==`) to none of `b`. Large
  /// arrays go through a hash set, which compares numbers exactly (a NaN is never
  /// removed, as jq never finds it equal).
  static func difference(_ a: [JSONValue], _ b: [JSONValue]) -> [JSONValue] {
    if a.count.multipliedReportingOverflow(by: b.count).partialValue <= 100_000,
      a.count < 100_000, b.count < 100_000
    {
      return a.filter { x in !b.contains { JQOrder.equal(x, $0) } }
    }
    let removed = Set(b)
    return a.filter { x in !removed.contains(x) || JQOrder.containsNaN(x) }
  }

  static func multiply(_ l: JSONValue, _ r: JSONValue) throws -> JSONValue {
    switch (l, r) {
    case (.number(let a), .number(let b)): return number(a.doubleValue * b.doubleValue)
    case (.string(let s), .number(let n)), (.number(let n), .string(let s)):
      return try repeated(s, n.doubleValue)
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

  /// jq 1.8's `%`: both operands truncated to integers (saturating at the ends of
  /// `Int64`, so an infinity is the largest integer), C's remainder (the sign of the
  /// dividend); NaN on either side gives NaN; a divisor that truncates to 0 is an error.
  static func modulo(_ l: JSONValue, _ r: JSONValue) throws -> JSONValue {
    guard case .number(let a) = l, case .number(let b) = r else {
      throw failure(l, r, "divided (remainder)")
    }
    let (x, y) = (a.doubleValue, b.doubleValue)
    if x.isNaN || y.isNaN { return number(.nan) }
    let divisor = saturatingInteger(y)
    if divisor == 0 {
      throw JQRuntimeError(
        message:
          "\(Describe.value(l)) and \(Describe.value(r)) cannot be divided (remainder) because the divisor is zero"
      )
    }
    return number(Double(divisor == -1 ? 0 : saturatingInteger(x) % divisor))
  }

  /// jq's `dtoi`: a double truncated toward zero, saturating at `Int64.min` and `.max`.
  static func saturatingInteger(_ d: Double) -> Int64 {
    if d.isNaN { return 0 }
    if d <= -9_223_372_036_854_775_808.0 { return .min }
    if d >= 9_223_372_036_854_775_808.0 { return .max }
    return Int64(d)
  }

  /// The longest string `*` may build, in UTF-8 bytes: jq's `INT_MAX`.
  static let maximumRepeatBytes = Int(Int32.max)

  /// jq 1.8's `string * n`: `n` truncated toward zero copies; `null` for a negative
  /// count or NaN; `""` for 0 copies; an error when the result would reach 2^31 - 1
  /// bytes. Doubling, so it costs the length of the result.
  static func repeated(_ s: String, _ d: Double) throws -> JSONValue {
    if d.isNaN || d < 0 { return .null }
    let count = d >= Double(Int32.max) ? Int(Int32.max) : Int(d)
    let (bytes, overflow) = s.utf8.count.multipliedReportingOverflow(by: count)
    if overflow || bytes >= maximumRepeatBytes {
      throw JQRuntimeError(message: "Repeat string result too long")
    }
    if bytes == 0 { return "" }
    let unit = Array(s.utf8)
    // Built in place by doubling: the copies cost the length of the result once.
    let result = String(unsafeUninitializedCapacity: bytes) { buffer in
      _ = buffer.initialize(fromContentsOf: unit)
      var filled = unit.count
      while filled < bytes {
        let chunk = Swift.min(filled, bytes - filled)
        let source = UnsafeBufferPointer(rebasing: buffer[0..<chunk])
        _ = UnsafeMutableBufferPointer(rebasing: buffer[filled..<(filled + chunk)])
          .initialize(fromContentsOf: source)
        filled += chunk
      }
      return bytes
    }
    return .string(result)
  }
}

/// String helpers shared by `/`, `split`, `join` and friends.
enum Strings {
  /// jq's `split/1`: a literal separator; an empty separator splits into
  /// code points, and an empty string splits into `[]`.
  static func split(_ s: String, by separator: String) -> [String] {
    if s.isEmpty { return [] }
    if separator.isEmpty { return s.unicodeScalars.map { String($0) } }
    let bytes = Array(s.utf8)
    let width = separator.utf8.count
    var parts: [String] = []
    var start = 0
    // Matches start and end on code point boundaries (``ByteSearch``).
    ByteSearch(separator.utf8).forEachMatch(in: bytes, overlapping: false) { match in
      parts.append(String(decoding: bytes[start..<match], as: UTF8.self))
      start = match + width
      return true
    }
    parts.append(String(decoding: bytes[start...], as: UTF8.self))
    return parts
  }
}
