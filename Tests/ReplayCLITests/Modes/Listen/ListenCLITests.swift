import CLITestSupport
import Foundation
import TestSupport
import Testing

/// The sample app the build put beside `replay`.
enum LiveSample {
  static let path: String? = TmuxSession.replay.flatMap { replay in
    let path = URL(fileURLWithPath: replay).deletingLastPathComponent()
      .appendingPathComponent("live-sample").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }
}

/// `replay --listen` as a user runs it: the `replay` executable listens on a port the
/// system picks, and the sample app (`live-sample`, a to-do app that streams its session
/// and allows remote control) connects to it from its own process. Every move waits for
/// the line it causes, never a fixed time. Session files, ports, pids and the host name
/// differ from run to run: ``ListenCLITests/normalized(_:)`` writes them as `ID`, `PORT`,
/// `P` and `HOST`.
@Suite(
  .serialized,
  .enabled(
    if: TmuxSession.replay != nil && LiveSample.path != nil,
    "needs the replay and live-sample executables beside the tests"))
struct ListenCLITests {
  /// A folder to run in (sessions are saved in its replay-sessions/), and the listener.
  final class Setup {
    let folder: LiveLogFolder
    let replay: ChildProcess
    /// `127.0.0.1:PORT`, read from the listener's first line.
    let address: String
    /// What the listener printed before it took connections.
    let greeting: [String]

    init(_ arguments: [String], waitingFor greetingEnd: String? = nil) async throws {
      folder = try LiveLogFolder()
      replay = try ChildProcess(
        try #require(TmuxSession.replay), ["--listen"] + arguments, directory: folder.path)
      var greeting = try await replay.lines {
        $0.hasPrefix("listening on ") || $0.hasPrefix(#"{"event":"listening""#)
      }
      if let greetingEnd { greeting += try await replay.lines(through: greetingEnd) }
      self.greeting = greeting
      let first = try #require(greeting.first)
      let after = first.hasPrefix("{") ? #""address":""# : "listening on "
      let start = try #require(first.range(of: after)).upperBound
      address = String(first[start...].prefix { $0 != "," && $0 != "\"" })
    }

    /// Starts the sample app streaming to the listener, with a reproducible clock.
    func app(_ arguments: [String] = [], to address: String? = nil) throws -> ChildProcess {
      try ChildProcess(
        try #require(LiveSample.path),
        [address ?? self.address, "--interval", "20", "--reproducible"] + arguments,
        directory: folder.path)
    }

    /// The session files saved so far.
    var sessionFiles: [String] {
      let folder = self.folder.path + "/replay-sessions"
      return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        .map { "replay-sessions/" + $0 }
    }

    /// Waits until the saved file holds entry `seq`.
    func waitForEntry(_ seq: Int, in file: String) async throws {
      let path = folder.path + "/" + file
      for _ in 0..<6000 {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        if text.contains(#"{"seq":\#(seq),"#) { return }
        try await Task.sleep(for: .milliseconds(10))
      }
      throw PipedOutput.Timeout(read: ["no entry \(seq) in \(file)"])
    }

    deinit {
      replay.closeInput()
      if replay.isRunning { replay.interrupt() }
    }
  }

  /// `lines` with what differs between runs written as placeholders.
  static func normalized(_ lines: [String]) -> [String] {
    lines.map { line in
      line.replacing(/\(pid \d+ on [^)]*\)/, with: "(pid P on HOST)")
        .replacing(/127\.0\.0\.1:\d+/, with: "127.0.0.1:PORT")
        .replacing(/Z-[0-9a-f]{8}\.jsonl/, with: "Z-ID.jsonl")
    }
  }

  static let saved = "replay-sessions/TodoApp-2026-01-05T09-00-00.000Z-ID.jsonl"

  @Test func eachEntryShowsAsItComesAndCtrlCEndsWithASummaryPerSession() async throws {
    let setup = try await Setup(["0"])
    #expect(
      Self.normalized(setup.greeting) == [
        "listening on 127.0.0.1:PORT, saving sessions in replay-sessions (Ctrl-C stops)"
      ])
    let app = try setup.app()
    var shown = try await setup.replay.lines { $0.contains("entry 6") }
    _ = try await app.lines(through: "#6 shows state 6: 3 todos (2 done), filter active")
    // Ctrl-C in the app: it closes its log, which the listener saves.
    app.interrupt()
    #expect(await app.exitStatus() != 0)
    shown += try await setup.replay.lines { $0.contains("disconnected") }
    setup.replay.interrupt()
    shown += try await setup.replay.remainingLines()
    #expect(
      Self.normalized(shown) == [
        "TodoApp (pid P on HOST) connected from 127.0.0.1:PORT; saving to \(Self.saved)",
        "  entry 1 (addTodo) at 2026-01-05T09:00:02.000Z {\"id\":\"todo-1\",\"title\":\"Buy milk\"} — from live_sample/main.swift:76",
        "  entry 2 (addTodo) at 2026-01-05T09:00:03.000Z {\"id\":\"todo-2\",\"title\":\"Call Ada\"} — from live_sample/main.swift:76",
        "  entry 3 (toggleTodo) at 2026-01-05T09:00:04.000Z {\"id\":\"todo-1\"} — from live_sample/main.swift:76",
        "  entry 4 (addTodo) at 2026-01-05T09:00:05.000Z {\"id\":\"todo-3\",\"title\":\"Book flights\"} — from live_sample/main.swift:76",
        "  entry 5 (setFilter) at 2026-01-05T09:00:06.000Z {\"_0\":\"active\"} — from live_sample/main.swift:76",
        "  entry 6 (toggleTodo) at 2026-01-05T09:00:07.000Z {\"id\":\"todo-3\"} — from live_sample/main.swift:76",
        "\(Self.saved): the app closed the log (last seq 6)",
        "TodoApp (pid P on HOST) disconnected; it had closed its log",
        "stopped by Ctrl-C; 1 session",
        "TodoApp (pid P on HOST): 6 new entries; saved 6 entries in \(Self.saved), last seq 6; the app closed its log",
        "  actions: addTodo 3, toggleTodo 2, setFilter 1",
      ])
    #expect(await setup.replay.exitStatus() == 0)
    #expect(await setup.replay.errorText() == "")

    // The saved session is a log like any other: it opens, and bisects.
    let file = try #require(setup.sessionFiles.first)
    let log = setup.folder.path + "/" + file
    let bisect = replay(log, "--bisect", "--predicate", #".filter == "active""#)
    #expect(bisect.code == 0)
    #expect(bisect.out.hasPrefix("entry 5 (setFilter) is the first bad entry\n"), "\(bisect.out)")
    #expect(replay(log, "--verify", "--reducer", "todo").code == 0)
  }

  @Test func anAppStillConnectedAtCtrlCIsSaidToBeSo() async throws {
    let setup = try await Setup(["0", "--find", #".action | has("setFilter")"#])
    let app = try setup.app()
    _ = try await app.lines(through: "#6 shows state 6: 3 todos (2 done), filter active")
    var shown = try await setup.replay.lines { $0.contains("entry 5") }
    try await setup.waitForEntry(6, in: try #require(setup.sessionFiles.first))
    setup.replay.interrupt()
    shown += try await setup.replay.remainingLines()
    #expect(
      Self.normalized(shown) == [
        "TodoApp (pid P on HOST) connected from 127.0.0.1:PORT; saving to \(Self.saved)",
        "  entry 5 (setFilter) at 2026-01-05T09:00:06.000Z {\"_0\":\"active\"} — from live_sample/main.swift:76",
        "stopped by Ctrl-C; 1 session",
        "TodoApp (pid P on HOST): 6 new entries, 1 matched; saved 6 entries in \(Self.saved), last seq 6; connected until replay stopped",
      ])
    #expect(await setup.replay.exitStatus() == 0)
    // The app goes on without the listener.
    #expect(app.isRunning)
    app.interrupt()
    #expect(await app.exitStatus() != 0)
  }

  @Test func untilStopsAtTheEntryItHoldsOnInJSON() async throws {
    let setup = try await Setup(["0", "--until", ".seq == 3", "--format", "json"])
    let app = try setup.app()
    let shown = try await setup.replay.lines { $0.hasPrefix(#"{"event":"stopped""#) }
    #expect(await setup.replay.exitStatus() == 0)
    let events = shown.compactMap { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }
    #expect(events.count == shown.count)
    #expect(
      events.map { $0["event"] as? String ?? "entry \($0["seq"] ?? "?")" } == [
        "connected", "entry 1", "entry 2", "entry 3", "stopped",
      ])
    let stop = try #require(events.last)
    #expect(stop["reason"] as? String == "until")
    #expect(stop["seq"] as? Int == 3)
    let session = try #require((stop["sessions"] as? [[String: Any]])?.first)
    #expect(session["app"] as? String == "TodoApp")
    #expect(session["entries"] as? Int == 3)
    #expect(session["state"] as? String == "connected")
    app.interrupt()
    _ = await app.exitStatus()
  }

  @Test func theStepperMovesTheRunningAppAndTheLogSaysWhoMovedIt() async throws {
    let setup = try await Setup(
      ["0", "--step"], waitingFor: "waiting for an app to connect (Ctrl-C stops)")
    let app = try setup.app()
    _ = try await setup.replay.lines { $0.hasPrefix("stepping through ") }
    _ = try await app.lines(through: "#6 shows state 6: 3 todos (2 done), filter active")
    let file = try #require(setup.sessionFiles.first)
    try await setup.waitForEntry(6, in: file)

    setup.replay.send("goto 3\n")
    // Whatever the stepper showed when the app connected, then the move.
    _ = try await setup.replay.lines { $0 == "[3/6] toggleTodo" }
    #expect(
      try await setup.replay.lines { $0.hasPrefix("  the app shows it now") } == [
        "  ~ /todos/0/isCompleted: false → true",
        "  the app shows it now (its entry 7 records the move)",
      ])
    #expect(try await app.lines { _ in true } == ["#7 shows state 3: 2 todos (1 done), filter all"])
    setup.replay.send("back\n")
    #expect(
      try await setup.replay.lines { $0.hasPrefix("  the app shows it now") } == [
        "[2/7] addTodo",
        #"  + /todos/1: {"id":"todo-2","isCompleted":false,"title":"Call Ada"}"#,
        "  the app shows it now (its entry 8 records the move)",
      ])
    setup.replay.send("undo\n")
    #expect(
      try await setup.replay.lines { $0.hasPrefix("  - ") } == [
        "[9/9] @@undo",
        #"  - /todos/1: {"id":"todo-2","isCompleted":false,"title":"Call Ada"}"#,
      ])
    setup.replay.send(#"dispatch {"setFilter":{"_0":"completed"}}"# + "\n")
    #expect(
      try await setup.replay.lines { $0.hasPrefix("  ~ ") } == [
        "[10/10] setFilter", #"  ~ /filter: "all" → "completed""#,
      ])
    setup.replay.send("resume\n")
    #expect(
      try await setup.replay.lines { $0.hasPrefix("the app did not change") } == [
        "the app did not change (resume had nothing to do)"
      ])
    setup.replay.send("quit\n")
    #expect(
      Self.normalized(try await setup.replay.remainingLines()) == [
        "detached from TodoApp (pid P on HOST); the app keeps running"
      ])
    #expect(await setup.replay.exitStatus() == 0)
    #expect(
      try await app.lines { $0.hasPrefix("#10 ") } == [
        "#8 shows state 2: 2 todos (0 done), filter all",
        "#9 shows state 1: 1 todo (0 done), filter all",
        "#10 shows state 2: 1 todo (0 done), filter completed",
      ])
    #expect(app.isRunning)
    app.interrupt()
    _ = await app.exitStatus()

    let log = setup.folder.path + "/" + file
    let jump = replay(log, "--show", "7", "--format", "json")
    #expect(jump.out.contains(#""@@jump":{"from":6,"to":3}"#), "\(jump.out)")
    let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
    let seven = try #require(lines.first { $0.hasPrefix(#"{"seq":7,"#) })
    #expect(
      seven.contains(
        #""origin":{"remote":{"command":"goto","id":1,"listener":"\#(setup.address)"}}"#))
  }

  @Test func anAppThatRefusesRemoteControlStaysWhereItIs() async throws {
    let setup = try await Setup(
      ["0", "--step"], waitingFor: "waiting for an app to connect (Ctrl-C stops)")
    let app = try setup.app(["--refuse"])
    _ = try await setup.replay.lines { $0.hasPrefix("stepping through ") }
    _ = try await app.lines(through: "#6 shows state 6: 3 todos (2 done), filter active")
    let file = try #require(setup.sessionFiles.first)
    try await setup.waitForEntry(6, in: file)
    setup.replay.send("goto 3\n")
    _ = try await setup.replay.lines { $0 == "[3/6] toggleTodo" }
    #expect(
      try await setup.replay.lines { $0.hasPrefix("  the app did not move") } == [
        "  ~ /todos/0/isCompleted: false → true",
        "  the app did not move: the app does not allow remote control (it has not set store.remoteControl = .allowed)",
      ])
    setup.replay.send("undo\n")
    #expect(
      try await setup.replay.lines { $0.hasPrefix("the app refused") } == [
        "the app refused undo: the app does not allow remote control (it has not set store.remoteControl = .allowed)"
      ])
    setup.replay.closeInput()
    _ = try await setup.replay.remainingLines()
    #expect(await setup.replay.exitStatus() == 0)
    app.interrupt()
    _ = await app.exitStatus()
    let log = setup.folder.path + "/" + file
    #expect(replay(log).out.hasPrefix("\(log): 6 entries"), "\(replay(log).out)")
  }

  @Test func aListenerOnEveryAddressTakesOnlyAppsWithItsToken() async throws {
    let setup = try await Setup(["0.0.0.0:0", "--token", "s3cret"])
    let port = try #require(setup.address.split(separator: ":").last)
    let app = try setup.app(to: "127.0.0.1:\(port)")
    // (A refused app tries again later: the last line is this app's first refusal.)
    #expect(
      Self.normalized(try await setup.replay.errorLines { $0.contains("has none") }).last
        == "replay: refused a connection from 127.0.0.1:PORT: this listener requires a token, and the hello has none"
    )
    let wrong = try setup.app(["--token", "guess"], to: "127.0.0.1:\(port)")
    #expect(
      Self.normalized(try await setup.replay.errorLines { $0.contains("the token is wrong") }).last
        == "replay: refused a connection from 127.0.0.1:PORT: the token is wrong")
    let right = try setup.app(["--token", "s3cret"], to: "127.0.0.1:\(port)")
    #expect(
      Self.normalized(try await setup.replay.lines { $0.contains("connected") }) == [
        "TodoApp (pid P on HOST) connected from 127.0.0.1:PORT; saving to \(Self.saved)"
      ])
    #expect(setup.sessionFiles.count == 1)
    for child in [app, wrong, right] {
      child.interrupt()
      _ = await child.exitStatus()
    }
    setup.replay.interrupt()
    _ = try await setup.replay.remainingLines()
    #expect(await setup.replay.exitStatus() == 0)
  }
}

/// What `--listen` refuses before it listens.
@Suite struct ListenUsageTests {
  @Test func anAddressOtherThanLoopbackNeedsAToken() {
    let (code, out, err) = replay("--listen", "0.0.0.0:0")
    #expect(code == 2)
    #expect(out == "")
    #expect(err.hasPrefix("replay: "), "\(err)")
    #expect(err.contains("token"), "\(err)")
  }

  @Test func aBadAddressIsAUsageError() {
    let (code, _, err) = replay("--listen", "localhost:99999")
    #expect(code == 2)
    #expect(err.hasPrefix("replay: --listen: "), "\(err)")
  }

  @Test func listenTakesNoLogAndItsOptionsGoWithIt() {
    #expect(replay("--listen", "0", "--show", "1").code == 2)
    let (code, _, err) = replay(Repo.fixture, "--save", "here")
    #expect(code == 2)
    #expect(err.hasPrefix("replay: --save goes with --listen"), "\(err)")
  }
}
