import Foundation

/// `--range A..B`: entries A to B by their numbers (seqs), both included, as the command
/// line spells them; `A..` runs to the last entry and `..B` starts at the first.
struct EntryRange: Equatable, Sendable {
  /// The first entry's number, or `nil` for the log's first entry.
  var first: Int?
  /// The last entry's number, or `nil` for the log's last entry.
  var last: Int?

  /// Reads `A..B`, `A..` or `..B` (`…` is accepted for `..`, since `replay` prints ranges
  /// that way).
  /// - Throws: ``UsageError`` naming the flag and the text when it is not such a range
  ///   or A is after B.
  static func parse(_ text: String, for flag: String) throws(UsageError) -> EntryRange {
    let separator = text.contains("..") ? ".." : "…"
    let parts = text.components(separatedBy: separator)
    func number(_ part: String) throws(UsageError) -> Int? {
      if part.isEmpty { return nil }
      guard let value = Int(part) else { throw malformed(text, flag) }
      return value
    }
    guard parts.count == 2, !(parts[0].isEmpty && parts[1].isEmpty) else {
      throw malformed(text, flag)
    }
    let range = EntryRange(first: try number(parts[0]), last: try number(parts[1]))
    if let first = range.first, let last = range.last, first > last {
      throw UsageError(message: "\(flag) \(TerminalText.sanitize(text)): \(first) is after \(last)")
    }
    return range
  }

  private static func malformed(_ text: String, _ flag: String) -> UsageError {
    UsageError(
      message:
        "\(flag) takes entries A..B (their seqs; A.. and ..B leave one end open), not '\(TerminalText.sanitize(text))'"
    )
  }
}
