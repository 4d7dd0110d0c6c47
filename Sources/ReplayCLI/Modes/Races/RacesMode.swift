import TimeTravel

/// `replay LOG --races --window W --predicate EXPR --reducer NAME [--max-orderings N]`:
/// the orderings of effects' actions a real run could have produced under which the
/// predicate holds, although the recorded order never made it hold.
struct RacesMode: LogMode {
  static let declaration = ModeDeclaration(
    RacesMode.self,
    flag: Flag(
      names: ["--races"],
      help:
        "Explore the orderings a real run could have produced: each action an effect sent (an entry with origin.cause) moved later, past up to W other actions, never before its cause, one or two at a time, each ordering replayed through a registered reducer. It reports those under which the predicate holds although the recorded order never made it hold, each as --move edits to paste into --what-if, with the first bad entry and the diff, and how many orderings it explored. Ctrl-C stops with what was found so far."
    ), needs: [OptionFlags.predicate], alsoNeeds: [OptionFlags.reducer, OptionFlags.window],
    synopsis: "--races --window W --predicate EXPR --reducer NAME",
    options: [OptionFlags.maxOrderings])

  var predicate: String
  var reducer: String
  var window: Int
  var maxOrderings: Int

  init(_ arguments: ModeArguments) {
    let options = arguments.options
    predicate = options.predicate ?? ""
    reducer = options.reducer ?? ""
    window = options.window ?? 1
    maxOrderings = options.maxOrderings ?? 10_000
  }

  func run(_ context: Context) throws -> Int32 {
    let recomputer = try EditedReplay.recomputer(reducer, context)
    let judge = try EditedReplay.predicate(predicate, context)
    let explorer = RaceExplorer(
      log: context.log, recomputer: recomputer, window: window, maxOrderings: maxOrderings)
    let stop = StopRequest()
    var progress = ProgressLine(io: context.io, total: maxOrderings, label: "orderings")
    let result = try stop.during {
      try EditedReplay.run { () throws(WhatIfError) in
        try explorer.run(
          shouldStop: { stop.isRequested }, progress: { explored, _ in progress.update(explored) },
          predicate: judge)
      }
    }
    progress.finish()
    return try context.emit(
      RacesOutput(result: result, window: window, diffOptions: context.diffOptions))
  }
}
