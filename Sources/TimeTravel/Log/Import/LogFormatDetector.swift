import TimeTravelJSON

/// Tells a replay log (JSON Lines) from the foreign histories `replay` reads, by the
/// file's content, never its name.
///
/// A replay log's first line is a whole JSON value: its header or its first entry. A
/// foreign history is one JSON document, often pretty-printed over many lines, whose
/// first member names its format (`actionsById`, `payload`, `metadata`…). So:
/// - empty input is an empty log;
/// - an object whose first member belongs to a foreign format is read whole as that
///   format;
/// - otherwise the first line decides: a whole value is a log's first line, unless it is
///   the only line and has the members of a foreign format or of no format at all; a
///   value cut short by the line's end, with more lines after it, is one document over
///   several lines, read whole.
enum LogFormatDetector {
  /// What the first bytes say.
  enum Verdict: Equatable {
    /// Read as JSON Lines.
    case jsonLines
    /// Read the whole input as one JSON document and classify it; when it is not JSON,
    /// say where, as a document's error.
    case document
    /// The input is one line: read it as one JSON document if it is one, else as JSON
    /// Lines (which names what it is instead: compressed, UTF-16, a torn line).
    case singleLine
  }

  /// Members that open a foreign history's object and no line of a replay log.
  static let foreignFirstMembers: Set<String> = [
    "actionsById", "computedStates", "stagedActionIds", "skippedActionIds", "committedState",
    "currentStateIndex", "nextActionId", "monitorState", "isLocked", "isPaused", "payload",
    "preloadedState", "metadata", "history",
  ]

  /// Decides from `prefix`, the input's first bytes; `isWhole` says whether it is all of
  /// the input.
  /// - Complexity: O(first line) to parse it; nothing when the first member decides.
  static func verdict(prefix: [UInt8], isWhole: Bool) -> Verdict {
    var i = 0
    if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    while i < prefix.count, isWhitespace(prefix[i]) { i += 1 }
    guard i < prefix.count else { return .jsonLines }
    if prefix[i] == UInt8(ascii: "{"), let key = firstKey(prefix, from: i + 1),
      foreignFirstMembers.contains(key)
    {
      return .document
    }
    guard let newline = prefix[i...].firstIndex(of: 0x0A) else {
      // One line: a single-line document or a one-entry log; the document's members
      // decide (see `classify`).
      return isWhole ? .singleLine : .jsonLines
    }
    let moreFollows =
      prefix[(newline + 1)...].contains { !isWhitespace($0) } || !isWhole
    let firstLine = Array(prefix[i..<newline])
    do {
      _ = try JSONParser.parse(bytes: firstLine)
      return moreFollows ? .jsonLines : .singleLine
    } catch {
      return error.isTruncated && moreFollows ? .document : .jsonLines
    }
  }

  /// Which foreign format `value` is, or `nil`.
  static func classify(_ value: JSONValue) -> ForeignFormat? {
    guard case .object(let object) = value, object["action"] == nil else { return nil }
    if object["actionsById"] != nil { return .reduxDevToolsLiftedState }
    if object["payload"] != nil { return .reduxDevToolsActions }
    if let history = object["history"] {
      if object["metadata"] != nil { return .elmHistory }
      if case .array = history { return .elmHistory }
    }
    return nil
  }

  /// Whether a single JSON value is what a one-line replay log holds: an entry (with
  /// `action`) or a header (a string `format`).
  static func isLogLine(_ value: JSONValue) -> Bool {
    guard case .object(let object) = value else { return false }
    if object["action"] != nil { return true }
    if case .string? = object["format"] { return true }
    return false
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// The object's first member name, when it is a plain string in the prefix.
  private static func firstKey(_ bytes: [UInt8], from start: Int) -> String? {
    var i = start
    while i < bytes.count, isWhitespace(bytes[i]) { i += 1 }
    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
    let nameStart = i + 1
    var j = nameStart
    while j < bytes.count, bytes[j] != UInt8(ascii: "\""), bytes[j] != UInt8(ascii: "\\"),
      j - nameStart < 64
    {
      j += 1
    }
    guard j < bytes.count, bytes[j] == UInt8(ascii: "\"") else { return nil }
    return String(decoding: bytes[nameStart..<j], as: UTF8.self)
  }
}
