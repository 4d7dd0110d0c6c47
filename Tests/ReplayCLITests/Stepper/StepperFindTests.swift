import CLITestSupport
import TestSupport
import Testing

/// The stepper's `find`: `--find`'s search, with the current entry marked.
@Suite struct StepperFindTests {
  @Test func findMarksTheCurrentEntryAndBindsTheVariables() {
    let script = """
      goto 25
      find (.action | has("deleteTodos")) and .seq < 40
      find $seq == 3 and ($prior.todos | length) == 2 and ($action | has("addTodo"))
      find .seq == 999
      find .seq | error
      find .seq ==
      q

      """
    let (code, out, err) = replay(Repo.fixture, "--step", stdin: script)
    #expect(code == 0)
    #expect(err == "")
    #expect(
      out == """
        [init/240] initial state
        [25/240] deleteTodos
          - /todos/6: {"id":"todo-007","isCompleted":false,"title":"Reply to Anna's email"}
        2 entries match:
          > entry 25 (deleteTodos) at 2026-01-05T09:01:13.284Z {"atOffsets":[6]} — from TodoReducer/TodoSessionFixture.swift:158
            entry 35 (deleteTodos) at 2026-01-05T09:01:36.042Z {"atOffsets":[2]} — from TodoReducer/TodoSessionFixture.swift:158
        1 entry matches:
            entry 3 (addTodo) at 2026-01-05T09:00:10.367Z {"id":"todo-003","title":"Book dentist appointment"} — from TodoReducer/TodoSessionFixture.swift:126
        no entry matches
        the find expression failed on entry 1 (addTodo): 1 (not a string)
        find expression syntax error at column 8: unexpected end of input
        .seq ==
               ^

        """)
  }
}
