import TimeTravel
import TimeTravelJQ

/// Judges one state for `--bisect`, by predicate or by command.
struct BisectJudge {
  let verdict: (Int) throws -> Bisect.Verdict

  init(criterion: BisectMode.Criterion, context: Context) throws {
    let log = context.log
    switch criterion {
    case .predicate(let source):
      let filter = try Predicate.compile(source)
      verdict = { k in try Predicate.holds(filter, on: log, state: k) ? .bad : .good }
    case .command(let command):
      let shell = ShellCommand(command: command, io: context.io)
      verdict = { k in
        do {
          return try shell.verdict(state: try log.state(k), name: context.stateName(k))
        } catch let abort as ShellCommand.Abort {
          throw CommandError(code: ExitCode.evaluationError, message: abort.message)
        }
      }
    }
  }
}
