import TimeTravel

/// `replay LOG --export FORMAT`: the log in another tool's format on stdout.
struct ExportMode: LogMode {
  static let declaration = ModeDeclaration(
    ExportMode.self,
    flag: Flag(
      names: ["--export"], value: .oneOf(Target.allCases.map { .init(name: $0.rawValue) }),
      help:
        "Write the log to stdout in another tool's format: redux-devtools, a lifted state that Redux DevTools' Import opens."
    ))

  /// The formats `--export` writes.
  enum Target: String, Equatable, CaseIterable, Sendable {
    /// A Redux DevTools lifted state (see `ReduxDevToolsExport`).
    case reduxDevTools = "redux-devtools"
  }

  var target: Target

  init(target: Target) { self.target = target }
  init(_ arguments: ModeArguments) {
    target = Target(rawValue: arguments.values[0]) ?? .reduxDevTools
  }

  func run(_ context: Context) throws -> Int32 {
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
