import CLITestSupport
import Foundation
import ReplayCLI
import TestSupport
import Testing

/// `replay - --follow` and `replay FIFO --follow`: a stream read as its writer writes it,
/// to its end, with no seeking and no rotation. Each step waits for `replay`'s answer,
/// never a fixed time.
@Suite(
  .enabled(
    if: TmuxSession.replay != nil && PeerResources.executable("python3") != nil,
    "needs the replay executable beside the tests and python3 for the FIFO's writer"))
struct FollowStreamTests {
  static let header = FollowCLITests.header

  static func entry(_ seq: Int, _ action: String, _ from: Int, _ to: Int) -> String {
    FollowCLITests.entry(seq, action, from, to)
  }

  @Test func standardInputIsReadAsAStreamToItsEnd() async throws {
    let folder = try LiveLogFolder()
    let replay = try ChildProcess(
      try #require(TmuxSession.replay),
      ["-", "--follow", "--find", #".action | has("increment")"#],
      directory: folder.path)
    #expect(
      try await replay.lines { _ in true } == [
        "following stdin as a stream, to its end (Ctrl-C stops)"
      ])
    replay.send(Self.header + "\n" + Self.entry(1, "increment", 0, 1) + "\n")
    #expect(
      try await replay.lines { $0.contains("entry") } == [
        "stdin: new session (replay-log v1, app Counter, AppState / AppAction)",
        "  entry 1 (increment)",
      ])
    // NUL bytes before a line, a line that is no record, and a last entry without its
    // newline when the stream ends.
    replay.send(
      "\u{0}\u{0}" + Self.entry(2, "decrement", 1, 0) + "\n" + "oops\n"
        + Self.entry(3, "increment", 0, 1))
    replay.closeInput()
    #expect(
      try await replay.remainingLines() == [
        "  entry 3 (increment)", "stdin ended after 3 new entries: 2 matched",
      ])
    #expect(
      try await replay.remainingErrorLines() == [
        "replay: warning: stdin:3: 2 NUL bytes before this line (left by a copytruncate rotation: the writer went on at its old offset in the emptied file); skipped them and kept the line",
        "replay: warning: stdin:4:1: not valid JSON: unexpected 'o'; expected a JSON value; skipped it",
      ])
    #expect(await replay.exitStatus() == 0)
  }

  @Test func aTornLastLineAtTheStreamsEndIsReportedAndNothingMatchedExitsOne() async throws {
    let folder = try LiveLogFolder()
    let replay = try ChildProcess(
      try #require(TmuxSession.replay), ["-", "--follow", "--watch", "/missing"],
      directory: folder.path)
    _ = try await replay.lines { _ in true }
    replay.send(
      Self.entry(1, "increment", 0, 1) + "\n" + Self.entry(2, "increment", 1, 2).prefix(30))
    replay.closeInput()
    #expect(
      try await replay.remainingLines() == [
        "stdin ended after 1 new entry: 0 changed /missing"
      ])
    #expect(
      try await replay.remainingErrorLines() == [
        "replay: warning: stdin:2: the last line was never completed (the stream ended first); ignored it"
      ])
    #expect(await replay.exitStatus() == 1)
  }

  /// The writer opens the FIFO once, writes each line it is sent, and closes it on
  /// "close": one session of an app streaming its log into a named pipe.
  static let fifoWriter = """
    import sys
    with open(sys.argv[1], "wb", buffering=0) as fifo:
        for raw in sys.stdin:
            if raw == "close\\n":
                break
            fifo.write(raw.encode())
            print("ok", flush=True)
    print("closed", flush=True)
    """

  @Test func aFIFOIsReadAsAStreamInJSON() async throws {
    let folder = try LiveLogFolder()
    let fifo = folder.path + "/app.pipe"
    #expect(mkfifo(fifo, 0o600) == 0)
    let replay = try ChildProcess(
      try #require(TmuxSession.replay),
      ["app.pipe", "--follow", "--watch", "/count", "--format", "json"], directory: folder.path)
    // replay does not wait for a writer before it starts.
    #expect(
      try await replay.lines { _ in true } == [
        #"{"event":"following","path":"app.pipe","stream":true}"#
      ])
    let script = folder.path + "/writer.py"
    try folder.write(Self.fifoWriter, to: script)
    let writer = try ChildProcess(
      try #require(PeerResources.executable("python3")), [script, fifo], directory: folder.path)
    writer.send(Self.entry(1, "increment", 0, 1) + "\n")
    _ = try await writer.lines(through: "ok")
    #expect(
      try await replay.lines { _ in true } == [
        #"{"seq":1,"action":{"increment":{}},"actionName":"increment","old":0,"new":1}"#
      ])
    writer.send(Self.entry(2, "noop", 1, 1) + "\n" + Self.entry(3, "increment", 1, 2) + "\n")
    _ = try await writer.lines(through: "ok")
    _ = try await writer.lines(through: "ok")
    writer.send("close\n")
    _ = try await writer.lines(through: "closed")
    #expect(
      try await replay.remainingLines() == [
        #"{"seq":3,"action":{"increment":{}},"actionName":"increment","old":1,"new":2}"#,
        #"{"event":"stopped","reason":"ended","entries":3,"matched":2}"#,
      ])
    #expect(await replay.exitStatus() == 0)
    #expect(await replay.errorText() == "")
  }

  @Test func theStepperCannotFollowAStream() async throws {
    let folder = try LiveLogFolder()
    let fifo = folder.path + "/app.pipe"
    #expect(mkfifo(fifo, 0o600) == 0)
    let replay = try ChildProcess(
      try #require(TmuxSession.replay), ["app.pipe", "--step", "--follow"], directory: folder.path)
    #expect(
      try await replay.remainingErrorLines() == [
        "replay: --step --follow reads the log again as it grows, so it needs a regular file; app.pipe is a stream (--follow without it reads a stream to its end)"
      ])
    #expect(await replay.exitStatus() == 2)
  }

  /// The README's stream example: `head -n N Fixtures/… | replay - --follow …`, and the
  /// block after it.
  @Test func theReadmeStreamExampleIsReal() async throws {
    let blocks = ReadmeTourTests.blocks
    let index = try #require(
      blocks.firstIndex { $0.contains { $0.contains("| replay - --follow") } })
    let command = try #require(blocks[index].first { $0.contains("| replay - --follow") })
    let words = ReadmeTourTests.shellWords(command)
    #expect(Array(words.prefix(4)) == ["head", "-n", words[2], "Fixtures/todo-session.jsonl"])
    let count = try #require(Int(words[2]))
    let bar = try #require(words.firstIndex(of: "|"))
    let fixture = try String(contentsOfFile: Repo.fixture, encoding: .utf8)
      .split(separator: "\n").prefix(count).map { $0 + "\n" }.joined()
    let folder = try LiveLogFolder()
    let replay = try ChildProcess(
      try #require(TmuxSession.replay), Array(words[(bar + 2)...]), directory: folder.path)
    replay.send(fixture)
    replay.closeInput()
    #expect(try await replay.remainingLines() == blocks[index + 1])
    #expect(await replay.exitStatus() == 0)
    #expect(await replay.errorText() == "")
  }
}
