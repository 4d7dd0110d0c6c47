import CLITestSupport
import Foundation
import ReplayCLI
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelDiff
@testable import TimeTravelJSON

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
        site: TodoReducer/TodoSessionFixture.swift:79 in perform(step:)
        [25/240] deleteTodos
          - /todos/6: {"id":"todo-007","isCompleted":false,"title":"Reply to Anna's email"}
          entry 24 (setLoading) at 2026-01-05T09:01:10.316Z {"_0":false} — from TodoReducer/TodoSessionFixture.swift:79
        > entry 25 (deleteTodos) at 2026-01-05T09:01:13.284Z {"atOffsets":[6]} — from TodoReducer/TodoSessionFixture.swift:158
          entry 26 (addTodo) at 2026-01-05T09:01:16.755Z {"id":"todo-016","title":"Schedule car service"} — from TodoReducer/TodoSessionFixture.swift:126
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

  /// `watch` and `rwatch` on a container list its changes at their JSON Pointers, as
  /// `--watch` text does; a scalar keeps `old → new`.
  @Test func watchOnAContainerListsTheChangesInsideIt() {
    let (code, out, _) = replay(
      Repo.fixture, "--step",
      stdin: "goto 21\nwatch /todos\nwatch .todos\nrwatch /todos\nwatch /filter\nq\n")
    #expect(code == 0)
    let after = String(out[out.range(of: "[21/240]")!.lowerBound...])
    #expect(
      after.hasPrefix(
        """
        [21/240] setFilter
          ~ /filter: "completed" → "active"
        [22/240] toggleTodo
          /todos: 1 change
            ~ /todos/12/isCompleted: false → true
        [25/240] deleteTodos
          /todos: 1 change
            - /todos/6: {"id":"todo-007","isCompleted":false,"title":"Reply to Anna's email"}
        [22/240] toggleTodo
          /todos: 1 change
            ~ /todos/12/isCompleted: false → true
        [30/240] setFilter
          /filter: "active" → "all"

        """))
  }

  @Test func badExpressionDoesNotEndTheSession() {
    let (code, out, _) = replay(Repo.fixture, "--step", stdin: "c .todos[\nn\nq\n")
    #expect(code == 0)
    #expect(
      out.contains(
        "predicate syntax error at column 8: unexpected end of input\n.todos[\n       ^\n"))
    #expect(out.contains("[1/240] addTodo\n"))
  }

  /// `state EXPR` prints jq's outputs as `jq .` prints them (numbers as jq 1.8 writes
  /// them), and imports modules from `-L`.
  @Test func stateExpressionsPrintAsJQAndImportFromTheLibraryPath() {
    let modules = Repo.root.appendingPathComponent("Fixtures/jq/modules").path
    let script = """
      state 1e17 + 0, 1e2, [1.50]
      n 3
      state import "todos" as t; t::count(.todos[])
      q

      """
    let (code, out, _) = replay(Repo.fixture, "--step", "-L", modules, stdin: script)
    #expect(code == 0)
    #expect(
      out == """
        [init/240] initial state
        1e+17
        1E+2
        [
          1.50
        ]
        [3/240] addTodo
          + /todos/2: {"id":"todo-003","isCompleted":false,"title":"Book dentist appointment"}
        3

        """)
  }
}
