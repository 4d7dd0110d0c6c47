import TerminalEditor
import TimeTravel

extension StepCommand {
  /// The commands of a stepper attached to a running app (`replay --listen PORT --step`):
  /// they act on the app, which records each as an entry the stepper then shows.
  static let live: [StepCommand] = [
    StepCommand(
      names: ["undo"], help: "the app undoes (recorded as @@undo), and the stepper goes there"
    ) {
      stepper, _ in try stepper.remotely(.undo)
    },
    StepCommand(names: ["redo"], help: "the app redoes (recorded as @@redo)") { stepper, _ in
      try stepper.remotely(.redo)
    },
    StepCommand(
      names: ["dispatch"], arguments: "ACTION",
      help: "the app dispatches ACTION, JSON as its log writes actions"
    ) { stepper, input in
      guard !input.argument.isEmpty else {
        return stepper.hint(#"usage: dispatch ACTION, the action as JSON ({"addTodo":{…}})"#)
      }
      let action: JSONValue
      do throws(JSONParseError) {
        action = try JSONParser.parse(input.argument)
      } catch {
        return stepper.hint("dispatch: the action is not JSON: \(error.message)")
      }
      return try stepper.remotely(.dispatch(action: action))
    },
    StepCommand(names: ["resume"], help: "the app returns to its present state") {
      stepper, _ in try stepper.remotely(.resume)
    },
  ]
}

extension Stepper {
  /// Runs `command` in the attached app, then moves the cursor to the entry the app
  /// recorded for it.
  mutating func remotely(_ command: LiveCommand) throws -> Bool {
    guard let remote else {
      return hint(
        "\(command.name) acts on a running app: attach one with replay --listen PORT --step")
    }
    guard let answer = remote.send(command, io: context.io) else { return true }
    if let log = try remote.catchUp(context.log) { adopt(log, newSession: false) }
    guard let seq = answer else {
      _ = hint("the app did not change (\(command.name) had nothing to do)")
      if case .resume = command, current != count { try move(to: count, moveApp: false) }
      return true
    }
    try move(to: try context.log.position(ofEntry: seq), moveApp: false)
    return true
  }
}
