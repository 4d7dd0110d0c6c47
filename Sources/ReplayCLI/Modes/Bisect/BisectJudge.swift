import TimeTravel
import TimeTravelJQ

/// Judges one state for `--bisect`, by predicate or by command.
struct BisectJudge {
  let verdict: (Int) throws -> Bisect.Verdict
  /// The variables about the entry that led to the state (`action`, `prior`) that a
  /// predicate reads, in that order: non-empty when it is about transitions.
  let transitionVariables: [String]
  /// Whether states are judged by a jq predicate (cheap), not by a command (a run each).
  let isPredicate: Bool
  /// The predicate and its log, for judging many states in one scan.
  private let predicate: (filter: JQFilter, log: LogFile)?

  init(criterion: BisectMode.Criterion, context: Context) throws {
    let log = context.log
    switch criterion {
    case .predicate(let source):
      let filter = try JQPredicate.compile(source, modules: context.options.modules)
      transitionVariables = ["action", "prior"].filter(filter.freeVariables.contains)
      isPredicate = true
      predicate = (filter, log)
      verdict = { k in try JQPredicate.holds(filter, on: log, state: k) ? .bad : .good }
    case .command(let command):
      transitionVariables = []
      isPredicate = false
      predicate = nil
      let shell = ShellCommand(command: command, io: context.io)
      var first = true
      verdict = { k in
        defer { first = false }
        do {
          return try shell.verdict(
            state: try log.state(k), name: context.stateName(k), first: first)
        } catch let abort as ShellCommand.Abort {
          throw CommandError(code: ExitCode.evaluationError, message: abort.message)
        }
      }
    }
  }

  /// The verdicts of a predicate on states `states` (from state 1 on), in order, judged in
  /// one scan of their entries on every core (`LogFile.scan`), each line read only as far
  /// as the predicate looks into its `next`, as `--find` reads entries: what the check of
  /// bisect's answer, or a scan of every state, judges one state after another. `judged`
  /// is told each state as its verdict arrives, in order; the scan stops after the state
  /// for which it returns `false`, and at the first state whose reading or judging fails,
  /// whose error ends the list. Empty for a command, each of whose runs is its own.
  /// - Returns: Each state's verdict or error, from `states.lowerBound` on.
  func verdicts(of states: ClosedRange<Int>, judged: (Int, Bisect.Verdict) -> Bool)
    -> [Result<Bisect.Verdict, any Error>]
  {
    guard let (filter, log) = predicate, states.lowerBound >= 1 else { return [] }
    let projection = filter.projection(reading: .truthiness)
    var reading = EntryProjection(next: projection.input ?? .nothing)
    if let prior = projection.variables["prior"] {
      reading = reading.union(EntryProjection(prior: prior))
    }
    let entryReading = reading
    let host = JQPredicate.host(log)
    var verdicts: [Result<Bisect.Verdict, any Error>] = []
    do {
      try log.scan(states.lowerBound..<(states.upperBound + 1)) { line -> Bisect.Verdict in
        let entry = try line.entry(reading: entryReading)
        return try JQPredicate.holds(filter, onState: entry.next, after: entry, host: host)
          ? .bad : .good
      } consume: { position, verdict in
        verdicts.append(.success(verdict))
        return judged(position, verdict)
      }
    } catch {
      verdicts.append(.failure(error))
    }
    return verdicts
  }
}
