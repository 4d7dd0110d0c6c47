import TimeTravelJSON

/// One piece of a jq string literal: plain text, or an interpolated `\(…)`
/// whose tokens the parser compiles as a sub-program.
enum StringPart: Equatable {
  case text(String)
  case interpolation([Token])
}

/// A lexical token of a jq program.
enum TokenKind: Equatable {
  /// `.name`; `.` followed by a string is lexed as `.` then the string.
  case field(String)
  /// A bare word: a keyword or a function name.
  case ident(String)
  /// `$name`, without the `$`.
  case variable(String)
  /// A number's literal text.
  case number(String)
  case string([StringPart])
  /// `@base64` and friends, without the `@`.
  case format(String)
  /// Operators and punctuation, e.g. `|=`, `//`, `..`.
  case punct(String)
  case eof
}

extension TokenKind {
  /// How a syntax error names the token: `'|'`, `'.name'`, `number 3`, `string literal`.
  var displayName: String {
    switch self {
    case .eof: "end of input"
    case .punct(let p): "'\(p)'"
    case .ident(let s): "'\(s)'"
    case .field(let s): "'.\(s)'"
    case .variable(let s): "'$\(s)'"
    case .number(let s): "number \(s)"
    case .string: "string literal"
    case .format(let s): "'@\(s)'"
    }
  }
}

/// A token and the 1-based character column where it starts.
struct Token: Equatable {
  var kind: TokenKind
  var column: Int
}

/// Splits jq source into tokens. String interpolations are lexed eagerly into
/// nested token lists, so the parser never has to rescan characters.
///
/// The source is read as Unicode scalars, as jq reads code points: a quote or a
/// backslash followed by a combining mark is still a quote or a backslash (as Swift
/// `Character`s they would merge into one). Columns count `Character`s, as a
/// terminal shows them.
struct Lexer {
  private let chars: [Unicode.Scalar]
  /// The 1-based `Character` column of each scalar, and of the end.
  private let columns: [Int]
  private let source: String
  private var index = 0

  init(_ source: String) {
    self.source = source
    self.chars = Array(source.unicodeScalars)
    // In ASCII without a carriage return (whose `\r\n` is one `Character`), each scalar
    // is a character: the columns are counted without breaking the text into characters,
    // which costs more than lexing it.
    if source.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
      self.columns = Array(1...chars.count + 1)
      return
    }
    var columns: [Int] = []
    columns.reserveCapacity(chars.count + 1)
    for (offset, character) in source.enumerated() {
      columns.append(contentsOf: repeatElement(offset + 1, count: character.unicodeScalars.count))
    }
    columns.append((columns.last ?? 0) + 1)
    self.columns = columns
  }

  /// All tokens, ending with `.eof`.
  static func tokenize(_ source: String) throws(JQSyntaxError) -> [Token] {
    var lexer = Lexer(source)
    var tokens = try lexer.lex(untilCloseParen: false)
    tokens.append(Token(kind: .eof, column: lexer.column(lexer.index)))
    return tokens
  }

  private func column(_ position: Int) -> Int { columns[min(position, columns.count - 1)] }

  private func error(_ message: String, at position: Int) -> JQSyntaxError {
    JQSyntaxError(message: message, column: column(position), source: source)
  }

  // Operators, longest first so `//=` wins over `//` and `/`, each with its scalars.
  private static let punctuation: [(text: String, scalars: [Unicode.Scalar])] = [
    "?//", "//=", "|=", "+=", "-=", "*=", "/=", "%=", "==", "!=", "<=", ">=", "//", "..",
    ".", "[", "]", "{", "}", "(", ")", "|", ",", ":", ";", "=", "<", ">", "+", "-", "*",
    "/", "%", "?",
  ].sorted { $0.count > $1.count }.map { ($0, Array($0.unicodeScalars)) }

  /// Lexes up to end of input, or (inside `\(`) up to the `)` that balances it.
  private mutating func lex(untilCloseParen: Bool) throws(JQSyntaxError) -> [Token] {
    var tokens: [Token] = []
    var depth = 0
    while true {
      skipTrivia()
      guard index < chars.count else {
        if untilCloseParen {
          throw error("unterminated string interpolation, expected ')'", at: index)
        }
        return tokens
      }
      let start = index
      let c = chars[index]
      if untilCloseParen {
        if c == "(" { depth += 1 }
        if c == ")" {
          if depth == 0 {
            index += 1
            return tokens
          }
          depth -= 1
        }
      }
      if c == "\"" {
        tokens.append(Token(kind: .string(try lexString()), column: column(start)))
      } else if c.isJQDigit || (c == "." && peek(1)?.isJQDigit == true) {
        tokens.append(Token(kind: .number(lexNumber()), column: column(start)))
      } else if c == "." && (peek(1).map { $0.isJQIdentStart } ?? false) {
        index += 1
        tokens.append(Token(kind: .field(lexWord()), column: column(start)))
      } else if c == "$" {
        index += 1
        guard index < chars.count, chars[index].isJQIdentStart else {
          throw error("expected a variable name after '$'", at: start)
        }
        tokens.append(Token(kind: .variable(lexWord()), column: column(start)))
      } else if c == "@" {
        index += 1
        guard index < chars.count, chars[index].isJQIdentStart else {
          throw error("expected a format name after '@'", at: start)
        }
        tokens.append(Token(kind: .format(lexWord()), column: column(start)))
      } else if c.isJQIdentStart {
        tokens.append(Token(kind: .ident(lexWord()), column: column(start)))
      } else if let op = Self.punctuation.first(where: { matches($0.scalars) }) {
        index += op.scalars.count
        tokens.append(Token(kind: .punct(op.text), column: column(start)))
      } else {
        throw error("unexpected character '\(c.escaped(asASCII: false))'", at: start)
      }
    }
  }

  private func peek(_ offset: Int) -> Unicode.Scalar? {
    index + offset < chars.count ? chars[index + offset] : nil
  }

  private func matches(_ op: [Unicode.Scalar]) -> Bool {
    guard index + op.count <= chars.count else { return false }
    for k in op.indices where chars[index + k] != op[k] { return false }
    return true
  }

  private mutating func skipTrivia() {
    while index < chars.count {
      let c = chars[index]
      // ASCII's white space without a look-up of the scalar's properties.
      if c.value < 0x80 ? c == " " || (0x09...0x0D).contains(c.value) : c.properties.isWhitespace {
        index += 1
      } else if chars[index] == "#" {
        while index < chars.count, chars[index] != "\n" { index += 1 }
      } else {
        return
      }
    }
  }

  private mutating func lexWord() -> String {
    let start = index
    while index < chars.count,
      chars[index].isJQIdentContinue
        || (chars[index] == ":" && peek(1) == ":" && peek(2)?.isJQIdentStart == true)
    {
      index += chars[index] == ":" ? 2 : 1
    }
    return asciiText(start..<index)
  }

  private mutating func lexNumber() -> String {
    let start = index
    while index < chars.count, chars[index].isJQDigit { index += 1 }
    if index < chars.count, chars[index] == "." {
      index += 1
      while index < chars.count, chars[index].isJQDigit { index += 1 }
    }
    if index < chars.count, chars[index] == "e" || chars[index] == "E" {
      var j = index + 1
      if j < chars.count, chars[j] == "+" || chars[j] == "-" { j += 1 }
      if j < chars.count, chars[j].isJQDigit {
        index = j
        while index < chars.count, chars[index].isJQDigit { index += 1 }
      }
    }
    return asciiText(start..<index)
  }

  /// The scalars at `range`, all ASCII (a word's or a number's), as a string: built from
  /// their bytes, not scalar by scalar.
  private func asciiText(_ range: Range<Int>) -> String {
    String(unsafeUninitializedCapacity: range.count) { buffer in
      for (k, i) in range.enumerated() { buffer[k] = UInt8(truncatingIfNeeded: chars[i].value) }
      return range.count
    }
  }

  private mutating func lexString() throws(JQSyntaxError) -> [StringPart] {
    let start = index
    index += 1
    var parts: [StringPart] = []
    var text = ""
    var pendingHigh: UInt32?
    while true {
      guard index < chars.count else { throw error("unterminated string literal", at: start) }
      let c = chars[index]
      if c == "\"" {
        index += 1
        break
      }
      if c != "\\" {
        if pendingHigh != nil { text.unicodeScalars.append("\u{FFFD}") }
        pendingHigh = nil
        text.unicodeScalars.append(c)
        index += 1
        continue
      }
      let escapeStart = index
      index += 1
      guard index < chars.count else { throw error("unterminated string literal", at: start) }
      let e = chars[index]
      index += 1
      if e != "u", pendingHigh != nil {
        text.unicodeScalars.append("\u{FFFD}")
        pendingHigh = nil
      }
      switch e {
      case "\"": text.append("\"")
      case "\\": text.append("\\")
      case "/": text.append("/")
      case "b": text.append("\u{08}")
      case "f": text.append("\u{0C}")
      case "n": text.append("\n")
      case "r": text.append("\r")
      case "t": text.append("\t")
      case "u":
        guard index + 4 <= chars.count,
          chars[index..<index + 4].allSatisfy(\.properties.isASCIIHexDigit),
          let code = UInt32(String(String.UnicodeScalarView(chars[index..<index + 4])), radix: 16)
        else { throw error("invalid \\u escape in string literal", at: escapeStart) }
        index += 4
        if (0xD800..<0xDC00).contains(code) {
          // A high surrogate waits for its low half; alone it is U+FFFD, as in jq 1.7.
          if pendingHigh != nil { text.unicodeScalars.append("\u{FFFD}") }
          pendingHigh = code
          continue
        }
        if (0xDC00..<0xE000).contains(code), let high = pendingHigh {
          let scalar = 0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)
          text.unicodeScalars.append(Unicode.Scalar(scalar)!)
        } else {
          if pendingHigh != nil { text.unicodeScalars.append("\u{FFFD}") }
          text.unicodeScalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
        }
      case "(":
        if !text.isEmpty { parts.append(.text(text)) }
        text = ""
        parts.append(.interpolation(try lex(untilCloseParen: true)))
      default:
        throw error(
          "invalid escape '\\\(e.escaped(asASCII: false))' in string literal", at: escapeStart)
      }
      pendingHigh = nil
    }
    if pendingHigh != nil { text.unicodeScalars.append("\u{FFFD}") }
    if !text.isEmpty || parts.isEmpty { parts.append(.text(text)) }
    return parts
  }
}

extension Unicode.Scalar {
  var isJQDigit: Bool { ("0"..."9").contains(self) }
  var isJQIdentStart: Bool {
    self == "_" || ("a"..."z").contains(self) || ("A"..."Z").contains(self)
  }
  var isJQIdentContinue: Bool { isJQIdentStart || isJQDigit }
}
