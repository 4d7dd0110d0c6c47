/// A command line that opens a log: the log, the mode and the options.
struct Options: Equatable {
  /// The modes on a log.
  enum Mode: Equatable {
    case summary
    case show(StateName)
    case diff(StateName, StateName?)
    case bisect(BisectMode.Criterion, linear: Bool)
    case watch(String)
    case find(String)
    case step
    case verify(reducer: String)
    case reproduce
    case emitTest(EmitTestRequest)
    case html(HTMLReportRequest)
    case convert
    case export(ExportMode.Target)
  }

  enum Format: String {
    case text, json
    case jsonPatch = "json-patch"
  }
  enum Color: String { case auto, always, never }

  /// The log's path; `-` for standard input.
  var logPath: String
  var mode: Mode = .summary
  var format: Format = .text
  var color: Color = .auto
  var full = false
  /// `--where EXPR`: restricts the summary and listings to matching entries.
  var filter: String?
  /// `--id-key KEY`: extra id keys for matching array elements in diffs.
  var idKeys: [String] = []
  /// `--reducer NAME`: what an action-only log's states are recomputed through.
  var reducer: String?
  /// `--follow`: keep reading the log as it grows (see ``FollowMode``).
  var follow = false
  /// `--until EXPR`: the entry predicate that ends following.
  var until: String?

  /// Parses `arguments` (without the program name) against ``FlagTable/replay``.
  /// - Throws: ``UsageError`` naming the first mistake.
  static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    try CommandLineParser(table: .replay).parse(arguments)
  }
}
