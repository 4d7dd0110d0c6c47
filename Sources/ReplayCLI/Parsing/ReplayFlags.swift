import TerminalEditor
import TimeTravel

extension FlagTable {
  /// Every flag of `replay`. Its order is help's, and the order in which the "goes
  /// with" checks report a misplaced flag.
  static let replay = FlagTable(flags: modeFlags + modeOptions + displayOptions + standalone)

  /// The flags that select a mode on a log.
  private static let modeFlags: [Flag] = [
    Flag(
      names: ["--show"], value: .text("N", meaning: "a state: init or an entry's seq"),
      role: .mode(.show),
      help:
        "Entry N's action and the state after it; --show init shows the initial state. For a session that died inside a reducer, N is the seq of the entry it died in."
    ) { arguments, values throws(UsageError) in
      arguments.mode = .show(try StateName.parse(values[0], for: "--show"))
    },
    Flag(
      names: ["--diff"],
      value: FlagValue(
        placeholder: "A", meaning: "a state: init or an entry's seq", choices: [],
        form: .withOptionalNumber(second: "B")),
      role: .mode(.diff),
      help:
        "What changed from state A to state B. Each change is shown inside the surrounding structure with its RFC 6901 JSON Pointer; unchanged runs are folded. With A alone: what entry A changed, from its prior to its next."
    ) { arguments, values throws(UsageError) in
      arguments.mode = .diff(
        try StateName.parse(values[0], for: "--diff"),
        values.count > 1 ? try StateName.parse(values[1], for: "--diff") : nil)
    },
    Flag(
      names: ["--bisect"], role: .mode(.bisect, needs: ["--predicate", "--run"]),
      help:
        "Binary search, as git bisect does, for the first entry after which the state is bad. Checks both ends first, and warns when the predicate flips more than once. When both ends are good, or the predicate reads $action or $prior (it is about transitions), it checks entry by entry instead and says so."
    ),
    Flag(
      names: ["--watch"], value: .text("PATH"), role: .mode(.watch),
      help:
        "Every entry that changed the value at PATH, with old and new values. PATH is a jq path such as .todos[0].title, or a JSON Pointer such as /todos/0/title, also in the quoted form replay prints for keys with control characters (\"/a\\u0000b\")."
    ) { arguments, values in arguments.mode = .watch(values[0]) },
    Flag(
      names: ["--find"], value: .text("EXPR"), role: .mode(.find),
      help:
        "The entries on which EXPR holds. EXPR runs on the whole entry {seq, time, action, prior, next}. With --html, the report marks them.",
      combinesWith: [.html]
    ) { arguments, values in arguments.mode = .find(values[0]) },
    Flag(
      names: ["--step"], role: .mode(.step, stdin: "reads its commands from stdin"),
      help:
        "Step through the log. Commands come from stdin (type 'help' at the prompt), so it can be scripted. At a terminal: line editing, Tab completion, and a history kept in ~/.replay_history (REPLAY_HISTORY)."
    ) { arguments, _ in arguments.mode = .step },
    Flag(
      names: ["--verify"], role: .mode(.verify, needs: ["--reducer"]),
      help:
        "Re-apply every action through a registered reducer and report the first divergence. That is the first entry whose recomputed state differs from the recorded one, with the differing paths; effects are not run."
    ),
    Flag(
      names: ["--emit-test"], role: .mode(.emitTest, needs: ["--reducer"]),
      help:
        "Write a Swift Testing test that replays the entries through a registered reducer with TimeTravelTesting's TestStore. It starts from the recorded state before the first entry, sends each action and asserts each recorded change as Swift mutations ($0.todos[24].title = \"x\"), decoding recorded JSON where a mutation cannot be written; the source goes to stdout."
    ),
    Flag(
      names: ["--reproduce"], role: .mode(.reproduce),
      help:
        "The action a session died in and the state to apply it to. For a session that died inside a reducer: its log ends in a pending record."
    ) { arguments, _ in arguments.mode = .reproduce },
    Flag(
      names: ["--html"], value: .text("FILE", meaning: "the report's path"), role: .mode(.html),
      help:
        "Write a self-contained HTML report of the log to FILE: a timeline to select entries by click, slider or keyboard, the state tree, each entry's diff and the diff of any two states, charts of --plot values, and marks for --predicate and --find. It makes no network requests."
    ) { arguments, values in arguments.report.file = values[0] },
    Flag(
      names: ["--convert"], role: .mode(.convert),
      help:
        "Write the log as a replay log (JSON Lines) to stdout, whatever its format. An action-only history gets its states with --reducer, and stays action-only without it."
    ) { arguments, _ in arguments.mode = .convert },
    Flag(
      names: ["--export"], value: .oneOf([.init(name: "redux-devtools")]), role: .mode(.export),
      help:
        "Write the log to stdout in another tool's format: redux-devtools, a lifted state that Redux DevTools' Import opens."
    ) { arguments, values in
      arguments.mode = ExportMode.Target(rawValue: values[0]).map(Options.Mode.export)
    },
  ]

  /// The flags that belong to some modes on a log only.
  private static let modeOptions: [Flag] = [
    Flag(
      names: ["--predicate"], value: .text("EXPR", meaning: "a jq expression run on each state"),
      role: .option(modes: [.bisect, .html]),
      help:
        "A state is bad when the jq expression EXPR holds on it. The report marks the states where it holds and the first bad entry bisect finds."
    ),
    Flag(
      names: ["--run"], value: .text("CMD", meaning: "a shell command run on each state"),
      role: .option(modes: [.bisect]),
      help:
        "Judge each state by a shell command, as git bisect run does. The state's JSON goes to its stdin and REPLAY_STATE (init or the entry's seq) to its environment; exit 0 is good, 125 skip, 1-127 bad, 128 and above abort. 126 or 127 on the initial state, the first state judged, abort too: the shell's codes for a command that cannot run. What CMD prints goes to stderr."
    ),
    Flag(
      names: ["--linear"], role: .option(modes: [.bisect]),
      help:
        "Scan from the initial state instead, to find the true first bad entry of a non-monotone predicate. A skipped state is never passed over as good: skipped states before the first bad one are listed as candidates."
    ) { arguments, _ in arguments.linear = true },
    Flag(
      names: ["--plot"], value: .text("PATH"), role: .option(modes: [.html], repeats: true),
      help:
        "Chart a value against seq in the report. PATH is a JSON Pointer such as /todos, or a jq expression run on each state such as .todos | length. Numbers are drawn as they are, arrays and objects as their size, strings and booleans by their changes."
    ) { arguments, values in arguments.report.plots.append(values[0]) },
    Flag(
      names: ["--range"], value: .text("A..B", meaning: "entries A to B, by seq"),
      role: .option(modes: [.html, .emitTest]),
      help:
        "Only the entries whose seq is from A to B, inclusive; A.. and ..B leave one end open. The report says what it covers; a test starts from the recorded state before entry A."
    ) { arguments, values throws(UsageError) in
      arguments.range = try SeqRange(parsing: values[0])
    },
    Flag(
      names: ["--reducer"], value: .text("NAME", meaning: "a reducer registered with replay"),
      role: .option(modes: ModeKind.onLog),
      help:
        "The registered reducer to re-apply the actions through. With --verify, it checks the recorded states; with --emit-test, it is the one the test sends them to; on a log of actions only (a Redux DevTools default export, an Elm history), it recomputes the states every mode needs."
    ),
    Flag(
      names: ["--module"], value: .text("MODULE"), role: .option(modes: [.emitTest]),
      help:
        "The module the test imports (@testable) for the reducer's types; by default the reducer's own module."
    ) { arguments, values in arguments.module = values[0] },
    Flag(
      names: ["--where"], value: .text("EXPR"), role: .option(modes: [.summary, .find, .watch]),
      help: "Only the entries on which EXPR holds, run on the whole entry."
    ) { arguments, values in arguments.filter = values[0] },
    Flag(
      names: ["--follow"], role: .option(modes: [.summary, .find, .watch, .step]),
      help:
        "Keep reading the log as the app appends to it, as tail -f does. New entries are reported as they arrive and match, a half-written line is waited for, and a log truncated or replaced by a new session is noticed and said so; Ctrl-C stops, with a summary of what was seen. With --step, new entries are read before each command, so last is the newest."
    ) { arguments, _ in arguments.follow = true },
    Flag(
      names: ["--until"], value: .text("EXPR", meaning: "a jq predicate run on each new entry"),
      role: .option(modes: [.summary, .find, .watch]),
      help:
        "Stop following once EXPR holds on an entry that arrives (run on the whole entry, as --where), after reporting it; needs --follow."
    ) { arguments, values in arguments.until = values[0] },
  ]

  /// The flags that shape the output of every mode on a log.
  private static let displayOptions: [Flag] = [
    Flag(
      names: ["--format"],
      value: .oneOf([
        .init(name: "text"), .init(name: "json"), .init(name: "json-patch", modes: [.diff]),
      ]),
      role: .option(modes: ModeKind.onLog),
      help:
        "Output for people (text, the default) or for programs (json). json-patch prints an RFC 6902 patch that turns state A into state B."
    ) { arguments, values in
      arguments.format = Options.Format(rawValue: values[0]) ?? .text
    },
    Flag(
      names: ["--id-key"], value: .text("KEY"), role: .option(modes: ModeKind.onLog, repeats: true),
      help: "Match array elements by KEY in diffs (besides id, ID and _id)."
    ) { arguments, values in arguments.idKeys.append(values[0]) },
    Flag(
      names: ["--color", "--colour"],
      value: .oneOf(
        [.init(name: "auto"), .init(name: "always"), .init(name: "never")], attached: "always"),
      role: .option(modes: ModeKind.onLog),
      help:
        "Colour: auto, always or never. auto (the default) colours on a terminal unless NO_COLOR is set; --color alone is --color=always."
    ) { arguments, values in
      arguments.color = Options.Color(rawValue: values[0]) ?? .auto
    },
    Flag(
      names: ["--no-color"], role: .option(modes: ModeKind.onLog),
      help: "No colour, as --color=never."
    ) { arguments, _ in arguments.color = .never },
    Flag(
      names: ["--full"], role: .option(modes: ModeKind.onLog),
      help: "Do not abbreviate long values in text output."
    ) { arguments, _ in arguments.full = true },
  ]

  /// The modes that need no log.
  private static let standalone: [Flag] = [
    Flag(
      names: ["--eval"], value: .text("EXPR"), role: .mode(.eval, stdin: "reads JSON from stdin"),
      help:
        "Read JSON values from stdin and print each output of EXPR on one line, like jq -c EXPR."
    ) { arguments, values throws(UsageError) in
      let expression = values[0]
      // `replay --eval -c .`, a jq habit: `-c` would be read as the expression. Only
      // option-like words: `-1` and `-length` are expressions.
      if expression.wholeMatch(of: /-[A-Za-z]{1,3}|--[A-Za-z][A-Za-z-]*/) != nil {
        throw UsageError(
          message:
            "--eval takes a jq expression, not the option '\(TerminalText.sanitize(expression))' (its output is always compact, as with jq -c)"
        )
      }
      arguments.standalone = .eval(expression)
    },
    Flag(
      names: ["--completion"], value: .oneOf(Shell.allCases.map { .init(name: $0.rawValue) }),
      role: .mode(.completion),
      help:
        "Print a completion script for the shell. Load bash's from ~/.bashrc with source <(replay --completion bash); save zsh's as _replay in a directory on $fpath, fish's as ~/.config/fish/completions/replay.fish."
    ) { arguments, values in
      arguments.standalone = Shell(rawValue: values[0]).map(Invocation.completion)
    },
    Flag(names: ["--help", "-h"], role: .mode(.help), help: "This help."),
    Flag(names: ["--version"], role: .mode(.version), help: "The version."),
  ]
}
