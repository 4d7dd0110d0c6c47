/// `replay --completion SHELL`: a completion script generated from the declarations.
struct CompletionMode: StandaloneMode {
  static let declaration = ModeDeclaration(
    CompletionMode.self,
    flag: Flag(
      names: ["--completion"], value: .oneOf(Shell.allCases.map { .init(name: $0.rawValue) }),
      help:
        "Print a completion script for the shell. Load bash's from ~/.bashrc with source <(replay --completion bash); save zsh's as _replay in a directory on $fpath, fish's as ~/.config/fish/completions/replay.fish."
    ), opensLog: false)

  var shell: Shell

  init(shell: Shell) { self.shell = shell }
  init(_ arguments: ModeArguments) { shell = Shell(rawValue: arguments.values[0]) ?? .bash }

  func run(io: any ReplayIO, reducers: ReducerRegistry) -> Int32 {
    io.out(ShellCompletion(table: .replay, command: io.programName).script(for: shell))
    return ExitCode.success
  }
}
