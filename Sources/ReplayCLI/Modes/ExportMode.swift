import TimeTravel

/// `replay LOG --export FORMAT`: the log in another tool's format on stdout.
enum ExportMode {
  /// The formats `--export` writes.
  enum Target: String, Equatable, CaseIterable {
    /// A Redux DevTools lifted state (see `ReduxDevToolsExport`).
    case reduxDevTools = "redux-devtools"
  }

  static func run(_ context: Context, to target: Target) throws -> Int32 {
    switch target {
    case .reduxDevTools:
      let (value, warnings) = try ReduxDevToolsExport.liftedState(of: context.log)
      for warning in warnings {
        context.io.errText(
          "replay: warning: \(context.log.path):\(warning.line.map(String.init) ?? ""): \(warning.message)\n"
        )
      }
      context.io.out(JSONPrinter.compact.print(value) + "\n")
    }
    return ExitCode.success
  }
}
