/// A forward-only cursor over the bytes of one JSON text, in the model of simdjson's
/// On-Demand API: it goes to the members and elements a reader asks for, skips the rest,
/// and builds a ``JSONValue`` only for what is read with ``value()``.
///
/// Everything it passes is validated, skipped parts included, with the validator's
/// rules (``JSONValidator``), so a text read with a cursor up to ``finish()`` is rejected
/// exactly when ``JSONParser`` rejects it, with the parser's error (message, line and
/// column) for the whole text. Skipping runs at the validator's speed (about 1 GB/s on one
/// core) and allocates nothing.
///
/// A cursor stands at one value. Each value is read once, forward: by ``skip()``,
/// ``value()``, ``members(_:)`` or ``elements(_:)``; a member or element that the body of
/// ``members(_:)`` or ``elements(_:)`` leaves unread is skipped when the body returns.
///
/// ```swift
/// let line = Array(#"{"seq":4,"next":{"todos":[{"done":false},{"done":true}]}}"#.utf8)
/// let done = try line.withUnsafeBufferPointer { bytes throws(JSONParseError) in
///   var cursor = try JSONCursor(bytes)
///   var found: JSONValue?
///   try cursor.members { key, next throws(JSONParseError) in
///     guard key == "next" else { return }
///     try next.members { key, todos throws(JSONParseError) in
///       guard key == "todos" else { return }
///       try todos.elements { index, todo throws(JSONParseError) in
///         if index == 1 { found = try todo.value() }
///       }
///     }
///   }
///   try cursor.finish()
///   return found
/// }
/// ```
///
/// The bytes must stay valid while the cursor is used; values it builds keep their own
/// copy. Nesting is limited only by memory: skipping never recurses.
public struct JSONCursor {
  /// The whole text, for the parser's error when part of it is invalid.
  let text: UnsafeBufferPointer<UInt8>
  let base: UnsafePointer<UInt8>
  let end: Int
  /// The offset of the value the cursor stands at, or just past the last value read.
  public internal(set) var offset: Int
  /// The outline of the validated value this cursor reads a part of, when it reads
  /// one: what lets ``skip()`` step over a shallow value without validating it again.
  var outlined: OutlinedValue? = nil
  /// Where the containers this cursor reads with a projection are shared from and kept,
  /// when it reads the parts of a validated, outlined value (see `ProjectedValueCache`).
  var cache: ProjectedValueCache? = nil

  /// A cursor at the first value of `text` (after optional whitespace).
  /// - Throws: the parser's ``JSONParseError`` when `text` holds only whitespace.
  public init(_ text: UnsafeBufferPointer<UInt8>) throws(JSONParseError) {
    self.text = text
    end = text.count
    guard let base = text.baseAddress else { throw Self.parserError(text) }
    self.base = base
    offset = JSONSkipper.skipWhitespace(base, 0, end)
    guard offset < end else { throw Self.parserError(text) }
  }

  /// A cursor at the value that starts at `offset` of `text`, a value a cursor over the
  /// same bytes found before (its ``offset`` then): for reading again, later, a part of a
  /// text read in part.
  package init(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) {
    self.init(text: text, base: text.baseAddress!, at: offset)
  }

  init(
    text: UnsafeBufferPointer<UInt8>, base: UnsafePointer<UInt8>, at offset: Int,
    outlined: OutlinedValue? = nil
  ) {
    self.text = text
    self.base = base
    end = text.count
    self.offset = offset
    self.outlined = outlined
  }

  /// The kind of the value at the cursor, from its first byte: a guess for a malformed
  /// value (which reading then rejects).
  public var kind: JSONKind {
    guard offset < end else { return .null }
    switch base[offset] {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .boolean
    case UInt8(ascii: "n"): return .null
    default: return .number
    }
  }

  /// Skips the value at the cursor, validating it, and returns its byte range.
  /// - Throws: the parser's ``JSONParseError`` for the whole text when the value is not
  ///   valid JSON.
  @discardableResult
  public mutating func skip() throws(JSONParseError) -> Range<Int> {
    let start = offset
    if let outlined, let next = outlined.end(ofValueAt: start) {
      offset = next
      return start..<next
    }
    let next = JSONSkipper.skipValue(base, start, end)
    guard next >= 0 else { throw Self.parserError(text) }
    offset = next
    return start..<next
  }

  /// Steps over the value at the cursor when its bytes begin with `span`, and says
  /// whether it did; `span` must be the whole text of a valid object or array (as a
  /// cursor's byte range gives it), such as the same member of the line before. This
  /// validates exactly as much as ``skip()`` (see `JSONSkipper.skipRepeated`).
  /// - Complexity: one `memcmp` of `span.count` bytes.
  package mutating func skip(repeating span: UnsafeBufferPointer<UInt8>) -> Bool {
    let next = JSONSkipper.skipRepeated(base, offset, end, span)
    guard next >= 0 else { return false }
    offset = next
    return true
  }

  /// ``skip()``, comparing the value's bytes with `reference` (a valid value, such as the
  /// same state one action before) where they agree and validating them where they
  /// differ; records the value's outline in `outline`, for the value read after it. This
  /// accepts and rejects exactly what ``skip()`` does, with the same error (see
  /// `JSONSkipper.skipValue(_:_:_:reference:into:)`).
  /// - Throws: the parser's ``JSONParseError`` for the whole text when the value is not
  ///   valid JSON.
  /// - Complexity: O(length of the value); the bytes equal to the reference's are
  ///   compared (several times faster than validated).
  @discardableResult
  package mutating func skip(comparingWith reference: JSONReference?, outline: inout JSONOutline)
    throws(JSONParseError) -> Range<Int>
  {
    let start = offset
    let next = JSONSkipper.skipValue(base, start, end, reference: reference, into: &outline)
    guard next >= 0 else { throw Self.parserError(text) }
    offset = next
    return start..<next
  }

  /// The value at the cursor, built, and the cursor past it. A container of 512 bytes or
  /// more is built on first access, as ``JSONParser/parse(bytes:)-(UnsafeBufferPointer<UInt8>)``
  /// builds it.
  /// - Throws: the parser's ``JSONParseError`` for the whole text when the value is not
  ///   valid JSON.
  /// - Complexity: O(length of the value) to validate it, once.
  public mutating func value() throws(JSONParseError) -> JSONValue {
    let start = offset
    let first = base[start]
    var parser = JSONParser(bytes: text, offset: start)
    if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
      // A container that closes within the first bytes a lazy document would leave
      // unbuilt is small: validated by that short skip, it is built at once, without the
      // lazy document's index of its containers (an entry's action). Else the lazy
      // document validates the whole of it.
      let smallEnd = min(end, start &+ JSONLazyDocument.minimumLazyBytes &- 1)
      if JSONSkipper.skipValue(base, start, smallEnd) < 0 {
        let (lazy, next) = JSONLazyDocument.value(in: text, at: start)
        guard next >= 0 else { throw Self.parserError(text) }
        offset = next
        if let lazy { return lazy }
      }
      parser.isValidated = true
    }
    // A scalar or a small container. A scalar needs no scratch, and a small container no
    // key cache (its setup would cost more than its few keys).
    do {
      let value: JSONValue
      if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
        var scratch = ParseScratch(cachingKeys: false)
        value = try parser.parseValue(&scratch)
      } else {
        value = try parser.parseScalar()
      }
      offset = parser.offset
      return value
    } catch {
      throw Self.parserError(text)
    }
  }

  /// Calls `body` with each member of the object at the cursor, in order: its key and a
  /// cursor at its value. A value `body` does not read is skipped; the cursor ends past
  /// the object. A value that is not an object calls `body` for nothing and is skipped.
  /// - Throws: the parser's ``JSONParseError`` for the whole text when the object is not
  ///   valid JSON; whatever `body` throws.
  public mutating func members(
    _ body: (JSONKey, inout JSONCursor) throws(JSONParseError) -> Void
  ) throws(JSONParseError) {
    guard base[offset] == UInt8(ascii: "{") else {
      try skip()
      return
    }
    var i = JSONSkipper.skipWhitespace(base, offset &+ 1, end)
    guard i < end else { throw Self.parserError(text) }
    if base[i] == UInt8(ascii: "}") {
      offset = i &+ 1
      return
    }
    while true {
      guard i < end, base[i] == UInt8(ascii: "\"") else { throw Self.parserError(text) }
      var escaped = false
      let keyEnd = JSONSkipper.skipString(base, i, end, hadEscape: &escaped)
      guard keyEnd >= 0 else { throw Self.parserError(text) }
      let key = JSONKey(text: text, quote: i, end: keyEnd, hasEscape: escaped)
      i = JSONSkipper.skipWhitespace(base, keyEnd, end)
      guard i < end, base[i] == UInt8(ascii: ":") else { throw Self.parserError(text) }
      i = JSONSkipper.skipWhitespace(base, i &+ 1, end)
      guard i < end else { throw Self.parserError(text) }
      i = try visit(at: i) { cursor throws(JSONParseError) in try body(key, &cursor) }
      i = JSONSkipper.skipWhitespace(base, i, end)
      guard i < end else { throw Self.parserError(text) }
      let separator = base[i]
      i = JSONSkipper.skipWhitespace(base, i &+ 1, end)
      if separator == UInt8(ascii: "}") { break }
      guard separator == UInt8(ascii: ",") else { throw Self.parserError(text) }
    }
    offset = i
  }

  /// Calls `body` with each element of the array at the cursor, in order: its index
  /// (from 0) and a cursor at it. An element `body` does not read is skipped; the cursor
  /// ends past the array. A value that is not an array calls `body` for nothing and is
  /// skipped.
  /// - Throws: the parser's ``JSONParseError`` for the whole text when the array is not
  ///   valid JSON; whatever `body` throws.
  public mutating func elements(
    _ body: (Int, inout JSONCursor) throws(JSONParseError) -> Void
  ) throws(JSONParseError) {
    guard base[offset] == UInt8(ascii: "[") else {
      try skip()
      return
    }
    var i = JSONSkipper.skipWhitespace(base, offset &+ 1, end)
    guard i < end else { throw Self.parserError(text) }
    if base[i] == UInt8(ascii: "]") {
      offset = i &+ 1
      return
    }
    var index = 0
    while true {
      guard i < end else { throw Self.parserError(text) }
      let position = index
      i = try visit(at: i) { cursor throws(JSONParseError) in try body(position, &cursor) }
      index &+= 1
      i = JSONSkipper.skipWhitespace(base, i, end)
      guard i < end else { throw Self.parserError(text) }
      let separator = base[i]
      i = JSONSkipper.skipWhitespace(base, i &+ 1, end)
      if separator == UInt8(ascii: "]") { break }
      guard separator == UInt8(ascii: ",") else { throw Self.parserError(text) }
    }
    offset = i
  }

  /// Runs `body` on a cursor at the value at `start`, skips the value if `body` left it
  /// unread, and returns the offset past it.
  @inline(__always)
  private func visit(at start: Int, _ body: (inout JSONCursor) throws(JSONParseError) -> Void)
    throws(JSONParseError) -> Int
  {
    var cursor = JSONCursor(text: text, base: base, at: start, outlined: outlined?.inside)
    cursor.cache = cache
    try body(&cursor)
    if cursor.offset == start { try cursor.skip() }
    return cursor.offset
  }

  /// Checks that only whitespace follows the value just read: the end of a text read
  /// whole.
  /// - Throws: the parser's ``JSONParseError`` for the whole text otherwise (or when the
  ///   top value was never read).
  public func finish() throws(JSONParseError) {
    // A top value never read still starts here, and it is not whitespace.
    guard JSONSkipper.skipWhitespace(base, offset, end) == end else {
      throw Self.parserError(text)
    }
  }

  /// The parser's error for all of `text`, which a skipper found invalid.
  static func parserError(_ text: UnsafeBufferPointer<UInt8>) -> JSONParseError {
    do {
      _ = try JSONParser.parse(eagerly: text)
    } catch {
      return error
    }
    // The skipper and the parser disagree: a bug, reported rather than hidden.
    assertionFailure("JSONCursor rejected a text that JSONParser accepts")
    return JSONParseError(
      message: "internal error: the cursor and the parser disagree", offset: 0, line: 1,
      column: 1)
  }
}

/// The kind of a JSON value, as jq's `type` names it.
public enum JSONKind: String, Sendable, Hashable {
  /// `null`.
  case null
  /// `true` or `false`.
  case boolean
  /// A number.
  case number
  /// A string.
  case string
  /// An array.
  case array
  /// An object.
  case object
}
