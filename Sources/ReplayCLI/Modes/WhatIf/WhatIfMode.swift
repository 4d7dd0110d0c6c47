import TimeTravel

/// `replay LOG --what-if EDIT… --reducer NAME [--predicate EXPR] [--range A..B]`: the
/// log's history with entries skipped, edited, inserted or moved, replayed through a
/// registered reducer (effects not run), compared with the recording.
struct WhatIfMode: LogMode {
  static let flag = Flag(
    names: ["--what-if"],
    help:
      "Replay the history with edits, through a registered reducer as --verify does, and say what would have happened. EDIT is --skip K, --edit K=ACTION_JSON, --insert K=ACTION_JSON or --move K:L, each repeatable; the edits apply in the order given; an action an effect sent (its origin.cause) goes with its cause and is never moved before it. Replay starts from the recorded state before the first changed entry. It prints the first entry whose state differs from the recorded one, the diff of the final states (recorded → edited) and, with --predicate, the first bad entry of the edited history or that the predicate never holds. With --html FILE, it writes the HTML report of the edited history beside the recording instead."
  )
  static let declaration = ModeDeclaration(
    WhatIfMode.self,
    flag: flag, needs: [OptionFlags.reducer], synopsis: "--what-if EDIT… --reducer NAME",
    options: [
      OptionFlags.skip, OptionFlags.edit, OptionFlags.insert, OptionFlags.move,
      OptionFlags.predicate, OptionFlags.range,
    ], modeFlags: [HTMLMode.flag])

  var edits: [HistoryEdit]
  var reducer: String
  var predicate: String?
  var range: SeqRange?
  /// `--html FILE` given with it: the report of the edited history beside the recording.
  var html: String?

  init(_ arguments: ModeArguments) throws(UsageError) {
    let options = arguments.options
    edits = options.edits
    reducer = options.reducer ?? ""
    predicate = options.predicate
    range = options.range
    html = arguments.values(of: HTMLMode.flag)?.first
    if html != nil, range != nil {
      throw UsageError(
        message: "--html reports the whole edited history: --range does not go with it here")
    }
    guard !edits.isEmpty else {
      throw UsageError(
        message:
          "--what-if needs an edit: --skip K, --edit K=ACTION_JSON, --insert K=ACTION_JSON or --move K:L"
      )
    }
  }

  func run(_ context: Context) throws -> Int32 {
    if let html {
      let request = HTMLReportRequest(file: html, predicate: predicate, edited: .whatIf(edits))
      return try HTMLMode(request: request).run(context)
    }
    let recomputer = try EditedReplay.recomputer(reducer, context)
    let predicate = try predicate.map { try EditedReplay.predicate($0, context) }
    let log = context.log
    let bounds = range.flatMap { range -> ClosedRange<Int>? in
      guard let first = log.numbering.first, let last = log.numbering.last else { return nil }
      return (range.lower ?? first)...(range.upper ?? last)
    }
    let whatIf = WhatIf(log: log, recomputer: recomputer, range: bounds)
    let result = try EditedReplay.run { () throws(WhatIfError) in
      try whatIf.run(edits, predicate: predicate)
    }
    return try context.emit(
      WhatIfOutput(
        result: result, reducer: reducer, hasPredicate: predicate != nil,
        diffOptions: context.diffOptions))
  }
}
