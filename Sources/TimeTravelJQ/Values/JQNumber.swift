import TimeTravelJSON

/// Numbers as jq 1.8 makes and prints them.
///
/// jq 1.8 has two kinds of number: a *literal* (from the program or the input), which
/// keeps its decimal value and prints in decNumber's canonical form (`1e2` → `1E+2`,
/// `1.50` stays `1.50`, `100e-2` → `1.00`); and a *double* computed by arithmetic or a
/// math builtin, which prints in the shortest form that reads back as the same double,
/// with an exponent only when the decimal point would be more than 15 places past the
/// digits or 4 before them (`100000000000000000 + 10` → `100000000000000020`,
/// `1e17 + 0` → `1e+17`, `0.00001 + 0` → `1e-05`).
///
/// ``JSONNumber`` keeps only text, so a computed double is stored as the text jq prints
/// for it, which reads back as the same double. Where that text has an exponent, the
/// exponent is stored with four digits (`1e+0017` for jq's `1e+17`): no JSON writer pads
/// exponents so, which tells a computed double from a literal written `1e+17` (as
/// Python and JavaScript write numbers), and ``printed(_:)`` writes jq's two digits back.
/// Where the text has no exponent, jq prints a literal and a double of it alike.
///
/// Infinities print as ±`1.7976931348623157e+308`, jq's text for them, but are stored
/// as ±`1.7976931348623159e+0308`, which reads back as infinity, so `infinite |
/// isinfinite` holds; NaN is ``JSONNumber``'s `null` text.
enum JQNumber {
  /// The text a computed +infinity is stored as: it parses to `+infinity`.
  static let infinityText = "1.7976931348623159e+0308"
  /// What jq prints for an infinity (its `DBL_MAX`).
  static let printedInfinity = "1.7976931348623157e+308"

  /// The number jq 1.8 makes of a double.
  static func make(_ d: Double) -> JSONNumber {
    if d.isNaN { return JSONNumber(d) }
    if d.isInfinite {
      return JSONNumber(literal: d < 0 ? "-" + infinityText : infinityText)!
    }
    return JSONNumber(literal: stored(format(d)))!
  }

  /// jq's text with its exponent (if any) padded to four digits: how a computed double
  /// is kept.
  static func stored(_ text: String) -> String {
    guard let e = text.firstIndex(of: "e") else { return text }
    let sign = text.index(after: e)
    let digits = text[text.index(after: sign)...]
    return String(text[...sign]) + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// `make` as a value.
  static func value(_ d: Double) -> JSONValue { .number(make(d)) }

  /// jq's `jvp_dtoa_fmt`: the shortest round-trip digits, with an exponent (at least
  /// two digits, always signed) when the decimal point is 4 or more places before them or
  /// more than 15 places past them.
  static func format(_ d: Double) -> String {
    let sign = d.sign == .minus ? "-" : ""
    if d == 0 { return sign + "0" }
    // Whole numbers below 10^16 print as plain integers in jq's rule (the point is at
    // most 16 places past one digit): the common case, without digit generation.
    if Swift.abs(d) < 1e16, d == d.rounded(.towardZero) { return String(Int64(d)) }
    let (digits, decpt) = shortestDigits(Swift.abs(d))
    let count = digits.count
    var out = sign
    if decpt <= -4 || decpt > count + 15 {
      out.append(digits[0])
      if count > 1 {
        out.append(".")
        out.append(contentsOf: digits[1...])
      }
      let exponent = decpt - 1
      out += exponent < 0 ? "e-" : "e+"
      let magnitude = String(Swift.abs(exponent))
      if magnitude.count < 2 { out += "0" }
      out += magnitude
    } else if decpt <= 0 {
      out += "0." + String(repeating: "0", count: -decpt) + String(digits)
    } else if decpt >= count {
      out += String(digits) + String(repeating: "0", count: decpt - count)
    } else {
      out += String(digits[..<decpt]) + "." + String(digits[decpt...])
    }
    return out
  }

  /// The shortest digits that read back as `d` (positive, finite, not zero), without
  /// leading or trailing zeros, and the position of the decimal point relative to the
  /// first digit (`0.012` → `"12"`, -1). Swift prints doubles in that shortest form.
  private static func shortestDigits(_ d: Double) -> ([Character], Int) {
    let text = "\(d)"
    var mantissa = Substring(text)
    var exponent = 0
    if let e = text.firstIndex(of: "e") {
      mantissa = text[..<e]
      exponent = Int(text[text.index(after: e)...]) ?? 0
    }
    var integer = mantissa
    var fraction: Substring = ""
    if let dot = mantissa.firstIndex(of: ".") {
      integer = mantissa[..<dot]
      fraction = mantissa[mantissa.index(after: dot)...]
    }
    var digits = Array(integer + fraction)
    var decpt = integer.count + exponent
    while digits.first == "0" {
      digits.removeFirst()
      decpt -= 1
    }
    while digits.last == "0" { digits.removeLast() }
    return (digits, decpt)
  }

  /// Whether `literal` is a computed double as ``make(_:)`` stores one with an exponent
  /// (`1e+0017`, `2.5e-0007`: a lowercase `e`, a sign, four digits starting with 0).
  static func isDoubleForm(_ literal: String) -> Bool {
    let bytes = Array(literal.utf8.suffix(6))
    return bytes.count == 6 && bytes[0] == UInt8(ascii: "e")
      && (bytes[1] == UInt8(ascii: "+") || bytes[1] == UInt8(ascii: "-"))
      && bytes[2] == UInt8(ascii: "0") && bytes[3...].allSatisfy(\.isASCIIDigit)
  }

  /// Whether a number is an infinity (a computed one, or a literal beyond the doubles).
  static func isInfinite(_ n: JSONNumber) -> Bool { n.doubleValue.isInfinite }

  /// Whether a literal's digits are all zeros (`0`, `-0.00`, `0e5`).
  static func isZero(_ text: String) -> Bool {
    for byte in text.utf8 {
      if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { break }
      if byte.isASCIIDigit, byte != UInt8(ascii: "0") { return false }
    }
    return true
  }

  /// Whether a number is NaN.
  static func isNaN(_ n: JSONNumber) -> Bool { n.literal == "null" }

  /// The text jq 1.8 prints for a number: a double as ``format(_:)`` wrote it (an
  /// infinity as ±`1.7976931348623157e+308`), NaN as `null`, and a literal in
  /// decNumber's canonical form (``canonicalLiteral(_:)``).
  static func printed(_ n: JSONNumber) -> String {
    let text = n.literal
    if isPlainInteger(text) { return text }
    if text == "null" { return text }
    if isDoubleForm(text) {
      guard !n.doubleValue.isInfinite else {
        return text.hasPrefix("-") ? "-" + printedInfinity : printedInfinity
      }
      // Back to jq's exponent of at least two digits: `e+0017` → `e+17`.
      var out = String(text.dropLast(4))
      var digits = text.suffix(4).drop(while: { $0 == "0" })
      while digits.count < 2 { digits = "0" + digits }
      out += digits
      return out
    }
    return canonicalLiteral(text)
  }

  /// `-?[0-9]+`, which every form prints as it stands.
  private static func isPlainInteger(_ text: String) -> Bool {
    var bytes = text.utf8[...]
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    return !bytes.isEmpty && bytes.allSatisfy(\.isASCIIDigit)
  }

  /// decNumber's `to-scientific-string` of a literal, as jq 1.8 prints literals: the
  /// coefficient without leading zeros (trailing ones stay: `1.50`), plain when the
  /// exponent is not positive and the adjusted exponent is at least -6, otherwise one
  /// digit, a point, the rest and `E±n` (`1E+2`, `1.2E+17`, `1E-7`). An exponent past
  /// decNumber's limit (999,999,999) overflows to infinity, which prints as jq's
  /// `1.7976931348623157e+308`.
  static func canonicalLiteral(_ text: String) -> String {
    var bytes = Array(text.utf8)
    var negative = false
    if bytes.first == UInt8(ascii: "-") {
      negative = true
      bytes.removeFirst()
    }
    var exponent = 0
    if let e = bytes.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
      exponent = clampedExponent(bytes[(e + 1)...])
      bytes.removeSubrange(e...)
    }
    var coefficient = bytes
    if let dot = bytes.firstIndex(of: UInt8(ascii: ".")) {
      coefficient = Array(bytes[..<dot]) + bytes[(dot + 1)...]
      exponent -= bytes.count - dot - 1
    }
    let leading = coefficient.prefix(while: { $0 == UInt8(ascii: "0") }).count
    coefficient.removeFirst(Swift.min(leading, coefficient.count - 1))
    let adjusted = exponent + coefficient.count - 1
    let sign = negative ? "-" : ""
    if adjusted > 999_999_999, coefficient != [UInt8(ascii: "0")] {
      return sign + printedInfinity
    }
    let digits = String(decoding: coefficient, as: UTF8.self)
    if exponent <= 0, adjusted >= -6 {
      if exponent == 0 { return sign + digits }
      let point = coefficient.count + exponent
      if point > 0 {
        let split = digits.index(digits.startIndex, offsetBy: point)
        return sign + digits[..<split] + "." + digits[split...]
      }
      return sign + "0." + String(repeating: "0", count: -point) + digits
    }
    var out = sign + String(digits.prefix(1))
    if coefficient.count > 1 { out += "." + digits.dropFirst() }
    return out + (adjusted < 0 ? "E-" : "E+") + String(Swift.abs(adjusted))
  }

  /// An exponent's digits as an `Int`, clamped far beyond any meaningful value.
  private static func clampedExponent(_ text: ArraySlice<UInt8>) -> Int {
    var negative = false
    var value = 0
    for byte in text {
      if byte == UInt8(ascii: "-") {
        negative = true
      } else if byte.isASCIIDigit {
        value = Swift.min(value * 10 + Int(byte - UInt8(ascii: "0")), 1 << 40)
      }
    }
    return negative ? -value : value
  }
}
