import TerminalEditor
import TimeTravel

/// `replay LOG --bisect (--predicate EXPR | --run CMD) [--linear]`: the first
/// entry after which the state is bad, found by binary search as git bisect
/// does, or by a linear scan.
struct BisectMode: LogMode {
  static let declaration = ModeDeclaration(
    BisectMode.self,
    flag: Flag(
      names: ["--bisect"],
      help:
        "Binary search, as git bisect does, for the first entry after which the state is bad. Checks both ends first, and warns when the predicate flips more than once. When both ends are good, or the predicate reads $action or $prior (it is about transitions), it checks entry by entry instead and says so."
    ), needs: [OptionFlags.predicate, OptionFlags.run], options: [OptionFlags.linear])

  /// How a state is judged.
  enum Criterion: Equatable, Sendable {
    case predicate(String)
    case command(String)
  }

  var criterion: Criterion
  /// `--linear`: scan instead of binary search.
  var linear: Bool

  init(criterion: Criterion, linear: Bool) {
    self.criterion = criterion
    self.linear = linear
  }

  init(_ arguments: ModeArguments) {
    let options = arguments.options
    criterion = options.run.map(Criterion.command) ?? .predicate(options.predicate ?? "")
    linear = options.linear
  }

  func run(_ context: Context) throws -> Int32 {
    let log = context.log
    let lastState = log.entryCount
    guard lastState > 0 else {
      throw CommandError(code: ExitCode.notFound, message: "the log has no entries to bisect")
    }
    let judge = try BisectJudge(criterion: criterion, context: context)
    var progress = ProgressLine(io: context.io, total: lastState, label: "scanning")
    let result: Bisect.Result
    if linear || !judge.transitionVariables.isEmpty {
      // A property of transitions holds on some entries and not on their
      // neighbours, so binary search would land anywhere: scan.
      result = try Bisect.linear(
        lastState: lastState, reason: linear ? .requested : .readsTransition
      ) { k in
        progress.update(k)
        return try judge.verdict(k)
      }
    } else {
      var endsGood = 0
      result = try Bisect.run(
        lastState: lastState, probingMonotonicity: true, scanningWhenEndsAreGood: true
      ) { k in
        // Progress only for the scan after two good ends, not for the search.
        if endsGood == 2 { progress.update(k) }
        let verdict = try judge.verdict(k)
        if k == 0 || k == lastState, verdict == .good { endsGood += 1 }
        return verdict
      }
    }
    progress.finish()
    var warnings = result.contradictions.map { Self.warning($0, context) }
    if case .firstBad(let k) = result.outcome, let unchained = try Self.unchained(k, context) {
      warnings.append(unchained)
    }
    for warning in warnings { context.io.errText("replay: warning: \(warning)\n") }
    return try context.emit(
      BisectOutput(
        found: try Self.found(result.outcome, context: context, warnings: warnings),
        note: Self.scanNote(result.scan, judge: judge, lastState: lastState, context),
        scan: result.scan, evaluated: result.evaluated, lastState: context.stateLabel(lastState),
        stateCount: lastState + 1, causeAction: Self.causeAction(result.outcome, context)))
  }

  /// The action name of the first bad entry's cause, when it has one.
  private static func causeAction(_ outcome: Bisect.Outcome, _ context: Context) -> String? {
    guard case .firstBad(let k) = outcome, let entry = try? context.log.entry(k) else {
      return nil
    }
    return context.causeAction(of: entry)
  }

  /// What the search's outcome shows.
  /// - Throws: ``CommandError`` (exit 4) when an end state was skipped.
  private static func found(
    _ outcome: Bisect.Outcome, context: Context, warnings: [String]
  ) throws -> BisectOutput.Found {
    switch outcome {
    case .holdsAtStart: return .holdsAtStart
    case .neverHolds: return .neverHolds
    case .endSkipped(let k):
      throw CommandError(
        code: ExitCode.evaluationError,
        message:
          "\(context.stateText(k)) was skipped; bisect needs a good initial state and a bad last state"
      )
    case .candidates(let positions), .undecided(let positions):
      let decided = if case .candidates = outcome { true } else { false }
      return .candidates(
        try positions.map { k throws(LogError) in try context.log.entry(k) },
        labels: positions.map(context.stateLabel), decided: decided)
    case .firstBad(let k):
      let entry = try context.log.entry(k)
      let changes = JSONDiff.changes(
        from: entry.prior, to: entry.next, options: context.diffOptions)
      return .firstBad(entry, changes: changes, warnings: warnings)
    }
  }

  /// Why the states were judged one by one, said before the result; `nil` when the
  /// user asked for it (`--linear`) or bisection searched.
  private static func scanNote(
    _ reason: Bisect.ScanReason?, judge: BisectJudge, lastState: Int, _ context: Context
  ) -> String? {
    switch reason {
    case .readsTransition:
      let variables = judge.transitionVariables.map { "$" + $0 }.joined(separator: " and ")
      return
        "the predicate reads \(variables), so it was checked entry by entry: binary search needs a property of the state that turns bad once and stays bad"
    case .endsAreGood:
      return
        "the state is good on the initial state (init) and on the last state (\(context.stateName(lastState))), so there is no flip to search for: it was checked entry by entry"
    case .requested, nil:
      return nil
    }
  }

  /// Bisect judges states, so when the first bad entry's prior is not the state before
  /// it (a gap record or a broken chain lies between), the state may have turned bad
  /// there rather than in the entry: a warning says so.
  private static func unchained(_ k: Int, _ context: Context) throws -> String? {
    guard try DiffMode.change(context, entryAt: k).from == nil else { return nil }
    let (before, entry) = (context.stateText(k - 1), context.stateName(k))
    let cause =
      context.log.gap(beforeEntry: k) != nil
      ? "the recorder dropped entries before it" : "the chain is broken there"
    return
      "entry \(entry)'s prior is not \(before) (\(cause)), so the state may have turned bad between them rather than in entry \(entry)"
  }

  /// What a probe that contradicts a single flip means for the entry bisect found.
  private static func warning(_ contradiction: Bisect.Contradiction, _ context: Context) -> String {
    switch contradiction {
    case .holdsBefore(state: let g, firstBad: let k):
      let (g, k) = (context.stateText(g), context.stateName(k))
      return
        "the predicate holds on \(g), before entry \(k): it is not monotone, so entry \(k) may not be the first bad entry; use --linear to find the first"
    case .clearsAfter(state: let b, firstBad: let k):
      let (b, k) = (context.stateText(b), context.stateName(k))
      return
        "the predicate does not hold on \(b), after entry \(k): it flips more than once; use --linear to find the first bad entry"
    }
  }
}
