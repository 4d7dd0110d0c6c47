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

  init(criterion: BisectMode.Criterion, context: Context) throws {
    let log = context.log
    switch criterion {
    case .predicate(let source):
      let filter = try JQPredicate.compile(source, modules: context.options.modules)
      transitionVariables = ["action", "prior"].filter(filter.freeVariables.contains)
      isPredicate = true
      verdict = { k in try JQPredicate.holds(filter, on: log, state: k) ? .bad : .good }
    case .command(let command):
      transitionVariables = []
      isPredicate = false
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
}
