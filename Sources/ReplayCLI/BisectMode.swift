import TimeTravel

/// `replay LOG --bisect --predicate EXPR`: the first entry after which EXPR
/// holds, found by binary search as git bisect does.
enum BisectMode {
  static func run(_ context: Context, predicate source: String) throws -> Int32 {
    let filter = try Predicate.compile(source)
    let log = context.log
    let lastState = log.entryCount
    guard lastState > 0 else {
      throw CommandError(code: ExitCode.notFound, message: "the log has no entries to bisect")
    }
    let result = try Bisect.run(lastState: lastState) { (k: Int) throws -> Bool in
      try Predicate.holds(filter, on: log, state: k)
    }
    switch result.outcome {
    case .holdsAtStart:
      if context.json {
        context.printJSON([
          "result": "holdsAtStart", "evaluated": .number(JSONNumber(result.evaluated)),
        ])
      } else {
        context.io.out(
          "the predicate already holds on state 0 (the initial state): no entry introduced it\n")
      }
      return ExitCode.holdsAtStart
    case .neverHolds:
      if context.json {
        context.printJSON([
          "result": "neverHolds", "evaluated": .number(JSONNumber(result.evaluated)),
        ])
      } else {
        context.io.out(
          "the predicate never holds: not on the last state (\(lastState)) nor on state 0\n")
      }
      return ExitCode.notFound
    case .firstBad(let k):
      let entry = try log.entry(k)
      let changes = JSONDiff.changes(from: entry.prior, to: entry.next)
      if context.json {
        var object = JSONObject()
        object["result"] = "firstBad"
        object["seq"] = .number(JSONNumber(entry.seq))
        object["action"] = entry.action
        object["actionName"] = .string(entry.actionName)
        if let time = entry.time { object["time"] = .string(time) }
        object["line"] = .number(JSONNumber(entry.line))
        object["evaluated"] = .number(JSONNumber(result.evaluated))
        object["changes"] = ChangeJSON.array(changes)
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

/// Compiling and running predicates, with the CLI's exit codes.
enum Predicate {
  static func compile(_ source: String) throws -> JQFilter {
    do {
      return try JQFilter(source)
    } catch {
      throw CommandError(
        code: ExitCode.usage,
        message: "predicate syntax error at \(error.description)\n\(error.caretLine)")
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
}
