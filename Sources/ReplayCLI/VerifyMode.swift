import TimeTravel

/// `replay LOG --verify --reducer NAME`: recompute every state through a registered
/// reducer and report the first divergence.
enum VerifyMode {
  static func run(_ context: Context, reducer name: String) throws -> Int32 {
    let registry = context.reducers
    guard let verify = registry.verifier(named: name) else {
      let registered =
        registry.names.isEmpty
        ? "none are registered in this replay; see docs/custom-replay.md"
        : "registered: \(registry.names.joined(separator: ", "))"
      throw CommandError(
        code: ExitCode.usage,
        message: "unknown reducer '\(TerminalText.sanitize(name))' (\(registered))")
    }
    let outcome: ReplayOutcome
    do {
      outcome = try verify(context.log)
    } catch {
      throw CommandError(
        code: error.kind == .unreadableLog ? ExitCode.unreadableLog : ExitCode.incompatibleLog,
        message: TerminalText.sanitize(error.description))
    }
    switch outcome {
    case .verified(let count):
      if context.json {
        context.printJSON(["ok": true, "entries": .number(JSONNumber(count))])
      } else {
        context.io.out(
          "verified \(count) \(count == 1 ? "entry" : "entries"): every recomputed state matches the log\n"
        )
      }
      return ExitCode.success
    case .diverged(let divergence):
      report(divergence, context)
      return ExitCode.diverged
    }
  }

  private static func report(_ divergence: Divergence, _ context: Context) {
    if context.json {
      var object = JSONObject()
      object["ok"] = false
      object["divergedAt"] = .number(JSONNumber(divergence.seq))
      object["action"] = divergence.action
      object["actionName"] = .string(divergence.actionName)
      object["changes"] = ChangeJSON.array(divergence.changes)
      context.printJSON(.object(object))
      return
    }
    let count = divergence.changes.count
    var lines = [
      "entry \(divergence.seq) (\(context.name(divergence.action))) diverges: the recomputed state differs from the recorded one at \(count) \(count == 1 ? "path" : "paths")"
    ]
    for change in divergence.changes {
      let path = change.path.tokens.isEmpty ? "(root)" : change.path.displayText
      switch change.op {
      case .replace:
        let (recorded, recomputed) = context.abbreviated(change.old, change.new)
        lines.append("  \(path): recorded \(recorded), recomputed \(recomputed)")
      case .add:
        lines.append("  \(path): only recomputed: \(context.abbreviated(change.new!, limit: 120))")
      case .remove:
        lines.append("  \(path): only recorded: \(context.abbreviated(change.old!, limit: 120))")
      case .move:
        lines.append(
          "  \(path): moved from \(change.from.map(\.displayText) ?? "")")
      }
    }
    lines.append("action: \(context.abbreviated(divergence.action))")
    context.io.out(lines.joined(separator: "\n") + "\n")
  }
}
