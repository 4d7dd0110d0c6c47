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

  /// An error at `column` (1-based, in characters) of `source`.
  public init(message: String, column: Int, source: String) {
    self.message = message
    self.column = column
    self.source = source
  }

  /// `"column 7: expected ')'"`: the form a CLI prints on one line.
  public var description: String { "column \(column): \(message)" }

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
/// `Cannot index number with "a"` or `Cannot iterate over null`.
public struct JQRuntimeError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The message as jq prints it after `jq: error (at <stdin>:N): `.
  public var message: String
  /// The value `error(v)` raised; `try … catch` hands it to the handler. For
  /// built-in errors it is the message as a string.
  public var value: JSONValue

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
      self.message = JSONPrinter.compact.print(value) + " (not a string)"
    }
  }

  /// The message.
  public var description: String { message }
}
