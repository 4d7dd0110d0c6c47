/// Why a log could not be read, naming the place: the file, the line, and
/// where useful the column or the member's JSON Pointer.
public struct LogError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The kind of failure.
  public enum Kind: Equatable, Sendable {
    /// The file is missing, unreadable, or not a regular file.
    case cannotOpen
    /// A line is not valid JSON.
    case malformedLine
    /// A line is JSON but not a log entry (not an object, a member missing or
    /// of the wrong type).
    case invalidEntry
    /// An entry number or state index outside the log.
    case outOfRange
    /// An action-only log does not fit the reducer recomputing its states: an action or
    /// the initial state does not decode, or there is no initial state.
    case doesNotFitReducer
  }

  /// The kind of failure.
  public var kind: Kind
  /// The log's path as given.
  public var path: String
  /// The 1-based line of the file, when one line is to blame.
  public var line: Int?
  /// The 1-based column within that line, for JSON syntax errors.
  public var column: Int?
  /// What is wrong.
  public var message: String

  /// Creates an error. Control characters in `message` (it may quote the log) are
  /// escaped as `\u` and four hex digits, so that none reaches a terminal raw.
  public init(kind: Kind, path: String, line: Int? = nil, column: Int? = nil, message: String) {
    self.kind = kind
    self.path = path
    self.line = line
    self.column = column
    self.message = MessageText.escapingControls(message)
  }

  /// `path:line:column: message`, the form compilers use, so editors can jump
  /// to it.
  public var description: String {
    var place = path
    if let line { place += ":\(line)" }
    if let column { place += ":\(column)" }
    return "\(place): \(message)"
  }
}

/// Something suspicious about a log that does not stop it being read.
public struct LogWarning: Equatable, Sendable, CustomStringConvertible {
  /// The 1-based line of the file it concerns, if any.
  public var line: Int?
  /// What was noticed.
  public var message: String

  /// Creates a warning. Control characters in `message` (it may quote the log) are
  /// escaped as `\u` and four hex digits, so that none reaches a terminal raw.
  public init(line: Int?, message: String) {
    self.line = line
    self.message = MessageText.escapingControls(message)
  }

  /// `line N: message`, or the message alone.
  public var description: String { line.map { "line \($0): \(message)" } ?? message }

  /// Whether this is the warning for a log whose header promises a closing record and
  /// which has none: the app crashed, was killed, or is still recording. A follower, for
  /// which the app is still recording, need not say so.
  public var isMissingClosingRecord: Bool { message.hasPrefix(LogClosing.missingPrefix) }

  /// The warning for `count` NUL bytes found before line `line` and skipped: the hole a
  /// copytruncate rotation leaves when the writer goes on at its old offset in the
  /// emptied file (logrotate's `copytruncate`). The line after them is read.
  static func nulBytes(_ count: Int, beforeLine line: Int) -> LogWarning {
    LogWarning(
      line: line,
      message:
        "\(count) NUL byte\(count == 1 ? "" : "s") before this line (left by a copytruncate rotation: the writer went on at its old offset in the emptied file); skipped \(count == 1 ? "it" : "them") and kept the line"
    )
  }
}
