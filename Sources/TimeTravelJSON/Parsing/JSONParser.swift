import Foundation

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
  let bytes: UnsafeBufferPointer<UInt8>
  /// The current byte offset; after ``parseNext()`` it is just past the value.
  public internal(set) var offset: Int = 0
  /// Whether the bytes are known to be valid JSON (a lazily built container, checked by
  /// the validating scan): strings are then taken as the valid UTF-8 they are, without
  /// checking them again.
  var isValidated = false
  /// Whether ``parseNext()`` shares a repeated leaf container instead of building it
  /// again (see `LeafCache`); off only to check that sharing changes no value.
  package var sharesLeaves = true

  /// A parser over `bytes`, which must stay valid while it is used.
  public init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// A parser over `bytes` that starts reading at `offset`, for parsing one
  /// member of a larger document in place; errors still count lines and
  /// columns from the start of `bytes`.
  package init(bytes: UnsafeBufferPointer<UInt8>, offset: Int) {
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
  ///
  /// The whole input is checked before this returns, but containers of 512 bytes or
  /// more are built on first access, one level at a time: reading a few fields of a
  /// large document costs a fraction of building all of it (see `JSONLazyDocument`).
  /// Such a value keeps a copy of `bytes` while it lives. Reading it from several
  /// threads at once is safe.
  /// - Throws: ``JSONParseError`` naming the line and column of the problem.
  /// - Complexity: O(n) in the bytes to check them; building a container is O(its
  ///   size, less its large children), once.
  public static func parse(bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
    if bytes.count >= JSONLazyDocument.minimumLazyBytes,
      let value = JSONLazyDocument.value(parsing: bytes)
    {
      return value
    }
    return try parse(eagerly: bytes)
  }

  /// Parses `bytes`, building every container now.
  /// - Throws: ``JSONParseError`` naming the line and column of the problem.
  static func parse(eagerly bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
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
  ///
  /// As in jq, a number, `true`, `false` or `null` must end at whitespace or a
  /// delimiter (`[]{},:"`): `1true` is one invalid token, not `1` then `true`.
  public mutating func parseNext() throws(JSONParseError) -> JSONValue {
    try parseNext(small: false)
  }

  /// ``parseNext()`` for a value known to be small (a member of a log entry such as its
  /// action): when `small`, its containers are built without a key cache, shared key
  /// arrays or shared leaves, which cost more to set up and tear down than a few
  /// hundred bytes repeat.
  package mutating func parseNext(small: Bool) throws(JSONParseError) -> JSONValue {
    skipWhitespace()
    let value: JSONValue
    if let first = peek, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
      var scratch = ParseScratch(cachingKeys: !small)
      if !sharesLeaves { scratch.leaves.isEnabled = false }
      value = try parseValue(&scratch)
    } else {
      // A scalar needs no stacks, and no key cache, which costs three allocations and 64
      // strings to set up and tear down (a `seq` read from its bytes, say).
      value = try parseScalar()
    }
    switch value {
    case .number, .bool, .null:
      if let next = peek, !Self.endsToken(next) {
        throw error(
          "unexpected \(describeByte(at: offset)) after '\(JSONPrinter.compact.print(value))'; "
            + "separate values with whitespace")
      }
    default: break
    }
    return value
  }

  /// Whether `byte` ends a bare token (number or literal) in a stream of values.
  private static func endsToken(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x20, 0x09, 0x0A, 0x0D: true
    case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
      UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "\""):
      true
    default: false
    }
  }

  /// Parses the value at ``offset`` (no leading whitespace), leaving ``offset`` just
  /// past it. `scratch` is left as it was found when the parse succeeds.
  mutating func parseValue(_ scratch: inout ParseScratch) throws(JSONParseError) -> JSONValue {
    // Open containers' elements and keys wait on two shared stacks and are moved into
    // an exactly sized array when the container closes: one allocation per array, no
    // regrowth, no copies.
    let frameBase = scratch.frames.count
    nextValue: while true {
      // Parse one value start.
      guard offset < bytes.count else {
        throw error(
          scratch.frames.count == frameBase ? "expected a JSON value" : "unexpected end of input",
          truncated: true)
      }
      var value: JSONValue
      // The nesting depth of `value`'s tree (0 for a scalar), for its parent's storage.
      var valueDepth = 0
      switch bytes[offset] {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        if let (leaf, length) = scratch.leaves.find(in: bytes, at: offset) {
          value = leaf
          offset += length
        } else if let empty = try open(&scratch) {
          value = empty
        } else {
          continue
        }
        valueDepth = 1
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
        guard scratch.frames.count > frameBase, let frame = scratch.frames.last else {
          return value
        }
        scratch.values.push(consume value)
        if valueDepth > frame.childDepth {
          scratch.frames[scratch.frames.count - 1].childDepth = valueDepth
        }
        skipWhitespace()
        if frame.isObject {
          switch peek {
          case UInt8(ascii: ","):
            offset += 1
            skipWhitespace()
            scratch.keys.push(try parseKey(scratch.keyCache))
            continue nextValue
          case UInt8(ascii: "}"):
            offset += 1
            scratch.frames.removeLast()
            let elements = scratch.values.popArray(from: frame.start)
            valueDepth = max(frame.childDepth, valueDepth) + 1
            value = .object(
              scratch.shapes.object(
                keys: &scratch.keys, from: frame.keyStart, values: elements, depth: valueDepth))
            scratch.leaves.keep(value, depth: valueDepth, from: bytes, frame.byteStart..<offset)
            continue
          case nil: throw error("unexpected end of input in an object", truncated: true)
          default:
            throw error(
              "expected ',' or '}' after an object member, found \(describeByte(at: offset))")
          }
        } else {
          switch peek {
          case UInt8(ascii: ","):
            offset += 1
            skipWhitespace()
            continue nextValue
          case UInt8(ascii: "]"):
            offset += 1
            scratch.frames.removeLast()
            valueDepth = max(frame.childDepth, valueDepth) + 1
            value = .array(
              JSONArray(elements: scratch.values.popArray(from: frame.start), depth: valueDepth))
            scratch.leaves.keep(value, depth: valueDepth, from: bytes, frame.byteStart..<offset)
            continue
          case nil: throw error("unexpected end of input in an array", truncated: true)
          default:
            throw error(
              "expected ',' or ']' after an array element, found \(describeByte(at: offset))")
          }
        }
      }
    }
  }

  /// Opens the container whose bracket is at ``offset``: its empty value when it closes at
  /// once, else `nil`, with its frame pushed (and an object's first key read).
  @inline(__always)
  private mutating func open(_ scratch: inout ParseScratch) throws(JSONParseError) -> JSONValue? {
    let opening = offset
    let isObject = bytes[offset] == UInt8(ascii: "{")
    offset += 1
    skipWhitespace()
    if peek == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
      offset += 1
      return isObject ? .object(JSONObject()) : .array(JSONArray())
    }
    scratch.frames.append(
      Frame(
        isObject: isObject, start: scratch.values.count, keyStart: scratch.keys.count,
        byteStart: opening))
    if isObject { scratch.keys.push(try parseKey(scratch.keyCache)) }
    return nil
  }

  /// Parses the scalar at ``offset`` (no leading whitespace; its first byte is not `{`
  /// or `[`), leaving ``offset`` just past it: ``parseValue(_:)`` for a value that needs
  /// no stacks.
  mutating func parseScalar() throws(JSONParseError) -> JSONValue {
    guard offset < bytes.count else { throw error("expected a JSON value", truncated: true) }
    switch bytes[offset] {
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(try parseNumber())
    default:
      throw error("unexpected \(describeByte(at: offset)); expected a JSON value")
    }
  }

  /// An open container: where its elements (and keys) start on the shared stacks, and
  /// the deepest nesting among its elements' trees so far.
  struct Frame {
    var isObject: Bool
    var start: Int
    var keyStart: Int
    /// The offset of the container's opening bracket.
    var byteStart: Int
    var childDepth = 0
  }

  var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

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
  mutating func parseKey(_ cache: borrowing KeyCache) throws(JSONParseError) -> String {
    guard let byte = peek else {
      throw error("unexpected end of input in an object", truncated: true)
    }
    guard byte == UInt8(ascii: "\"") else {
      throw error("expected a string key, found \(describeByte(at: offset))")
    }
    let key: String
    if let (cached, end) = cache.key(in: bytes, quoteAt: offset) {
      key = cached
      offset = end
    } else {
      key = try parseString()
    }
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
    // The common case, the whole word present: one four-byte compare (and one more
    // byte for `false`).
    if start + count <= bytes.count {
      let base = UnsafeRawPointer(bytes.baseAddress!) + start
      let expected = UnsafeRawPointer(word.utf8Start)
      if base.loadUnaligned(as: UInt32.self) == expected.loadUnaligned(as: UInt32.self),
        count == 4 || base.load(fromByteOffset: 4, as: UInt8.self) == word.utf8Start[4]
      {
        offset = start + count
        return value
      }
    }
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
    let text = String(
      validUTF8: UnsafeBufferPointer(rebasing: bytes[start..<offset]), isASCII: true)
    return JSONNumber(validatedLiteral: text)
  }

  private mutating func parseString() throws(JSONParseError) -> String {
    let quote = offset
    offset += 1
    let start = offset
    var ascii = true
    // Fast path: no escapes. Eight bytes at a time while none of them is a quote, a
    // backslash or a control character.
    let base = UnsafeRawPointer(bytes.baseAddress!)
    while offset + 8 <= bytes.count {
      let word = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      if Self.hasSpecialByte(word) { break }
      if word & 0x8080_8080_8080_8080 != 0 { ascii = false }
      offset += 8
    }
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<offset])
        offset += 1
        if ascii { return String(validUTF8: raw, isASCII: true) }
        if isValidated { return String(validUTF8: raw, isASCII: false) }
        return try decodeUTF8(raw, at: start)
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
        guard let decoded = utf8.withUnsafeBufferPointer(Self.exactString) else {
          // Escapes decode to valid UTF-8, so the first invalid byte is in the input.
          let raw = UnsafeBufferPointer(rebasing: bytes[(quote + 1)..<(offset - 1)])
          offset = quote + 1 + invalidUTF8Offset(raw)
          throw error("invalid UTF-8 in a string")
        }
        return decoded
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
          // A byte a terminal would act on is named, not quoted.
          guard (0x20..<0x7F).contains(escape) else {
            throw error(
              "invalid escape: a backslash before \(describeByte(at: offset + 1)) in a string")
          }
          throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string")
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

  /// Whether a byte of `word` is `"`, `\\` or below 0x20.
  @inline(__always)
  private static func hasSpecialByte(_ word: UInt64) -> Bool {
    let flags =
      SWAR.zeroBytes(word ^ SWAR.repeated(0x22)) | SWAR.zeroBytes(word ^ SWAR.repeated(0x5C))
      | SWAR.controlBytes(word)
    return flags != 0
  }

  /// `raw` as a string when it is valid UTF-8, else `nil`.
  ///
  /// Checked here, eight bytes at a time while they are ASCII and with the validator's
  /// own check of each longer sequence (`JSONSkipper.skipUTF8Sequence`, the rules of
  /// `String(validating:)`), so the string is then made without the standard library
  /// checking it again: that check was 9% of building a tree of non-ASCII text.
  private static func exactString(_ raw: UnsafeBufferPointer<UInt8>) -> String? {
    guard let base = raw.baseAddress else { return "" }
    let end = raw.count
    var i = 0
    var ascii = true
    while i < end {
      if i &+ 8 <= end,
        UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & SWAR.repeated(0x80) == 0
      {
        i &+= 8
        continue
      }
      let byte = base[i]
      if byte < 0x80 {
        i &+= 1
        continue
      }
      ascii = false
      i = JSONSkipper.skipUTF8Sequence(base, i, end, lead: byte)
      if i < 0 { return nil }
    }
    return String(validUTF8: raw, isASCII: ascii)
  }

  /// `raw` as a string, or an error at its first invalid byte.
  private mutating func decodeUTF8(_ raw: UnsafeBufferPointer<UInt8>, at start: Int)
    throws(JSONParseError) -> String
  {
    if let decoded = Self.exactString(raw) { return decoded }
    offset = start + invalidUTF8Offset(raw)
    throw error("invalid UTF-8 in a string")
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
