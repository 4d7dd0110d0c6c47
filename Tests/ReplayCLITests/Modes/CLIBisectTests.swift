import CLITestSupport
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
        site:   TodoReducer/TodoSessionFixture.swift:72 in perform(step:)
        changes:
          + /todos/24: {"id":"todo-035","isCompleted":false,"title":"   "}
        evaluated 10 of 241 states
        confirmed: no earlier state is bad (scanned states 1…116)

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
    // The predicate's answer is checked by a scan of the earlier states instead of two
    // probes; the command's is not (each probe is a run), so it is probed.
    #expect(results.map { $0["evaluated"] } == [10, 118, 12])
    #expect(results.map { $0["confirmed"] } == [true, true, false])
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
        == "replay: the predicate failed on the initial state (init): Cannot index array with string (\"x\")\n"
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
