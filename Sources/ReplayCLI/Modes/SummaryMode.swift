import TerminalEditor
import TimeTravel

/// `replay LOG`: entry count, time span, actions with counts, warnings.
enum SummaryMode {
  static func run(_ context: Context) throws -> Int32 {
    let log = context.log
    let restriction = try EntryFilter(context.options.filter)
    // The fast scan validates states without building them; it needs whole
    // states on every line and no per-entry filter.
    let summary =
      context.options.filter == nil && !log.isCompact && !log.isActionOnly
      ? try LogSummary(fastScanning: log)
      : try LogSummary(scanning: log, including: restriction.includes)
    let notes = try ImportNotes(log, reducer: context.options.reducer)
    if context.json {
      var object = JSONObject()
      object["path"] = .string(log.path)
      object["entries"] = .number(JSONNumber(summary.entryCount))
      if let header = log.header {
        var h = JSONObject()
        h["format"] = .string(header.format)
        if let v = header.version { h["version"] = .number(JSONNumber(v)) }
        if let app = header.app { h["app"] = .string(app) }
        if let s = header.stateType { h["stateType"] = .string(s) }
        if let a = header.actionType { h["actionType"] = .string(a) }
        if let c = header.created { h["created"] = .string(c) }
        object["header"] = .object(h)
      }
      for (key, value) in notes.json { object[key] = value }
      object["firstTime"] = summary.firstTime.map(JSONValue.string) ?? .null
      object["lastTime"] = summary.lastTime.map(JSONValue.string) ?? .null
      object["actions"] = .array(
        JSONArray(
          summary.actionCounts.map {
            ["name": .string($0.name), "count": .number(JSONNumber($0.count))]
          }))
      object["warnings"] = .array(
        JSONArray(
          summary.warnings.map {
            [
              "line": $0.line.map { .number(JSONNumber($0)) } ?? .null,
              "message": .string($0.message),
            ]
          }))
      context.printJSON(.object(object))
      return ExitCode.success
    }
    var lines: [String] = []
    var title =
      "\(TerminalText.sanitize(log.path)): \(summary.entryCount) \(summary.entryCount == 1 ? "entry" : "entries")"
    if context.options.filter != nil { title += " matching --where (of \(log.entryCount))" }
    if let header = log.header, header.importedFrom == nil {
      title += " (" + headerText(header) + ")"
    }
    lines.append(title)
    lines += notes.lines
    if let first = summary.firstTime, let last = summary.lastTime {
      var span = "time: \(TerminalText.sanitize(first)) … \(TerminalText.sanitize(last))"
      if let duration = Self.duration(from: first, to: last) { span += " (\(duration))" }
      lines.append(span)
    }
    if !summary.actionCounts.isEmpty {
      lines.append("actions:")
      let width = summary.actionCounts.map { TerminalText.sanitize($0.name).count }.max() ?? 0
      for (name, count) in summary.actionCounts {
        let shown = TerminalText.sanitize(name)
        lines.append("  \(shown)\(String(repeating: " ", count: width - shown.count))  \(count)")
      }
    }
    if summary.warnings.isEmpty {
      lines.append("warnings: none")
    } else {
      lines.append("warnings: \(summary.warnings.count)")
      for warning in summary.warnings {
        lines.append("  \(TerminalText.sanitize(warning.description))")
      }
    }
    context.io.out(lines.joined(separator: "\n") + "\n")
    return ExitCode.success
  }

  /// "replay-log v1, app TodoApp, TodoState / TodoAction", safe for a terminal.
  static func headerText(_ header: LogHeader) -> String {
    var parts = [
      "\(TerminalText.sanitize(header.format))\(header.version.map { " v\($0)" } ?? "")"
    ]
    if let app = header.app { parts.append("app \(TerminalText.sanitize(app))") }
    if let s = header.stateType, let a = header.actionType {
      parts.append("\(TerminalText.sanitize(s)) / \(TerminalText.sanitize(a))")
    }
    return parts.joined(separator: ", ")
  }

  /// "14m 24s" between two RFC 3339 times, or `nil` if either doesn't parse or the
  /// second is earlier (the clock went back; a warning says where).
  static func duration(from: String, to: String) -> String? {
    guard let a = RFC3339.date(from), let b = RFC3339.date(to) else { return nil }
    let total = Int((b.timeIntervalSince(a)).rounded())
    guard total >= 0 else { return nil }
    let (h, m, s) = (total / 3600, total % 3600 / 60, total % 60)
    if h > 0 { return "\(h)h \(m)m \(s)s" }
    if m > 0 { return "\(m)m \(s)s" }
    return "\(s)s"
  }
}
