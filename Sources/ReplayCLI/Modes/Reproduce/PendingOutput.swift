import TerminalEditor
import TimeTravel

/// The entry a session died in, from its pending record: what `--reproduce` reports (the
/// action and the state to apply it to) and what `--show K` shows of it.
struct PendingOutput: ModeOutput {
  enum Form {
    /// `--reproduce`: `{seq, action, state}`.
    case reproduction
    /// `--show K`: `{seq, pending, action, actionName, time?, prior}`.
    case entry
  }

  var pending: PendingEntry
  var form: Form

  struct Record: Encodable {
    var seq: Int
    var pending: Bool?
    var action: JSONValue
    var actionName: String?
    var time: String?
    var prior: JSONValue?
    var state: JSONValue?
  }

  var record: Record {
    switch form {
    case .reproduction:
      return Record(seq: pending.seq, action: pending.action, state: pending.prior)
    case .entry:
      return Record(
        seq: pending.seq, pending: true, action: pending.action, actionName: pending.actionName,
        time: pending.time, prior: pending.prior)
    }
  }

  func text(_ style: TextStyle) -> String {
    switch form {
    case .reproduction:
      return """
        to reproduce entry \(pending.seq) (\(style.name(pending.action))), apply its action to its prior state:
        action: \(JSONPrinter.compact.print(pending.action))
        state:
        \(JSONPrinter.pretty.print(pending.prior))

        """
    case .entry:
      var text = "entry \(pending.seq) (\(style.name(pending.action)))"
      if let time = pending.time { text += " at \(TerminalText.sanitize(time))" }
      text += ": the app stopped while applying it (no next state)\n"
      text += "action: \(JSONPrinter.compact.print(pending.action))\nstate before it:\n"
      return text + JSONPrinter.pretty.print(pending.prior) + "\n"
    }
  }
}
