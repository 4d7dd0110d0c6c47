import TerminalEditor
import TimeTravel

/// What every mode on a log needs: the log, the options, the streams and the reducers,
/// with the output helpers the modes share.
struct Context {
  var log: LogFile
  var options: Options
  var io: any ReplayIO
  /// What `--verify --reducer NAME` can replay through.
  var reducers = ReducerRegistry()

  var json: Bool { options.format == .json }

  /// Prints a JSON value on one line (for `--format json`).
  func printJSON(_ value: JSONValue) { io.out(JSONPrinter.compact.print(value) + "\n") }

  /// The display name of an action, safe for a terminal.
  func name(_ action: JSONValue) -> String { TerminalText.sanitize(ActionName.of(action)) }

  /// A compact value, cut to a prefix of `limit` characters unless `--full`.
  func abbreviated(_ value: JSONValue, limit: Int = 200) -> String {
    options.full
      ? JSONPrinter.compact.print(value) : JSONAbbreviation.prefix(value, limit: limit)
  }

  /// Two compact values, "(absent)" for `nil`, each cut unless `--full` to a window
  /// of `limit` characters around where they first differ, so the change stays in view.
  func abbreviated(_ old: JSONValue?, _ new: JSONValue?, limit: Int = 120) -> (
    old: String, new: String
  ) {
    guard let old, let new, !options.full else {
      return (valueOrAbsent(old, limit: limit), valueOrAbsent(new, limit: limit))
    }
    return JSONAbbreviation.pair(old, new, limit: limit)
  }

  /// "entry 117 (addTodo) at 2026-…".
  func entryLine(_ entry: LogEntry) -> String {
    var line = "entry \(entry.seq) (\(name(entry.action)))"
    if entry.otherMembers["skipped"] == .bool(true) { line += " [skipped]" }
    if let time = entry.time { line += " at \(TerminalText.sanitize(time))" }
    return line
  }

  /// A compact, abbreviated value, or "(absent)".
  func valueOrAbsent(_ value: JSONValue?, limit: Int = 120) -> String {
    value.map { abbreviated($0, limit: limit) } ?? "(absent)"
  }

  /// An entry in a listing: ``entryLine(_:)`` and what the action carries besides its
  /// name (``ActionPayload``), abbreviated, as Redux DevTools' action list and TCA's
  /// `_printChanges` show it: `entry 25 (deleteTodos) at 2026-…Z {"atOffsets":[6]}`.
  func listing(_ entry: LogEntry) -> String {
    entryLine(entry) + payload(entry.action)
  }

  /// `" "` and the action's payload, abbreviated to 80 characters unless `--full`;
  /// empty when the action is its name alone.
  func payload(_ action: JSONValue) -> String {
    ActionPayload.of(action).map { " " + abbreviated($0, limit: 80) } ?? ""
  }

  /// The text renderer for diffs, honouring `--full`.
  var renderer: DiffTextRenderer {
    DiffTextRenderer(color: useColor, maxValueLength: options.full ? nil : 120)
  }

  /// Diff options honouring `--id-key`.
  var diffOptions: DiffOptions {
    DiffOptions(idKeys: options.idKeys + DiffOptions().idKeys)
  }

  /// Whether to colour: `--color=always` or `never` win; otherwise colour when stdout
  /// is a terminal and `NO_COLOR` is unset or empty (no-color.org).
  var useColor: Bool {
    switch options.color {
    case .always: return true
    case .never: return false
    case .auto:
      return io.isTerminal && (io.environment["NO_COLOR"] ?? "").isEmpty
    }
  }

  /// `text` in `style` when colour is on. Callers pass sanitized text only.
  func paint(_ text: String, _ style: ANSIStyle) -> String {
    useColor ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
  }
}
