import TimeTravelJSON

/// A jq program that cannot be compiled: bad syntax, an unknown function or an
/// undefined variable, located by column like jq's compiler messages.
public struct JQSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong, without the location, e.g. `expected ')'` or
  /// `length/1 is not defined`.
  public var message: String
  /// 1-based column, counted in characters of ``source``.
  public var column: Int
  /// The whole program text the error refers to.
  public var source: String
  /// The module file the error is in, for an error inside an imported module; `nil`
  /// for the program itself.
  public var file: String?

  /// An error at `column` (1-based, in characters) of `source`.
  public init(message: String, column: Int, source: String) {
    self.message = message
    self.column = column
    self.source = source
  }

  /// `"column 7: expected ')'"`: the form a CLI prints on one line; inside a module,
  /// `"/lib/todos.jq, line 3, column 7: expected ')'"`.
  public var description: String {
    guard let file else { return "column \(column): \(message)" }
    return "\(file), line \(line), column \(lineColumn): \(message)"
  }

  /// The 1-based line of ``column``.
  public var line: Int {
    source.prefix(max(0, column - 1)).reduce(1) { $1 == "\n" || $1 == "\r\n" ? $0 + 1 : $0 }
  }

  /// ``column`` counted from the start of its line.
  public var lineColumn: Int {
    let before = source.prefix(max(0, column - 1))
    guard let newline = before.lastIndex(where: { $0 == "\n" || $0 == "\r\n" }) else {
      return column
    }
    return before.distance(from: newline, to: before.endIndex)
  }

  /// Two lines for a terminal: the source, then a caret under ``column``.
  /// Newlines and tabs in the source are shown as spaces so the caret lines up, and
  /// other control characters as U+FFFD, so that none reaches the terminal raw.
  public var caretLine: String {
    let shown = String(
      source.map { character -> Character in
        if character == "\n" || character == "\t" || character == "\r\n" { return " " }
        let control = character.unicodeScalars.contains {
          $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
        }
        return control ? "\u{FFFD}" : character
      })
    return shown + "\n" + String(repeating: " ", count: max(0, column - 1)) + "^"
  }
}

/// An error raised while running a filter, with jq's wording, e.g.
/// `Cannot index number with string ("a")` or `Cannot iterate over null (null)`.
public struct JQRuntimeError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The message as jq prints it after `jq: error (at <stdin>:N): `.
  public var message: String
  /// The value `error(v)` raised; `try … catch` hands it to the handler. For
  /// built-in errors it is the message as a string.
  public var value: JSONValue
  /// Set when the program stopped with `halt` or `halt_error` rather than failing: the
  /// exit status jq ends with (`halt` 0, `halt_error` 5, `halt_error(n)` n). Then
  /// ``value`` is what `halt_error` writes (jq prints a string as it is and anything else
  /// as JSON and a newline) and `null` for `halt`; outputs before it stand.
  public var haltCode: Int32?

  /// An error carrying `message` (and the same text as its value).
  public init(message: String) {
    self.message = message
    self.value = .string(message)
  }

  /// An error raised by jq's `error(v)`: strings are the message as-is; other
  /// values are described as jq does (`<json> (not a string)`).
  public init(value: JSONValue) {
    self.value = value
    if case .string(let s) = value {
      self.message = s
    } else {
      self.message = JSONPrinter.jq.print(value) + " (not a string)"
    }
  }

  /// The program stopped with `halt` (status 0, nothing written) or `halt_error(code)`
  /// writing `value`.
  public static func halt(code: Int32, value: JSONValue?) -> JQRuntimeError {
    var error = JQRuntimeError(value: value ?? .null)
    if value == nil { error.message = "halt" }
    error.haltCode = code
    return error
  }

  /// The message.
  public var description: String { message }
}
