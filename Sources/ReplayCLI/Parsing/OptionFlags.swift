import TimeTravel

/// The options of `replay`, each declared once with how its value is recorded in
/// ``Options``. Modes name the ones they take in their declarations; those of
/// ``Flag/Scope/everyModeOnALog`` go with every mode on a log.
enum OptionFlags {
  /// Every option, in help's order, the order the "goes with" checks report a misplaced
  /// one in.
  static let all: [Flag] = [
    predicate, run, linear, confirm, plot, range, reducer, module, liveEffects, skip, edit,
    insert, move, window, maxReplays, maxOrderings, save, token, filter, follow, until, format,
    idKey, color, noColor, full, libraryPath,
  ]

  static let predicate = Flag(
    names: ["--predicate"], value: .text("EXPR", meaning: "a jq expression run on each state"),
    help:
      "A state is bad when the jq expression EXPR holds on it. The report marks the states where it holds and the first bad entry bisect finds."
  ) { options, values in options.predicate = values[0] }

  static let run = Flag(
    names: ["--run"], value: .text("CMD", meaning: "a shell command run on each state"),
    help:
      "Judge each state by a shell command, as git bisect run does. The state's JSON goes to its stdin and REPLAY_STATE (init or the entry's seq) to its environment; exit 0 is good, 125 skip, 1-127 bad, 128 and above abort. 126 or 127 on the initial state, the first state judged, abort too: the shell's codes for a command that cannot run. What CMD prints goes to stderr."
  ) { options, values in options.run = values[0] }

  static let linear = Flag(
    names: ["--linear"],
    help:
      "Scan from the initial state instead, to find the true first bad entry of a non-monotone predicate. A skipped state is never passed over as good: skipped states before the first bad one are listed as candidates."
  ) { options, _ in options.linear = true }

  static let confirm = Flag(
    names: ["--confirm"],
    help:
      "Check the first bad entry bisect finds by judging every earlier state, even with --run, where each state costs a run of the command. A --predicate is always checked so."
  ) { options, _ in options.confirm = true }

  static let plot = Flag(
    names: ["--plot"], value: .text("PATH"),
    help:
      "Chart a value against seq in the report. PATH is a JSON Pointer such as /todos, or a jq expression run on each state such as .todos | length. Numbers are drawn as they are, arrays and objects as their size, strings and booleans by their changes.",
    repeats: true
  ) { options, values in options.plots.append(values[0]) }

  static let range = Flag(
    names: ["--range"], value: .text("A..B", meaning: "entries A to B, by seq"),
    help:
      "Only the entries whose seq is from A to B, inclusive; A.. and ..B leave one end open. The report says what it covers; a test starts from the recorded state before entry A; --blame counts only these entries."
  ) { options, values throws(UsageError) in
    options.range = try SeqRange(parsing: values[0])
  }

  static let reducer = Flag(
    names: ["--reducer"], value: .text("NAME", meaning: "a reducer registered with replay"),
    help:
      "The registered reducer to re-apply the actions through. With --verify, it checks the recorded states; with --emit-test, it is the one the test sends them to; on a log of actions only (a Redux DevTools default export, an Elm history), it recomputes the states every mode needs.",
    scope: .everyModeOnALog
  ) { options, values in options.reducer = values[0] }

  static let module = Flag(
    names: ["--module"], value: .text("MODULE"),
    help:
      "The module the test imports (@testable) for the reducer's types; by default the reducer's own module."
  ) { options, values in options.module = values[0] }

  static let liveEffects = Flag(
    names: ["--live-effects"],
    help:
      "Run the reducer's effects in the test, as in the app: the test awaits what they send and ends with await store.finish() when an entry started one. By default they do not run: the actions the log says they sent are delivered from the log in order, each checked against an effect started and not yet finished, so the test calls no dependency and does not depend on timing."
  ) { options, _ in options.liveEffects = true }

  static let save = Flag(
    names: ["--save"], value: .text("DIR", meaning: "a folder"),
    help:
      "Save each live session in DIR (created if needed; ./replay-sessions by default), as a log of its own named by app, start time and session: TodoApp-2026-01-05T09-00-00.000Z-6f9619ff.jsonl. A session that reconnects continues its file."
  ) { options, values in options.save = values[0] }

  static let token = Flag(
    names: ["--token"], value: .text("TOKEN"),
    help:
      "The token apps must send in their hello (by default REPLAY_TOKEN from the environment). Listening on any address but loopback requires one. It is compared in constant time, and sent in the clear: on an untrusted network, tunnel the port."
  ) { options, values in options.token = values[0] }

  static let filter = Flag(
    names: ["--where"], value: .text("EXPR"),
    help: "Only the entries on which EXPR holds, run on the whole entry."
  ) { options, values in options.filter = values[0] }

  static let follow = Flag(
    names: ["--follow"],
    help:
      "Keep reading the log as the app appends to it, following its name as tail -F does. New entries are reported as they arrive and match, a half-written line is waited for, a log that does not exist yet is waited for, and a log truncated, replaced or rotated (also through a symbolic link) is noticed and said so; Ctrl-C stops, with a summary of what was seen. A FIFO or stdin ('-') is read as a stream to its end. With --step, new entries are read before each command, so last is the newest."
  ) { options, _ in options.follow = true }

  static let until = Flag(
    names: ["--until"], value: .text("EXPR", meaning: "a jq predicate run on each new entry"),
    help:
      "Stop following once EXPR holds on an entry that arrives (run on the whole entry, as --where), after reporting it; needs --follow or --listen.",
    requires: ["--follow", "--listen"]
  ) { options, values in options.until = values[0] }

  static let format = Flag(
    names: ["--format"],
    value: .oneOf([
      .init(name: "text"), .init(name: "json"),
      .init(name: "json-patch", modes: [ModeID(DiffMode.self)]),
    ]),
    help:
      "Output for people (text, the default) or for programs (json). json-patch prints an RFC 6902 patch that turns state A into state B.",
    scope: .everyModeOnALog
  ) { options, values in options.format = Options.Format(rawValue: values[0]) ?? .text }

  static let idKey = Flag(
    names: ["--id-key"], value: .text("KEY"),
    help: "Match array elements by KEY in diffs (besides id, ID and _id).", repeats: true,
    scope: .everyModeOnALog
  ) { options, values in options.idKeys.append(values[0]) }

  static let color = Flag(
    names: ["--color", "--colour"],
    value: .oneOf(
      [.init(name: "auto"), .init(name: "always"), .init(name: "never")], attached: "always"),
    help:
      "Colour: auto, always or never. auto (the default) colours on a terminal unless NO_COLOR is set; --color alone is --color=always.",
    scope: .everyModeOnALog
  ) { options, values in options.color = Options.Color(rawValue: values[0]) ?? .auto }

  static let noColor = Flag(
    names: ["--no-color"], help: "No colour, as --color=never.", scope: .everyModeOnALog
  ) { options, _ in options.color = .never }

  static let full = Flag(
    names: ["--full"], help: "Do not abbreviate long values in text output.",
    scope: .everyModeOnALog
  ) { options, _ in options.full = true }

  static let skip = Flag(
    names: ["--skip"], value: .text("K", meaning: "an entry's seq"),
    help:
      "Leave entry K out of the edited history, with the actions its effects sent (their origin.cause is K, or one of those).",
    repeats: true
  ) { options, values throws(UsageError) in
    options.edits.append(.skip(try EditParsing.seq(values[0], flag: "--skip")))
  }

  static let edit = Flag(
    names: ["--edit"], value: .text("K=ACTION_JSON"),
    help:
      "Replace entry K's action with ACTION_JSON, which must decode as the reducer's action; the actions its effects sent stay.",
    repeats: true
  ) { options, values throws(UsageError) in
    let (seq, action) = try EditParsing.action(values[0], flag: "--edit")
    options.edits.append(.edit(seq, action: action))
  }

  static let insert = Flag(
    names: ["--insert"], value: .text("K=ACTION_JSON"),
    help:
      "Insert the action ACTION_JSON just before entry K; K one past the last entry appends it.",
    repeats: true
  ) { options, values throws(UsageError) in
    let (seq, action) = try EditParsing.action(values[0], flag: "--insert")
    options.edits.append(.insert(before: seq, action: action))
  }

  static let move = Flag(
    names: ["--move"], value: .text("K:L"),
    help:
      "Move entry K to just after entry L. An action an effect sent cannot go before its cause, nor its cause after it.",
    repeats: true
  ) { options, values throws(UsageError) in
    let (seq, after) = try EditParsing.move(values[0])
    options.edits.append(.move(seq, after: after))
  }

  static let window = Flag(
    names: ["--window"], value: .text("W", meaning: "how many entries an action may pass"),
    help: "Move each action an effect sent past up to W other entries (W ≥ 1)."
  ) { options, values throws(UsageError) in
    options.window = try EditParsing.count(values[0], flag: "--window")
  }

  static let maxReplays = Flag(
    names: ["--max-replays"], value: .text("N"),
    help:
      "Stop after N replays with the smallest failing history found so far (10000 by default)."
  ) { options, values throws(UsageError) in
    options.maxReplays = try EditParsing.count(values[0], flag: "--max-replays")
  }

  static let maxOrderings = Flag(
    names: ["--max-orderings"], value: .text("N"),
    help: "Stop after exploring N orderings, with the races found so far (10000 by default)."
  ) { options, values throws(UsageError) in
    options.maxOrderings = try EditParsing.count(values[0], flag: "--max-orderings")
  }

  static let libraryPath = Flag(
    names: ["-L", "--library-path"], value: .text("DIR"),
    help:
      "Search DIR for the jq modules that expressions import or include, as jq -L DIR does: import \"todos\" as todos; reads DIR/todos.jq, and import \"config\" as $config; reads DIR/config.json. The directories are searched in order; without it, jq's list: ~/.jq, $ORIGIN/../lib/jq, $ORIGIN/../lib.",
    repeats: true, scope: .everyModeOnALog
  ) { options, values in options.libraryPaths.append(values[0]) }
}
