import CLITestSupport
import Foundation
import ReplayCLI
import TestSupport
import Testing

@testable import TimeTravel

@Suite struct CLITests {
  @Test func summaryOfTheFixture() {
    let (code, out, err) = replay(Repo.fixture)
    #expect(code == 0)
    #expect(err == "")
    #expect(
      out == """
        \(Repo.fixture): 240 entries (replay-log v1, app TodoApp, TodoState / TodoAction)
        time: 2026-01-05T09:00:03.334Z … 2026-01-05T09:14:27.285Z (14m 24s)
        actions:
          addTodo      75
          toggleTodo   53
          setLoading   41
          setFilter    26
          deleteTodos  21
          @@undo       13
          @@jump       7
          @@redo       4
        warnings: none

        """)
  }

  /// `init` names the initial state, and so does `0` in a log numbered from 1.
  @Test(arguments: ["init", "0"]) func showInitialStateAsJSON(name: String) {
    let (code, out, _) = replay(Repo.fixture, "--show", name, "--format", "json")
    #expect(code == 0)
    #expect(
      out == #"{"seq":null,"action":null,"state":{"filter":"all","isLoading":false,"todos":[]}}"#
        + "\n")
  }

  @Test func showEntry() {
    let (code, out, _) = replay(Repo.fixture, "--show", "1")
    #expect(code == 0)
    #expect(
      out == """
        entry 1 (addTodo) at 2026-01-05T09:00:03.334Z
        action: {"addTodo":{"id":"todo-001","title":"Buy milk"}}
        site: TodoReducer/TodoSessionFixture.swift:126 in add()
        state after it:
        {
          "filter": "all",
          "isLoading": false,
          "todos": [
            {
              "id": "todo-001",
              "isCompleted": false,
              "title": "Buy milk"
            }
          ]
        }

        """)
  }

  @Test func showOutOfRangeIsAUsageError() {
    let (code, out, err) = replay(Repo.fixture, "--show", "241")
    #expect(code == ExitCode.usage)
    #expect(out == "")
    #expect(
      err
        == "replay: \(Repo.fixture): state 241 is out of range (the log has states init and 1…240)\n"
    )
  }

  @Test(arguments: [
    (["--bogus"], "replay: unknown option '--bogus'"),
    ([String](), "replay: no log file given"),
    (["x.jsonl", "--show"], "replay: --show needs a value"),
    (
      ["x.jsonl", "--show", "1.5"],
      "replay: --show takes a state: init, or an entry's seq for the state after it, not '1.5'"
    ),
    (
      ["x.jsonl", "--show", "two"],
      "replay: --show takes a state: init, or an entry's seq for the state after it, not 'two'"
    ),
    (
      ["x.jsonl", "--bisect"],
      "replay: --bisect needs --predicate EXPR (a jq expression run on each state) or --run CMD (a shell command run on each state)"
    ),
    (
      ["x.jsonl", "--predicate", "."],
      "replay: --predicate goes with --bisect, --what-if, --minimize, --races or --html"
    ),
    (
      ["x.jsonl", "--show", "1", "--step"],
      "replay: choose one of --show, --step; they cannot be combined"
    ),
    (
      ["x.jsonl", "--format", "yaml"], "replay: --format takes text, json or json-patch, not 'yaml'"
    ),
    (
      ["a.jsonl", "b.jsonl", "--show", "1"],
      "replay: --show reads one log file at a time (got 'a.jsonl' and 'b.jsonl'); several logs go with the summary, --find and --watch"
    ),
  ])
  func usageErrors(arguments: [String], message: String) {
    let io = BufferIO()
    let code = ReplayCommand.run(arguments, io: io)
    #expect(code == ExitCode.usage)
    #expect(io.stdout == "")
    #expect(io.stderr.split(separator: "\n").first.map(String.init) == message)
  }

  @Test func missingLogExitsWithUnreadableCode() {
    let (code, out, err) = replay("/nonexistent/session.jsonl")
    #expect(code == ExitCode.unreadableLog)
    #expect(out == "")
    #expect(err == "replay: /nonexistent/session.jsonl: no such file\n")
  }

  @Test func malformedLineNamesTheLine() throws {
    let text = TempLog.counterLines(3).replacingOccurrences(
      of: #"{"count":2}}"#, with: #"{"count":2"#)
    let temp = try TempLog(text)
    let (code, _, err) = replay(temp.path)
    #expect(code == ExitCode.unreadableLog)
    #expect(
      err == "replay: \(temp.path):2:60: not valid JSON: unexpected end of input in an object\n")
  }

  @Test func truncatedLastLineWarnsAndWorks() throws {
    let temp = try TempLog(TempLog.counterLines(3) + #"{"action":"increment","prior":{"co"#)
    let (code, out, err) = replay(temp.path, "--show", "3", "--format", "json")
    #expect(code == 0)
    #expect(
      out == #"{"seq":3,"action":"increment","actionName":"increment","state":{"count":3}}"# + "\n")
    #expect(
      err
        == "replay: warning: \(temp.path):4: the last line is incomplete (unterminated string starting at column 32); ignored it and read the 3 complete entries before it\n"
    )
  }

  @Test func controlCharactersInActionNamesAreEscaped() throws {
    let temp = try TempLog(#"{"action":"evil\u001b[2J\u0007","prior":{},"next":{}}"# + "\n")
    let (code, out, _) = replay(temp.path)
    #expect(code == 0)
    #expect(!out.contains("\u{1B}"))
    #expect(out.contains(#"evil\u001b[2J\u0007  1"#))
  }

  @Test func helpDocumentsExitCodes() {
    let (code, out, _) = replay("--help")
    #expect(code == 0)
    for line in [
      "  0  success (bisect: the first bad entry was found)",
      "  1  the predicate never holds; --find/--watch/--blame/--effects found nothing",
      "  3  the log cannot be read: missing or unreadable file, a malformed line, a\n"
        + "     file truncated or rewritten while it is read; --follow: Ctrl-C before the\n"
        + "     log appeared",
      "  5  bisect: the predicate already holds on the initial state (init)",
    ] {
      #expect(out.contains(line + "\n"))
    }
  }
}
