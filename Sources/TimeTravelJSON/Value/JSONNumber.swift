import Foundation

/// A JSON number kept as its exact literal text.
///
/// Big integers such as `9007199254740993` or `100000000000000000001` are never
/// rounded: they print as written, and two numbers compare by their exact
/// decimal value, so different big integers never compare equal while `1.0`,
/// `1` and `1e0` do (jq 1.7, RFC 6902 `test`). Arithmetic, where a caller
/// needs it, goes through ``doubleValue`` as in jq.
public struct JSONNumber: Sendable {
  /// The number's text as it appeared in the input, or the canonical text of a
  /// computed value. Always valid RFC 8259 number syntax.
  public let literal: String

  /// A number from literal text; `nil` unless `literal` is valid RFC 8259
  /// number syntax (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`).
  public init?(literal: String) {
    guard Self.isValidLiteral(literal.utf8) else { return nil }
    self.literal = literal
  }

  /// Trusted literal text from the parser, already validated.
  init(validatedLiteral: String) { self.literal = validatedLiteral }

  /// An integer, exactly.
  public init(_ value: Int) { self.literal = String(value) }

  /// A double in jq's output form: integral values below 1e17 print without a
  /// fraction or exponent; others print in the shortest form that round-trips.
  /// NaN has no JSON form: like jq, it prints as `null` (and compares below
  /// every other number); infinities print as ±1.7976931348623157e+308.
  public init(_ value: Double) { self.literal = Self.format(value) }

  /// The nearest `Double`; `±infinity` when the literal is out of range.
  public var doubleValue: Double { Double(literal) ?? .nan }

  /// The exact `Int`, or `nil` when the number has a fraction or does not fit.
  public var intValue: Int? {
    if let i = Int(literal) { return i }
    let d = decimal
    guard d.exponent >= d.digits.count, d.exponent <= 19 else {
      return d.digits.isEmpty ? 0 : nil
    }
    var text = d.isNegative ? "-" : ""
    text += String(decoding: d.digits, as: UTF8.self)
    text += String(repeating: "0", count: d.exponent - d.digits.count)
    return Int(text)
  }

  /// Whether the value is a whole number (`2`, `2.0`, `2e3`).
  public var isInteger: Bool {
    let d = decimal
    return d.exponent >= d.digits.count
  }

  static func format(_ value: Double) -> String {
    if value.isNaN { return "null" }
    if value.isInfinite {
      return value < 0 ? "-1.7976931348623157e+308" : "1.7976931348623157e+308"
    }
    if value == value.rounded(), abs(value) < 1e17 {
      return value == 0 ? (value.sign == .minus ? "-0" : "0") : String(Int64(value))
    }
    var text = "\(value)"
    // Swift writes `1e-05`; JSON allows it, jq writes `1e-05` too.
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
  }

  static func isValidLiteral(_ bytes: some Collection<UInt8>) -> Bool {
    var i = bytes.startIndex
    let end = bytes.endIndex
    if i < end, bytes[i] == UInt8(ascii: "-") { i = bytes.index(after: i) }
    guard i < end else { return false }
    if bytes[i] == UInt8(ascii: "0") {
      i = bytes.index(after: i)
    } else if bytes[i] >= UInt8(ascii: "1"), bytes[i] <= UInt8(ascii: "9") {
      while i < end, bytes[i].isASCIIDigit { i = bytes.index(after: i) }
    } else {
      return false
    }
    if i < end, bytes[i] == UInt8(ascii: ".") {
      i = bytes.index(after: i)
      guard i < end, bytes[i].isASCIIDigit else { return false }
      while i < end, bytes[i].isASCIIDigit { i = bytes.index(after: i) }
    }
    if i < end, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      i = bytes.index(after: i)
      if i < end, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
        i = bytes.index(after: i)
      }
      guard i < end, bytes[i].isASCIIDigit else { return false }
      while i < end, bytes[i].isASCIIDigit { i = bytes.index(after: i) }
    }
    return i == end
  }
}

extension UInt8 {
  @inline(__always) package var isASCIIDigit: Bool { self &- UInt8(ascii: "0") < 10 }
}

/// The exact decimal value of a literal: `0.d1d2…dn × 10^exponent`, with no
/// leading or trailing zero digits. Zero has no digits and is never negative.
struct ExactDecimal: Hashable {
  var isNegative: Bool
  var digits: [UInt8]
  /// Position of the decimal point relative to the first digit.
  var exponent: Int
}

extension JSONNumber {
  var decimal: ExactDecimal {
    if literal == "null" {
      return ExactDecimal(isNegative: true, digits: [UInt8(ascii: "9")], exponent: Int.clampLimit)
    }
    var bytes = Array(literal.utf8)
    var negative = false
    if bytes.first == UInt8(ascii: "-") {
      negative = true
      bytes.removeFirst()
    }
    var exponent = 0
    if let e = bytes.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
      exponent = Self.clampedExponent(bytes[(e + 1)...])
      bytes.removeSubrange(e...)
    }
    var digits: [UInt8]
    if let dot = bytes.firstIndex(of: UInt8(ascii: ".")) {
      exponent = exponent.addingClamped(dot)
      digits = Array(bytes[..<dot]) + bytes[(dot + 1)...]
    } else {
      exponent = exponent.addingClamped(bytes.count)
      digits = bytes
    }
    let leading = digits.prefix(while: { $0 == UInt8(ascii: "0") }).count
    digits.removeFirst(leading)
    exponent = exponent.addingClamped(-leading)
    while digits.last == UInt8(ascii: "0") { digits.removeLast() }
    if digits.isEmpty { return ExactDecimal(isNegative: false, digits: [], exponent: 0) }
    return ExactDecimal(isNegative: negative, digits: digits, exponent: exponent)
  }

  private static func clampedExponent(_ text: ArraySlice<UInt8>) -> Int {
    var negative = false
    var value = 0
    for byte in text {
      if byte == UInt8(ascii: "-") {
        negative = true
      } else if byte.isASCIIDigit {
        value = value.multipliedClamped(10).addingClamped(Int(byte - UInt8(ascii: "0")))
      }
    }
    return negative ? -value : value
  }
}

extension Int {
  // Exponents beyond ±2^62 are far outside anything a Double or a log can
  // hold; clamping keeps comparison total instead of trapping.
  static let clampLimit = 1 << 62
  fileprivate func addingClamped(_ other: Int) -> Int {
    Swift.max(-Int.clampLimit, Swift.min(Int.clampLimit, self + other))
  }
  fileprivate func multipliedClamped(_ other: Int) -> Int {
    let (result, overflow) = multipliedReportingOverflow(by: other)
    return overflow || result > Int.clampLimit ? Int.clampLimit : result
  }
}

extension JSONNumber: Hashable, Comparable {
  /// Exact value equality: `1`, `1.0` and `10e-1` are equal; `-0` equals `0`.
  public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
    lhs.literal == rhs.literal || lhs.decimal == rhs.decimal
  }

  /// Hashes the exact value, consistent with `==`.
  public func hash(into hasher: inout Hasher) { hasher.combine(decimal) }

  /// Exact numeric order, never rounded.
  public static func < (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
    if let a = Int(lhs.literal), let b = Int(rhs.literal) { return a < b }
    return compare(lhs.decimal, rhs.decimal) < 0
  }

  static func compare(_ a: ExactDecimal, _ b: ExactDecimal) -> Int {
    let aSign = a.digits.isEmpty ? 0 : (a.isNegative ? -1 : 1)
    let bSign = b.digits.isEmpty ? 0 : (b.isNegative ? -1 : 1)
    if aSign != bSign { return aSign < bSign ? -1 : 1 }
    if aSign == 0 { return 0 }
    var magnitude = 0
    if a.exponent != b.exponent {
      magnitude = a.exponent < b.exponent ? -1 : 1
    } else {
      let n = Swift.max(a.digits.count, b.digits.count)
      for i in 0..<n {
        let x = i < a.digits.count ? a.digits[i] : UInt8(ascii: "0")
        let y = i < b.digits.count ? b.digits[i] : UInt8(ascii: "0")
        if x != y {
          magnitude = x < y ? -1 : 1
          break
        }
      }
    }
    return aSign * magnitude
  }
}

extension JSONNumber: CustomStringConvertible {
  /// The literal text.
  public var description: String { literal }
}
