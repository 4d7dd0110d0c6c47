import Foundation
import TimeTravelJSON

/// Strings: conversion to and from JSON and numbers, case, affixes, whitespace, code
/// points, splitting and joining.
extension Builtins {
  static let strings: [Builtin] = [
    .value("utf8bytelength", 0, utf8ByteLength),
    .value("tostring", 0) { input, _ in .string(tostring(input)) },
    .value("tojson", 0) { input, _ in .string(JSONPrinter.jq.print(input)) },
    .value("fromjson", 0, fromjson),
    .value("tonumber", 0, tonumber),
    .value("ascii_downcase", 0) { input, _ in try asciiCase(input, lower: true) },
    .value("ascii_upcase", 0) { input, _ in try asciiCase(input, lower: false) },
    .value("ltrimstr", 1) { input, args in try trimAffix(input, args[0], prefix: true) },
    .value("rtrimstr", 1) { input, args in try trimAffix(input, args[0], prefix: false) },
    .value("toboolean", 0, toboolean),
    .value("startswith", 1) { input, args in try hasAffix(input, args[0], "startswith") },
    .value("endswith", 1) { input, args in try hasAffix(input, args[0], "endswith") },
    .value("trim", 0) { input, _ in try trim(input, leading: true, trailing: true) },
    .value("ltrim", 0) { input, _ in try trim(input, leading: true, trailing: false) },
    .value("rtrim", 0) { input, _ in try trim(input, leading: false, trailing: true) },
    .value("explode", 0, explode),
    .value("implode", 0, implode),
    .value("split", 1, split),
    .value("join", 1, join),
  ]

  /// `utf8bytelength`: the UTF-8 size of a string.
  static func utf8ByteLength(_ input: JSONValue, _: [JSONValue]) throws -> JSONValue {
    guard case .string(let s) = input else {
      throw JQRuntimeError(
        message: "\(Describe.value(input)) only strings have UTF-8 byte length")
    }
    return .number(JSONNumber(s.utf8.count))
  }

  /// `fromjson`: the JSON text a string holds (jq also reads `nan`). A parse error
  /// keeps the parser's message and place, as jq's `jv_parse_sized` does.
  static func fromjson(_ input: JSONValue, _: [JSONValue]) throws -> JSONValue {
    guard case .string(let s) = input else {
      throw JQRuntimeError(message: "\(Describe.value(input)) only strings can be parsed")
    }
    do { return try JSONParser.parse(s) } catch {
      // jq 1.8's parser also reads NaN and infinities (here only as the whole text).
      let word = s.trimmingCharacters(in: .whitespacesAndNewlines)
      if ["nan", "-nan", "infinity", "-infinity"].contains(word.lowercased()) {
        return decimalNumber(word) ?? .null
      }
      throw JQRuntimeError(
        message:
          "\(error.message) at line \(error.line), column \(error.column) (while parsing '\(s)')")
    }
  }

  /// `tonumber`, as jq 1.8 reads a number (decNumber's syntax): an optional sign, digits
  /// with an optional point (`.5`, `5.`), an optional exponent, or `nan`, `infinity` or
  /// `inf` in any case; nothing else, not even surrounding spaces. The literal is kept
  /// (`"1.50"` gives `1.50`).
  static func tonumber(_ input: JSONValue, _: [JSONValue]) throws -> JSONValue {
    switch input {
    case .number: return input
    case .string(let s):
      if let n = decimalNumber(s) { return n }
      throw JQRuntimeError(message: "\(Describe.value(input)) cannot be parsed as a number")
    default:
      throw JQRuntimeError(message: "\(Describe.value(input)) cannot be parsed as a number")
    }
  }

  /// The number decNumber reads from `s` (see ``tonumber(_:_:)``), or `nil`.
  static func decimalNumber(_ s: String) -> JSONValue? {
    var rest = Substring(s)
    var sign = ""
    if let first = rest.first, first == "+" || first == "-" {
      if first == "-" { sign = "-" }
      rest = rest.dropFirst()
    }
    switch rest.lowercased() {
    case "nan", "snan": return number(.nan)
    case "inf", "infinity": return number(sign == "-" ? -.infinity : .infinity)
    default: break
    }
    var exponent = ""
    if let e = rest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      exponent = String(rest[e...])
      rest = rest[..<e]
    }
    let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let integer = parts[0]
    let fraction = parts.count > 1 ? parts[1] : ""
    guard !(integer.isEmpty && fraction.isEmpty),
      (integer + fraction).allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    var digits = String(integer.drop(while: { $0 == "0" }))
    if digits.isEmpty { digits = "0" }
    if !fraction.isEmpty { digits += "." + fraction }
    guard let n = JSONNumber(literal: sign + digits + exponent) else { return nil }
    return .number(n)
  }

  /// `toboolean`, jq 1.8: booleans as they are, the strings `"true"` and `"false"`;
  /// anything else is `… cannot be parsed as a boolean`.
  static func toboolean(_ input: JSONValue, _: [JSONValue]) throws -> JSONValue {
    switch input {
    case .bool: return input
    case .string("true"): return true
    case .string("false"): return false
    default:
      throw JQRuntimeError(message: "\(Describe.value(input)) cannot be parsed as a boolean")
    }
  }

  /// `ascii_downcase` and `ascii_upcase`: only `A`–`Z` and `a`–`z` change.
  static func asciiCase(_ input: JSONValue, lower: Bool) throws -> JSONValue {
    // jq 1.8 defines them through `explode`, whose message they give.
    guard case .string(let s) = input else {
      throw JQRuntimeError(message: "explode input must be a string")
    }
    var out = String.UnicodeScalarView()
    for c in s.unicodeScalars {
      if lower, c >= "A", c <= "Z" {
        out.append(Unicode.Scalar(c.value + 32)!)
      } else if !lower, c >= "a", c <= "z" {
        out.append(Unicode.Scalar(c.value - 32)!)
      } else {
        out.append(c)
      }
    }
    return .string(String(out))
  }

  /// `ltrimstr(s)` and `rtrimstr(s)`: the input without that prefix or suffix. jq 1.8
  /// defines them on `startswith` and `endswith`, so anything but two strings is their
  /// error (`startswith() requires string inputs`); jq 1.7 let it through unchanged.
  static func trimAffix(_ input: JSONValue, _ affix: JSONValue, prefix: Bool) throws -> JSONValue {
    guard case .string(let s) = input, case .string(let a) = affix else {
      throw JQRuntimeError(
        message: "\(prefix ? "startswith" : "endswith")() requires string inputs")
    }
    if prefix, s.utf8.starts(with: a.utf8) {
      return .string(String(decoding: s.utf8.dropFirst(a.utf8.count), as: UTF8.self))
    }
    if !prefix, s.utf8.reversed().starts(with: a.utf8.reversed()) {
      return .string(String(decoding: s.utf8.dropLast(a.utf8.count), as: UTF8.self))
    }
    return input
  }

  /// `startswith(s)` and `endswith(s)`, byte-wise.
  static func hasAffix(_ input: JSONValue, _ affix: JSONValue, _ name: String) throws -> JSONValue {
    guard case .string(let s) = input, case .string(let a) = affix else {
      throw JQRuntimeError(message: "\(name)() requires string inputs")
    }
    return .bool(
      name == "startswith"
        ? s.utf8.starts(with: a.utf8) : s.utf8.reversed().starts(with: a.utf8.reversed()))
  }

  /// `trim`, `ltrim` and `rtrim`: Unicode whitespace off either end.
  static func trim(_ input: JSONValue, leading: Bool, trailing: Bool) throws -> JSONValue {
    guard case .string(let s) = input else {
      throw JQRuntimeError(message: "trim input must be a string")
    }
    var scalars = Substring(s).unicodeScalars[...]
    while leading, let f = scalars.first, f.properties.isWhitespace { scalars.removeFirst() }
    while trailing, let l = scalars.last, l.properties.isWhitespace { scalars.removeLast() }
    return .string(String(String.UnicodeScalarView(scalars)))
  }

  /// `explode`: the code points of a string.
  static func explode(_ input: JSONValue, _: [JSONValue]) throws -> JSONValue {
    guard case .string(let s) = input else {
      throw JQRuntimeError(message: "explode input must be a string")
    }
    return .array(JSONArray(s.unicodeScalars.map { .number(JSONNumber(Int($0.value))) }))
  }

  /// `implode`: the string of an array of code points, as jq 1.7's `f_string_implode`:
  /// each number is truncated toward zero, and one that is not a Unicode scalar value
  /// (negative, a surrogate U+D800–U+DFFF, above U+10FFFF, or beyond any integer) becomes
  /// U+FFFD. A non-number (or `nan`) is an error naming it.
  static func implode(_ input: JSONValue, _: [JSONValue]) throws -> JSONValue {
    guard case .array(let a) = input else {
      throw JQRuntimeError(message: "implode input must be an array")
    }
    var out = String.UnicodeScalarView()
    for item in a {
      guard case .number(let n) = item, !n.doubleValue.isNaN else {
        throw JQRuntimeError(
          message:
            "\(Describe.value(item)) can't be imploded, unicode codepoint needs to be numeric")
      }
      out.append(codePoint(n.doubleValue))
    }
    return .string(String(out))
  }

  /// The scalar `implode` and `ascii` make of a number: U+FFFD unless it truncates to a
  /// Unicode scalar value.
  static func codePoint(_ d: Double) -> Unicode.Scalar {
    let truncated = d.rounded(.towardZero)
    guard truncated >= 0, truncated <= 0x10FFFF else { return "\u{FFFD}" }
    return Unicode.Scalar(UInt32(truncated)) ?? "\u{FFFD}"
  }

  /// `split(s)`: the pieces between occurrences of a literal separator.
  static func split(_ input: JSONValue, _ args: [JSONValue]) throws -> JSONValue {
    guard case .string(let s) = input, case .string(let separator) = args[0] else {
      throw JQRuntimeError(message: "split input and separator must be strings")
    }
    return .array(JSONArray(Strings.split(s, by: separator).map { .string($0) }))
  }

  /// `join(sep)` as jq 1.7's `builtin.jq` defines it, over an array's elements or an
  /// object's values: `null` joins as `""`, booleans and
  /// numbers as their JSON, strings as they are; anything else fails as jq's `+` does
  /// (`string ("a,") and array ([1]) cannot be added`).
  static func join(_ input: JSONValue, _ args: [JSONValue]) throws -> JSONValue {
    let items: [JSONValue]
    switch input {
    case .array(let a): items = a.elements
    case .object(let o): items = o.values
    default: throw JQRuntimeError(message: "Cannot iterate over \(Describe.value(input))")
    }
    var out: JSONValue = .null
    for item in items {
      if out == .null { out = "" } else { try Arithmetic.add(into: &out, args[0]) }
      let text: JSONValue =
        switch item {
        case .null: ""
        case .number, .bool: .string(JSONPrinter.jq.print(item))
        default: item
        }
      try Arithmetic.add(into: &out, text)
    }
    return out == .null ? "" : out
  }
}
