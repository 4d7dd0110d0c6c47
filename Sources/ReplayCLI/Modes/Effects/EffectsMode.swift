import TerminalEditor
import TimeTravel

/// `replay LOG --effects [K]`: the effects running at state K (by default the last), and
/// every effect's runs over the log, from its effect records.
struct EffectsMode: LogMode {
  static let declaration = ModeDeclaration(
    EffectsMode.self,
    flag: Flag(
      names: ["--effects"], value: .optionalState("K"),
      help:
        "The effects running at state K (by default at the end of the log): each one's name, run, the entry that started it, its site and how long it had run; then, for the whole log, each effect's runs: completed, cancelled, failed, still running at the end. Reads the log's effect records."
    ), states: .actions)

  /// State K; `nil` for the end of the log.
  var state: StateName?

  init(state: StateName?) { self.state = state }

  init(_ arguments: ModeArguments) throws(UsageError) {
    state = try arguments.values.first.map { text throws(UsageError) in
      try StateName.parse(text, for: "--effects")
    }
  }

  func run(_ context: Context) throws -> Int32 {
    let log = context.log
    let position = try state.map { name throws(LogError) in try context.position(of: name) }
    let runs = try log.effectRuns()
    for warning in runs.warnings { context.warn(warning) }
    let at = position ?? log.entryCount
    let number = at == 0 ? nil : log.numbering.number(atPosition: at)
    // The moment of state K: entry K's time; at the end, when the log was closed.
    var time: String?
    var timeIsClosing = false
    if position == nil, let closed = log.closing?.time {
      (time, timeIsClosing) = (closed, true)
    } else if at > 0 {
      time = try log.entry(at).time
    }
    return try context.emit(
      EffectsOutput(
        hasRecords: log.hasEffectRecords, at: context.stateLabel(at),
        atEntry: at == 0 ? nil : try log.entry(at), isEnd: position == nil || at == log.entryCount,
        time: time, timeIsClosing: timeIsClosing, running: runs.running(afterEntry: number),
        runs: runs.runs))
  }
}
