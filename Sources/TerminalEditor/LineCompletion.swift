/// What Tab may put in place of the word before the cursor, as a completer
/// finds it (readline's `rl_completion_matches`).
public struct LineCompletion: Equatable, Sendable {
  /// Where the word being completed starts, in characters from the start of
  /// the text before the cursor.
  public var wordStart: Int
  /// Each text that may replace the word, in the order they are listed.
  public var candidates: [String]
  /// How each candidate is listed after a second Tab (a path's last token, say),
  /// parallel to ``candidates``.
  public var labels: [String]
  /// What follows a unique candidate: a space after a command name, as readline
  /// appends one; nothing after a JSON Pointer, which may go deeper.
  public var suffix: String

  /// A completion replacing the word that starts at `wordStart`; the labels
  /// default to the candidates.
  public init(wordStart: Int, candidates: [String], labels: [String]? = nil, suffix: String = "") {
    self.wordStart = wordStart
    self.candidates = candidates
    self.labels = labels ?? candidates
    self.suffix = suffix
  }
}

/// Finds completions for the text before the cursor; `nil` when nothing there
/// can be completed.
public typealias LineCompleter = (_ textBeforeCursor: String) -> LineCompletion?
