import Foundation
import TimeTravelJSON

/// jq's `@format` string filters.
enum Formats {
  static let names: Set<String> = [
    "text", "json", "csv", "tsv", "html", "uri", "sh", "base64", "base64d", "base32",
  ]

  static func apply(_ name: String, to v: JSONValue) throws -> String {
    switch name {
    case "text": return Builtins.tostring(v)
    case "json": return JSONPrinter.compact.print(v)
    case "html":
      var out = ""
      for c in Builtins.tostring(v).unicodeScalars {
        switch c {
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "&": out += "&amp;"
        case "'": out += "&#39;"
        case "\"": out += "&quot;"
        default: out.unicodeScalars.append(c)
        }
      }
      return out
    case "uri":
      var out = ""
      for byte in Builtins.tostring(v).utf8 {
        let c = Character(Unicode.Scalar(byte))
        if byte < 0x80, c.isLetter || c.isNumber || "-_.~".contains(c) {
          out.append(c)
        } else {
          out += String(format: "%%%02X", byte)
        }
      }
      return out
    case "csv", "tsv":
      guard case .array(let a) = v else {
        throw JQRuntimeError(
          message: "\(Describe.value(v)) cannot be \(name)-formatted, only an array can be")
      }
      return try a.map { item -> String in
        switch item {
        case .number(let n): return n.literal
        case .bool(let b): return b ? "true" : "false"
        case .null: return ""
        case .string(let s):
          if name == "csv" { return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
          return s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
            of: "\t", with: "\\t"
          )
          .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
        default:
          throw JQRuntimeError(message: "\(Describe.value(item)) is not valid in a csv row")
        }
      }.joined(separator: name == "csv" ? "," : "\t")
    case "sh":
      func quote(_ item: JSONValue) throws -> String {
        switch item {
        case .string(let s): return "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
        case .array, .object:
          throw JQRuntimeError(message: "\(Describe.value(item)) can not be escaped for shell")
        default: return JSONPrinter.compact.print(item)
        }
      }
      if case .array(let a) = v { return try a.map(quote).joined(separator: " ") }
      return try quote(v)
    case "base64":
      return Data(Builtins.tostring(v).utf8).base64EncodedString()
    case "base64d":
      var text = Builtins.tostring(v).trimmingCharacters(in: CharacterSet(charactersIn: "="))
      while text.count % 4 != 0 { text += "=" }
      guard let data = Data(base64Encoded: text) else {
        throw JQRuntimeError(message: "\(Describe.value(v)) is not valid base64 data")
      }
      return String(decoding: data, as: UTF8.self)
    default:
      throw JQRuntimeError(message: "\(name) is not a valid format")
    }
  }
}
