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
  /// The log's effect runs, when it has effect records.
  var effects: EffectRuns? = nil
  /// What importing another tool's history noticed: first, as they concern the whole file.
  var importWarnings: [LogWarning] = []

  /// The import's warnings, then the summary's and those of the effect records (three of
  /// a kind, the rest counted), in line order.
  private var warnings: [LogWarning] {
    guard let effects, !effects.warnings.isEmpty else { return importWarnings + summary.warnings }
    return importWarnings
      + (summary.warnings + effects.countedWarnings).enumerated().sorted {
        ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset)
      }.map(\.element)
  }

  private enum Key: String, CodingKey {
    case path, entries, header, firstTime, lastTime, actions, effects, warnings
  }

  /// `{"runs": N, "runningAtEnd": M}`.
  private struct EffectsRecord: Encodable {
    var runs: Int
    var runningAtEnd: Int
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
    if let effects {
      try container.encode(
        EffectsRecord(runs: effects.runs.count, runningAtEnd: effects.runningAtEnd.count),
        forKey: .effects)
    }
    try container.encode(
      warnings.map { WarningRecord(line: OrNull($0.line), message: $0.message) },
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
      let width = summary.actionCounts.map { TerminalText.columns($0.name) }.max() ?? 0
      for (name, count) in summary.actionCounts {
        lines.append("  \(TerminalText.sanitize(name, paddedTo: width))  \(count)")
      }
    }
    if let effects { lines.append(Self.effectsLine(effects)) }
    if warnings.isEmpty {
      lines.append("warnings: none")
    } else {
      lines.append("warnings: \(warnings.count)")
      for warning in warnings {
        lines.append("  \(TerminalText.sanitize(warning.description))")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The most runs still running that the summary names one by one.
  static let namedRunLimit = 3

  /// `effects: 2 runs, 1 still running at the end (priceWatch, run 1)`; past
  /// ``namedRunLimit`` runs, the first ones and how many more (`--effects` lists them all).
  static func effectsLine(_ effects: EffectRuns) -> String {
    let runs = effects.runs.count
    let line = "effects: \(runs) \(runs == 1 ? "run" : "runs")"
    let running = effects.runningAtEnd
    guard !running.isEmpty else { return line + ", none running at the end" }
    var named = running.prefix(namedRunLimit).map {
      "\(TerminalText.sanitize($0.name)), run \($0.id)"
    }
    if running.count > namedRunLimit {
      named.append("and \(running.count - namedRunLimit) more: see --effects")
    }
    return line + ", \(running.count) still running at the end (" + named.joined(separator: "; ")
      + ")"
  }
}
