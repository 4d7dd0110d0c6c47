import CLITestSupport
import Foundation
import ReplayCLI
import TestSupport
import Testing
import TimeTravel
import TodoReducer

struct VerifyCLITests {
  @Test func theSessionFixtureVerifies() {
    let (code, out, err) = replay(Repo.fixture, "--verify", "--reducer", "todo")
    #expect(code == 0)
    #expect(err == "")
    #expect(out == "verified 240 entries: every recomputed state matches the log\n")
    #expect(
      replay(Repo.fixture, "--verify", "--reducer=todo", "--format", "json").out
        == #"{"ok":true,"entries":240}"# + "\n")
  }

  @Test func theNondeterministicFixtureDivergesAtEntry4() {
    let (code, out, _) = replay(Repo.nondeterministic, "--verify", "--reducer", "todo")
    #expect(code == ExitCode.diverged)
    #expect(code == 6)
    #expect(
      out == """
        entry 4 (addTodo) diverges: the recomputed state differs from the recorded one at 2 paths
          /todos/0: only recorded: {"id":"29c2d060261891fb","isCompleted":false,"title":"Buy milk"}
          /todos/0: only recomputed: {"id":"todo-001","isCompleted":false,"title":"Buy milk"}
        action: {"addTodo":{"id":"todo-001","title":"Buy milk"}}

        """)
    let json = replay(Repo.nondeterministic, "--verify", "--reducer", "todo", "--format", "json")
    #expect(json.code == 6)
    #expect(
      json.out
        == #"{"ok":false,"divergedAt":4,"action":{"addTodo":{"id":"todo-001","title":"Buy milk"}},"actionName":"addTodo","changes":[{"op":"remove","path":"/todos/0","old":{"id":"29c2d060261891fb","isCompleted":false,"title":"Buy milk"}},{"op":"add","path":"/todos/0","new":{"id":"todo-001","isCompleted":false,"title":"Buy milk"}}]}"#
        + "\n")
  }

  @Test func usageErrorsNameTheRegisteredReducers() {
    let unknown = replay(Repo.fixture, "--verify", "--reducer", "cart")
    #expect(unknown.code == 2)
    #expect(
      unknown.err
        == "replay: unknown reducer 'cart' (registered: elm-counter, login, redux-counter, search, todo)\n"
    )
    #expect(replay(Repo.fixture, "--verify").code == 2)
    // On a log that records its states, --reducer without --verify has nothing to do.
    let unused = replay(Repo.fixture, "--reducer", "todo", "--show", "1")
    #expect(unused.code == 0)
    #expect(
      unused.err
        == "replay: warning: \(Repo.fixture) records its states, so --reducer todo is not used (--verify checks recorded states against a reducer)\n"
    )
    #expect(replay(Repo.fixture, "--verify", "--reducer", "todo", "--step").code == 2)
  }

  @Test func anAppRegistersItsOwnReducers() {
    var registry = ReducerRegistry()
    registry.register(name: "mine", reducer: NondeterministicTodoReducer())
    let io = BufferIO()
    let code = ReplayCommand.run(
      [Repo.fixture, "--verify", "--reducer", "mine", "--format", "json"], io: io,
      reducers: registry)
    #expect(code == 6)
    #expect(io.stdout.hasPrefix(#"{"ok":false,"divergedAt":1,"#))
    let other = BufferIO()
    #expect(
      ReplayCommand.run(
        [Repo.fixture, "--verify", "--reducer", "todo"], io: other, reducers: registry)
        == 2)
    #expect(other.stderr == "replay: unknown reducer 'todo' (registered: mine)\n")
  }

  /// The library registers nothing: only what the caller passes is there.
  @Test func withoutARegistryNoReducerIsRegistered() {
    let io = BufferIO()
    #expect(ReplayCommand.run([Repo.fixture, "--verify", "--reducer", "todo"], io: io) == 2)
    #expect(
      io.stderr
        == "replay: unknown reducer 'todo' (none are registered in this replay; replay --help lists the registered reducers, and the article \"Your own replay, with your reducers\" shows how to register yours)\n"
    )
  }

  @Test func aCrashedSessionIsFlaggedShownAndReproduced() {
    let warning =
      "replay: warning: \(Repo.crash):14: the session ended during entry 7 (deleteTodos): the app stopped while applying it\n"
    let summary = replay(Repo.crash)
    #expect(summary.code == 0)
    #expect(summary.err == warning)
    #expect(
      summary.out.hasSuffix(
        """
        warnings: 1
          line 14: the session ended during entry 7 (deleteTodos): the app stopped while applying it

        """))
    let state =
      #"{"filter":"active","isLoading":false,"todos":[{"id":"todo-001","isCompleted":false,"title":"Buy milk"},{"id":"todo-002","isCompleted":true,"title":"Call mum"},{"id":"todo-003","isCompleted":false,"title":"Water plants"}]}"#
    let reproduce = replay(Repo.crash, "--reproduce", "--format", "json")
    #expect(reproduce.code == 0)
    #expect(
      reproduce.out
        == #"{"seq":7,"action":{"deleteTodos":{"atOffsets":[2]}},"state":"# + state + "}\n")
    let show = replay(Repo.crash, "--show", "7", "--format", "json")
    #expect(
      show.out
        == #"{"seq":7,"pending":true,"action":{"deleteTodos":{"atOffsets":[2]}},"actionName":"deleteTodos","time":"2026-01-05T09:00:08.750Z","prior":"#
        + state + "}\n")
    let text = replay(Repo.crash, "--show", "7")
    #expect(
      text.out.hasPrefix(
        """
        entry 7 (deleteTodos) at 2026-01-05T09:00:08.750Z: the app stopped while applying it (no next state)
        action: {"deleteTodos":{"atOffsets":[2]}}
        state before it:
        {
        """))
    #expect(
      replay(Repo.crash, "--verify", "--reducer", "todo").out
        == "verified 6 entries: every recomputed state matches the log\n")
  }

  @Test func reproduceWithoutACrashIsNotFound() {
    let (code, _, err) = replay(Repo.fixture, "--reproduce")
    #expect(code == 1)
    #expect(
      err
        == "replay: \(Repo.fixture) has no pending record at its end: the session did not stop inside a reducer\n"
    )
  }

  @Test func anUndecodableActionIsExit8NamingTheLine() throws {
    let log = try TempLog(
      #"{"seq":1,"action":{"renamedCase":{}},"prior":{"filter":"all","isLoading":false,"todos":[]},"next":{"filter":"all","isLoading":false,"todos":[]}}"#
        + "\n")
    let (code, _, err) = replay(log.path, "--verify", "--reducer", "todo")
    #expect(code == 8)
    #expect(
      err.hasPrefix(
        "replay: \(log.path):1: entry 1's action {\"renamedCase\":{}} does not decode as TodoAction"
      ))
  }
}
