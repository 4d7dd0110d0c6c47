import TerminalEditor

/// The command line as its flags recorded it, before the checks that need all of it
/// (which mode, what goes with it) turn it into an ``Invocation``.
struct ParsedArguments {
  /// The mode flags given, in order.
  var modes: [(flag: Flag, kind: ModeKind)] = []
  /// The last value of each option flag given, by flag name (`""` for a flag without
  /// a value).
  var options: [String: String] = [:]
  var logPath: String?

  /// The mode on a log a mode flag selected with its values; `nil` for the summary, and
  /// for `--bisect` and `--verify`, whose values come from the flag they need.
  var mode: Options.Mode?
  /// The mode without a log a mode flag selected.
  var standalone: Invocation?
  var linear = false
  var filter: String?
  var idKeys: [String] = []
  var format = Options.Format.text
  var color = Options.Color.auto
  var full = false
  /// `--range A..B` for `--html` and `--emit-test`.
  var range: SeqRange?
  /// `--module MODULE` for `--emit-test`.
  var module: String?
  var follow = false
  var until: String?
  /// `--html FILE` and the options only it takes (`--plot`; `--range` is copied in).
  var report = HTMLReportRequest(file: "")

  /// Sets the log's path.
  /// - Throws: ``UsageError`` when one was given already.
  mutating func setPath(_ path: String) throws(UsageError) {
    if let logPath {
      throw UsageError(
        message:
          "one log file at a time (got '\(TerminalText.sanitize(logPath))' and '\(TerminalText.sanitize(path))')"
      )
    }
    logPath = path
  }
}
