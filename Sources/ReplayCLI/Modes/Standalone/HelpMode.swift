/// `replay --help`: the help generated from the declarations, with the reducers this
/// `replay` registers.
struct HelpMode: StandaloneMode {
  static let declaration = ModeDeclaration(
    HelpMode.self, flag: Flag(names: ["--help", "-h"], help: "This help."), opensLog: false,
    overridesOthers: true)

  init() {}
  init(_ arguments: ModeArguments) {}

  func run(io: any ReplayIO, reducers: ReducerRegistry) -> Int32 {
    io.out(HelpText(table: .replay, reducers: reducers.names).full)
    return ExitCode.success
  }
}
