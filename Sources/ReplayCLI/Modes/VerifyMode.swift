import TerminalEditor
import TimeTravel

/// `replay LOG --verify --reducer NAME`: recompute every state through a registered
/// reducer and report the first divergence.
enum VerifyMode {
  static func run(_ context: Context, reducer name: String) throws -> Int32 {
    let registry = context.reducers
    guard let verify = registry.verifier(named: name) else {
      let registered =
        registry.names.isEmpty
        ? "none are registered in this replay; see Sources/ReplayCLI/Documentation.docc/CustomReplay.md to register yours"
        : "registered: \(registry.names.joined(separator: ", "))"
      throw CommandError(
        code: ExitCode.usage,
        message: "unknown reducer '\(TerminalText.sanitize(name))' (\(registered))")
    }
    let report: ReplayReport
    do {
      report = try verify(context.log)
    } catch {
      throw CommandError(
        code: error.kind == .unreadableLog ? ExitCode.unreadableLog : ExitCode.incompatibleLog,
        message: TerminalText.sanitize(error.description))
    }
    if !context.json { context.io.out(notes(report)) }
    switch report.outcome {
    case .verified(let count):
      if context.json {
        var object: JSONObject = ["ok": true, "entries": .number(JSONNumber(count))]
        fitMembers(report, into: &object)
        context.printJSON(.object(object))
      } else {
        context.io.out(
          "verified \(count) \(count == 1 ? "entry" : "entries"): every recomputed state matches the log\n"
        )
      }
      return ExitCode.success
    case .diverged(let divergence):
      print(divergence, report, context)
      return ExitCode.diverged
    }
  }

  /// One line for the members the log's states lacked and one for those the `State`
  /// type ignored (see `ReplayReport`), or nothing when the log and the type agree.
  private static func notes(_ report: ReplayReport) -> String {
    func list(_ members: [String]) -> String {
      TerminalText.sanitize(members.joined(separator: ", "))
    }
    var text = ""
    if !report.filledMembers.isEmpty {
      text +=
        "note: the log's states lack \(list(report.filledMembers)); taken from the reducer's initial state\n"
    }
    if !report.ignoredMembers.isEmpty {
      text +=
        "note: the log's states have \(list(report.ignoredMembers)), which the reducer's state type no longer has; ignored\n"
    }
    return text
  }

  /// `filledMembers` and `ignoredMembers`, each when not empty.
  private static func fitMembers(_ report: ReplayReport, into object: inout JSONObject) {
    if !report.filledMembers.isEmpty {
      object["filledMembers"] = .array(JSONArray(report.filledMembers.map(JSONValue.string)))
    }
    if !report.ignoredMembers.isEmpty {
      object["ignoredMembers"] = .array(JSONArray(report.ignoredMembers.map(JSONValue.string)))
    }
  }

  private static func print(_ divergence: Divergence, _ report: ReplayReport, _ context: Context) {
    if context.json {
      var object = JSONObject()
      object["ok"] = false
      object["divergedAt"] = .number(JSONNumber(divergence.seq))
      object["action"] = divergence.action
      object["actionName"] = .string(divergence.actionName)
      object["changes"] = ChangeJSON.array(divergence.changes)
      fitMembers(report, into: &object)
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
