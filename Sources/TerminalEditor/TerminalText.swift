import Foundation
import TimeTravelJSON

/// Makes text from a log safe to print: control characters, ANSI escape
/// sequences and bidirectional overrides are shown escaped, never written raw.
public enum TerminalText {
  /// `text` with every control character escaped as `\n`, `\u001b`, … (the
  /// JSON string escapes, without the quotes).
  public static func sanitize(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value >= 0x7F }) else {
      return text
    }
    let quoted = JSONPrinter.compact.print(.string(text))
    let inner = quoted.dropFirst().dropLast()
    // JSON escapes quotes and backslashes too; a name keeps them as they are.
    return inner.replacingOccurrences(of: "\\\"", with: "\"")
  }

  /// Whether `scalar` is one ``sanitize(_:)`` escapes when it appears: C0 and C1
  /// controls, DEL, the line and paragraph separators, and the bidi embedding,
  /// override and isolate controls (as the JSON printer escapes them).
  public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    return v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029
      || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
  }

  /// `text` sanitized, then followed by spaces up to `columns` terminal columns (never
  /// cut): for names in a column, aligned however wide their characters are (East Asian
  /// wide characters and emoji take two columns, combining marks none, as `wcwidth(3)`
  /// counts them) and whatever their escapes add.
  public static func sanitize(_ text: String, paddedTo columns: Int) -> String {
    let shown = sanitize(text)
    return shown + String(repeating: " ", count: max(0, columns - DisplayWidth.of(shown)))
  }

  /// The terminal columns `text` takes once sanitized (see
  /// ``sanitize(_:paddedTo:)``).
  public static func columns(_ text: String) -> Int { DisplayWidth.of(sanitize(text)) }

  /// `text` sanitized line by line, keeping its line breaks: for a child
  /// process's output, which is ours to pass on but not to trust.
  public static func sanitizeKeepingLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { sanitize(String($0)) }
      .joined(separator: "\n")
  }
}
