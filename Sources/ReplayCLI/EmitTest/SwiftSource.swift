import TimeTravel

/// Swift source text for `--emit-test`: identifiers, string literals, raw string literals
/// holding recorded JSON, and literals for scalar values.
///
/// Every piece of text that comes from a log reaches the source through ``literal(_:)``
/// (a string literal that evaluates to exactly that text) or ``comment(_:)`` (the same
/// escapes, for a `//` comment), which share one rule, ``needsEscape(_:after:)``; member
/// and case names are written only when ``isIdentifier(_:)`` (ASCII) holds. So no log
/// content reaches code position: `SwiftSourceLiteralTests` compiles literals of random and
/// hostile strings and checks their values round-trip.
enum SwiftSource {
  /// Words written in backticks to name a member: the keywords, and the names that mean
  /// something else after a dot (`$0.self`, `.Type`).
  private static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "open", "operator", "private", "precedencegroup",
    "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
    "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as",
    "false", "is", "nil", "super", "throws", "true", "try", "any", "some", "self", "Self",
    "Type", "Protocol",
  ]

  /// Whether `word` is an identifier (ASCII letters, digits and `_`, not starting with a
  /// digit, and not `_` alone): the member names the generator writes.
  static func isIdentifier(_ word: String) -> Bool {
    guard let first = word.unicodeScalars.first, !("0"..."9").contains(first), word != "_" else {
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

  /// A Swift string literal that evaluates to exactly `text`, whatever it holds: the one
  /// function the generator writes text from a log with.
  ///
  /// Text without `"` or `\` is written `"…"`. Text with them (recorded JSON, mostly) is
  /// written raw, `#"…"#`, with one `#` more than the longest run of `#` after any `"` or
  /// `\` in it, so that neither `"#…` can end the literal nor `\#…(` interpolate (a to-do
  /// titled `\#(exit(42))` stays text). Scalars that ``needsEscape(_:after:)`` are written
  /// as escapes (`\n`, `\u{202E}`; `\#u{…}` in a raw literal), so the source holds no raw
  /// line break, control or bidi character, and nothing that could join a delimiter.
  static func literal(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    guard scalars.contains(where: { $0 == "\"" || $0 == "\\" }) else {
      return "\"" + escaped(scalars, escape: "\\") + "\""
    }
    var longest = 0
    var run = -1
    for scalar in scalars {
      if scalar == "\"" || scalar == "\\" {
        run = 0
      } else if scalar == "#", run >= 0 {
        run += 1
        longest = max(longest, run)
      } else {
        run = -1
      }
    }
    let hashes = String(repeating: "#", count: longest + 1)
    // A leading `""`, or a lone `"`, would make the opening `#"""` (a multi-line literal).
    let body =
      scalars.first == "\"" && (scalars.count == 1 || scalars[1] == "\"")
      ? "\\" + hashes + "u{22}" + escaped(Array(scalars.dropFirst()), escape: "\\" + hashes)
      : escaped(scalars, escape: "\\" + hashes)
    return hashes + "\"" + body + "\"" + hashes
  }

  /// `text` for a `//` comment: the escapes of ``literal(_:)``, so no line break ends the
  /// comment early and nothing invisible hides in it; quotes and backslashes stay.
  static func comment(_ text: String) -> String {
    escaped(Array(text.unicodeScalars), escape: "\\")
  }

  /// The scalars, each escaped (`escape` then `n`, `r`, `t` or `u{X}`) where
  /// ``needsEscape(_:after:)`` says, else as it is.
  private static func escaped(_ scalars: [Unicode.Scalar], escape: String) -> String {
    var out = ""
    var previous: Unicode.Scalar?
    for scalar in scalars {
      if needsEscape(scalar, after: previous) {
        switch scalar {
        case "\n": out += escape + "n"
        case "\r": out += escape + "r"
        case "\t": out += escape + "t"
        default: out += escape + "u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
        // An escape ends in ASCII: a mark after it is escaped too.
        previous = "}"
      } else {
        out.unicodeScalars.append(scalar)
        previous = scalar
      }
    }
    return out
  }

  /// Whether `scalar`, following `previous` as written (`nil` at the start), is written
  /// as an escape: controls (C0, DEL, C1), line and paragraph separators, every space but
  /// U+0020, format characters (bidi controls, zero-width joiners, the byte order mark),
  /// private-use, unassigned and noncharacter code points, and combining marks after an
  /// ASCII character or an escape (where they would join a quote, a `#`, a `}`), so a
  /// literal shows every character it holds and none can change how it reads.
  static func needsEscape(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?) -> Bool {
    if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
    switch scalar.properties.generalCategory {
    case .control, .format, .privateUse, .unassigned, .surrogate, .lineSeparator,
      .paragraphSeparator, .spaceSeparator:
      return true
    case .nonspacingMark, .spacingMark, .enclosingMark:
      return previous.map(\.isASCII) ?? true
    default:
      return scalar.properties.isNoncharacterCodePoint
    }
  }

  /// A raw string literal (``literal(_:)``) holding `json` printed compactly. Compact JSON
  /// has no raw newline, and its escapes (`\n`, `\u0000`) stay as written, which is what the
  /// decoder reads; line and paragraph separators and bidi controls inside its strings are
  /// written as JSON escapes too, which read better than Swift's.
  static func rawJSONLiteral(_ json: JSONValue) -> String {
    literal(escapingInvisible(JSONPrinter.compact.print(json)))
  }

  /// Line and paragraph separators and bidirectional controls, which would make the source
  /// misleading to read, written as JSON escapes (inside a JSON string, the only place
  /// compact JSON can hold them).
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
      if leaf is String { return literal(text) }
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
