import CLITestSupport
import Foundation
import ReplayCLI
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelDiff
@testable import TimeTravelJSON

@Suite struct CLIListingTests {
  @Test func diffOfOneEntry() {
    let (code, out, _) = replay(Repo.fixture, "--diff", "117")
    #expect(code == 0)
    #expect(
      out == """
        entry 117 (addTodo) at 2026-01-05T09:06:17.136Z
        action: {"addTodo":{"id":"todo-035","title":"   "}}
        site:   TodoReducer/TodoSessionFixture.swift:72 in perform(step:)
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
        [{"seq":15,"time":"2026-01-05T09:00:49.711Z","action":{"setFilter":{"_0":"completed"}},"actionName":"setFilter","old":"all","new":"completed","site":{"file":"TodoReducer/TodoSessionFixture.swift","line":142,"function":"changeFilter()"}},\
        {"seq":21,"time":"2026-01-05T09:01:05.448Z","action":{"setFilter":{"_0":"active"}},"actionName":"setFilter","old":"completed","new":"active","site":{"file":"TodoReducer/TodoSessionFixture.swift","line":142,"function":"changeFilter()"}},\
        {"seq":30,"time":"2026-01-05T09:01:22.675Z","action":{"setFilter":{"_0":"all"}},"actionName":"setFilter","old":"active","new":"all","site":{"file":"TodoReducer/TodoSessionFixture.swift","line":142,"function":"changeFilter()"}},\
        {"seq":31,"time":"2026-01-05T09:01:24.379Z","action":{"setFilter":{"_0":"active"}},"actionName":"setFilter","old":"all","new":"active","site":{"file":"TodoReducer/TodoSessionFixture.swift","line":142,"function":"changeFilter()"}},\
        {"seq":39,"time":"2026-01-05T09:01:43.506Z","action":{"setFilter":{"_0":"completed"}},"actionName":"setFilter","old":"active","new":"completed","site":{"file":"TodoReducer/TodoSessionFixture.swift","line":142,"function":"changeFilter()"}}]

        """)
  }

  @Test func watchShowsAbsentValues() {
    let (code, out, _) = replay(
      Repo.fixture, "--watch", ".todos[24].title", "--where", ".seq < 120")
    #expect(code == 0)
    #expect(
      out == """
        4 entries changed /todos/24/title:
          entry 69 (addTodo) {"id":"todo-028","title":"Refill prescription"}: (absent) → "Refill prescription" — from TodoReducer/TodoSessionFixture.swift:126
          entry 73 (deleteTodos) {"atOffsets":[0,2]}: "Refill prescription" → (absent) — from TodoReducer/TodoSessionFixture.swift:158
          entry 117 (addTodo) {"id":"todo-035","title":"   "}: (absent) → "   " — from TodoReducer/TodoSessionFixture.swift:72
          entry 119 (deleteTodos) {"atOffsets":[3,22]}: "   " → (absent) — from TodoReducer/TodoSessionFixture.swift:158

        """)
  }

  @Test func watchJSONOmitsAbsentOldAndNew() throws {
    let (_, out, _) = replay(
      Repo.fixture, "--watch", ".todos[24].title", "--where", ".seq < 74", "--format", "json")
    #expect(
      out
        == #"[{"seq":69,"time":"2026-01-05T09:03:21.933Z","action":{"addTodo":{"id":"todo-028","title":"Refill prescription"}},"actionName":"addTodo","new":"Refill prescription","site":{"file":"TodoReducer/TodoSessionFixture.swift","line":126,"function":"add()"}},{"seq":73,"time":"2026-01-05T09:03:30.093Z","action":{"deleteTodos":{"atOffsets":[0,2]}},"actionName":"deleteTodos","old":"Refill prescription","site":{"file":"TodoReducer/TodoSessionFixture.swift","line":158,"function":"delete()"}}]"#
        + "\n")
  }

  @Test func findWithWhere() {
    let (code, out, _) = replay(
      Repo.fixture, "--find", #".action | has("deleteTodos")"#, "--where", ".seq > 200")
    #expect(code == 0)
    #expect(
      out == """
        6 entries match:
          entry 212 (deleteTodos) at 2026-01-05T09:11:42.066Z {"atOffsets":[0,23]} — from TodoReducer/TodoSessionFixture.swift:158
          entry 214 (deleteTodos) at 2026-01-05T09:11:46.472Z {"atOffsets":[29]} — from TodoReducer/TodoSessionFixture.swift:158
          entry 216 (deleteTodos) at 2026-01-05T09:11:50.483Z {"atOffsets":[5,31]} — from TodoReducer/TodoSessionFixture.swift:158
          entry 224 (deleteTodos) at 2026-01-05T09:12:11.580Z {"atOffsets":[5,22]} — from TodoReducer/TodoSessionFixture.swift:158
          entry 232 (deleteTodos) at 2026-01-05T09:12:31.546Z {"atOffsets":[18]} — from TodoReducer/TodoSessionFixture.swift:158
          entry 237 (deleteTodos) at 2026-01-05T09:14:19.736Z {"atOffsets":[1]} — from TodoReducer/TodoSessionFixture.swift:158

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
    #expect(err == "replay: error (at input 2): Cannot index number with string (\"n\")\n")
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
    #expect(err == "replay: error (at input 2): Cannot index number with string (\"a\")\n")
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
