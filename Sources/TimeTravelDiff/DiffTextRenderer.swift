import TimeTravelJSON

/// Text rendering of diffs for the command line.
///
/// Values are printed as compact JSON through `JSONPrinter`, which escapes
/// control characters and bidi overrides, so a string from a log can never
/// emit a raw ESC, move the cursor or reorder what the user sees. Paths are
/// printed in RFC 6901 form with the same escaping of unsafe characters.
public struct DiffTextRenderer: Sendable {
  /// Whether to colour lines with ANSI SGR codes (red removals, green
  /// additions, yellow replacements, cyan moves).
  public var color: Bool
  /// Longest printed value, in characters; longer ones are abbreviated with `…`
  /// (``JSONAbbreviation``): the two sides of a replacement to a window around their
  /// first difference, other values to a prefix. `nil` prints values whole.
  public var maxValueLength: Int?

  /// A renderer; by default without colour, values cut at 80 characters.
  public init(color: Bool = false, maxValueLength: Int? = 80) {
    self.color = color
    self.maxValueLength = maxValueLength
  }

  /// One line per change, in order:
  /// - `~ /todos/3/title: "Buy milk" → "Buy oat milk"` (replace)
  /// - `+ /todos/5: {"id":"todo-006","isCompleted":false,"title":"   "}` (add)
  /// - `- /todos/0: {"id":"todo-001",…}` (remove, showing the old value)
  /// - `↷ /todos/2 → /todos/0` (move)
  ///
  /// One index convention holds for every line: an element is named by its index in
  /// the old array where the line shows it as it was (a removal, a move's source), and
  /// by its index in the new array everywhere else (see ``JSONChange/oldPath``). The
  /// root path prints as `(root)`. O(total printed size).
  public func renderLines(_ changes: [JSONChange]) -> [String] {
    changes.map { change in
      let path = Self.displayPath(change.shownPath)
      switch change.op {
      case .replace:
        let (old, new) = values(change.old, change.new)
        return paint("~ \(path): \(old) → \(new)", Self.yellow)
      case .add:
        return paint("+ \(path): \(value(change.new))", Self.green)
      case .remove:
        return paint("- \(path): \(value(change.old))", Self.red)
      case .move:
        let from = change.shownSource.map(Self.displayPath) ?? "?"
        return paint("↷ \(from) → \(path)", Self.cyan)
      }
    }
  }

  static let red = "\u{1B}[31m"
  static let green = "\u{1B}[32m"
  static let yellow = "\u{1B}[33m"
  static let cyan = "\u{1B}[36m"
  static let dim = "\u{1B}[2m"
  static let reset = "\u{1B}[0m"

  func paint(_ text: String, _ code: String) -> String {
    color ? code + text + Self.reset : text
  }

  /// The pointer as ``JSONPointer/displayText`` prints it; the root as `(root)`.
  static func displayPath(_ pointer: JSONPointer) -> String {
    pointer.tokens.isEmpty ? "(root)" : pointer.displayText
  }

  /// A value as compact JSON, abbreviated to ``maxValueLength`` as
  /// ``JSONAbbreviation/prefix(_:limit:)`` does; `(absent)` for `nil`.
  func value(_ value: JSONValue?) -> String {
    guard let value else { return "(absent)" }
    guard let limit = maxValueLength else { return JSONPrinter.compact.print(value) }
    return JSONAbbreviation.prefix(value, limit: limit)
  }

  /// The two sides of a replacement, abbreviated to ``maxValueLength`` around their
  /// first difference as ``JSONAbbreviation/pair(_:_:limit:)`` does, so that the
  /// change is in view however long the values are.
  func values(_ old: JSONValue?, _ new: JSONValue?) -> (old: String, new: String) {
    guard let limit = maxValueLength, let old, let new else { return (value(old), value(new)) }
    return JSONAbbreviation.pair(old, new, limit: limit)
  }
}
