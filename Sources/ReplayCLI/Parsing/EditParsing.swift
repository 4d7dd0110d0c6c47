import TerminalEditor
import TimeTravel

/// The values of `--skip K`, `--edit K=ACTION_JSON`, `--insert K=ACTION_JSON`,
/// `--move K:L` and the counts of `--window` and the budgets.
enum EditParsing {
  /// An entry's seq.
  static func seq(_ text: String, flag: String) throws(UsageError) -> Int {
    guard let seq = Int(text) else {
      throw UsageError(
        message: "\(flag) takes an entry's seq (an integer), not '\(TerminalText.sanitize(text))'")
    }
    return seq
  }

  /// `K=ACTION_JSON`: the seq and the action.
  static func action(_ text: String, flag: String) throws(UsageError) -> (Int, JSONValue) {
    guard let eq = text.firstIndex(of: "="), let seq = Int(text[..<eq]) else {
      throw UsageError(
        message:
          "\(flag) takes K=ACTION_JSON, K an entry's seq, not '\(TerminalText.sanitize(text))'")
    }
    do {
      return (seq, try JSONParser.parse(String(text[text.index(after: eq)...])))
    } catch {
      throw UsageError(message: "\(flag) \(seq)=…: the action is not JSON: \(error.description)")
    }
  }

  /// `K:L`.
  static func move(_ text: String) throws(UsageError) -> (Int, Int) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let seq = Int(parts[0]), let after = Int(parts[1]) else {
      throw UsageError(
        message:
          "--move takes K:L, entry K to just after entry L, not '\(TerminalText.sanitize(text))'")
    }
    return (seq, after)
  }

  /// A positive count.
  static func count(_ text: String, flag: String) throws(UsageError) -> Int {
    guard let n = Int(text), n >= 1 else {
      throw UsageError(
        message: "\(flag) takes a positive number, not '\(TerminalText.sanitize(text))'")
    }
    return n
  }
}
