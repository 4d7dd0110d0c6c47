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
        "Binary search, as git bisect does, for the first entry after which the state is bad. Checks both ends first, then checks its answer: a --predicate is judged on every earlier state, so a predicate that heals and breaks again is reported with its true first bad entry and its flips; with --run, --confirm does the same. When both ends are good, or the predicate reads $action or $prior (it is about transitions), it checks entry by entry instead and says so."
    ), needs: [OptionFlags.predicate, OptionFlags.run],
    options: [OptionFlags.linear, OptionFlags.confirm])

  /// How a state is judged.
  enum Criterion: Equatable, Sendable {
    case predicate(String)
    case command(String)
  }

  var criterion: Criterion
  /// `--linear`: scan instead of binary search.
  var linear: Bool
  /// `--confirm`: check the answer even when each state costs a run of a command.
  var confirm: Bool

  init(criterion: Criterion, linear: Bool, confirm: Bool = false) {
    self.criterion = criterion
    self.linear = linear
    self.confirm = confirm
  }

  init(_ arguments: ModeArguments) {
    let options = arguments.options
    criterion = options.run.map(Criterion.command) ?? .predicate(options.predicate ?? "")
    linear = options.linear
    confirm = options.confirm
  }

  /// How long the check of a `--predicate`'s answer may scan without `--confirm`.
  static let checkBudget = Duration.seconds(10)

  func run(_ context: Context) throws -> Int32 {
    let log = context.log
    let lastState = log.entryCount
    guard lastState > 0 else {
      throw CommandError(code: ExitCode.notFound, message: "the log has no entries to bisect")
    }
    let judge = try BisectJudge(criterion: criterion, context: context)
    var progress = ProgressLine(io: context.io, total: lastState, label: "scanning")
    var result: Bisect.Result
    if linear || !judge.transitionVariables.isEmpty {
      // A property of transitions holds on some entries and not on their
      // neighbours, so binary search would land anywhere: scan. After the initial state,
      // the states are judged on every core, up to the first bad one.
      var scanned: [Result<Bisect.Verdict, any Error>]?
      result = try Bisect.linear(
        lastState: lastState, reason: linear ? .requested : .readsTransition
      ) { k in
        if k == 1, scanned == nil {
          scanned = judge.verdicts(of: 1...lastState) { k, verdict in
            progress.update(k)
            return verdict != .bad
          }
        }
        if let scanned, k >= 1, k <= scanned.count { return try scanned[k - 1].get() }
        progress.update(k)
        return try judge.verdict(k)
      }
    } else {
      result = try search(judge, lastState: lastState, progress: &progress)
    }
    progress.finish()
    var warnings = result.contradictions.map { Self.warning($0, context) }
    if case .firstBad(let k) = result.outcome, let unchained = try Self.unchained(k, context) {
      warnings.append(unchained)
    }
    for warning in warnings { context.io.errText("replay: warning: \(warning)\n") }
    let check = result.confirmation.map {
      var check = BisectOutput.Check(
        $0, judged: Set(result.trail.map(\.state)).count, context: context)
      check.timedOut = judge.isPredicate && !confirm
      return check
    }
    return try context.emit(
      BisectOutput(
        found: try Self.found(result.outcome, context: context, warnings: warnings),
        note: Self.scanNote(result.scan, judge: judge, lastState: lastState, context),
        scan: result.scan, check: check,
        evaluated: result.evaluated - (result.confirmation?.judged ?? 0),
        lastState: context.stateLabel(lastState), stateCount: lastState + 1,
        causeAction: Self.causeAction(result.outcome, context)))
  }

  /// The binary search, then its check: the states before the first bad entry it found
  /// are judged (a predicate's within ``checkBudget``, a command's only with `--confirm`,
  /// each costing a run), so the answer is the true first bad entry even when the
  /// property heals and breaks again. Without the check, two probes look for a second flip.
  private func search(_ judge: BisectJudge, lastState: Int, progress: inout ProgressLine) throws
    -> Bisect.Result
  {
    let checks = judge.isPredicate || confirm
    var endsGood = 0
    var scanning = false
    // The states a scan judged ahead, on every core, from `from` on: a predicate's states
    // between two good ends, and before the answer for its check (see
    // `BisectJudge.verdicts(of:judged:)`). Those it did not reach are judged one by one.
    var ahead: (from: Int, verdicts: [Result<Bisect.Verdict, any Error>])?
    func judgeAhead(
      _ states: ClosedRange<Int>, _ progress: inout ProgressLine, stop: (Bisect.Verdict) -> Bool
    ) {
      ahead = (
        states.lowerBound,
        judge.verdicts(of: states) { k, verdict in
          progress.update(k)
          return !stop(verdict)
        }
      )
    }
    let verdict = { (k: Int, progress: inout ProgressLine) throws -> Bisect.Verdict in
      if endsGood == 2, ahead == nil, lastState > 1 {
        // Both ends good: every state between is judged in order, up to a bad one.
        judgeAhead(1...(lastState - 1), &progress) { $0 == .bad }
      }
      if let ahead, k >= ahead.from, k - ahead.from < ahead.verdicts.count {
        return try ahead.verdicts[k - ahead.from].get()
      }
      // Progress only for the scans (after two good ends, and the check).
      if endsGood == 2 || scanning { progress.update(k) }
      let verdict = try judge.verdict(k)
      if k == 0 || k == lastState, verdict == .good { endsGood += 1 }
      return verdict
    }
    let result = try Bisect.run(
      lastState: lastState, probingMonotonicity: !checks, scanningWhenEndsAreGood: true
    ) { k in try verdict(k, &progress) }
    scanning = true
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: Self.checkBudget)
    let shouldStop = { !confirm && clock.now >= deadline }
    if checks, case .firstBad(let k) = result.outcome, result.scan == nil, k > 1 {
      judgeAhead(1...(k - 1), &progress) { _ in shouldStop() }
    }
    return try Bisect.confirm(result, budget: checks ? nil : 0, shouldStop: shouldStop) { k in
      try verdict(k, &progress)
    }
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
