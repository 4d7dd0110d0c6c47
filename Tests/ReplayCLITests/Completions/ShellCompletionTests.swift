import CLITestSupport
import Foundation
import TestSupport
import Testing

@testable import ReplayCLI

/// The completion scripts generated from the flag table: their exact text for a small
/// table, and the real scripts as each shell reads them.
@Suite struct ShellCompletionTests {
  /// One flag of each kind: a mode with a value, a flag with fixed values, an optional
  /// attached value with a second spelling, a repeatable option, help with a short
  /// spelling, and a description that needs escaping.
  struct ShowMode: LogMode {
    static let declaration = ModeDeclaration(
      ShowMode.self,
      flag: Flag(names: ["--show"], value: .text("N"), help: "Entry N's state. More."))
    init(_ arguments: ModeArguments) {}
    func run(_ context: Context) throws -> Int32 { 0 }
  }

  struct HelpMode: StandaloneMode {
    static let declaration = ModeDeclaration(
      HelpMode.self, flag: Flag(names: ["--help", "-h"], help: "This help."), opensLog: false,
      overridesOthers: true)
    init(_ arguments: ModeArguments) {}
    func run(io: any ReplayIO, reducers: ReducerRegistry) -> Int32 { 0 }
  }

  static let table = FlagTable(
    modes: [ShowMode.declaration, HelpMode.declaration],
    options: [
      Flag(
        names: ["--format"], value: .oneOf([.init(name: "text"), .init(name: "json")]),
        help: "Output [text]: for people.", scope: .everyModeOnALog),
      Flag(
        names: ["--color", "--colour"],
        value: .oneOf([.init(name: "auto"), .init(name: "never")], attached: "auto"),
        help: #"Colour \o/."#, scope: .everyModeOnALog),
      Flag(
        names: ["--tag"], value: .text("KEY"), help: "A tag.", repeats: true,
        scope: .everyModeOnALog),
    ])

  static let completion = ShellCompletion(table: table, command: "rp")

  @Test func bashScript() {
    #expect(
      Self.completion.script(for: .bash) == """
        # bash completion for rp, generated from its flags by `rp --completion bash`.
        # Load it from ~/.bashrc: source <(rp --completion bash)
        _rp() {
          local cur=${COMP_WORDS[COMP_CWORD]} prev= flag= value= prefix= words=
          ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
          if [[ $cur == --*=* ]]; then
            flag=${cur%%=*} value=${cur#*=} prefix=$flag=
          elif [[ $cur == = && $prev == --* ]]; then
            flag=$prev
          elif [[ $prev == = ]] && ((COMP_CWORD > 1)) && [[ ${COMP_WORDS[COMP_CWORD - 2]} == --* ]]; then
            flag=${COMP_WORDS[COMP_CWORD - 2]} value=$cur
          else
            case $prev in
              --show|--format|--tag) flag=$prev value=$cur ;;
            esac
          fi
          if [[ -n $flag ]]; then
            case $flag in
              --format) words='text json' ;;
              --color|--colour) words='auto never' ;;
            esac
            mapfile -t COMPREPLY < <(compgen -P "$prefix" -W "$words" -- "$value")
          elif [[ $cur == -* ]]; then
            mapfile -t COMPREPLY < <(compgen -W '--show --format --color --colour --tag --help -h' -- "$cur")
          else
            mapfile -t COMPREPLY < <(compgen -f -- "$cur")
          fi
        }
        complete -o filenames -F _rp rp

        """)
  }

  @Test func zshScript() {
    #expect(
      Self.completion.script(for: .zsh) == #"""
        #compdef rp
        # zsh completion for rp, generated from its flags by `rp --completion zsh`.
        # Save it as _rp in a directory on $fpath, or load it: source <(rp --completion zsh)
        _rp() {
          _arguments -s -S \
            '(--show --help -h)'--show'[Entry N'\''s state]:N:' \
            --format'[Output \[text\]\: for people]:text|json:(text json)' \
            {--color,--colour}'=-''[Colour \\o/]::auto|never:(auto never)' \
            '*'--tag'[A tag]:KEY:' \
            '(- *)'{--help,-h}'[This help]' \
            ':LOG:_files'
        }
        if [[ $funcstack[1] == _rp ]]; then
          _rp "$@"
        else
          compdef _rp rp
        fi

        """#)
  }

  @Test func fishScript() {
    #expect(
      Self.completion.script(for: .fish) == #"""
        # fish completion for rp, generated from its flags by `rp --completion fish`.
        # Save it as ~/.config/fish/completions/rp.fish.
        complete -c rp -l show -x -d 'Entry N\'s state'
        complete -c rp -l format -x -a 'text json' -d 'Output [text]: for people'
        complete -c rp -l color -l colour -f -a 'auto never' -d 'Colour \\o/'
        complete -c rp -l tag -x -d 'A tag'
        complete -c rp -l help -s h -d 'This help'

        """#)
  }

  @Test func replayPrintsTheScriptOfTheRealTable() {
    for shell in Shell.allCases {
      let (code, out, err) = replay("--completion", shell.rawValue)
      #expect(code == 0)
      #expect(err == "")
      #expect(out == ShellCompletion(table: .replay).script(for: shell))
      for flag in FlagTable.replay.flags {
        #expect(
          out.contains(flag.name.hasPrefix("--") ? String(flag.name.dropFirst(2)) : flag.name))
      }
    }
  }

  /// A custom `replay-myapp` built from ReplayCLI gets scripts for its own name.
  @Test func theScriptsCompleteTheProgramsOwnName() {
    let io = BufferIO()
    io.programName = "replay-myapp"
    #expect(ReplayCommand.run(["--completion", "bash"], io: io) == 0)
    #expect(io.stdout.hasSuffix("complete -o filenames -F _replay_myapp replay-myapp\n"))
    #expect(!io.stdout.contains(" replay\n"))
    for shell in Shell.allCases {
      let io = BufferIO()
      io.programName = "replay-myapp"
      #expect(ReplayCommand.run(["--completion", shell.rawValue], io: io) == 0)
      #expect(
        io.stdout == ShellCompletion(table: .replay, command: "replay-myapp").script(for: shell))
    }
  }

  /// The name is the last component of the path the program ran as, when it is a plain
  /// command name; anything a shell would read as syntax gives `replay`.
  @Test(arguments: [
    ("/usr/local/bin/replay-myapp", "replay-myapp"), ("replay", "replay"),
    (".build/debug/replay_2.0", "replay_2.0"), ("/tmp/x;rm -rf ~", "replay"),
    ("/bin/$(id)", "replay"), ("-replay", "replay"), ("", "replay"), ("/opt/réplay", "replay"),
  ])
  func theCommandNameComesFromThePathItRanAs(path: String, name: String) {
    #expect(ShellCompletion.commandName(running: path) == name)
  }

  @Test func noPathGivesReplay() {
    #expect(ShellCompletion.commandName(running: nil) == "replay")
  }

  // MARK: - The real scripts in the real shells

  static func shellPath(_ name: String) -> String? {
    ["/usr/bin/\(name)", "/bin/\(name)", "/usr/local/bin/\(name)"]
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs `shell arguments…` in the repository's root with `script` saved to a file,
  /// whose path replaces `SCRIPT` in the arguments; stdout and stderr together.
  static func run(_ shell: String, _ arguments: [String], script: String) async throws -> (
    status: Int32, output: String
  ) {
    let file = Scratch.folder
      .appendingPathComponent("completion-\(UUID().uuidString)")
    try script.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try await CompletedProcess.run(
      shellPath(shell)!, arguments.map { $0.replacingOccurrences(of: "SCRIPT", with: file.path) },
      in: Repo.root, mergingOutput: true)
    return (result.status, result.out)
  }

  @Test(.enabled(if: shellPath("bash") != nil, "bash is not installed"))
  func bashParsesTheScript() async throws {
    let script = ShellCompletion(table: .replay).script(for: .bash)
    let result = try await Self.run("bash", ["-n", "SCRIPT"], script: script)
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output == "")
  }

  /// What the function offers for a command line split into words as bash splits it
  /// (with `=` in `COMP_WORDBREAKS`, its default).
  static func bashCompletions(_ words: [String]) async throws -> [String] {
    let script =
      ShellCompletion(table: .replay).script(for: .bash) + """
        COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
        _replay
        printf '%s\\n' "${COMPREPLY[@]}"

        """
    let result = try await run("bash", ["SCRIPT"] + words, script: script)
    return result.output.split(separator: "\n").map(String.init)
  }

  @Test(.enabled(if: shellPath("bash") != nil, "bash is not installed"))
  func bashCompletesFlagsValuesAndTheLog() async throws {
    #expect(try await Self.bashCompletions(["replay", "--for"]) == ["--format"])
    #expect(try await Self.bashCompletions(["replay", "--format", "j"]) == ["json", "json-patch"])
    #expect(
      try await Self.bashCompletions(["replay", "--completion", ""]) == ["bash", "zsh", "fish"])
    #expect(try await Self.bashCompletions(["replay", "--color", "=", "al"]) == ["always"])
    #expect(
      try await Self.bashCompletions(["replay", "--colour", "="]) == ["auto", "always", "never"])
    #expect(try await Self.bashCompletions(["replay", "--color=n"]) == ["--color=never"])
    #expect(try await Self.bashCompletions(["replay", "--show", ""]) == [])
    #expect(try await Self.bashCompletions(["replay", "--predicate", "Fix"]) == [])
    #expect(
      try await Self.bashCompletions(["replay", "Fixtures/todo-c"]) == ["Fixtures/todo-crash.jsonl"]
    )
  }

  @Test(.enabled(if: shellPath("zsh") != nil, "zsh is not installed (apt-get install zsh)"))
  func zshParsesTheScript() async throws {
    let script = ShellCompletion(table: .replay).script(for: .zsh)
    let result = try await Self.run("zsh", ["-n", "SCRIPT"], script: script)
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output == "")
  }

  @Test(.enabled(if: shellPath("fish") != nil, "fish is not installed (apt-get install fish)"))
  func fishParsesTheScriptAndCompletes() async throws {
    let script = ShellCompletion(table: .replay).script(for: .fish)
    let parsed = try await Self.run(
      "fish", ["--no-config", "--no-execute", "SCRIPT"], script: script)
    #expect(parsed.status == 0, "\(parsed.output)")
    #expect(parsed.output == "")
    let completed = try await Self.run(
      "fish",
      [
        "--no-config", "-c",
        "source SCRIPT; complete -C 'replay --format j'; complete -C 'replay --colour=al'",
      ], script: script)
    #expect(
      completed.output == """
        json\tOutput for people (text, the default) or for programs (json)
        json-patch\tOutput for people (text, the default) or for programs (json)
        --colour=always\tColour: auto, always or never

        """)
  }
}
