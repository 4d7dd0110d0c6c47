/// `replay --version`.
struct VersionMode: StandaloneMode {
  static let declaration = ModeDeclaration(
    VersionMode.self, flag: Flag(names: ["--version"], help: "The version."), opensLog: false,
    overridesOthers: true)

  init() {}
  init(_ arguments: ModeArguments) {}

  func run(io: any ReplayIO, reducers: ReducerRegistry) -> Int32 {
    io.out("replay \(ReplayCommand.version)\n")
    return ExitCode.success
  }
}
