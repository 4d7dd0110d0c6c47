import Foundation
import ReplayCLI
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelDiff
@testable import TimeTravelJSON

/// The fixture's bug: a whitespace-only title added at entry 117.
let whitespacePredicate = #"any(.todos[]; .title | test("^\\s*$"))"#

@Suite struct CLIBisectTests {
  @Test func bisectFindsTheWhitespaceTodo() {
    let (code, out, err) = replay(Repo.fixture, "--bisect", "--predicate", whitespacePredicate)
    #expect(code == 0)
    #expect(err == "")
    #expect(
      out == """
        entry 117 (addTodo) is the first bad entry
        time:   2026-01-05T09:06:17.136Z
        action: {"addTodo":{"id":"todo-035","title":"   "}}
        changes:
          + /todos/24: {"id":"todo-035","isCompleted":false,"title":"   "}
        evaluated 12 of 241 states

        """)
  }

  @Test func bisectLinearAndRunAgreeAsJSON() throws {
    let runCommand = #"grep -q '"title":"   "' && exit 1 || exit 0"#
    var results: [JSONValue] = []
    for extra in [
      ["--predicate", whitespacePredicate], ["--linear", "--predicate", whitespacePredicate],
      ["--run", runCommand],
    ] {
      let io = BufferIO()
      let code = ReplayCommand.run([Repo.fixture, "--bisect", "--format", "json"] + extra, io: io)
      #expect(code == 0)
      #expect(io.stderr == "")
      results.append(try JSONParser.parse(io.stdout))
    }
    #expect(results.map { $0["seq"] } == [117, 117, 117])
    #expect(results.map { $0["evaluated"] } == [12, 118, 12])
    #expect(results[0]["action"] == ["addTodo": ["id": "todo-035", "title": "   "]])
    #expect(
      results[0]["changes"]
        == [
          [
            "op": "add", "path": "/todos/24",
            "new": ["id": "todo-035", "isCompleted": false, "title": "   "],
          ]
        ])
  }

  /// Both ends good: there is nothing to bisect, so every state is checked, and the
  /// output says so.
  @Test func neverHolds() {
    let (code, out, _) = replay(Repo.fixture, "--bisect", "--predicate", ".todos | length > 1000")
    #expect(code == ExitCode.notFound)
    #expect(
      out == """
        the state is good on the initial state (init) and on the last state (240), so there is no flip to search for: it was checked entry by entry
        the state is never bad: not on any of the 241 states

        """)
    let json = replay(
      Repo.fixture, "--bisect", "--predicate", ".todos | length > 1000", "--format", "json")
    #expect(json.code == ExitCode.notFound)
    #expect(json.out == #"{"result":"neverHolds","evaluated":241,"scan":"endsAreGood"}"# + "\n")
  }

  @Test func holdsAtStart() {
    let (code, out, _) = replay(
      Repo.fixture, "--bisect", "--predicate", ".todos | length >= 0", "--format", "json")
    #expect(code == ExitCode.holdsAtStart)
    #expect(out == #"{"result":"holdsAtStart","evaluated":1}"# + "\n")
  }

  @Test func evaluationErrorIsNeverTreatedAsFalse() {
    let (code, out, err) = replay(Repo.fixture, "--bisect", "--predicate", ".todos.x")
    #expect(code == ExitCode.evaluationError)
    #expect(out == "")
    #expect(
      err
        == "replay: the predicate failed on the initial state (init): Cannot index array with \"x\"\n"
    )
  }

  @Test func predicateSyntaxErrorShowsTheColumn() {
    let (code, _, err) = replay(
      Repo.fixture, "--bisect", "--predicate", #"any(.todos[]; .title | test("x")"#)
    #expect(code == ExitCode.usage)
    #expect(
      err == """
        replay: predicate syntax error at column 33: unexpected end of input, expected ')'
        any(.todos[]; .title | test("x")
                                        ^

        """)
  }

  @Test func unknownVariableIsASyntaxError() {
    let (code, _, err) = replay(Repo.fixture, "--bisect", "--predicate", ".todos | $nope")
    #expect(code == ExitCode.usage)
    #expect(err.hasPrefix("replay: predicate syntax error at column 10: $nope is not defined\n"))
  }

  @Test func boundVariables() {
    // $seq is the state index, $action the action that led to it.
    let (code, out, _) = replay(
      Repo.fixture, "--bisect", "--format", "json", "--predicate",
      #"$seq >= 50 and ($action | type) == "object""#)
    #expect(code == 0)
    #expect(out.hasPrefix(#"{"result":"firstBad","seq":50,"#))
  }

  @Test func runCommandOutputGoesToStderr() {
    let (code, out, err) = replay(
      Repo.fixture, "--bisect", "--format", "json", "--run",
      #"echo "checking $REPLAY_STATE"; grep -q '"title":"   "' && exit 1 || exit 0"#)
    #expect(code == 0)
    #expect(out.hasPrefix(#"{"result":"firstBad","seq":117,"#))
    #expect(err.hasPrefix("checking init\nchecking 240\nchecking 120\n"))
  }

  @Test func runCommandAbortsAt128() {
    let (code, _, err) = replay(Repo.fixture, "--bisect", "--run", "exit 129")
    #expect(code == ExitCode.evaluationError)
    #expect(
      err
        == "replay: 'exit 129' exited with 129 on the initial state (init); 128 and above abort the bisection, as in git bisect run\n"
    )
  }

  @Test func skippedStatesAtTheBoundaryGiveCandidates() {
    // Skip states 115–118; the change is at 117, so git would say
    // "could be any of" 115…117 — here entries 115, 116 and 117 plus the
    // first known-bad state.
    let command =
      #"case $REPLAY_STATE in 115|116|117|118) exit 125;; esac; grep -q '"title":"   "' && exit 1 || exit 0"#
    let (code, out, _) = replay(Repo.fixture, "--bisect", "--format", "json", "--run", command)
    #expect(code == ExitCode.inconclusive)
    let value = try? JSONParser.parse(out)
    #expect(value?["result"] == "candidates")
    #expect(value?["candidates"] == [115, 116, 117, 118, 119])
  }
}

@Suite struct CLIListingTests {
  @Test func diffOfOneEntry() {
    let (code, out, _) = replay(Repo.fixture, "--diff", "117")
    #expect(code == 0)
    #expect(
      out == """
        entry 117 (addTodo) at 2026-01-05T09:06:17.136Z
        action: {"addTodo":{"id":"todo-035","title":"   "}}
        state 116 → state 117: 1 change
          {
            … (2 unchanged)
            "todos": [
              … (24 unchanged)
        +     [24]: {"id":"todo-035","isCompleted":false,"title":"   "}  // /todos/24
            ]
          }

        """)
  }

  @Test func diffShowsChangesInsideTheirStructure() {
    let (code, out, _) = replay(Repo.fixture, "--diff", "172", "173")
    #expect(code == 0)
    #expect(
      out == """
        state 172 → state 173: 4 changes
          {
        -   "filter": "active"
        +   "filter": "completed"  // /filter
            … (1 unchanged)
            "todos": [
        -     [33]: {"id":"todo-052","isCompleted":false,"title":"Organise the garage"}  // /todos/33
              … (12 unchanged)
        +     [12]: {"id":"todo-020","isCompleted":false,"title":"Cancel gym trial"}  // /todos/12
              … (11 unchanged)
              [24]: {
                … (1 unchanged)
        -       "isCompleted": true
        +       "isCompleted": false  // /todos/24/isCompleted
                … (1 unchanged)
              }
              … (9 unchanged)
            ]
          }

        """)
  }

  @Test func diffAsJSONPatchAppliesExactly() throws {
    let (code, out, _) = replay(Repo.fixture, "--diff", "172", "173", "--format", "json-patch")
    #expect(code == 0)
    #expect(
      out
        == #"[{"op":"replace","path":"/filter","value":"completed"},{"op":"remove","path":"/todos/33"},{"op":"add","path":"/todos/12","value":{"id":"todo-020","isCompleted":false,"title":"Cancel gym trial"}},{"op":"replace","path":"/todos/24/isCompleted","value":false}]"#
        + "\n")
    let log = try LogFile(path: Repo.fixture)
    let patch = try JSONPatch(parsing: JSONParser.parse(out))
    #expect(try patch.apply(to: log.state(172)) == log.state(173))
  }

  @Test func jsonPatchOnlyWithDiff() {
    let (code, _, err) = replay(Repo.fixture, "--show", "1", "--format", "json-patch")
    #expect(code == ExitCode.usage)
    #expect(err.hasPrefix("replay: --format json-patch goes with --diff\n"))
  }

  @Test func colorAlwaysPaintsDiffAndNoColorDoesNot() {
    let (_, colored, _) = replay(Repo.fixture, "--diff", "117", "--color=always")
    #expect(colored.contains("\u{1B}["))
    let io = BufferIO(isTerminal: true, environment: ["NO_COLOR": "1"])
    _ = ReplayCommand.run([Repo.fixture, "--diff", "117"], io: io)
    #expect(!io.stdout.contains("\u{1B}"))
    let terminal = BufferIO(isTerminal: true)
    _ = ReplayCommand.run([Repo.fixture, "--diff", "117"], io: terminal)
    #expect(terminal.stdout.contains("\u{1B}["))
  }

  @Test func diffAsJSON() {
    let (code, out, _) = replay(Repo.fixture, "--diff", "116", "117", "--format", "json")
    #expect(code == 0)
    #expect(
      out
        == #"{"from":116,"to":117,"changes":[{"op":"add","path":"/todos/24","new":{"id":"todo-035","isCompleted":false,"title":"   "}}]}"#
        + "\n")
  }

  @Test func watchWithWhereAsJSON() {
    let (code, out, _) = replay(
      Repo.fixture, "--watch", "/filter", "--where", ".seq < 40", "--format", "json")
    #expect(code == 0)
    #expect(
      out == """
        [{"seq":15,"action":{"setFilter":{"_0":"completed"}},"old":"all","new":"completed"},\
        {"seq":21,"action":{"setFilter":{"_0":"active"}},"old":"completed","new":"active"},\
        {"seq":30,"action":{"setFilter":{"_0":"all"}},"old":"active","new":"all"},\
        {"seq":31,"action":{"setFilter":{"_0":"active"}},"old":"all","new":"active"},\
        {"seq":39,"action":{"setFilter":{"_0":"completed"}},"old":"active","new":"completed"}]

        """)
  }

  @Test func watchShowsAbsentValues() {
    let (code, out, _) = replay(
      Repo.fixture, "--watch", ".todos[24].title", "--where", ".seq < 120")
    #expect(code == 0)
    #expect(
      out == """
        4 entries changed /todos/24/title:
          entry 69 (addTodo) {"id":"todo-028","title":"Refill prescription"}: (absent) → "Refill prescription"
          entry 73 (deleteTodos) {"atOffsets":[0,2]}: "Refill prescription" → (absent)
          entry 117 (addTodo) {"id":"todo-035","title":"   "}: (absent) → "   "
          entry 119 (deleteTodos) {"atOffsets":[3,22]}: "   " → (absent)

        """)
  }

  @Test func watchJSONOmitsAbsentOldAndNew() throws {
    let (_, out, _) = replay(
      Repo.fixture, "--watch", ".todos[24].title", "--where", ".seq < 74", "--format", "json")
    #expect(
      out
        == #"[{"seq":69,"action":{"addTodo":{"id":"todo-028","title":"Refill prescription"}},"new":"Refill prescription"},{"seq":73,"action":{"deleteTodos":{"atOffsets":[0,2]}},"old":"Refill prescription"}]"#
        + "\n")
  }

  @Test func findWithWhere() {
    let (code, out, _) = replay(
      Repo.fixture, "--find", #".action | has("deleteTodos")"#, "--where", ".seq > 200")
    #expect(code == 0)
    #expect(
      out == """
        6 entries match:
          entry 212 (deleteTodos) at 2026-01-05T09:11:42.066Z {"atOffsets":[0,23]}
          entry 214 (deleteTodos) at 2026-01-05T09:11:46.472Z {"atOffsets":[29]}
          entry 216 (deleteTodos) at 2026-01-05T09:11:50.483Z {"atOffsets":[5,31]}
          entry 224 (deleteTodos) at 2026-01-05T09:12:11.580Z {"atOffsets":[5,22]}
          entry 232 (deleteTodos) at 2026-01-05T09:12:31.546Z {"atOffsets":[18]}
          entry 237 (deleteTodos) at 2026-01-05T09:14:19.736Z {"atOffsets":[1]}

        """)
  }

  @Test func findNothingExitsOne() {
    let (code, out, _) = replay(Repo.fixture, "--find", ".next.todos | length > 100")
    #expect(code == ExitCode.notFound)
    #expect(out == "no entry matches\n")
  }

  @Test func summaryWhere() {
    let (code, out, _) = replay(Repo.fixture, "--where", #".action | has("addTodo")"#)
    #expect(code == 0)
    #expect(
      out.hasPrefix(
        "\(Repo.fixture): 75 entries matching --where (of 240) (replay-log v1, app TodoApp, TodoState / TodoAction)\n"
      ))
    #expect(out.contains("actions:\n  addTodo  75\n"))
  }

  @Test func evalLikeJqC() {
    let (code, out, err) = replay(
      "--eval", ".a[]?, type", stdin: #"{"a":[1,2,{"b":null}]} [3] "x""#)
    #expect(code == 0)
    #expect(err == "")
    #expect(out == "1\n2\n{\"b\":null}\n\"object\"\n\"array\"\n\"string\"\n")
  }

  @Test func evalKeepsBigNumbersAndGoesOnAfterErrors() {
    let (code, out, err) = replay(
      "--eval", ".n", stdin: "{\"n\":100000000000000000001} 5 {\"n\":-0}")
    #expect(code == ExitCode.evaluationError)
    #expect(out == "100000000000000000001\n-0\n")
    #expect(err == "replay: error (at input 2): Cannot index number with \"n\"\n")
  }

  /// `-` is standard input, as for cat and git apply.
  @Test func aLogFromStandardInput() throws {
    let text = try String(contentsOfFile: Repo.fixture, encoding: .utf8)
    let (code, out, err) = replay("-", "--show", "3", stdin: text)
    #expect(code == 0)
    #expect(err == "")
    #expect(out == replay(Repo.fixture, "--show", "3").out)
    let bad = replay("-", "--show", "1", stdin: "{\"seq\":1,\"action\":1,\"prior\":0,\"next\":}\n")
    #expect(bad.code == ExitCode.unreadableLog)
    #expect(
      bad.err == "replay: stdin:1:38: not valid JSON: unexpected '}'; expected a JSON value\n")
    let step = replay("-", "--step", stdin: text)
    #expect(step.code == ExitCode.usage)
    #expect(
      step.err.hasPrefix(
        "replay: --step reads its commands from stdin, so the log cannot come from stdin ('-')\n"))
  }

  /// Usage errors name what the user asked for.
  @Test func usageErrorsNameWhatWasAsked() {
    let diff = replay(Repo.fixture, "--diff", "300")
    #expect(diff.code == ExitCode.usage)
    #expect(
      diff.err
        == "replay: \(Repo.fixture): entry 300 is out of range (the log has entries 1…240)\n")
    let twice = replay(Repo.fixture, "--show", "1", "--show", "2")
    #expect(twice.code == ExitCode.usage)
    #expect(twice.err.hasPrefix("replay: --show can be given only once\n"))
    let mixed = replay(Repo.fixture, "--show", "1", "--diff", "2", "--show", "3")
    #expect(mixed.err.hasPrefix("replay: choose one of --show, --diff; they cannot be combined\n"))
    let option = replay("--eval", "-c", ".", stdin: "1")
    #expect(option.code == ExitCode.usage)
    #expect(
      option.err.hasPrefix(
        "replay: --eval takes a jq expression, not the option '-c' (its output is always compact, as with jq -c)\n"
      ))
    #expect(replay("--eval", "-1", stdin: "1").out == "-1\n")
    #expect(replay("--eval", "-length", stdin: "[1,2]").out == "-2\n")
    #expect(replay("--eval", "--slurp", stdin: "1").code == ExitCode.usage)
  }

  /// As jq does when compiling: an unknown variable is a syntax error, once, even
  /// without input.
  @Test func evalReportsAnUnknownVariableAsASyntaxError() {
    for stdin in ["1 2", ""] {
      let (code, out, err) = replay("--eval", ". + $x", stdin: stdin)
      #expect(code == ExitCode.usage)
      #expect(out == "")
      #expect(err == "replay: syntax error at column 5: $x is not defined\n. + $x\n    ^\n")
    }
    #expect(
      replay("--eval", "$__loc__.line, ($ENV | type)", stdin: "null").out == "1\n\"object\"\n")
  }

  @Test func evalSkipsAByteOrderMarkAsJqDoes() {
    let (code, out, err) = replay("--eval", ".a", stdin: "\u{FEFF}{\"a\":1} 2")
    #expect(code == ExitCode.evaluationError)
    #expect(out == "1\n")
    #expect(err == "replay: error (at input 2): Cannot index number with \"a\"\n")
  }

  @Test func evalRefusesLiteralsRunTogetherAsJqDoes() {
    let (code, out, err) = replay("--eval", ".", stdin: "1 [2]3\n4true")
    #expect(code == ExitCode.unreadableLog)
    #expect(out == "1\n[2]\n3\n")
    #expect(
      err
        == "replay: stdin:2:2: not valid JSON: unexpected 't' after '4'; separate values with whitespace\n"
    )
  }
}

@Suite struct CLIStepTests {
  @Test func scriptedSessionTranscript() {
    let script = """
      n 3
      prev

      watch .filter
      rwatch .isLoading
      state .todos | map(.title) | .[0:2]
      action
      c $action | has("deleteTodos")
      list 3
      diff init 2
      frobnicate
      quit

      """
    let (code, out, _) = replay(Repo.fixture, "--step", stdin: script)
    #expect(code == 0)
    #expect(
      out == """
        [init/240] initial state
        [3/240] addTodo
          + /todos/2: {"id":"todo-003","isCompleted":false,"title":"Book dentist appointment"}
        [2/240] addTodo
          + /todos/1: {"id":"todo-002","isCompleted":false,"title":"Call mom"}
        [1/240] addTodo
          + /todos/0: {"id":"todo-001","isCompleted":false,"title":"Buy milk"}
        [15/240] setFilter
          /filter: "all" → "completed"
        [13/240] setLoading
          /isLoading: true → false
        [
          "Buy milk",
          "Call mom"
        ]
        {
          "setLoading": {
            "_0": false
          }
        }
        [25/240] deleteTodos
          - /todos/6: {"id":"todo-007","isCompleted":false,"title":"Reply to Anna's email"}
          entry 24 (setLoading) at 2026-01-05T09:01:10.316Z {"_0":false}
        > entry 25 (deleteTodos) at 2026-01-05T09:01:13.284Z {"atOffsets":[6]}
          entry 26 (addTodo) at 2026-01-05T09:01:16.755Z {"id":"todo-016","title":"Schedule car service"}
        state init → state 2:
          + /todos/0: {"id":"todo-001","isCompleted":false,"title":"Buy milk"}
          + /todos/1: {"id":"todo-002","isCompleted":false,"title":"Call mom"}
        unknown command 'frobnicate'; type 'help' for the list

        """)
  }

  @Test func repeatedRwatchGoesFurtherBack() {
    let (_, out, _) = replay(
      Repo.fixture, "--step", stdin: "last\nrwatch /filter\nrwatch /filter\nq\n")
    let landings = out.split(separator: "\n").filter { $0.hasPrefix("[") }.map(String.init)
    #expect(
      landings == [
        "[init/240] initial state", "[240/240] setLoading", "[236/240] setFilter",
        "[223/240] @@undo",
      ])
  }

  @Test func badExpressionDoesNotEndTheSession() {
    let (code, out, _) = replay(Repo.fixture, "--step", stdin: "c .todos[\nn\nq\n")
    #expect(code == 0)
    #expect(
      out.contains(
        "predicate syntax error at column 8: unexpected end of input\n.todos[\n       ^\n"))
    #expect(out.contains("[1/240] addTodo\n"))
  }
}

@Suite struct CLIProgressTests {
  @Test func progressLineOnlyWhenStderrIsATerminal() throws {
    let temp = try TempLog(TempLog.counterLines(1200))
    let terminal = BufferIO()
    terminal.errorIsTerminal = true
    #expect(ReplayCommand.run([temp.path, "--find", ".next.count == 1100"], io: terminal) == 0)
    #expect(terminal.stderr.hasPrefix("\rsearching 1/1200 (0%)\u{1B}[K"))
    #expect(terminal.stderr.hasSuffix("\r\u{1B}[K"))
    #expect(terminal.stdout == "1 entry matches:\n  entry 1100 (increment)\n")
    let pipe = BufferIO()
    #expect(ReplayCommand.run([temp.path, "--find", ".next.count == 1100"], io: pipe) == 0)
    #expect(pipe.stderr == "")
  }
}
