import TerminalEditor
import TimeTravel

/// `replay LOG --reproduce`, and `--show K` for a log's pending (fatal) entry: what a
/// test needs to apply the action the app died in.
enum ReproduceMode {
  static func run(_ context: Context) throws -> Int32 {
    guard let pending = context.log.pendingEntry else {
      throw CommandError(
        code: ExitCode.notFound,
        message:
          "\(TerminalText.sanitize(context.log.path)) has no pending record at its end: the session did not stop inside a reducer"
      )
    }
    if context.json {
      context.printJSON([
        "seq": .number(JSONNumber(pending.seq)), "action": pending.action, "state": pending.prior,
      ])
      return ExitCode.success
    }
    context.io.out(
      """
      to reproduce entry \(pending.seq) (\(context.name(pending.action))), apply its action to its prior state:
      action: \(JSONPrinter.compact.print(pending.action))
      state:
      \(JSONPrinter.pretty.print(pending.prior))

      """)
    return ExitCode.success
  }

  /// Whether `--show N` means the pending entry: N is its number, which no complete
  /// entry has.
  static func showsPending(_ context: Context, _ name: StateName) -> Bool {
    guard let pending = context.log.pendingEntry, case .after(let n) = name else { return false }
    return n == pending.seq && context.log.numbering.position(ofNumber: n) == nil
  }

  static func showPending(_ context: Context) -> Int32 {
    let pending = context.log.pendingEntry!
    if context.json {
      var object = JSONObject()
      object["seq"] = .number(JSONNumber(pending.seq))
      object["pending"] = true
      object["action"] = pending.action
      object["actionName"] = .string(pending.actionName)
      if let time = pending.time { object["time"] = .string(time) }
      object["prior"] = pending.prior
      context.printJSON(.object(object))
      return ExitCode.success
    }
    var text = "entry \(pending.seq) (\(context.name(pending.action)))"
    if let time = pending.time { text += " at \(TerminalText.sanitize(time))" }
    text += ": the app stopped while applying it (no next state)\n"
    text += "action: \(JSONPrinter.compact.print(pending.action))\nstate before it:\n"
    text += JSONPrinter.pretty.print(pending.prior) + "\n"
    context.io.out(text)
    return ExitCode.success
  }
}
