import TimeTravel

/// Swift source text for `--emit-test`: identifiers, string literals, raw string literals
/// holding recorded JSON, and literals for scalar values.
enum SwiftSource {
  /// Words that must be written in backticks to name a member.
  private static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "open", "operator", "private", "precedencegroup",
    "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
    "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as",
    "false", "is", "nil", "super", "throws", "true", "try", "any", "some",
  ]

  /// Whether `word` is an identifier (ASCII letters, digits and `_`, not starting with a
  /// digit): the member names the generator writes.
  static func isIdentifier(_ word: String) -> Bool {
    guard let first = word.unicodeScalars.first, !("0"..."9").contains(first) else {
      return false
    }
    return word.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || $0 == "_"
    }
  }

  /// `word` as a member name: in backticks when it is a keyword (`` `default` ``).
  static func memberName(_ word: String) -> String {
    keywords.contains(word) ? "`\(word)`" : word
  }

  /// A Swift string literal for `text`: `"`, `\` and every control or non-ASCII format
  /// character escaped, so the source holds no raw control characters.
  static func stringLiteral(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F || isInvisible(scalar) {
          out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  /// A raw string literal (`#"…"#`) holding `json` printed compactly, with as many `#` as
  /// it takes for no `"#…` inside to end it early. Compact JSON has no raw newline, and
  /// its escapes (`\n`, `\u0000`) stay as written, which is what the decoder reads.
  static func rawJSONLiteral(_ json: JSONValue) -> String {
    let text = JSONPrinter.compact.print(json)
    var longest = 0
    var run = -1
    for character in text {
      if character == "\"" {
        run = 0
      } else if character == "#", run >= 0 {
        run += 1
        longest = max(longest, run)
      } else {
        run = -1
      }
    }
    let hashes = String(repeating: "#", count: longest + 1)
    return "\(hashes)\"\(escapingInvisible(text))\"\(hashes)"
  }

  /// Line and paragraph separators and bidirectional controls, which Swift accepts in a
  /// literal but which would make the source misleading to read, written as JSON escapes
  /// (inside a JSON string, the only place compact JSON can hold them).
  private static func escapingInvisible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isInvisible) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      if isInvisible(scalar) {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// U+2028, U+2029 and the bidirectional formatting characters.
  private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  /// A literal for `value` where `typed`, the Swift value it decodes to, is one a literal
  /// can spell: a string, a `Bool`, an integer or floating-point number, `nil` for an
  /// optional, or `.name` for an enum case without payload (and without a custom
  /// description, which would hide the case's name). `nil` otherwise.
  static func literal(_ value: JSONValue, typed: Any) -> String? {
    var leaf = typed
    let mirror = Mirror(reflecting: typed)
    if mirror.displayStyle == .optional {
      guard let wrapped = mirror.children.first?.value else { return value == .null ? "nil" : nil }
      leaf = wrapped
    }
    switch value {
    case .string(let text):
      if leaf is String { return stringLiteral(text) }
      return caseLiteral(leaf)
    case .bool(let flag):
      return leaf is Bool ? String(flag) : nil
    case .number(let number):
      if leaf is any BinaryInteger { return number.isIntegerLiteral ? number.literal : nil }
      if leaf is Double || leaf is Float { return number.literal }
      return nil
    default:
      return nil
    }
  }

  /// `.name` for an enum value without payload.
  private static func caseLiteral(_ value: Any) -> String? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum, mirror.children.isEmpty,
      !(value is any CustomStringConvertible)
    else { return nil }
    let name = String(describing: value)
    return isIdentifier(name) ? "." + memberName(name) : nil
  }
}

extension JSONNumber {
  /// Whether the literal is written as an integer (no fraction, no exponent).
  fileprivate var isIntegerLiteral: Bool {
    literal.allSatisfy { $0 == "-" || $0.isASCII && $0.isNumber }
  }
}
