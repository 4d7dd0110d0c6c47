import TerminalEditor
import TimeTravel

/// What `--verify` reports: every state matched, or the first entry whose recomputed
/// state differs, with the differing paths; and how the log's states were fitted to the
/// reducer's state type.
struct VerifyOutput: ModeOutput {
  var report: ReplayReport

  var exitCode: Int32 {
    if case .diverged = report.outcome { return ExitCode.diverged }
    return ExitCode.success
  }

  struct Record: Encodable {
    var ok: Bool
    var entries: Int?
    var divergedAt: Int?
    var action: JSONValue?
    var actionName: String?
    var changes: [ChangeRecord]?
    var filledMembers: [String]?
    var ignoredMembers: [String]?
    /// The entries Redux DevTools skipped, whose actions were not applied.
    var skipped: [Int]?
  }

  var record: Record {
    var record = Record(ok: true)
    switch report.outcome {
    case .verified(let count): record.entries = count
    case .diverged(let divergence):
      record.ok = false
      record.divergedAt = divergence.seq
      record.action = divergence.action
      record.actionName = divergence.actionName
      record.changes = ChangeRecord.list(divergence.changes)
    }
    record.filledMembers = report.filledMembers.isEmpty ? nil : report.filledMembers
    record.ignoredMembers = report.ignoredMembers.isEmpty ? nil : report.ignoredMembers
    record.skipped = report.skippedEntries.isEmpty ? nil : report.skippedEntries
    return record
  }

  func text(_ style: TextStyle) -> String {
    let text = notes
    switch report.outcome {
    case .verified(let count):
      return text
        + "verified \(count) \(count == 1 ? "entry" : "entries"): every recomputed state matches the log\n"
    case .diverged(let divergence):
      return text + Self.text(divergence, style)
    }
  }

  /// One line for the members the log's states lacked and one for those the `State`
  /// type ignored (see `ReplayReport`), or nothing when the log and the type agree.
  private var notes: String {
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
    let skipped = report.skippedEntries
    if !skipped.isEmpty {
      let list = skipped.map(String.init).joined(separator: ", ")
      text +=
        skipped.count == 1
        ? "note: entry \(list) was skipped in Redux DevTools, so its action was not applied (its state is unchanged)\n"
        : "note: entries \(list) were skipped in Redux DevTools, so their actions were not applied (their states are unchanged)\n"
    }
    return text
  }

  private static func text(_ divergence: Divergence, _ style: TextStyle) -> String {
    let count = divergence.changes.count
    var lines = [
      "entry \(divergence.seq) (\(style.name(divergence.action))) diverges: the recomputed state differs from the recorded one at \(count) \(count == 1 ? "path" : "paths")"
    ]
    for change in divergence.changes {
      let path = change.shownPath.tokens.isEmpty ? "(root)" : change.shownPath.displayText
      switch change.op {
      case .replace:
        let (recorded, recomputed) = style.abbreviated(change.old, change.new)
        lines.append("  \(path): recorded \(recorded), recomputed \(recomputed)")
      case .add:
        lines.append("  \(path): only recomputed: \(style.abbreviated(change.new!, limit: 120))")
      case .remove:
        lines.append("  \(path): only recorded: \(style.abbreviated(change.old!, limit: 120))")
      case .move:
        lines.append("  \(path): moved from \(change.shownSource.map(\.displayText) ?? "")")
      }
    }
    lines.append("action: \(style.abbreviated(divergence.action))")
    return lines.joined(separator: "\n") + "\n"
  }
}
