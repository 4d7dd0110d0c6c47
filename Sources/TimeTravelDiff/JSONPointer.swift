import TimeTravelJSON

/// A JSON Pointer (RFC 6901): a path to one value inside a JSON document.
///
/// Stored as unescaped reference tokens, so `"a/b"` is one token; the escaped
/// text form (`/a~1b`) exists only in ``description`` and
/// ``init(parsing:)``. The empty pointer (no tokens) is the whole document.
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible {
  /// The unescaped reference tokens, outermost first. Empty for the root.
  public var tokens: [String]

  /// A pointer from unescaped tokens (`["todos", "3", "title"]`).
  public init(tokens: [String]) { self.tokens = tokens }

  /// The root pointer: the whole document.
  public static let root = JSONPointer(tokens: [])

  /// Whether both name the same place: tokens compare by code points, as object keys
  /// do (Swift's `String ==` would merge `"é"` and `"e\u{301}"`, two different keys).
  public static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
    lhs.tokens.count == rhs.tokens.count
      && zip(lhs.tokens, rhs.tokens).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
  }

  /// Hashes consistently with ``==(_:_:)``: the tokens' UTF-8 bytes.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(tokens.count)
    for token in tokens {
      hasher.combine(token.utf8.count)
      for byte in token.utf8 { hasher.combine(byte) }
    }
  }

  /// Parses the RFC 6901 §3 text form.
  ///
  /// `""` is the whole document and `"/"` is the key `""`. In each token `~1`
  /// becomes `/` and then `~0` becomes `~` (§4: in that order, so `~01` is
  /// `~1`, not `/`). O(n) in the text's length.
  /// - Throws: ``JSONPointerError`` when the text is neither empty nor starts
  ///   with `/`, or holds a `~` not followed by `0` or `1`.
  public init(parsing text: String) throws(JSONPointerError) {
    if text.isEmpty {
      tokens = []
      return
    }
    // RFC 6901 works on code points: `/` and `~` are found as bytes, never as parts
    // of a Swift `Character` (`/` followed by U+0301 is still a separator).
    guard text.utf8.first == UInt8(ascii: "/") else {
      throw JSONPointerError(
        message:
          "JSON Pointer \(JSONPointer.quoted(text)) must be empty or start with \"/\" (RFC 6901 §3)"
      )
    }
    var result: [String] = []
    for raw in text.utf8.dropFirst().split(
      separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    {
      result.append(try Self.unescape(raw, in: text))
    }
    tokens = result
  }

  private static func unescape(_ raw: Substring.UTF8View, in text: String) throws(JSONPointerError)
    -> String
  {
    let token = String(decoding: raw, as: UTF8.self)
    guard raw.contains(UInt8(ascii: "~")) else { return token }
    var out = ""
    var iterator = token.unicodeScalars.makeIterator()
    while let scalar = iterator.next() {
      guard scalar == "~" else {
        out.unicodeScalars.append(scalar)
        continue
      }
      switch iterator.next() {
      case "0": out.append("~")
      case "1": out.append("/")
      default:
        throw JSONPointerError(
          message:
            "JSON Pointer \(quoted(text)): \"~\" must be followed by \"0\" or \"1\" (RFC 6901 §3)")
      }
    }
    return out
  }

  static func quoted(_ text: String) -> String {
    var out: [UInt8] = []
    JSONPrinter.writeString(text, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// The escaped text form, e.g. `/todos/3/title`; `""` for the root.
  /// `~` is written `~0` and `/` is written `~1` (RFC 6901 §3).
  public var description: String {
    var out = ""
    for token in tokens {
      out.append("/")
      if token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
        out.append(token.replacingTildeAndSlash())
      } else {
        out.append(token)
      }
    }
    return out
  }

  /// This pointer with `token` (unescaped) added at the end. O(depth).
  public func appending(_ token: String) -> JSONPointer {
    JSONPointer(tokens: tokens + [token])
  }

  /// This pointer with the array index `index` added at the end. O(depth).
  public func appending(index: Int) -> JSONPointer { appending(String(index)) }

  /// The pointer to the enclosing container, or `nil` for the root.
  public var parent: JSONPointer? {
    tokens.isEmpty ? nil : JSONPointer(tokens: Array(tokens.dropLast()))
  }

  /// The last token (unescaped), or `nil` for the root.
  public var lastToken: String? { tokens.last }

  /// Whether `self` is `other` or lies inside it.
  public func hasPrefix(_ other: JSONPointer) -> Bool {
    tokens.count >= other.tokens.count
      && JSONPointer(tokens: Array(tokens.prefix(other.tokens.count))) == other
  }

  /// The value at this pointer in `document`, or `nil` if absent.
  ///
  /// Object tokens match keys exactly. Array tokens must be decimal with no
  /// leading zeros and within bounds (RFC 6901 §4); `-` names the position
  /// after the last element, which never holds a value, so it resolves to
  /// `nil`. Iterative, O(depth) plus object lookups.
  public func resolve(in document: JSONValue) -> JSONValue? {
    var current = document
    for token in tokens {
      switch current {
      case .object(let object):
        guard let next = object[token] else { return nil }
        current = next
      case .array(let array):
        guard let index = JSONPointer.arrayIndex(token), index < array.count else { return nil }
        current = array[index]
      default:
        return nil
      }
    }
    return current
  }

  /// The index named by an array token: ASCII digits, no leading zero
  /// (RFC 6901 §4). `nil` for `-`, other text, or a number too large for `Int`.
  static func arrayIndex(_ token: String) -> Int? {
    let utf8 = token.utf8
    guard let first = utf8.first, utf8.allSatisfy(\.isASCIIDigit) else { return nil }
    if first == UInt8(ascii: "0") && utf8.count > 1 { return nil }
    return Int(token)
  }
}

extension String {
  fileprivate func replacingTildeAndSlash() -> String {
    var out = ""
    for scalar in unicodeScalars {
      switch scalar {
      case "~": out.append("~0")
      case "/": out.append("~1")
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}

/// Why a JSON Pointer's text could not be parsed (RFC 6901 §3).
public struct JSONPointerError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, naming the pointer text and the rule it breaks.
  public var message: String

  /// An error with `message`.
  public init(message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}

extension JSONPointer {
  /// The text form as a JSON string literal, safe to print to a terminal
  /// (control characters and bidi overrides escaped).
  var quoted: String { JSONPointer.quoted(description) }

  /// The RFC 6901 text as a JSON string literal, always quoted (`"/todos/3/title"`,
  /// `"/a\u0000b"`, `""` for the root): for messages that quote the pointer. Unambiguous,
  /// terminal-safe, and read back by ``init(parsingDisplayed:)``.
  public var quotedText: String { quoted }

  /// The pointer as the command line prints it: its RFC 6901 text as it is when every
  /// character of it shows as itself, and otherwise the text as a JSON string literal
  /// (`"/a\u0000b"` for a key holding NUL, `"/a\\u0000b"` for one holding the six
  /// characters `\u0000`). Two pointers never print the same, and the printed form can
  /// be typed back (``init(parsingDisplayed:)``) to mean the same member.
  ///
  /// Quoted when the text has a character `JSONPrinter` escapes (controls, invisible and
  /// format characters), a backslash or a double quote; the root is `""` either way.
  public var displayText: String {
    let text = description
    let plain = !text.unicodeScalars.contains {
      $0 == "\\" || $0 == "\"" || JSONPrinter.needsEscape($0.value)
    }
    return plain && !text.isEmpty ? text : quoted
  }

  /// Parses a pointer in either printed form (``displayText``): a JSON string literal
  /// whose content is an RFC 6901 pointer, or the pointer text itself.
  ///
  /// - Throws: ``JSONPointerError`` when the literal is not a valid JSON string, or
  ///   its content is not a valid pointer (as ``init(parsing:)``).
  public init(parsingDisplayed text: String) throws(JSONPointerError) {
    guard text.hasPrefix("\"") else {
      try self.init(parsing: text)
      return
    }
    guard case .string(let content)? = try? JSONParser.parse(text) else {
      throw JSONPointerError(
        message: "\(JSONPointer.quoted(text)) is not a JSON string literal holding a JSON Pointer")
    }
    try self.init(parsing: content)
  }
}
