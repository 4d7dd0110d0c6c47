import TerminalEditor
import TimeTravel

/// What `replay LOG` reports: the log's entries, header, time span, actions and warnings.
struct SummaryOutput: ModeOutput, Encodable {
  var path: String
  var summary: LogSummary
  var header: LogHeader?
  var notes: ImportNotes
  /// The log's entry count when `--where` restricts the summary; `nil` otherwise.
  var total: Int?

  private enum Key: String, CodingKey {
    case path, entries, header, firstTime, lastTime, actions, warnings
  }

  /// The header's members a summary shows.
  private struct HeaderRecord: Encodable {
    var format: String
    var version: Int?
    var app: String?
    var stateType: String?
    var actionType: String?
    var created: String?
  }

  private struct ActionRecord: Encodable {
    var name: String
    var count: Int
  }

  private struct WarningRecord: Encodable {
    var line: OrNull<Int>
    var message: String
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(path, forKey: .path)
    try container.encode(summary.entryCount, forKey: .entries)
    if let h = header {
      try container.encode(
        HeaderRecord(
          format: h.format, version: h.version, app: h.app, stateType: h.stateType,
          actionType: h.actionType, created: h.created), forKey: .header)
    }
    try notes.encode(to: encoder)
    try container.encode(OrNull(summary.firstTime), forKey: .firstTime)
    try container.encode(OrNull(summary.lastTime), forKey: .lastTime)
    try container.encode(
      summary.actionCounts.map { ActionRecord(name: $0.name, count: $0.count) }, forKey: .actions)
    try container.encode(
      summary.warnings.map { WarningRecord(line: OrNull($0.line), message: $0.message) },
      forKey: .warnings)
  }

  func text(_ style: TextStyle) -> String {
    var lines: [String] = []
    let count = summary.entryCount
    var title = "\(TerminalText.sanitize(path)): \(count) \(count == 1 ? "entry" : "entries")"
    if let total { title += " matching --where (of \(total))" }
    if let header, header.importedFrom == nil {
      title += " (" + SummaryMode.headerText(header) + ")"
    }
    lines.append(title)
    lines += notes.lines
    if let first = summary.firstTime, let last = summary.lastTime {
      var span = "time: \(TerminalText.sanitize(first)) … \(TerminalText.sanitize(last))"
      if let duration = SummaryMode.duration(from: first, to: last) { span += " (\(duration))" }
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
    return lines.joined(separator: "\n") + "\n"
  }
}
