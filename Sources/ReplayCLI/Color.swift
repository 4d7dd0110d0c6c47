/// ANSI colour for terminal output, decided once per run: `--color=always`
/// or `never` win; otherwise colour when stdout is a terminal and `NO_COLOR`
/// is unset or empty (no-color.org).
enum ANSIStyle: String {
  case bold = "1"
  case red = "31"
  case green = "32"
  case yellow = "33"
  case cyan = "36"
}

extension Context {
  var useColor: Bool {
    switch options.color {
    case .always: return true
    case .never: return false
    case .auto:
      return io.isTerminal && (io.environment["NO_COLOR"] ?? "").isEmpty
    }
  }

  /// `text` in `style` when colour is on. Callers pass sanitized text only.
  func paint(_ text: String, _ style: ANSIStyle) -> String {
    useColor ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
  }
}
