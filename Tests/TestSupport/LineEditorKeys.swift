@testable import TerminalEditor

/// Keys pressed at a ``LineEditor`` as a terminal sends them, for the editor's tests and
/// the stepper's completion tests.
extension LineEditor {
  /// Presses keys in order and returns the last outcome.
  @discardableResult
  public mutating func press(_ keys: EditorKey...) -> Outcome {
    var outcome = Outcome.none
    for key in keys { outcome = handle(key) }
    return outcome
  }

  /// Types `text` one character at a time, as a terminal sends it.
  public mutating func type(_ text: String) {
    for character in text { _ = handle(.text(String(character))) }
  }
}
