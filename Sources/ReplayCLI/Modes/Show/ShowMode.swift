import TerminalEditor
import TimeTravel

/// `replay LOG --show N`: entry N's action and the state after it.
struct ShowMode: LogMode {
  static let declaration = ModeDeclaration(
    ShowMode.self,
    flag: Flag(
      names: ["--show"], value: .state("N"),
      help:
        "Entry N's action and the state after it; --show init shows the initial state. For a session that died inside a reducer, N is the seq of the entry it died in."
    ))

  /// The state to show.
  var state: StateName

  init(state: StateName) { self.state = state }

  init(_ arguments: ModeArguments) throws(UsageError) {
    state = try StateName.parse(arguments.values[0], for: "--show")
  }

  func run(_ context: Context) throws -> Int32 {
    if ReproduceMode.showsPending(context, state) { return ReproduceMode.showPending(context) }
    let name = state
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
      text = "entry \(entry.seq) (\(context.style.name(entry.action)))"
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
