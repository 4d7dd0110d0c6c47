import TerminalEditor
import TimeTravel

extension Context {
  /// Writes `warning` to stderr as the log's own warnings are written when it is opened:
  /// `replay: warning: LOG:LINE: message` (`LOG: message` without a line), safe for a
  /// terminal.
  func warn(_ warning: LogWarning) {
    let place = TerminalText.sanitize(log.path) + (warning.line.map { ":\($0)" } ?? "")
    io.errText("replay: warning: \(place): \(TerminalText.sanitize(warning.message))\n")
  }
}
