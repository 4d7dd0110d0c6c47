import TimeTravel

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
    let judge = try BisectJudge(criterion: criterion, context: context)
    let result: Bisect.Result
    if linear {
      var progress = Progress(io: context.io, total: lastState, label: "scanning")
      result = try Bisect.linear(lastState: lastState) { k in
        progress.update(k)
        return try judge.verdict(k)
      }
      progress.finish()
    } else {
      result = try Bisect.run(
        lastState: lastState, probingMonotonicity: true, verdict: judge.verdict)
    }
    var warnings = result.contradictions.map { warning($0, context) }
    if case .firstBad(let k) = result.outcome, let unchained = try unchained(k, context) {
      warnings.append(unchained)
    }
    for warning in warnings { context.io.errText("replay: warning: \(warning)\n") }
    return try report(result, context: context, lastState: lastState, warnings: warnings)
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
          "the state is already bad on the initial state (init): no entry introduced it\n")
      }
      return ExitCode.holdsAtStart
    case .neverHolds:
      if context.json {
        context.printJSON(["result": "neverHolds", "evaluated": evaluated])
      } else {
        context.io.out(
          "the state is never bad: not on the last state (\(context.stateName(lastState))) nor on the initial state (init)\n"
        )
      }
      return ExitCode.notFound
    case .endSkipped(let k):
      throw CommandError(
        code: ExitCode.evaluationError,
        message:
          "\(context.stateText(k)) was skipped; bisect needs a good initial state and a bad last state"
      )
    case .candidates(let entries):
      if context.json {
        context.printJSON([
          "result": "candidates",
          "candidates": .array(JSONArray(entries.map(context.stateJSON))),
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
