/// A strict RFC 8259 JSON parser producing ``JSONValue``.
///
/// - Numbers keep their literal text (no rounding, `-0` stays `-0`).
/// - Nesting depth is limited only by memory: containers are built with an
///   explicit stack, never by recursion.
/// - Strings must be valid UTF-8; escapes are decoded, and a lone surrogate
///   escape becomes U+FFFD, as in jq.
/// - A repeated object key keeps its last value, as in jq.
///
/// Errors name the line and column. Complexity: O(n) in the input's bytes.
public struct JSONParser {
  private let bytes: UnsafeBufferPointer<UInt8>
  /// The current byte offset; after ``parseNext()`` it is just past the value.
  public private(set) var offset: Int = 0

  /// A parser over `bytes`, which must stay valid while it is used.
  public init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// A parser over `bytes` that starts reading at `offset`, for parsing one
  /// member of a larger document in place; errors still count lines and
  /// columns from the start of `bytes`.
  init(bytes: UnsafeBufferPointer<UInt8>, offset: Int) {
    self.bytes = bytes
    self.offset = offset
  }

  /// Parses `text`, which must hold exactly one JSON value (whitespace around
  /// it is allowed).
  /// - Throws: ``JSONParseError`` naming the line and column of the problem.
  public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
    try parse(bytes: Array(text.utf8))
  }

  /// Parses the UTF-8 `bytes`, which must hold exactly one JSON value.
  /// - Throws: ``JSONParseError`` naming the line and column of the problem.
  public static func parse(bytes: some Sequence<UInt8>) throws(JSONParseError) -> JSONValue {
    let array = Array(bytes)
    let result: Result<JSONValue, JSONParseError> = array.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONParseError) in try parse(bytes: buffer) }
    }
    return try result.get()
  }

  /// Parses the UTF-8 `bytes`, which must hold exactly one JSON value.
  /// - Throws: ``JSONParseError`` naming the line and column of the problem.
  public static func parse(bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    parser.skipWhitespace()
    guard !parser.isAtEnd else { throw parser.error("expected a JSON value", truncated: true) }
    let value = try parser.parseNext()
    parser.skipWhitespace()
    guard parser.isAtEnd else { throw parser.error("unexpected data after the JSON value") }
    return value
  }

  /// Whether only whitespace remains. Skips it.
  public var isAtEnd: Bool {
    mutating get {
      skipWhitespace()
      return offset >= bytes.count
    }
  }

  /// Parses the next value after optional whitespace, leaving ``offset`` just
  /// past it; call repeatedly to read a stream of concatenated values, as jq
  /// does.
  /// - Throws: ``JSONParseError``.
  public mutating func parseNext() throws(JSONParseError) -> JSONValue {
    var stack: [Frame] = []
    skipWhitespace()
    while true {
      // Parse one value start.
      guard offset < bytes.count else {
        throw error(
          stack.isEmpty ? "expected a JSON value" : "unexpected end of input", truncated: true)
      }
      var value: JSONValue
      switch bytes[offset] {
      case UInt8(ascii: "{"):
        offset += 1
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
          offset += 1
          value = .object(JSONObject())
        } else {
          let key = try parseKey()
          stack.append(.object(keys: [key], values: []))
          skipWhitespace()
          continue
        }
      case UInt8(ascii: "["):
        offset += 1
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
          offset += 1
          value = .array(JSONArray())
        } else {
          stack.append(.array([]))
          continue
        }
      case UInt8(ascii: "\""): value = .string(try parseString())
      case UInt8(ascii: "t"): value = try parseLiteral("true", .bool(true))
      case UInt8(ascii: "f"): value = try parseLiteral("false", .bool(false))
      case UInt8(ascii: "n"): value = try parseLiteral("null", .null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        value = .number(try parseNumber())
      default:
        throw error("unexpected \(describeByte(at: offset)); expected a JSON value")
      }
      // Attach the completed value to its parent, closing parents as needed.
      while true {
        guard var frame = stack.popLast() else { return value }
        skipWhitespace()
        switch frame {
        case .array(var elements):
          frame = .array([])  // release the buffer so the append below doesn't copy
          elements.append(value)
          switch peek {
          case UInt8(ascii: ","):
            offset += 1
            skipWhitespace()
            stack.append(.array(elements))
          case UInt8(ascii: "]"):
            offset += 1
            value = .array(JSONArray(elements))
            continue
          case nil: throw error("unexpected end of input in an array", truncated: true)
          default:
            throw error(
              "expected ',' or ']' after an array element, found \(describeByte(at: offset))")
          }
        case .object(var keys, var values):
          frame = .array([])
          values.append(value)
          switch peek {
          case UInt8(ascii: ","):
            offset += 1
            skipWhitespace()
            keys.append(try parseKey())
            skipWhitespace()
            stack.append(.object(keys: keys, values: values))
          case UInt8(ascii: "}"):
            offset += 1
            value = .object(JSONObject(keys: keys, values: values))
            continue
          case nil: throw error("unexpected end of input in an object", truncated: true)
          default:
            throw error(
              "expected ',' or '}' after an object member, found \(describeByte(at: offset))")
          }
        }
        _ = frame
        break
      }
    }
  }

  private enum Frame {
    case array([JSONValue])
    case object(keys: [String], values: [JSONValue])
  }

  private var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

  /// Skips JSON whitespace (space, tab, line feed, carriage return).
  public mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x09, 0x0A, 0x0D: offset += 1
      default: return
      }
    }
  }

  /// Parses `"key"` followed by `:`, leaving the offset after the colon.
  private mutating func parseKey() throws(JSONParseError) -> String {
    guard let byte = peek else {
      throw error("unexpected end of input in an object", truncated: true)
    }
    guard byte == UInt8(ascii: "\"") else {
      throw error("expected a string key, found \(describeByte(at: offset))")
    }
    let key = try parseString()
    skipWhitespace()
    guard let colon = peek else {
      throw error("unexpected end of input after an object key", truncated: true)
    }
    guard colon == UInt8(ascii: ":") else {
      throw error("expected ':' after an object key, found \(describeByte(at: offset))")
    }
    offset += 1
    skipWhitespace()
    return key
  }

  private mutating func parseLiteral(_ word: StaticString, _ value: JSONValue)
    throws(JSONParseError) -> JSONValue
  {
    let count = word.utf8CodeUnitCount
    let start = offset
    for i in 0..<count {
      guard start + i < bytes.count else {
        offset = start + i
        throw error("unexpected end of input in '\(word)'", truncated: true)
      }
      guard bytes[start + i] == word.utf8Start[i] else {
        offset = start
        throw error("unexpected \(describeByte(at: start)); expected a JSON value")
      }
    }
    offset = start + count
    return value
  }

  private mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
    let start = offset
    if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    func digits(_ parser: inout JSONParser, what: String) throws(JSONParseError) {
      guard let d = parser.peek else {
        throw parser.error("unexpected end of input in a number", truncated: true)
      }
      guard d.isASCIIDigit else {
        throw parser.error(
          "expected a digit \(what), found \(parser.describeByte(at: parser.offset))")
      }
      while let d = parser.peek, d.isASCIIDigit { parser.offset += 1 }
    }
    if peek == UInt8(ascii: "0") {
      offset += 1
      if let d = peek, d.isASCIIDigit { throw error("a number cannot have a leading zero") }
    } else {
      try digits(&self, what: "in a number")
    }
    if peek == UInt8(ascii: ".") {
      offset += 1
      try digits(&self, what: "after the decimal point")
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      offset += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { offset += 1 }
      try digits(&self, what: "in the exponent")
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    return JSONNumber(validatedLiteral: text)
  }

  private mutating func parseString() throws(JSONParseError) -> String {
    let quote = offset
    offset += 1
    let start = offset
    var ascii = true
    // Fast path: no escapes.
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<offset])
        offset += 1
        if ascii { return String(decoding: raw, as: UTF8.self) }
        guard let s = String(validating: raw, as: UTF8.self) else {
          offset = start + invalidUTF8Offset(raw)
          throw error("invalid UTF-8 in a string")
        }
        return s
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 {
        throw error("unescaped control character \(describeByte(at: offset)) in a string")
      }
      if byte >= 0x80 { ascii = false }
      offset += 1
    }
    guard offset < bytes.count else {
      throw error("unterminated string starting at column \(column(of: quote))", truncated: true)
    }
    // Slow path: decode escapes into a scalar buffer.
    var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
    while offset < bytes.count {
      let byte = bytes[offset]
      switch byte {
      case UInt8(ascii: "\""):
        offset += 1
        guard let s = String(validating: utf8, as: UTF8.self) else {
          offset = quote
          throw error("invalid UTF-8 in a string")
        }
        return s
      case UInt8(ascii: "\\"):
        offset += 1
        guard let escape = peek else { break }
        offset += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try parseHex4()
          if (0xD800..<0xDC00).contains(scalar), peek == UInt8(ascii: "\\"),
            offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u")
          {
            let save = offset
            offset += 2
            let low = try parseHex4()
            if (0xDC00..<0xE000).contains(low) {
              scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else {
              offset = save
            }
          }
          let s = Unicode.Scalar(scalar) ?? "\u{FFFD}"
          utf8.append(contentsOf: String(s).utf8)
        default:
          offset -= 2
          throw error("invalid escape '\\\(String(decoding: [escape], as: UTF8.self))' in a string")
        }
      default:
        if byte < 0x20 {
          throw error("unescaped control character \(describeByte(at: offset)) in a string")
        }
        utf8.append(byte)
        offset += 1
      }
    }
    throw error("unterminated string starting at column \(column(of: quote))", truncated: true)
  }

  private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek else {
        throw error("unexpected end of input in a \\u escape", truncated: true)
      }
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("expected 4 hex digits after \\u, found \(describeByte(at: offset))")
      }
      value = value << 4 | UInt32(digit)
      offset += 1
    }
    return value
  }

  private func invalidUTF8Offset(_ raw: UnsafeBufferPointer<UInt8>) -> Int {
    var iterator = raw.makeIterator()
    var decoder = UTF8()
    var position = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let s): position += UTF8.width(s)
      case .emptyInput: return position
      case .error: return position
      }
    }
  }

  // MARK: Errors

  /// An error at the current offset.
  func error(_ message: String, truncated: Bool = false) -> JSONParseError {
    let (line, column) = lineAndColumn(of: min(offset, bytes.count))
    return JSONParseError(
      message: message, offset: offset, line: line, column: column, isTruncated: truncated)
  }

  private func column(of position: Int) -> Int { lineAndColumn(of: position).column }

  private func lineAndColumn(of position: Int) -> (line: Int, column: Int) {
    var line = 1
    var lineStart = 0
    for i in 0..<position where bytes[i] == 0x0A {
      line += 1
      lineStart = i + 1
    }
    // Count scalars, not bytes: UTF-8 continuation bytes are 0b10xxxxxx.
    var column = 1
    for i in lineStart..<position where bytes[i] & 0xC0 != 0x80 { column += 1 }
    return (line, column)
  }

  func describeByte(at position: Int) -> String {
    guard position < bytes.count else { return "end of input" }
    let byte = bytes[position]
    switch byte {
    case 0x20..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
    default: return "byte 0x\(String(byte, radix: 16, uppercase: true).leftPadded(to: 2))"
    }
  }
}

extension String {
  func leftPadded(to width: Int, with pad: Character = "0") -> String {
    count >= width ? self : String(repeating: pad, count: width - count) + self
  }
}
