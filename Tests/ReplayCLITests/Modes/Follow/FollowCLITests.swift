import CLITestSupport
import Foundation
import ReplayCLI
import TestSupport
import Testing

/// `replay --follow` as a user runs it: the `replay` executable follows a log that
/// another process (a small Python writer standing in for a running app) appends to,
/// truncates and replaces. Every move waits for the writer's "ok" and then for the line
/// `replay` prints in answer, so the order of events is what is checked, never timing.
@Suite(
  .enabled(
    if: TmuxSession.replay != nil && PeerResources.executable("python3") != nil,
    "needs the replay executable beside the tests and python3 for the writer"))
struct FollowCLITests {
  /// The writer: one JSON command per line on stdin, "ok" on stdout once done.
  static let writerScript = """
    import json, os, sys
    path = sys.argv[1]
    for raw in sys.stdin:
        move = json.loads(raw)
        op = move["op"]
        if op == "append":
            with open(path, "ab") as f:
                f.write(move["data"].encode())
        elif op == "truncate":
            open(path, "wb").close()
        elif op == "replace":
            with open(path + ".new", "wb") as f:
                f.write(move["data"].encode())
            os.rename(path + ".new", path)
        elif op == "remove":
            os.remove(path)
        elif op == "rename":
            os.rename(move["from"], move["to"])
        elif op == "write":
            # A whole file at once, as a recorder starting a session creates it.
            with open(move["file"] + ".new", "wb") as f:
                f.write(move["data"].encode())
            os.rename(move["file"] + ".new", move["file"])
        elif op == "link":
            # Points the link at another target in one step, as `ln -sfn` nearly does.
            os.symlink(move["target"], move["link"] + ".new")
            os.rename(move["link"] + ".new", move["link"])
        print("ok", flush=True)
    """

  /// A folder with the log and the writer, the writer running.
  final class Setup {
    let folder: LiveLogFolder
    let writer: ChildProcess

    let name: String

    /// With `log` `nil`, no log is written: it does not exist yet.
    init(log: String?, name: String = "log.jsonl") throws {
      folder = try LiveLogFolder(name: name)
      self.name = name
      if let log { try folder.write(log) }
      let script = folder.path + "/writer.py"
      try folder.write(Self.script, to: script)
      writer = try ChildProcess(
        try #require(PeerResources.executable("python3")), [script, name],
        directory: folder.path)
    }

    static let script = FollowCLITests.writerScript

    /// Runs `replay` on the log with `arguments`.
    func replay(_ arguments: [String]) throws -> ChildProcess {
      try ChildProcess(
        try #require(TmuxSession.replay), [name] + arguments, directory: folder.path)
    }

    /// One move of the writer, done when it says so.
    func move(_ op: String, _ data: String? = nil) async throws {
      var command: [String: String] = ["op": op]
      command["data"] = data
      try await move(command)
    }

    /// One move of the writer with its arguments (`["op": "rename", "from": …]`).
    func move(_ command: [String: String]) async throws {
      let json = try JSONSerialization.data(withJSONObject: command)
      writer.send(String(decoding: json, as: UTF8.self) + "\n")
      _ = try await writer.lines(through: "ok")
    }

    deinit { writer.closeInput() }
  }

  static let header =
    #"{"format":"replay-log","version":1,"app":"Counter","stateType":"AppState","actionType":"AppAction"}"#

  static func entry(_ seq: Int, _ action: String, _ from: Int, _ to: Int, time: String? = nil)
    -> String
  {
    let time = time.map { #""time":"\#($0)","# } ?? ""
    return
      #"{"seq":\#(seq),\#(time)"action":{"\#(action)":{}},"prior":{"count":\#(from)},"next":{"count":\#(to)}}"#
  }

  @Test func theSummaryFollowsATornLineATruncationAReplacementAndARemovalUntilCtrlC() async throws {
    let setup = try Setup(
      log: Self.header + "\n" + Self.entry(1, "increment", 0, 1, time: "2026-01-05T09:00:00.000Z")
        + "\n")
    let replay = try setup.replay(["--follow"])
    #expect(
      try await replay.lines(through: "following log.jsonl (Ctrl-C stops)") == [
        "log.jsonl: 1 entry (replay-log v1, app Counter, AppState / AppAction)",
        "time: 2026-01-05T09:00:00.000Z … 2026-01-05T09:00:00.000Z (0s)",
        "actions:",
        "  increment  1",
        "warnings: none",
        "following log.jsonl (Ctrl-C stops)",
      ])
    // Entry 2, and entry 3 torn in the same write: once entry 2 is printed, replay has
    // read the torn half too.
    let third = Self.entry(3, "increment", 0, 1)
    try await setup.move(
      "append",
      Self.entry(2, "decrement", 1, 0, time: "2026-01-05T09:00:01.000Z") + "\n"
        + third.prefix(25))
    #expect(
      try await replay.lines { $0.contains("entry") } == [
        "  entry 2 (decrement) at 2026-01-05T09:00:01.000Z"
      ])
    try await setup.move("append", third.dropFirst(25) + "\n")
    #expect(try await replay.lines { $0.contains("entry") } == ["  entry 3 (increment)"])
    try await setup.move("truncate")
    #expect(
      try await replay.lines { $0.contains("truncated") } == [
        "log.jsonl was truncated (now 0 bytes): a new session, read from its start"
      ])
    try await setup.move(
      "append",
      #"{"format":"replay-log","version":1,"app":"Counter"}"# + "\n"
        + Self.entry(1, "reset", 5, 0) + "\n")
    #expect(
      try await replay.lines { $0.contains("entry") } == [
        "log.jsonl: new session (replay-log v1, app Counter)", "  entry 1 (reset)",
      ])
    // A new file renamed over the log, with an escape sequence in an action's name.
    try await setup.move(
      "replace", #"{"seq":1,"action":{"\u001b[2Jfresh":{}},"prior":{},"next":{}}"# + "\n")
    #expect(
      try await replay.lines { $0.contains("entry") } == [
        "log.jsonl was replaced by a new file: a new session, read from its start",
        "  entry 1 (\\u001b[2Jfresh)",
      ])
    try await setup.move("remove")
    #expect(
      try await replay.lines { $0.contains("removed") } == [
        "log.jsonl was removed; waiting for a new file at that path"
      ])
    replay.interrupt()
    #expect(
      try await replay.remainingLines() == [
        "stopped by Ctrl-C after 4 new entries; the log was truncated once, replaced once and removed once",
        "actions:",
        "  decrement       1",
        "  increment       1",
        "  reset           1",
        "  \\u001b[2Jfresh  1",
      ])
    #expect(await replay.exitStatus() == 0)
    #expect(await replay.errorText() == "")
  }

  @Test func findStopsWhenUntilHoldsAndReportsOnlyMatches() async throws {
    let setup = try Setup(log: Self.entry(1, "increment", 0, 1) + "\n")
    let replay = try setup.replay([
      "--follow", "--find", #".action | has("increment")"#, "--until", ".seq >= 4",
    ])
    #expect(
      try await replay.lines(through: "following log.jsonl (Ctrl-C stops)") == [
        "1 entry matches:", "  entry 1 (increment)", "following log.jsonl (Ctrl-C stops)",
      ])
    try await setup.move(
      "append", Self.entry(2, "decrement", 1, 0) + "\n" + Self.entry(3, "increment", 0, 1) + "\n")
    #expect(try await replay.lines { $0.contains("entry") } == ["  entry 3 (increment)"])
    try await setup.move(
      "append", Self.entry(4, "decrement", 1, 0) + "\n" + Self.entry(5, "increment", 0, 1) + "\n")
    #expect(
      try await replay.remainingLines() == [
        "stopped at entry 4 (--until holds) after 3 new entries: 1 matched"
      ])
    #expect(await replay.exitStatus() == 0)
  }

  @Test func findThatNeverMatchesExitsOneOnCtrlC() async throws {
    let setup = try Setup(log: Self.entry(1, "increment", 0, 1) + "\n")
    let replay = try setup.replay(["--follow", "--find", #".action | has("reset")"#])
    _ = try await replay.lines(through: "following log.jsonl (Ctrl-C stops)")
    try await setup.move("append", Self.entry(2, "increment", 1, 2) + "\n" + "not json\n")
    // Nothing matches, so the warning about the bad line says that both were read.
    #expect(
      try await replay.errorLines { _ in true } == [
        "replay: warning: log.jsonl:3:1: not valid JSON: unexpected 'n'; expected a JSON value; skipped it"
      ])
    replay.interrupt()
    #expect(
      try await replay.remainingLines() == ["stopped by Ctrl-C after 1 new entry: 0 matched"])
    #expect(await replay.exitStatus() == 1)
    #expect(await replay.errorText() == "")
  }

  @Test func watchInJSONStreamsOneObjectPerLine() async throws {
    let setup = try Setup(log: Self.entry(1, "increment", 0, 1) + "\n")
    let replay = try setup.replay([
      "--follow", "--watch", "/count", "--format", "json", "--until", #".action | has("stop")"#,
    ])
    #expect(
      try await replay.lines { $0.hasPrefix(#"{"event""#) } == [
        #"[{"seq":1,"action":{"increment":{}},"actionName":"increment","old":0,"new":1}]"#,
        #"{"event":"following","path":"log.jsonl"}"#,
      ])
    try await setup.move(
      "append", Self.entry(2, "increment", 1, 2) + "\n" + Self.entry(3, "noop", 2, 2) + "\n")
    #expect(
      try await replay.lines { _ in true } == [
        #"{"seq":2,"action":{"increment":{}},"actionName":"increment","old":1,"new":2}"#
      ])
    try await setup.move("truncate")
    #expect(try await replay.lines { _ in true } == [#"{"event":"truncated","size":0}"#])
    try await setup.move("append", Self.entry(1, "stop", 2, 0) + "\n")
    #expect(
      try await replay.remainingLines() == [
        #"{"seq":1,"action":{"stop":{}},"actionName":"stop","old":2,"new":0}"#,
        #"{"event":"stopped","reason":"until","seq":1,"entries":3,"matched":2,"truncated":1}"#,
      ])
    #expect(await replay.exitStatus() == 0)
  }

  /// A watched container lists its changes for a new entry as for the entries before.
  @Test func watchOnAContainerListsWhatChangedInsideItWhileFollowing() async throws {
    func entry(_ seq: Int, _ action: String, _ prior: String, _ next: String) -> String {
      #"{"seq":\#(seq),"action":{"\#(action)":{}},"prior":{"todos":\#(prior)},"next":{"todos":\#(next)}}"#
        + "\n"
    }
    let (open, done) = (#"[{"id":"a","done":false}]"#, #"[{"id":"a","done":true}]"#)
    let setup = try Setup(log: entry(1, "add", "[]", open))
    let replay = try setup.replay([
      "--follow", "--watch", "/todos", "--until", #".action | has("stop")"#,
    ])
    #expect(
      try await replay.lines { $0.hasPrefix("following") } == [
        "1 entry changed /todos:", "  entry 1 (add): 1 change",
        #"    + /todos/0: {"id":"a","done":false}"#, "following log.jsonl (Ctrl-C stops)",
      ])
    try await setup.move("append", entry(2, "toggle", open, done))
    #expect(
      try await replay.lines { $0.hasPrefix("    ") } == [
        "  entry 2 (toggle): 1 change", "    ~ /todos/0/done: false → true",
      ])
    try await setup.move("append", entry(3, "stop", done, done))
    #expect(
      try await replay.remainingLines() == [
        "stopped at entry 3 (--until holds) after 2 new entries: 1 changed /todos"
      ])
    #expect(await replay.exitStatus() == 0)
  }

  @Test func theStepperTakesInNewEntriesBeforeEachCommandSoLastIsTheNewest() async throws {
    let setup = try Setup(
      log: Self.entry(1, "increment", 0, 1) + "\n" + Self.entry(2, "increment", 1, 2) + "\n")
    let replay = try setup.replay(["--step", "--follow"])
    #expect(try await replay.lines { _ in true } == ["[init/2] initial state"])
    replay.send("last\n")
    #expect(
      try await replay.lines { $0.hasPrefix("  ") } == ["[2/2] increment", "  ~ /count: 1 → 2"])
    try await setup.move("append", Self.entry(3, "decrement", 2, 1) + "\n")
    replay.send("last\n")
    #expect(
      try await replay.lines { $0.hasPrefix("  ") } == [
        "1 new entry (the log has entries 1…3)", "[3/3] decrement", "  ~ /count: 2 → 1",
      ])
    try await setup.move("truncate")
    try await setup.move("append", Self.header + "\n" + Self.entry(1, "reset", 9, 0) + "\n")
    replay.send("last\n")
    #expect(
      try await replay.lines { $0.hasPrefix("  ") } == [
        "log.jsonl was truncated: a new session (the log has entries 1); back at init",
        "[1/1] reset", "  ~ /count: 9 → 0",
      ])
    replay.send("quit\n")
    #expect(try await replay.remainingLines() == [])
    #expect(await replay.exitStatus() == 0)
  }
}

extension FollowCLITests {
  /// The README's `--follow` example: the sh block that runs it, and the block after it.
  static func readmeExample() throws -> (arguments: [String], shown: [String]) {
    let blocks = ReadmeTourTests.blocks
    let index = try #require(
      blocks.firstIndex { $0.contains { $0.hasPrefix("replay live.jsonl --follow") } })
    let command = try #require(blocks[index].first { $0.hasPrefix("replay live.jsonl") })
    return (Array(ReadmeTourTests.shellWords(command).dropFirst(2)), blocks[index + 1])
  }

  @Test func theReadmeExampleIsReal() async throws {
    let fixture = try String(contentsOfFile: Repo.fixture, encoding: .utf8)
      .split(separator: "\n").map { $0 + "\n" }
    let setup = try Setup(log: fixture[..<111].joined(), name: "live.jsonl")
    let (arguments, shown) = try Self.readmeExample()
    let replay = try setup.replay(arguments)
    var printed = try await replay.lines(through: "following live.jsonl (Ctrl-C stops)")
    // Entries 111…114 and half of 115; then the rest of 115 and more.
    let torn = fixture[114]
    try await setup.move("append", fixture[111..<114].joined() + torn.prefix(100))
    printed += try await replay.lines { $0.contains("entry 112") }
    try await setup.move("append", torn.dropFirst(100) + fixture[115..<125].joined())
    printed += try await replay.remainingLines()
    #expect(await replay.exitStatus() == 0)
    let errors = await replay.errorText().split(separator: "\n").map(String.init)
    #expect(errors + printed == shown)
  }
}
