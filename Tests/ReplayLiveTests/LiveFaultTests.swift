import Foundation
import ReplayLive
import TestSupport
import Testing
import TimeTravel

/// What happens when one side fails: the listener killed, the app killed mid-line, the
/// listener away while the app records more than its buffer holds, a stalled sender.
@Suite(.liveHangGuard) struct LiveFaultTests {
  static func temporaryDirectory(_ name: String) -> URL {
    Scratch.folder.appendingPathComponent("\(name)-\(UUID().uuidString)")
  }

  /// The one session file in `directory`.
  static func sessionFile(in directory: URL) -> URL? {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.first { $0.hasSuffix(".jsonl") }.map { directory.appendingPathComponent($0) }
  }

  @Test func aListenerKilledMidSessionLosesNothingAndTheAppResendsWhatItMissed() async throws {
    let directory = Self.temporaryDirectory("killed-listener")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let child = Task {
      await #expect(processExitsWith: .signal(SIGKILL)) { [path = directory.path as String] in
        let listener = try LiveListener(LiveConfiguration(directory: URL(fileURLWithPath: path)))
        try "\(listener.address.port) \(getpid())".write(
          toFile: path + "/listener", atomically: true, encoding: .utf8)
        // Killed by the parent; on its own after ten minutes (the hang guard's) or once the
        // parent is gone (it is adopted), so a failed or killed test never leaves it running.
        let (parent, deadline) = (getppid(), Date().addingTimeInterval(600))
        while Date() < deadline, getppid() == parent { _ = listener.next(timeout: 0.2) }
        kill(getpid(), SIGKILL)
      }
    }
    var words: [String] = []
    try await eventually("the child listener") {
      words =
        (try? String(contentsOfFile: directory.path + "/listener", encoding: .utf8))?
        .split(separator: " ").map(String.init) ?? []
      return words.count == 2
    }
    let (port, pid) = (Int(words[0])!, pid_t(words[1])!)
    defer { kill(pid, SIGKILL) }
    let recorder = try LogRecorder(
      streamingTo: "127.0.0.1:\(port)", app: "Counter", stateType: "CounterState",
      actionType: "CounterAction", clock: LiveHarness.fixedClock, recordsSites: false)
    let store = await Store(
      initialState: CounterState(), reducer: counterReducer, recorder: recorder)
    for _ in 1...20 { await store.dispatch(.increment) }
    // Killed while entries are still arriving.
    try await eventually("entries in the child's file") {
      guard let file = Self.sessionFile(in: directory) else { return false }
      return (try LiveHarness.fileLines(file)).count >= 10
    }
    kill(pid, SIGKILL)
    _ = await child.value
    let file = try #require(Self.sessionFile(in: directory))
    let before = try LiveHarness.fileLines(file)
    for _ in 21...50 { await store.dispatch(.increment) }
    #expect(await store.state.count == 50)  // the app went on

    let harness = try LiveHarness(port: port, directory: directory)
    try await harness.waitForLine("entry 50") { $0.hasPrefix(#"{"seq":50,"#) }
    try recorder.close()
    try await harness.waitForLine("the closing record") { $0.hasPrefix(#"{"closed":"#) }
    let after = try LiveHarness.fileLines(file)
    #expect(Array(after.prefix(before.count)) == before)
    #expect(
      after == [CounterLines.header] + (1...50).map(CounterLines.increment) + [
        CounterLines.closing(50)
      ])
    #expect(
      harness.seen.contains { if case .connected(_, _, resumed: true) = $0 { true } else { false } }
    )
    #expect(try LogFile(path: file.path).warnings.isEmpty)
  }

  @Test func anAppKilledMidLineLeavesAValidSessionAndTheTornLineIsNoted() async throws {
    let harness = try LiveHarness()
    defer { harness.removeDirectory() }
    await #expect(processExitsWith: .signal(SIGKILL)) { [address = harness.address as String] in
      let peer = try RawPeer(connectingTo: address)
      try await peer.send(helloLine(app: "Torn"))
      _ = try await peer.readLine()
      try await peer.send(CounterLines.header + "\n" + CounterLines.increment(1) + "\n")
      try await peer.send(String(CounterLines.increment(2).prefix(40)))
      kill(getpid(), SIGKILL)
    }
    let events = try await harness.wait("the disconnection") {
      $0.contains { if case .disconnected = $0 { true } else { false } }
    }
    let session = try #require(harness.sessions.first)
    #expect(
      events.contains(
        .warning(
          session,
          "Torn disconnected in the middle of line 3 (40 bytes received), which is not saved")))
    #expect(
      try LiveHarness.fileLines(session.file) == [CounterLines.header, CounterLines.increment(1)])
    let log = try LogFile(path: session.file.path)
    #expect(log.entryCount == 1)
    #expect(
      log.warnings.map(\.message) == [
        "the session did not end cleanly (no closing record): the app crashed, was killed, or is still recording; entries after seq 1 may be missing"
      ])
  }

  @Test func whatTheBufferCannotHoldWhileTheListenerIsAwayIsAGap() async throws {
    let harness = try LiveHarness()
    defer { harness.removeDirectory() }
    let recorder = try LogRecorder(
      streamingTo: harness.address, app: "Counter", stateType: "CounterState",
      actionType: "CounterAction", clock: LiveHarness.fixedClock, bufferLimit: 2_000,
      recordsSites: false)
    let store = await Store(
      initialState: CounterState(), reducer: counterReducer, recorder: recorder)
    for _ in 1...5 { await store.dispatch(.increment) }
    try await harness.waitForLine("entry 5") { $0.hasPrefix(#"{"seq":5,"#) }
    harness.listener.stop()
    try await eventually("the app to notice") {
      if case .disconnected = recorder.streamStatus { return true }
      return false
    }
    for _ in 6...105 { await store.dispatch(.increment) }
    try recorder.flush()
    try harness.restart()
    try await harness.waitForLine("entry 105") { $0.hasPrefix(#"{"seq":105,"#) }
    try recorder.close()
    try await harness.waitForLine("the closing record") { $0.hasPrefix(#"{"closed":"#) }
    let dropped = recorder.streamDropped
    #expect(dropped > 50 && dropped < 100)
    let file = try #require(harness.sessions.first).file
    #expect(
      try LiveHarness.fileLines(file)
        == [CounterLines.header] + (1...5).map(CounterLines.increment)
        + [#"{"dropped":\#(dropped),"seq":6,"reason":"buffer"}"#]
        + (6 + dropped...105).map(CounterLines.increment) + [CounterLines.closing(105)])
    #expect(
      try LogFile(path: file.path).warnings.map(\.message) == [
        "\(dropped) entries were dropped before entry \(6 + dropped) (seq 6…\(5 + dropped); the live stream's buffer was full while its listener was away or slow)"
      ])
  }

  /// Sends a hello, then one byte of a line every 200 ms, never ending it, until cancelled
  /// or closed.
  static func stall(_ harness: LiveHarness) async throws -> (RawPeer, Task<Void, Never>) {
    let staller = try RawPeer(connectingTo: harness.address)
    try await staller.send(helloLine(app: "Staller"))
    #expect(try await staller.readLine()?.hasPrefix(#"{"welcome""#) == true)
    let dribble = Task.detached {
      while !Task.isCancelled {
        guard (try? await staller.send([UInt8(ascii: "x")])) != nil else { return }
        try? await Task.sleep(for: .milliseconds(200))
      }
    }
    return (staller, dribble)
  }

  @Test func aStalledSenderHoldsNoOtherSessionUp() async throws {
    let harness = try LiveHarness()
    defer { harness.removeDirectory() }
    let (staller, dribble) = try await Self.stall(harness)
    defer { dribble.cancel() }
    let recorder = try LogRecorder(
      streamingTo: harness.address, app: "Counter", stateType: "CounterState",
      actionType: "CounterAction", clock: LiveHarness.fixedClock, recordsSites: false)
    let store = await Store(
      initialState: CounterState(), reducer: counterReducer, recorder: recorder)
    for _ in 1...50 { await store.dispatch(.increment) }
    try await harness.waitForLine("the other app's entry 50") { $0.hasPrefix(#"{"seq":50,"#) }
    #expect(!harness.seen.contains { if case .disconnected = $0 { true } else { false } })
    try await staller.send("\n")  // still connected
    try recorder.close()
  }

  @Test func aLineThatNeverEndsMeetsTheIdleLimitButAQuietAppDoesNot() async throws {
    let harness = try LiveHarness(limits: LiveLimits(idleSeconds: 1))
    defer { harness.removeDirectory() }
    let recorder = try LogRecorder(
      streamingTo: harness.address, app: "Quiet", stateType: "CounterState",
      actionType: "CounterAction", clock: LiveHarness.fixedClock, recordsSites: false)
    let store = await Store(
      initialState: CounterState(), reducer: counterReducer, recorder: recorder)
    await store.dispatch(.increment)
    try await harness.waitForLine("the quiet app's entry") { $0.hasPrefix(#"{"seq":1,"#) }
    let (staller, dribble) = try await Self.stall(harness)
    defer { dribble.cancel() }
    try await harness.wait("the staller's hello") { _ in
      harness.sessions.contains { $0.app == "Staller" }
    }
    let stallerSession = try #require(harness.sessions.first { $0.app == "Staller" })
    try await harness.wait("the idle limit") {
      $0.contains(
        .disconnected(stallerSession, reason: "no complete line for 1 s (the idle limit)"))
    }
    #expect(try await staller.closes())
    // The quiet app sent heartbeats meanwhile (a third of the limit the welcome gave).
    #expect(harness.seen.count { if case .disconnected = $0 { true } else { false } } == 1)
    #expect(recorder.streamStatus == .connected)
    try recorder.close()
  }

  /// Accepts the app's connection, welcomes it and reads its header. An attempt the app
  /// gave up on (a loaded machine answered after the 6 s it waits) is replaced by its next,
  /// for as long as ``LiveHarness/patience``.
  static func welcome(_ server: RawServer) async throws -> RawPeer {
    let deadline = Date().addingTimeInterval(LiveHarness.patience)
    while Date() < deadline {
      let app = try await server.accept()
      let hello = try await app.readLine()
      guard hello?.hasPrefix(#"{"hello":"replay","protocol":1,"app":"Counter","#) == true else {
        continue
      }
      try? await app.send(#"{"welcome":"replay","protocol":1,"lastSeq":null}"# + "\n")
      if try await app.readLine() == CounterLines.header { return app }
    }
    throw HarnessError(message: "the app never completed its hello")
  }

  @Test func aHostileListenerGetsErrorRepliesAndTheAppGoesOn() async throws {
    let server = try RawServer()
    let recorder = try LogRecorder(
      streamingTo: server.address, app: "Counter", stateType: "CounterState",
      actionType: "CounterAction", clock: LiveHarness.fixedClock, recordsSites: false)
    let store = await Store(
      initialState: CounterState(), reducer: counterReducer, recorder: recorder)
    await MainActor.run { store.remoteControl = .allowed }
    await store.dispatch(.increment)
    let app = try await Self.welcome(server)
    #expect(try await app.readLine() == CounterLines.increment(1))
    try await app.send(
      [
        "not json", #"{"command":"fly","id":3}"#, #"{"command":"goto","id":4}"#,
        #"{"command":"goto","id":5,"seq":-1}"#, #"{"command":"undo"}"#, #"{"id":6}"#,
        #"{"command":7,"id":7}"#, #"{"command":"dispatch","id":8}"#,
        #"{"command":"goto","id":9,"seq":1}"#,
      ].joined(separator: "\n") + "\n")
    var replies: [String] = []
    while replies.count < 8, let line = try await app.readLine() {
      if line.hasPrefix(#"{"reply""#) { replies.append(line) }
    }
    #expect(
      replies == [
        #"{"reply":null,"error":"a command line that is not a JSON object"}"#,
        #"{"reply":3,"error":"unknown command \"fly\" (the app knows goto, undo, redo, dispatch and resume)"}"#,
        #"{"reply":4,"error":"goto needs a \"seq\": the entry whose state to show (0 for the initial state)"}"#,
        #"{"reply":5,"error":"goto needs a \"seq\": the entry whose state to show (0 for the initial state)"}"#,
        #"{"reply":null,"error":"the command has no \"id\" (a non-negative integer)"}"#,
        #"{"reply":7,"error":"the command's name must be a string"}"#,
        #"{"reply":8,"error":"dispatch needs an \"action\""}"#,
        #"{"reply":9,"ok":true}"#,
      ])
    // A line longer than the app reads ends that connection; the app reconnects.
    try await app.send([UInt8](repeating: UInt8(ascii: "x"), count: (16 << 20) + 1))
    #expect(try await app.closes())
    try await eventually("the app to notice") {
      recorder.streamStatus
        == .disconnected(reason: "the listener sent a line longer than 16777216 bytes")
    }
    let again = try await server.accept()
    #expect(try await again.readLine()?.hasPrefix(#"{"hello""#) == true)
    await store.dispatch(.increment)
    #expect(await store.state.count == 2)
    try recorder.close()
  }
}
