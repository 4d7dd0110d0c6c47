import TerminalEditor
import TimeTravel

/// `replay LOG`: entry count, time span, actions with counts, warnings.
struct SummaryMode: FollowableMode, ScanningMode {
  static let declaration = ModeDeclaration(
    SummaryMode.self, flag: nil,
    options: [OptionFlags.filter, OptionFlags.follow, OptionFlags.until], states: .actions)

  /// The summary's line in help, beside `replay LOG`.
  static let help = "Entry count, time span, actions with counts, warnings."

  init() {}
  init(_ arguments: ModeArguments) {}

  func runBeforeFollowing(_ context: Context) throws -> (code: Int32, report: FollowMode.Report) {
    (try run(context), .summary)
  }

  func followReport(_ context: Context) throws -> FollowMode.Report { .summary }

  func run(_ context: Context) throws -> Int32 {
    let log = context.log
    let restriction = try EntryFilter(
      context.options.filter, log: context.log, modules: context.options.modules)
    // The fast scan validates states without building them, on every core; with
    // --where, each entry is read as far as the expression looks. Compact and
    // action-only logs are read whole, in order (their states come from other entries).
    var summary =
      context.options.filter == nil
      ? try LogSummary(fastScanning: log)
      : try LogSummary(
        fastScanning: log, reading: restriction.projectionReadingActionInPart,
        including: restriction.includes)
    // A log being followed is still being recorded: its missing closing record is no news.
    if context.options.follow { summary.warnings.removeAll(where: \.isMissingClosingRecord) }
    context.openingWarnings.say()
    let notes = try ImportNotes(log, reducer: context.options.reducer)
    return try context.emit(
      SummaryOutput(
        path: log.path, summary: summary, header: log.header, notes: notes,
        total: context.options.filter == nil ? nil : log.entryCount,
        effects: log.hasEffectRecords ? try log.effectRuns() : nil,
        importWarnings: context.importWarnings))
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
    guard let a = RFC3339Instant(from), let b = RFC3339Instant(to) else { return nil }
    let total = Int(b.seconds(after: a).rounded())
    guard total >= 0 else { return nil }
    let (h, m, s) = (total / 3600, total % 3600 / 60, total % 60)
    if h > 0 { return "\(h)h \(m)m \(s)s" }
    if m > 0 { return "\(m)m \(s)s" }
    return "\(s)s"
  }
}
