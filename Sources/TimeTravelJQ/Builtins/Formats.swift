import Foundation
import TimeTravelJSON

/// jq 1.8's `@format` string filters (`@text`, `@json`, `@html`, `@uri`, `@urid`, `@csv`,
/// `@tsv`, `@sh`, `@base64`, `@base64d`), also reached through `format(name)`. jq 1.8
/// has no `@base32` or `@base32d`: like jq, they are `… is not a valid format`.
enum Formats {
  static func apply(_ name: String, to v: JSONValue) throws -> String {
    switch name {
    case "text": return Builtins.tostring(v)
    case "json": return JSONPrinter.jq.print(v)
    case "html": return html(Builtins.tostring(v))
    case "uri": return uri(Builtins.tostring(v))
    case "urid": return try urid(v)
    case "csv", "tsv": return try row(v, csv: name == "csv")
    case "sh":
      if case .array(let a) = v { return try a.map(shellQuoted).joined(separator: " ") }
      return try shellQuoted(v)
    case "base64":
      return Data(Builtins.tostring(v).utf8).base64EncodedString()
    case "base64d": return try base64Decoded(v)
    default:
      throw JQRuntimeError(message: "\(name) is not a valid format")
    }
  }

  /// `format(f)`: the `@f` format, by name.
  static func format(_ input: JSONValue, _ args: [JSONValue]) throws -> JSONValue {
    guard case .string(let name) = args[0] else {
      throw JQRuntimeError(message: "\(Describe.value(args[0])) is not a valid format")
    }
    return .string(try apply(name, to: input))
  }

  private static func html(_ text: String) -> String {
    var out = ""
    for c in text.unicodeScalars {
      switch c {
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "&": out += "&amp;"
      case "'": out += "&apos;"
      case "\"": out += "&quot;"
      default: out.unicodeScalars.append(c)
      }
    }
    return out
  }

  private static func uri(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
      let c = Character(Unicode.Scalar(byte))
      if byte < 0x80, c.isLetter || c.isNumber || "-_.~".contains(c) {
        out.append(c)
      } else {
        out += String(format: "%%%02X", byte)
      }
    }
    return out
  }

  /// `@urid`, jq 1.8: `%XX` escapes decoded; a `%` without two hex digits, or bytes that
  /// are not UTF-8, are `… is not a valid uri encoding`.
  private static func urid(_ v: JSONValue) throws -> String {
    let text = Array(Builtins.tostring(v).utf8)
    var bytes: [UInt8] = []
    var i = 0
    func invalid() -> JQRuntimeError {
      JQRuntimeError(
        message: "\(Describe.value(.string(Builtins.tostring(v)))) is not a valid uri encoding")
    }
    while i < text.count {
      if text[i] == UInt8(ascii: "%") {
        guard i + 2 < text.count, let high = hexValue(text[i + 1]), let low = hexValue(text[i + 2])
        else { throw invalid() }
        let byte = high << 4 | low
        bytes.append(byte)
        i += 3
      } else {
        bytes.append(text[i])
        i += 1
      }
    }
    guard let decoded = String(validating: bytes, as: UTF8.self) else { throw invalid() }
    return decoded
  }

  /// `@csv` and `@tsv` of an array: numbers as jq prints them, booleans, `null` as
  /// nothing, strings quoted (csv) or escaped (tsv).
  private static func row(_ v: JSONValue, csv: Bool) throws -> String {
    guard case .array(let a) = v else {
      throw JQRuntimeError(
        message:
          "\(Describe.value(v)) cannot be \(csv ? "csv" : "tsv")-formatted, only array")
    }
    return try a.map { item -> String in
      switch item {
      case .number(let n): return JQNumber.printed(n)
      case .bool(let b): return b ? "true" : "false"
      case .null: return ""
      case .string(let s):
        if csv { return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        return s.replacingOccurrences(of: "\\", with: "\\\\")
          .replacingOccurrences(of: "\t", with: "\\t")
          .replacingOccurrences(of: "\n", with: "\\n")
          .replacingOccurrences(of: "\r", with: "\\r")
      default:
        throw JQRuntimeError(
          message: "\(Describe.value(item)) is not valid in a \(csv ? "csv" : "tsv") row")
      }
    }.joined(separator: csv ? "," : "\t")
  }

  private static func shellQuoted(_ item: JSONValue) throws -> String {
    switch item {
    case .string(let s): return "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    case .array, .object:
      throw JQRuntimeError(message: "\(Describe.value(item)) can not be escaped for shell")
    default: return JSONPrinter.jq.print(item)
    }
  }

  /// `@base64d` as jq 1.8 decodes: up to the first `=`, 6 bits per character; a character
  /// outside the alphabet is an error, and so is a single character left over
  /// (`trailing base64 byte found`); the bytes become text as jq reads bad UTF-8
  /// (``JQText/decodingUTF8(_:)``).
  private static func base64Decoded(_ v: JSONValue) throws -> String {
    let text = Builtins.tostring(v)
    var out: [UInt8] = []
    var code: UInt32 = 0
    var count = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: "=") { break }
      guard let sextet = base64Value(byte) else {
        throw JQRuntimeError(message: "\(Describe.value(.string(text))) is not valid base64 data")
      }
      code = code << 6 | UInt32(sextet)
      count += 1
      if count == 4 {
        out += [UInt8(code >> 16 & 0xFF), UInt8(code >> 8 & 0xFF), UInt8(code & 0xFF)]
        (code, count) = (0, 0)
      }
    }
    switch count {
    case 3: out += [UInt8(code >> 10 & 0xFF), UInt8(code >> 2 & 0xFF)]
    case 2: out.append(UInt8(code >> 4 & 0xFF))
    case 1:
      throw JQRuntimeError(message: "\(Describe.value(.string(text))) trailing base64 byte found")
    default: break
    }
    return JQText.decodingUTF8(out)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  private static func base64Value(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
    case UInt8(ascii: "+"): 62
    case UInt8(ascii: "/"): 63
    default: nil
    }
  }
}
