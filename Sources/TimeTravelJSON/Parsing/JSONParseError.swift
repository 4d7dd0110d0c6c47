/// Why a JSON text could not be parsed, and where.
///
/// `line` and `column` are 1-based; `column` counts Unicode scalars from the
/// start of the line, so it matches what an editor shows. `offset` is the
/// 0-based byte offset into the input.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, e.g. `"expected ',' or ']' after array element"`.
  public var message: String
  /// 0-based byte offset of the problem.
  public var offset: Int
  /// 1-based line of the problem.
  public var line: Int
  /// 1-based column (in Unicode scalars) of the problem.
  public var column: Int
  /// Whether the input ended before the value was complete: a truncated
  /// record, as left by an app that died mid-write.
  public var isTruncated: Bool

  /// Creates an error; used by the parser and by tests.
  public init(message: String, offset: Int, line: Int, column: Int, isTruncated: Bool = false) {
    self.message = message
    self.offset = offset
    self.line = line
    self.column = column
    self.isTruncated = isTruncated
  }

  /// `"line L, column C: message"`.
  public var description: String { "line \(line), column \(column): \(message)" }
}
