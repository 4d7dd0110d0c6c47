/// Text made into roff input for a man(7) page: escaped so the formatter prints it as
/// written, with flags in bold and placeholders in italics, as groff_man_style(7) asks.
///
/// Escaping: `\` is written `\e`; a line that would start with `.` or `'` (a request)
/// starts with `\&`; a character outside ASCII is written `\[uXXXX]`, which groff and
/// mandoc read whatever the input encoding; and a `-` that a user types (in a flag, a
/// value, a path, a command line) is written `\-`, so it renders as a hyphen-minus that
/// can be copied, while the hyphen of an English compound (`whitespace-only`) stays `-`;
/// quotes and accents in what users type are ASCII (`\(aq`, `\(ti`).
/// A typed word starts with `\%`, so the formatter never hyphenates it at a line's end.
struct Roff: Sendable {
  /// The words set in bold: flags (`--bisect`), and in a synopsis their fixed values.
  var bold: Set<String>
  /// The words set in italics: placeholders (`EXPR`, `LOG`).
  var italic: Set<String>
  /// Words whose hyphens are typed as they are though nothing else shows it: values
  /// such as `json-patch`.
  var literals: Set<String>

  /// The characters that end a word, besides white space.
  private static let separators = Set("()[]{}|,;:\"'=<>")

  /// The longest source line ``prose(_:)`` writes, unless a word is longer, as
  /// mandoc's lint asks.
  static let width = 80

  /// Running text as roff source lines of at most ``width`` columns, which the
  /// formatter fills into one paragraph; the line breaks of `text` do not matter.
  func prose(_ text: String) -> String {
    var lines: [String] = []
    var line = ""
    for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      let piece = token(word, literal: false)
      if !line.isEmpty, line.count + 1 + piece.count > Self.width {
        lines.append(Self.line(line))
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + piece
    }
    return (lines + [Self.line(line)]).joined(separator: "\n")
  }

  /// One line of a synopsis or a flag's tag, where every `-` is typed.
  func synopsis(_ text: String) -> String {
    markup(text[...], literal: true)
  }

  /// `text` with each word escaped and in its font; every `-` typed when `literal`.
  private func markup(_ text: Substring, literal: Bool) -> String {
    text.split(separator: " ").map { token(Substring($0), literal: literal) }
      .joined(separator: " ")
  }

  /// One word between spaces (`(--predicate`, `{"seq":1,…}`), made of words and
  /// separators. A word typed as it is makes the whole `\%`: the formatter then never
  /// hyphenates it at a line's end, where the hyphen would be taken for part of it (`\%`
  /// works at the start of a word only; elsewhere it marks a place to hyphenate).
  private func token(_ text: Substring, literal: Bool) -> String {
    var result = ""
    var protect = false
    var rest = text
    while let first = rest.first {
      if Self.separators.contains(first) {
        result += Self.escaped(String(first), literal: false)
        rest = rest.dropFirst()
        continue
      }
      let word = rest.prefix { !Self.separators.contains($0) }
      rest = rest.dropFirst(word.count)
      // A full stop after a word ends the sentence; it is not part of the word.
      var core = word
      while core.count > 1, core.last == "." { core = core.dropLast() }
      let typed = literal || isTyped(core, after: result.last)
      // Shorter words are never hyphenated (groff hyphenates words of 5 letters or more
      // only, with the man macros' settings).
      protect = protect || (typed && core.count >= 5 && core.contains(where: \.isLetter))
      var piece = Self.escaped(String(core), literal: typed)
      if bold.contains(String(core)) {
        piece = "\\fB" + piece + "\\fR"
      } else if italic.contains(String(core)) {
        piece = "\\fI" + piece + "\\fR"
      }
      result += piece + String(word.dropFirst(core.count))
    }
    return (protect ? "\\%" : "") + result
  }

  /// Whether `word` in prose is typed as it is, hyphens and all: a flag (`--find`, `-`),
  /// a value of one, or code (a path, a jq variable, a file name, a JSON string).
  private func isTyped(_ word: Substring, after previous: Character?) -> Bool {
    word.hasPrefix("-") || (word.contains("-") && literals.contains(String(word)))
      || "\"=".contains(previous ?? " ") || word.contains(where: { "/$_~.".contains($0) })
  }

  /// `text` with `\` as `\e`, characters outside ASCII as `\[uXXXX]`, and, when
  /// `literal`, `-` as `\-` and `'`, `` ` ``, `^`, `~` as `\(aq`, `\(ga`, `\(ha`, `\(ti`,
  /// which groff would otherwise print as typographic quotes and accents.
  static func escaped(_ text: String, literal: Bool) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\e"
      case "-" where literal: result += "\\-"
      case "'" where literal: result += "\\(aq"
      case "`" where literal: result += "\\(ga"
      case "^" where literal: result += "\\(ha"
      case "~" where literal: result += "\\(ti"
      case _ where !scalar.isASCII:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `text` as a line of roff input that is not read as a request: `\&` before a
  /// leading `.` or `'`.
  static func line(_ text: String) -> String {
    text.first == "." || text.first == "'" ? "\\&" + text : text
  }
}
