import TimeTravel
import TimeTravelJQ

/// `replay LOG --bisect (--predicate EXPR | --run CMD) [--linear]`: the first
/// entry after which the state is bad, found by binary search as git bisect
/// does, or by a linear scan.
enum BisectMode {
  enum Criterion: Equatable {
    case predicate(String)
    case command(String)
  }

  static func run(_ context: Context, criterion: Criterion, linear: Bool) throws -> Int32 {
    let log = context.log
    let lastState = log.entryCount
    guard lastState > 0 else {
      throw CommandError(code: ExitCode.notFound, message: "the log has no entries to bisect")
    }
    let judge = try Judge(criterion: criterion, context: context)
    var result: Bisect.Result
    if linear {
      var progress = Progress(io: context.io, total: lastState, label: "scanning")
      result = try Bisect.linear(lastState: lastState) { k in
        progress.update(k)
        return try judge.verdict(k)
      }
      progress.finish()
    } else {
      result = try Bisect.run(lastState: lastState, verdict: judge.verdict)
    }
    var warnings: [String] = []
    if !linear, case .firstBad(let k) = result.outcome {
      warnings = try probeMonotonicity(
        firstBad: k, result: &result, lastState: lastState, judge: judge)
    }
    for warning in warnings { context.io.errText("replay: warning: \(warning)\n") }
    return try report(result, context: context, lastState: lastState, warnings: warnings)
  }

  /// Two extra evaluations that catch most predicates that flip more than
  /// once, where bisection finds *a* flip but maybe not the first.
  private static func probeMonotonicity(
    firstBad k: Int, result: inout Bisect.Result, lastState: Int, judge: Judge
  ) throws -> [String] {
    let probes = Bisect.monotonicityProbes(
      firstBad: k, lastState: lastState, evaluated: Set(result.trail.map(\.state)))
    var warnings: [String] = []
    if let g = probes.goodSide {
      let v = try judge.verdict(g)
      result.trail.append(.init(state: g, verdict: v))
      if v == .bad {
        warnings.append(
          "the predicate holds on state \(g), before entry \(k): it is not monotone, so entry \(k) may not be the first bad entry; use --linear to find the first"
        )
      }
    }
    if let b = probes.badSide {
      let v = try judge.verdict(b)
      result.trail.append(.init(state: b, verdict: v))
      if v == .good {
        warnings.append(
          "the predicate does not hold on state \(b), after entry \(k): it flips more than once; use --linear to find the first bad entry"
        )
      }
    }
    return warnings
  }

  private static func report(
    _ result: Bisect.Result, context: Context, lastState: Int, warnings: [String]
  ) throws -> Int32 {
    let evaluated = JSONValue.number(JSONNumber(result.evaluated))
    switch result.outcome {
    case .holdsAtStart:
      if context.json {
        context.printJSON(["result": "holdsAtStart", "evaluated": evaluated])
      } else {
        context.io.out(
          "the state is already bad on state 0 (the initial state): no entry introduced it\n")
      }
      return ExitCode.holdsAtStart
    case .neverHolds:
      if context.json {
        context.printJSON(["result": "neverHolds", "evaluated": evaluated])
      } else {
        context.io.out(
          "the state is never bad: not on the last state (\(lastState)) nor on state 0\n")
      }
      return ExitCode.notFound
    case .endSkipped(let k):
      throw CommandError(
        code: ExitCode.evaluationError,
        message: "state \(k) was skipped; bisect needs a good state 0 and a bad last state")
    case .candidates(let entries):
      if context.json {
        context.printJSON([
          "result": "candidates",
          "candidates": .array(JSONArray(entries.map { .number(JSONNumber($0)) })),
          "evaluated": evaluated,
        ])
      } else {
        var text =
          "there are only skipped states left to test; the first bad entry could be any of:\n"
        for k in entries {
          let entry = try context.log.entry(k)
          text += "  entry \(entry.seq) (\(context.name(entry.action)))\n"
        }
        text += "evaluated \(result.evaluated) of \(lastState + 1) states\n"
        context.io.out(text)
      }
      return ExitCode.inconclusive
    case .firstBad(let k):
      let entry = try context.log.entry(k)
      let changes = JSONDiff.changes(
        from: entry.prior, to: entry.next, options: context.diffOptions)
      if context.json {
        var object = JSONObject()
        object["result"] = "firstBad"
        object["seq"] = .number(JSONNumber(entry.seq))
        object["action"] = entry.action
        object["actionName"] = .string(entry.actionName)
        if let time = entry.time { object["time"] = .string(time) }
        object["line"] = .number(JSONNumber(entry.line))
        object["evaluated"] = evaluated
        object["changes"] = ChangeJSON.array(changes)
        if !warnings.isEmpty {
          object["warnings"] = .array(JSONArray(warnings.map(JSONValue.string)))
        }
        context.printJSON(.object(object))
        return ExitCode.success
      }
      var text = "entry \(entry.seq) (\(context.name(entry.action))) is the first bad entry\n"
      if let time = entry.time { text += "time:   \(TerminalText.sanitize(time))\n" }
      text += "action: \(context.abbreviated(entry.action))\n"
      text += "changes:\n"
      for line in context.renderer.renderLines(changes) { text += "  " + line + "\n" }
      if changes.isEmpty { text += "  (no state changes)\n" }
      text += "evaluated \(result.evaluated) of \(lastState + 1) states\n"
      context.io.out(text)
      return ExitCode.success
    }
  }
}

/// Judges one state, by predicate or by command.
private struct Judge {
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
          return try shell.verdict(state: try log.state(k), index: k)
        } catch let abort as ShellCommand.Abort {
          throw CommandError(code: ExitCode.evaluationError, message: abort.message)
        }
      }
    }
  }
}

/// Compiling and running predicates, with the CLI's exit codes.
enum Predicate {
  /// Compiles `source` with `$seq`, `$action` and `$prior` declared, so an
  /// unknown variable is a syntax error naming its column, as in jq.
  static func compile(_ source: String, what: String = "predicate") throws -> JQFilter {
    do {
      return try JQFilter(source, variableNames: ["seq", "action", "prior"])
    } catch {
      throw CommandError(
        code: ExitCode.usage,
        message: "\(what) syntax error at \(error.description)\n\(error.caretLine)")
    }
  }

  /// Runs `filter` on state `k` with `$seq`, `$action` and `$prior` bound
  /// (`$action` and `$prior` are null on state 0).
  static func holds(_ filter: JQFilter, on log: LogFile, state k: Int) throws -> Bool {
    let state = try log.state(k)
    let entry = k > 0 ? try log.entry(k) : nil
    let variables: [String: JSONValue] = [
      "seq": .number(JSONNumber(k)), "action": entry?.action ?? .null,
      "prior": entry?.prior ?? .null,
    ]
    do {
      return try filter.holds(on: state, variables: variables)
    } catch {
      let at =
        entry.map { "state \(k) (after entry \($0.seq), \(TerminalText.sanitize($0.actionName)))" }
        ?? "state 0"
      throw CommandError(
        code: ExitCode.evaluationError,
        message: "the predicate failed on \(at): \(error.description)")
    }
  }

  /// Whether `filter` holds on the whole entry `{seq, time, action, prior, next}`.
  static func holds(_ filter: JQFilter, onEntry entry: LogEntry, what: String) throws -> Bool {
    do {
      return try filter.holds(
        on: entry.jsonValue,
        variables: [
          "seq": .number(JSONNumber(entry.seq)), "action": entry.action, "prior": entry.prior,
        ])
    } catch {
      throw CommandError(
        code: ExitCode.evaluationError,
        message:
          "\(what) failed on entry \(entry.seq) (\(TerminalText.sanitize(entry.actionName))): \(error.description)"
      )
    }
  }
}
