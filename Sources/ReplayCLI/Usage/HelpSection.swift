/// A section of `replay`'s documentation that is about no one flag (EXPRESSIONS, EXIT
/// CODES, LOG FORMAT, ENVIRONMENT), declared once and rendered twice: by ``HelpText`` as
/// indented text in the line breaks written here, and by ``ManualPage`` as roff, where
/// the formatter fills the lines of each paragraph again.
struct HelpSection: Sendable {
  /// One piece of a section.
  enum Block: Sendable {
    /// Running text, in the lines `--help` prints.
    case text(String)
    /// A command line or an expression, printed as it is, indented.
    case example(String)
    /// A term and its description, in the lines `--help` prints after the term: an exit
    /// code and what it means, an environment variable and what it does.
    case item(String, String)
  }

  /// The heading, in capitals: `EXIT CODES`.
  var title: String
  var blocks: [Block]

  /// The section as `--help` prints it: the title, then text indented by 2 columns,
  /// examples by 4, and each description two columns after its term, its further
  /// lines aligned under its first.
  var helpText: String {
    var text = title + "\n"
    for block in blocks {
      switch block {
      case .text(let lines):
        for line in lines.split(separator: "\n") { text += "  " + line + "\n" }
      case .example(let line):
        text += "    " + line + "\n"
      case .item(let term, let lines):
        let pad = String(repeating: " ", count: 2 + term.count + 2)
        for (index, line) in lines.split(separator: "\n").enumerated() {
          text += (index == 0 ? "  " + term + "  " : pad) + line + "\n"
        }
      }
    }
    return text
  }
}
