import TerminalEditor
import TimeTravel

/// `replay LOG --show N`: entry N's action and the state after it.
enum ShowMode {
  static func run(_ context: Context, state name: StateName) throws -> Int32 {
    let log = context.log
    let n = try context.position(of: name)
    let state = try log.state(n)
    let entry = n > 0 ? try log.entry(n) : nil
    if context.json {
      var object = JSONObject()
      object["seq"] = entry.map { .number(JSONNumber($0.seq)) } ?? .null
      if let recorded = entry?.recordedSeq, recorded != entry?.seq {
        object["recordedSeq"] = .number(JSONNumber(recorded))
      }
      object["action"] = entry?.action ?? .null
      if let entry {
        object["actionName"] = .string(entry.actionName)
        if let time = entry.time { object["time"] = .string(time) }
        for (key, value) in entry.otherMembers where object[key] == nil { object[key] = value }
      }
      object["state"] = state
      context.printJSON(.object(object))
      return ExitCode.success
    }
    var text: String
    if let entry {
      text = "entry \(entry.seq) (\(context.name(entry.action)))"
      if let time = entry.time { text += " at \(TerminalText.sanitize(time))" }
      text += "\naction: \(JSONPrinter.compact.print(entry.action))\n"
      for (key, value) in entry.otherMembers {
        text += "\(TerminalText.sanitize(key)): \(JSONPrinter.compact.print(value))\n"
      }
      if let recorded = entry.recordedSeq, recorded != entry.seq {
        text += "recorded seq: \(recorded)\n"
      }
      text += "state after it:\n"
    } else {
      text = "init: the initial state (entry \(context.stateName(1))'s prior)\n"
    }
    text += JSONPrinter.pretty.print(state) + "\n"
    context.io.out(text)
    return ExitCode.success
  }
}
