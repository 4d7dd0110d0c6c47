import TerminalEditor
import TimeTravel

/// How text output looks: abbreviated or in full (`--full`), coloured or not. The text
/// renderings of every mode's output go through it, so they all abbreviate, name and
/// sanitize alike.
struct TextStyle: Sendable {
  /// `--full`: values are never cut.
  var full = false
  /// Whether to colour (``Context/useColor`` decides).
  var color = false

  /// The display name of an action, safe for a terminal.
  func name(_ action: JSONValue) -> String { TerminalText.sanitize(ActionName.of(action)) }

  /// A compact value, cut to a prefix of `limit` characters unless `--full`.
  func abbreviated(_ value: JSONValue, limit: Int = 200) -> String {
    full ? JSONPrinter.compact.print(value) : JSONAbbreviation.prefix(value, limit: limit)
  }

  /// Two compact values, "(absent)" for `nil`, each cut unless `--full` to a window
  /// of `limit` characters around where they first differ, so the change stays in view.
  func abbreviated(_ old: JSONValue?, _ new: JSONValue?, limit: Int = 120) -> (
    old: String, new: String
  ) {
    guard let old, let new, !full else {
      return (valueOrAbsent(old, limit: limit), valueOrAbsent(new, limit: limit))
    }
    return JSONAbbreviation.pair(old, new, limit: limit)
  }

  /// A compact, abbreviated value, or "(absent)".
  func valueOrAbsent(_ value: JSONValue?, limit: Int = 120) -> String {
    value.map { abbreviated($0, limit: limit) } ?? "(absent)"
  }

  /// "entry 117 (addTodo) at 2026-…".
  func entryLine(_ entry: LogEntry) -> String {
    var line = "entry \(entry.seq) (\(name(entry.action)))"
    if entry.otherMembers["skipped"] == .bool(true) { line += " [skipped]" }
    if let time = entry.time { line += " at \(TerminalText.sanitize(time))" }
    return line
  }

  /// An entry in a listing: ``entryLine(_:)``, what the action carries besides its
  /// name (``ActionPayload``), abbreviated, as Redux DevTools' action list and TCA's
  /// `_printChanges` show it, and where it came from (``provenance(_:)``):
  /// `entry 25 (deleteTodos) at 2026-…Z {"atOffsets":[6]} — from TodoApp/TodoView.swift:42`.
  func listing(_ entry: LogEntry) -> String {
    entryLine(entry) + payload(entry.action) + provenance(entry)
  }

  /// `" "` and the action's payload, abbreviated to 80 characters unless `--full`;
  /// empty when the action is its name alone.
  func payload(_ action: JSONValue) -> String {
    ActionPayload.of(action).map { " " + abbreviated($0, limit: 80) } ?? ""
  }

  /// The text renderer for diffs, honouring `--full`.
  var renderer: DiffTextRenderer {
    DiffTextRenderer(color: color, maxValueLength: full ? nil : 120)
  }

  /// `text` in `style` when colour is on. Callers pass sanitized text only.
  func paint(_ text: String, _ style: ANSIStyle) -> String {
    color ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
  }
}
