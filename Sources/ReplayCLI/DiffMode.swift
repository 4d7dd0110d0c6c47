import TimeTravel

/// `replay LOG --diff A B`: what changed from state A to state B.
enum DiffMode {
  /// `--diff K`: what entry K changed (state K-1 to state K).
  static func run(_ context: Context, entry k: Int) throws -> Int32 {
    // Named as asked: entry K, not the state K-1 that would be read first.
    let count = context.log.entryCount
    guard k <= count else {
      // Worded as LogFile.entry(_:) words it.
      throw LogError(
        kind: .outOfRange, path: context.log.path,
        message: "entry \(k) is out of range (the log has \(count) entries)")
    }
    return try run(context, from: k - 1, to: k, entry: k > 0 ? try context.log.entry(k) : nil)
  }

  /// `entry`, when given, is the one that led from state A to state B: its action is
  /// shown before the changes, as TCA's `_printChanges` prints the action received.
  static func run(_ context: Context, from a: Int, to b: Int, entry: LogEntry? = nil) throws
    -> Int32
  {
    guard a >= 0 else {
      throw CommandError(
        code: ExitCode.usage, message: "--diff 0 has no entry before it; use --diff A B")
    }
    let old = try context.log.state(a)
    let new = try context.log.state(b)
    let changes = JSONDiff.changes(from: old, to: new, options: context.diffOptions)
    if context.options.format == .jsonPatch {
      // RFC 6902: applying this to state A gives state B exactly.
      context.printJSON(JSONDiff.patch(from: old, to: new, options: context.diffOptions).jsonValue)
      return ExitCode.success
    }
    if context.json {
      var object: JSONObject = ["from": .number(JSONNumber(a)), "to": .number(JSONNumber(b))]
      if let entry { object["action"] = entry.action }
      object["changes"] = ChangeJSON.array(changes)
      context.printJSON(.object(object))
      return ExitCode.success
    }
    var text = ""
    if let entry {
      text += context.entryLine(entry) + "\naction: \(context.abbreviated(entry.action))\n"
    }
    text += "state \(a) → state \(b): "
    text +=
      changes.isEmpty
      ? "no changes\n" : "\(changes.count) \(changes.count == 1 ? "change" : "changes")\n"
    if !changes.isEmpty {
      text += context.renderer.renderStructural(old: old, new: new, changes: changes) + "\n"
    }
    context.io.out(text)
    return ExitCode.success
  }
}
