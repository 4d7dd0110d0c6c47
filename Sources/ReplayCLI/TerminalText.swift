import Foundation
import TimeTravel

/// Makes text from a log safe to print: control characters, ANSI escape
/// sequences and bidirectional overrides are shown escaped, never written raw.
enum TerminalText {
  /// `text` with every control character escaped as `\n`, `\u001b`, … (the
  /// JSON string escapes, without the quotes).
  static func sanitize(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value >= 0x7F }) else {
      return text
    }
    let quoted = JSONPrinter.compact.print(.string(text))
    let inner = quoted.dropFirst().dropLast()
    // JSON escapes quotes and backslashes too; a name keeps them as they are.
    return inner.replacingOccurrences(of: "\\\"", with: "\"")
  }

  /// `text` sanitized line by line, keeping its line breaks: for a child
  /// process's output, which is ours to pass on but not to trust.
  static func sanitizeKeepingLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { sanitize(String($0)) }
      .joined(separator: "\n")
  }
}
