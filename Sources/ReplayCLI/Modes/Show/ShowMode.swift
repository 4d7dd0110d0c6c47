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
    if ReproduceMode.showsPending(context, state) { return try ReproduceMode.showPending(context) }
    let name = state
    let log = context.log
    let n = try context.position(of: name)
    let state = try log.state(n)
    let entry = n > 0 ? try log.entry(n) : nil
    return try context.emit(
      ShowOutput(
        entry: entry, state: state, first: context.stateName(1),
        causeAction: entry.flatMap(context.causeAction)))
  }
}
