import CLITestSupport
import Foundation
import ReplayCLI
import TestSupport
import Testing

/// `replay --follow` checked against `tail -F`: a log that does not exist yet, a log
/// rotated through a symbolic link, a last entry without its newline, and a log that
/// `--step --follow` reads again. As in `FollowCLITests`, every move waits for the
/// writer's "ok" and then for `replay`'s answer; nothing waits a fixed time.
@Suite(
  .enabled(
    if: TmuxSession.replay != nil && PeerResources.executable("python3") != nil,
    "needs the replay executable beside the tests and python3 for the writer"))
struct FollowTailTests {
  typealias Setup = FollowCLITests.Setup
  static let header = FollowCLITests.header

  static func entry(_ seq: Int, _ action: String, _ from: Int, _ to: Int) -> String {
    FollowCLITests.entry(seq, action, from, to)
  }

  @Test func aLogThatDoesNotExistYetIsWaitedForThenFollowed() async throws {
    let setup = try Setup(log: nil)
    let replay = try setup.replay(["--follow", "--until", ".seq >= 2"])
    #expect(
      try await replay.errorLines { _ in true } == [
        "replay: log.jsonl does not exist yet; waiting for it to appear (Ctrl-C stops)"
      ])
    try await setup.move(["op": "write", "file": "log.jsonl", "data": Self.header + "\n"])
    #expect(
      try await replay.errorLines { _ in true } == ["replay: log.jsonl has appeared; following it"])
    #expect(
      try await replay.lines(through: "following log.jsonl (Ctrl-C stops)") == [
        "log.jsonl: 0 entries (replay-log v1, app Counter, AppState / AppAction)",
        "warnings: none",
        "following log.jsonl (Ctrl-C stops)",
      ])
    try await setup.move(
      "append", Self.entry(1, "increment", 0, 1) + "\n" + Self.entry(2, "increment", 1, 2) + "\n")
    #expect(
      try await replay.remainingLines() == [
        "  entry 1 (increment)", "  entry 2 (increment)",
        "stopped at entry 2 (--until holds) after 2 new entries", "actions:", "  increment  2",
      ])
    #expect(await replay.exitStatus() == 0)
    #expect(await replay.errorText() == "")
  }

  @Test func ctrlCBeforeTheLogAppearsExitsThree() async throws {
    let setup = try Setup(log: nil)
    let replay = try setup.replay(["--follow", "--find", ".seq > 0"])
    _ = try await replay.errorLines { $0.contains("waiting") }
    replay.interrupt()
    #expect(
      try await replay.remainingErrorLines() == [
        "replay: log.jsonl never appeared; stopped by Ctrl-C"
      ])
    #expect(try await replay.remainingLines() == [])
    #expect(await replay.exitStatus() == 3)
  }

  /// `log.jsonl` is a link to `logs/app.jsonl`, in another folder: the target is rotated
  /// (renamed away, then a new file made at its name), then the link is pointed at
  /// another file. `tail -F` follows all three by name.
  @Test func aLogRotatedThroughASymbolicLinkIsFollowedByName() async throws {
    let setup = try Setup(log: nil)
    let logs = setup.folder.path + "/logs"
    try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
    try setup.folder.write(
      Self.header + "\n" + Self.entry(1, "increment", 0, 1) + "\n", to: logs + "/app.jsonl")
    try FileManager.default.createSymbolicLink(
      atPath: setup.folder.path + "/log.jsonl", withDestinationPath: "logs/app.jsonl")
    let replay = try setup.replay(["--follow"])
    _ = try await replay.lines(through: "following log.jsonl (Ctrl-C stops)")
    try await setup.move("append", Self.entry(2, "increment", 1, 2) + "\n")
    #expect(try await replay.lines { $0.contains("entry") } == ["  entry 2 (increment)"])
    try await setup.move(["op": "rename", "from": "logs/app.jsonl", "to": "logs/app.jsonl.1"])
    #expect(
      try await replay.lines { $0.contains("removed") } == [
        "log.jsonl was removed; waiting for a new file at that path"
      ])
    try await setup.move([
      "op": "write", "file": "logs/app.jsonl",
      "data": Self.header + "\n" + Self.entry(1, "reset", 2, 0) + "\n",
    ])
    #expect(
      try await replay.lines { $0.contains("entry") } == [
        "log.jsonl was replaced by a new file: a new session, read from its start",
        "log.jsonl: new session (replay-log v1, app Counter, AppState / AppAction)",
        "  entry 1 (reset)",
      ])
    try await setup.move([
      "op": "write", "file": "logs/other.jsonl", "data": Self.entry(7, "decrement", 0, -1) + "\n",
    ])
    try await setup.move(["op": "link", "target": "logs/other.jsonl", "link": "log.jsonl"])
    #expect(
      try await replay.lines { $0.contains("entry") } == [
        "log.jsonl was replaced by a new file: a new session, read from its start",
        "  entry 7 (decrement)",
      ])
    // Appending through the new link reaches the new target.
    try await setup.move("append", Self.entry(8, "decrement", -1, -2) + "\n")
    #expect(try await replay.lines { $0.contains("entry") } == ["  entry 8 (decrement)"])
    replay.interrupt()
    #expect(
      try await replay.remainingLines() == [
        "stopped by Ctrl-C after 4 new entries; the log was replaced twice and removed once",
        "actions:", "  decrement  2", "  increment  1", "  reset      1",
      ])
    #expect(await replay.exitStatus() == 0)
    #expect(await replay.errorText() == "")
  }

  /// The app writes its last entry and stops writing before the newline: once it has
  /// been quiet briefly, the entry is reported and `--until` holds on it.
  @Test func untilHoldsOnALastEntryWithoutItsNewline() async throws {
    let setup = try Setup(log: Self.entry(1, "increment", 0, 1) + "\n")
    let replay = try setup.replay(["--follow", "--until", #".action | has("stop")"#])
    _ = try await replay.lines(through: "following log.jsonl (Ctrl-C stops)")
    try await setup.move("append", Self.entry(2, "stop", 1, 1))
    #expect(
      try await replay.remainingLines() == [
        "  entry 2 (stop)", "stopped at entry 2 (--until holds) after 1 new entry", "actions:",
        "  stop  1",
      ])
    #expect(await replay.exitStatus() == 0)
    #expect(await replay.errorText() == "")
  }

  /// `--step --follow` reads NUL bytes and a last entry without its newline as
  /// `--follow` does: the NUL bytes skipped with one warning, the entry after them kept;
  /// the last entry taken in once the app has been quiet briefly.
  @Test func theStepperSkipsNULBytesAndTakesInALastEntryWithoutItsNewline() async throws {
    let setup = try Setup(
      log: Self.entry(1, "increment", 0, 1) + "\n" + Self.entry(2, "increment", 1, 2) + "\n")
    let replay = try setup.replay(["--step", "--follow"])
    #expect(try await replay.lines { _ in true } == ["[init/2] initial state"])
    try await setup.move("append", "\u{0}\u{0}\u{0}" + Self.entry(3, "decrement", 2, 1) + "\n")
    replay.send("last\n")
    #expect(
      try await replay.lines { $0.hasPrefix("  ") } == [
        "1 new entry (the log has entries 1…3)", "[3/3] decrement", "  ~ /count: 2 → 1",
      ])
    #expect(
      try await replay.errorLines { _ in true } == [
        "replay: warning: log.jsonl:3: 3 NUL bytes before this line (left by a copytruncate rotation: the writer went on at its old offset in the emptied file); skipped them and kept the line"
      ])
    try await setup.move("append", Self.entry(4, "decrement", 1, 0))
    // Asked until the quiet period has passed: the entry is there from then on.
    var shown: [String] = []
    for _ in 0..<9000 {
      replay.send("last\n")
      shown = try await replay.lines { $0.hasPrefix("  ") }
      if shown.contains("[4/4] decrement") { break }
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(
      shown == ["1 new entry (the log has entries 1…4)", "[4/4] decrement", "  ~ /count: 1 → 0"])
    // The newline that comes later is no new line.
    try await setup.move("append", "\n" + Self.entry(5, "reset", 0, 0) + "\n")
    replay.send("last\n")
    #expect(
      try await replay.lines { $0.hasPrefix("  ") } == [
        "1 new entry (the log has entries 1…5)", "[5/5] reset", "  (no state changes)",
      ])
    replay.send("quit\n")
    #expect(try await replay.remainingLines() == [])
    #expect(await replay.exitStatus() == 0)
    #expect(await replay.errorText() == "")
  }

  /// A log whose header promises a closing record has none while the app records: the
  /// summary before following says nothing of it, on stdout or stderr.
  @Test func theSummaryBeforeFollowingSaysNothingOfAMissingClosingRecord() async throws {
    let header = #"{"format":"replay-log","version":1,"app":"Counter","closingRecord":true}"#
    let setup = try Setup(log: header + "\n" + Self.entry(1, "increment", 0, 1) + "\n")
    let replay = try setup.replay(["--follow"])
    #expect(
      try await replay.lines(through: "following log.jsonl (Ctrl-C stops)") == [
        "log.jsonl: 1 entry (replay-log v1, app Counter)", "actions:", "  increment  1",
        "warnings: none", "following log.jsonl (Ctrl-C stops)",
      ])
    replay.interrupt()
    #expect(try await replay.remainingLines() == ["stopped by Ctrl-C after 0 new entries"])
    #expect(await replay.exitStatus() == 0)
    #expect(await replay.errorText() == "")
  }
}
