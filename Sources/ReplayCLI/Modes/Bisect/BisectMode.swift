import TerminalEditor
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
    var progress = Progress(io: context.io, total: lastState, label: "scanning")
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
    var warnings = result.contradictions.map { warning($0, context) }
    if case .firstBad(let k) = result.outcome, let unchained = try unchained(k, context) {
      warnings.append(unchained)
    }
    for warning in warnings { context.io.errText("replay: warning: \(warning)\n") }
    if !context.json, let note = scanNote(result.scan, judge: judge, lastState: lastState, context)
    {
      context.io.out(note + "\n")
    }
    return try report(result, context: context, lastState: lastState, warnings: warnings)
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

  /// The `scan` member of the JSON result.
  private static func scanName(_ reason: Bisect.ScanReason) -> JSONValue {
    switch reason {
    case .requested: return "requested"
    case .readsTransition: return "readsTransition"
    case .endsAreGood: return "endsAreGood"
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

  private static func report(
    _ result: Bisect.Result, context: Context, lastState: Int, warnings: [String]
  ) throws -> Int32 {
    var object = JSONObject()
    object["evaluated"] = .number(JSONNumber(result.evaluated))
    if let scan = result.scan { object["scan"] = scanName(scan) }
    let footer = "evaluated \(result.evaluated) of \(lastState + 1) states\n"
    switch result.outcome {
    case .holdsAtStart:
      if context.json {
        context.printJSON(.object((["result": "holdsAtStart"] as JSONObject).merging(object)))
      } else {
        context.io.out(
          "the state is already bad on the initial state (init): no entry introduced it\n")
      }
      return ExitCode.holdsAtStart
    case .neverHolds:
      if context.json {
        context.printJSON(.object((["result": "neverHolds"] as JSONObject).merging(object)))
      } else if result.scan == nil {
        context.io.out(
          "the state is never bad: not on the last state (\(context.stateName(lastState))) nor on the initial state (init)\n"
        )
      } else {
        context.io.out("the state is never bad: not on any of the \(lastState + 1) states\n")
      }
      return ExitCode.notFound
    case .endSkipped(let k):
      throw CommandError(
        code: ExitCode.evaluationError,
        message:
          "\(context.stateText(k)) was skipped; bisect needs a good initial state and a bad last state"
      )
    case .candidates(let entries), .undecided(let entries):
      let decided = if case .candidates = result.outcome { true } else { false }
      if context.json {
        var head: JSONObject = ["result": decided ? "candidates" : "undecided"]
        head["candidates"] = .array(JSONArray(entries.map(context.stateJSON)))
        context.printJSON(.object(head.merging(object)))
        return ExitCode.inconclusive
      }
      var text =
        decided
        ? "there are only skipped states left to test; the first bad entry could be any of:\n"
        : "no state judged is bad, but \(entries.count == 1 ? "1 state was" : "\(entries.count) states were") skipped; the first bad entry, if there is one, could be any of:\n"
      for k in entries { text += "  " + context.listing(try context.log.entry(k)) + "\n" }
      context.io.out(text + footer)
      return ExitCode.inconclusive
    case .firstBad(let k):
      let entry = try context.log.entry(k)
      let changes = JSONDiff.changes(
        from: entry.prior, to: entry.next, options: context.diffOptions)
      if context.json {
        var head = JSONObject()
        head["result"] = "firstBad"
        head["seq"] = .number(JSONNumber(entry.seq))
        head["action"] = entry.action
        head["actionName"] = .string(entry.actionName)
        if let time = entry.time { head["time"] = .string(time) }
        head["line"] = .number(JSONNumber(entry.line))
        object = head.merging(object)
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
      context.io.out(text + footer)
      return ExitCode.success
    }
  }
}

extension JSONObject {
  /// These members, then those of `other` this object lacks, in their order.
  fileprivate func merging(_ other: JSONObject) -> JSONObject {
    var merged = self
    for (key, value) in other where merged[key] == nil { merged[key] = value }
    return merged
  }
}
