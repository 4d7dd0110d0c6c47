import CLITestSupport
import Foundation
import ReplayCLI
import TestSupport
import Testing
import TimeTravel
import TodoReducer

/// `--verify` replays a log recorded before the app's state type gained or lost members,
/// with the registered initial state, and says what it filled in and what it ignored.
@Suite struct VerifyFitCLITests {
  /// Two entries of the to-do app recorded when `TodoState` had no `isLoading` and had a
  /// `legacy` member; entry 2's `next` is `wrongNext` when given.
  static func oldLog(wrongNext: Bool = false) throws -> TempLog {
    let done = wrongNext ? "false" : "true"
    return try TempLog(
      #"""
      {"seq":1,"action":{"addTodo":{"id":"todo-001","title":"Buy milk"}},"prior":{"filter":"all","todos":[],"legacy":1},"next":{"filter":"all","todos":[{"id":"todo-001","isCompleted":false,"title":"Buy milk"}],"legacy":1}}
      {"seq":2,"action":{"toggleTodo":{"id":"todo-001"}},"prior":{"filter":"all","todos":[{"id":"todo-001","isCompleted":false,"title":"Buy milk"}],"legacy":1},"next":{"filter":"all","todos":[{"id":"todo-001","isCompleted":\#(done),"title":"Buy milk"}],"legacy":1}}

      """#)
  }

  @Test func anOlderLogVerifiesWithNotes() throws {
    let temp = try Self.oldLog()
    let text = NumberingLogs.run(temp, ["--verify", "--reducer", "todo"])
    #expect(text.code == 0)
    #expect(text.err == "")
    #expect(
      text.out == """
        note: the log's states lack /isLoading; taken from the reducer's initial state
        note: the log's states have /legacy, which the reducer's state type no longer has; ignored
        verified 2 entries: every recomputed state matches the log

        """)
    let json = NumberingLogs.run(temp, ["--verify", "--reducer", "todo", "--format", "json"])
    #expect(json.code == 0)
    #expect(
      json.out
        == #"{"ok":true,"entries":2,"filledMembers":["/isLoading"],"ignoredMembers":["/legacy"]}"#
        + "\n")
  }

  @Test func aDivergenceInAnOlderLogKeepsTheNotes() throws {
    let temp = try Self.oldLog(wrongNext: true)
    let text = NumberingLogs.run(temp, ["--verify", "--reducer", "todo"])
    #expect(text.code == 6)
    #expect(
      text.out == """
        note: the log's states lack /isLoading; taken from the reducer's initial state
        note: the log's states have /legacy, which the reducer's state type no longer has; ignored
        entry 2 (toggleTodo) diverges: the recomputed state differs from the recorded one at 1 path
          /todos/0/isCompleted: recorded false, recomputed true
        action: {"toggleTodo":{"id":"todo-001"}}

        """)
    let json = NumberingLogs.run(temp, ["--verify", "--reducer", "todo", "--format", "json"])
    #expect(
      json.out
        == #"{"ok":false,"divergedAt":2,"action":{"toggleTodo":{"id":"todo-001"}},"actionName":"toggleTodo","changes":[{"op":"replace","path":"/todos/0/isCompleted","old":false,"new":true}],"filledMembers":["/isLoading"],"ignoredMembers":["/legacy"]}"#
        + "\n")
  }

  /// Without an initial state, the registration cannot fill the member: the log does not
  /// fit (exit code 8), and the message says what would.
  @Test func withoutAnInitialStateTheOlderLogDoesNotFit() throws {
    let temp = try Self.oldLog()
    var registry = ReducerRegistry()
    registry.register(name: "todo", reducer: TodoReducer())
    let io = BufferIO()
    let code = ReplayCommand.run(
      [temp.path, "--verify", "--reducer", "todo"], io: io, reducers: registry)
    #expect(code == 8)
    #expect(
      io.stderr.replacingOccurrences(of: temp.path, with: "LOG")
        == "replay: LOG:1: the state before entry 1 does not decode as TodoState: no member 'isLoading' at \"\" (No value associated with key CodingKeys(stringValue: \"isLoading\", intValue: nil) (\"isLoading\").); if TodoState gained this member after the log was recorded, replay with the reducer's initial state, which fills in members a log lacks\n"
    )
  }

  /// The fixture's states match the type: no notes.
  @Test func aCurrentLogHasNoNotes() {
    #expect(
      replay(Repo.fixture, "--verify", "--reducer", "todo").out
        == "verified 240 entries: every recomputed state matches the log\n")
  }
}
