import TerminalEditor
import TimeTravel

extension StepCommand {
  /// The stepper's commands, in the order `help` lists them.
  static let all: [StepCommand] = moving + inspecting + provenance + forking + live + session

  /// The commands that move through the log.
  private static let moving: [StepCommand] = [
    StepCommand(
      names: ["next", "n"], arguments: "[COUNT]",
      help: "step forward (to the state after the next entry)"
    ) { stepper, input in
      guard let n = input.count else {
        return stepper.hint("usage: next [COUNT], COUNT a positive number")
      }
      guard stepper.current < stepper.count else {
        return stepper.hint(
          "already at the last state (\(stepper.context.stateName(stepper.count)))")
      }
      try stepper.move(to: min(stepper.count, stepper.current + n))
      return true
    },
    StepCommand(names: ["prev", "p", "back"], arguments: "[COUNT]", help: "step backward") {
      stepper, input in
      guard let n = input.count else {
        return stepper.hint("usage: prev [COUNT], COUNT a positive number")
      }
      guard stepper.current > 0 else { return stepper.hint("already at the initial state (init)") }
      try stepper.move(to: max(0, stepper.current - n))
      return true
    },
    StepCommand(
      names: ["goto", "g"], arguments: "K", help: "go to state K: the state after entry K, or init"
    ) { stepper, input in
      let words = input.words
      guard words.count == 1, let name = StateName(words[0]) else {
        return stepper.hint(
          "usage: goto K, K a state: init, or an entry's seq (\(stepper.context.log.numbering.rangeText))"
        )
      }
      guard let k = stepper.position(of: name) else { return true }
      try stepper.move(to: k)
      return true
    },
    StepCommand(names: ["first"], help: "go to the initial state (init)") { stepper, _ in
      try stepper.move(to: 0)
      return true
    },
    StepCommand(names: ["last"], help: "go to the last state") { stepper, _ in
      try stepper.move(to: stepper.count)
      return true
    },
    StepCommand(
      names: ["continue", "c"], arguments: "EXPR",
      help: "forward until the jq predicate EXPR holds on the state"
    ) { stepper, input in try stepper.continueUntil(input, forward: true) },
    StepCommand(
      names: ["reverse-continue", "rc"], arguments: "EXPR", help: "backward until EXPR holds"
    ) { stepper, input in try stepper.continueUntil(input, forward: false) },
    StepCommand(
      names: ["watch"], arguments: "PATH", help: "forward to the next entry that changes PATH",
      completesPaths: true
    ) { stepper, input in try stepper.watch(input, forward: true) },
    StepCommand(
      names: ["rwatch"], arguments: "PATH",
      help: "backward to the latest entry that changed PATH", completesPaths: true
    ) { stepper, input in try stepper.watch(input, forward: false) },
  ]

  /// The commands that show where the stepper is.
  private static let inspecting: [StepCommand] = [
    StepCommand(
      names: ["diff"], arguments: "[A B]",
      help: "what the current entry changed, or state A → state B"
    ) { stepper, input in try stepper.diff(input) },
    StepCommand(
      names: ["state"], arguments: "[PATH | EXPR]",
      help: "the current state, a JSON Pointer into it, or a jq expression on it",
      completesPaths: true
    ) { stepper, input in
      try stepper.printState(input.argument)
      return true
    },
    StepCommand(names: ["action"], help: "the current entry's action") { stepper, _ in
      try stepper.printAction()
    },
    StepCommand(
      names: ["list", "l"], arguments: "[N]",
      help: "N entries around the current one (default 10)"
    ) { stepper, input in
      let words = input.words
      guard words.count <= 1, let n = words.isEmpty ? 10 : Int(words[0]), n > 0 else {
        return stepper.hint("usage: list [N], N a positive number")
      }
      try stepper.list(around: stepper.current, size: n)
      return true
    },
    StepCommand(
      names: ["find", "f"], arguments: "EXPR",
      help: "entries where EXPR holds on {seq, time, action, prior, next}"
    ) { stepper, input in try stepper.find(input) },
  ]

  /// Where the current entry came from.
  private static let provenance: [StepCommand] = [
    StepCommand(
      names: ["why"], arguments: "[K]",
      help: "the chain of causes of entry K (default: the current one), root first"
    ) { stepper, input in try stepper.why(input) },
    StepCommand(
      names: ["cause"], help: "go to the entry that caused the current one (its effect's start)"
    ) { stepper, _ in try stepper.goToCause() },
    StepCommand(
      names: ["effects"], arguments: "[K]",
      help: "the effects running at state K (default: the current one)"
    ) { stepper, input in try stepper.effects(input) },
  ]

  /// What-ifs: forks of the session replayed through `--reducer NAME`.
  private static let forking: [StepCommand] = [
    StepCommand(
      names: ["skip"], arguments: "K",
      help: "fork: this history without entry K (replayed through --reducer NAME)"
    ) { stepper, input in try stepper.forkAdding(input) },
    StepCommand(
      names: ["edit"], arguments: "K=ACTION_JSON", help: "fork: entry K with another action"
    ) { stepper, input in try stepper.forkAdding(input) },
    StepCommand(
      names: ["whatif"], arguments: "[EDIT…]",
      help: "fork the recording with --what-if's edits; alone, as where"
    ) { stepper, input in try stepper.whatIf(input) },
    StepCommand(
      names: ["back to recorded"], help: "leave the fork for the recording, at the same entry"
    ) { stepper, _ in try stepper.backToRecorded() },
    StepCommand(names: ["where"], help: "the current state, and the fork's edits if one") {
      stepper, _ in stepper.whereAmI()
    },
  ]

  /// Help and leaving.
  private static let session: [StepCommand] = [
    StepCommand(names: ["help", "h", "?"], help: "this list") { stepper, _ in
      stepper.context.io.out(StepMode.commandHelp)
      return true
    },
    StepCommand(
      names: ["quit", "q", "exit"], help: "leave (an attached app keeps running, where it is)"
    ) { _, _ in false },
  ]
}
