import TimeTravel
import TimeTravelJQ

/// `--where EXPR`: which entries the summary and listings include.
struct EntryFilter {
  private let filter: JQFilter?

  init(_ source: String?) throws {
    filter = try source.map { try Predicate.compile($0, what: "--where expression") }
  }

  func includes(_ entry: LogEntry) throws -> Bool {
    guard let filter else { return true }
    return try Predicate.holds(filter, onEntry: entry, what: "the --where expression")
  }
}

/// `replay LOG --find EXPR`: the entries on which EXPR holds, evaluated on
/// the whole entry `{seq, time, action, prior, next}`.
enum FindMode {
  static func run(_ context: Context, expression: String) throws -> Int32 {
    let filter = try Predicate.compile(expression, what: "--find expression")
    let restriction = try EntryFilter(context.options.filter)
    var found: [LogEntry] = []
    var progress = Progress(io: context.io, total: context.log.entryCount, label: "searching")
    for position in context.log.positions {
      progress.update(position)
      let entry = try context.log.entry(position)
      if try restriction.includes(entry),
        try Predicate.holds(filter, onEntry: entry, what: "the --find expression")
      {
        // Only the action and the entry's place are printed: let the states go, so
        // memory follows the number of hits, not their size.
        var hit = entry
        hit.prior = .null
        hit.next = .null
        found.append(hit)
      }
    }
    progress.finish()
    if context.json {
      context.printJSON(
        .array(
          JSONArray(
            found.map { entry in
              var object = JSONObject()
              object["seq"] = .number(JSONNumber(entry.seq))
              if let time = entry.time { object["time"] = .string(time) }
              object["action"] = entry.action
              object["actionName"] = .string(entry.actionName)
              return .object(object)
            })))
    } else {
      var text =
        found.isEmpty
        ? "no entry matches\n"
        : "\(found.count) \(found.count == 1 ? "entry matches" : "entries match"):\n"
      for entry in found { text += "  " + context.entryLine(entry) + "\n" }
      context.io.out(text)
    }
    return found.isEmpty ? ExitCode.notFound : ExitCode.success
  }
}

/// `replay LOG --watch PATH`: every entry that changed the value at PATH.
enum WatchMode {
  static func run(_ context: Context, path text: String) throws -> Int32 {
    let path: JSONPointer
    do {
      path = try WatchPath.pointer(parsing: text)
    } catch {
      throw CommandError(code: ExitCode.usage, message: "--watch: \(error.message)")
    }
    let restriction = try EntryFilter(context.options.filter)
    var hits: [Watch.Hit] = []
    var progress = Progress(io: context.io, total: context.log.entryCount, label: "watching")
    for position in context.log.positions {
      progress.update(position)
      let entry = try context.log.entry(position)
      if let hit = Watch.hit(entry, at: path), try restriction.includes(entry) { hits.append(hit) }
    }
    progress.finish()
    if context.json {
      context.printJSON(
        .array(
          JSONArray(
            hits.map { hit in
              var object = JSONObject()
              object["seq"] = .number(JSONNumber(hit.seq))
              object["action"] = hit.action
              if let old = hit.old { object["old"] = old }
              if let new = hit.new { object["new"] = new }
              return .object(object)
            })))
    } else {
      let shown =
        path.description.isEmpty ? "the whole state" : TerminalText.sanitize(path.description)
      var text =
        hits.isEmpty
        ? "no entry changed \(shown)\n"
        : "\(hits.count) \(hits.count == 1 ? "entry" : "entries") changed \(shown):\n"
      for hit in hits {
        text +=
          "  entry \(hit.seq) (\(context.name(hit.action))): \(context.valueOrAbsent(hit.old)) → \(context.valueOrAbsent(hit.new))\n"
      }
      context.io.out(text)
    }
    return hits.isEmpty ? ExitCode.notFound : ExitCode.success
  }
}

extension Context {
  /// "entry 117 (addTodo) at 2026-…".
  func entryLine(_ entry: LogEntry) -> String {
    var line = "entry \(entry.seq) (\(name(entry.action)))"
    if let time = entry.time { line += " at \(TerminalText.sanitize(time))" }
    return line
  }

  /// A compact, abbreviated value, or "(absent)".
  func valueOrAbsent(_ value: JSONValue?) -> String {
    value.map { abbreviated($0, limit: 120) } ?? "(absent)"
  }
}
