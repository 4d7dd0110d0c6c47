import TerminalEditor

/// What `--html FILE` reports once the page is written: where, how big, and which
/// entries it covers. Nothing in text when the page itself went to stdout (`-`).
struct HTMLReportOutput: ModeOutput, Encodable {
  var file: String
  /// The page's size, in bytes.
  var bytes: Int
  /// The entries the page covers, and their first and last seq.
  var entries: Int
  var firstSeq: Int
  var lastSeq: Int
  /// How many segments the page's entries are embedded in.
  var segments: Int
  /// The log's entry count when `--range` covers fewer; `nil` otherwise.
  var logEntries: Int?

  /// The record leaves out `logEntries`, which only the text says.
  private enum CodingKeys: String, CodingKey {
    case file, bytes, entries, firstSeq, lastSeq, segments
  }

  func text(_ style: TextStyle) -> String {
    guard file != "-" else { return "" }
    let covered =
      "\(entries) \(entries == 1 ? "entry" : "entries") (seq \(firstSeq)…\(lastSeq))"
    let of = logEntries.map { " of \($0)" } ?? ""
    return "wrote \(TerminalText.sanitize(file)): \(covered)\(of), \(HTMLMode.size(bytes))\n"
  }
}
