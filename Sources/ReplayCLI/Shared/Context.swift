import TimeTravel

/// What every mode on a log needs: the log, the options, the streams and the reducers,
/// with the style text output is rendered in.
struct Context {
  var log: LogFile
  var options: Options
  var io: any ReplayIO
  /// What `--reducer NAME` can replay through.
  var reducers = ReducerRegistry()
  /// What opening another tool's history noticed (an Elm message its metadata does not
  /// list, Redux DevTools states that do not match its actions); the summary lists them.
  var importWarnings: [LogWarning] = []
  /// The warnings opening the log gives, said once (see ``OpeningWarnings``).
  var openingWarnings = OpeningWarnings()

  /// Whether output is for programs (`--format json`).
  var json: Bool { options.json }

  /// Prints `output`: its text with `--format text`, else its record on one line.
  /// - Returns: The output's exit code.
  /// - Throws: `EncodingError` when the record cannot be written (a non-finite number).
  func emit(_ output: some ModeOutput) throws -> Int32 {
    if options.format == .text {
      io.out(output.text(style))
    } else {
      printJSON(try JSONValueEncoder().encode(output.record))
    }
    return output.exitCode
  }

  /// Prints a JSON value on one line (for `--format json`).
  func printJSON(_ value: JSONValue) { io.out(JSONPrinter.compact.print(value) + "\n") }

  /// How text output looks: `--full` and colour.
  var style: TextStyle { TextStyle(full: options.full, color: useColor) }

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
}
