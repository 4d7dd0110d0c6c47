import Foundation
import ReplayLive
import TestSupport
import Testing
import TimeTravel

/// An app streaming to a listener on loopback: every line arrives as the app wrote it,
/// the saved session opens as any log does, and closing ends it cleanly.
@Suite(.liveHangGuard) struct LiveSessionTests {
  @Test func aStreamedSessionIsSavedAsTheAppWroteIt() async throws {
    let harness = try LiveHarness()
    defer { harness.removeDirectory() }
    let recorder = try LogRecorder(
      streamingTo: harness.address, app: "Counter", stateType: "CounterState",
      actionType: "CounterAction", clock: LiveHarness.fixedClock, recordsSites: false)
    let store = await Store(
      initialState: CounterState(), reducer: counterReducer, recorder: recorder)
    for _ in 1...3 { await store.dispatch(.increment) }
    try await harness.waitForLine("entry 3") { $0.hasPrefix(#"{"seq":3,"#) }
    #expect(recorder.streamStatus == .connected)
    try recorder.close()
    try await harness.waitForLine("the closing record") { $0.hasPrefix(#"{"closed":"#) }
    #expect(recorder.streamStatus == .closed)

    let session = try #require(harness.sessions.first)
    #expect(session.app == "Counter")
    #expect(session.started == LiveHarness.time)
    #expect(session.pid == Int(getpid()))
    let prefix = "Counter-2026-01-05T09-00-00.000Z-"
    #expect(session.file.lastPathComponent.hasPrefix(prefix))
    #expect(session.file.lastPathComponent.count == prefix.count + 8 + ".jsonl".count)
    let expected = [
      CounterLines.header, CounterLines.increment(1), CounterLines.increment(2),
      CounterLines.increment(3), CounterLines.closing(3),
    ]
    #expect(try LiveHarness.fileLines(session.file) == expected)
    // Each saved line was reported with its line number in the file.
    let reported = harness.seen.compactMap { event -> String? in
      guard case .line(_, let bytes, let line) = event else { return nil }
      return "\(line) \(String(decoding: bytes, as: UTF8.self))"
    }
    #expect(reported == expected.enumerated().map { "\($0.offset + 1) \($0.element)" })

    let log = try LogFile(path: session.file.path)
    #expect(log.entryCount == 3)
    #expect(log.warnings.isEmpty)
    #expect(try log.entry(3).next == ["count": 3])
    let summary = try #require(harness.listener.summaries.first)
    #expect(summary.entries == 3)
    #expect(summary.records == 4)
    #expect(summary.lastSeq == 3)
    #expect(summary.isClosed)
    #expect(summary.connections == 1)
  }

  @Test func theStreamAndTheFileBesideItGetTheSameLines() async throws {
    let harness = try LiveHarness()
    defer { harness.removeDirectory() }
    let local = harness.directory.appendingPathComponent("local.jsonl")
    let recorder = try LogRecorder(
      url: local, streamingTo: harness.address, app: "Counter", stateType: "CounterState",
      actionType: "CounterAction", clock: LiveHarness.fixedClock, recordsSites: false)
    let store = await Store(
      initialState: CounterState(), reducer: counterReducer, recorder: recorder)
    for _ in 1...5 { await store.dispatch(.increment) }
    try recorder.close()
    try await harness.waitForLine("the closing record") { $0.hasPrefix(#"{"closed":"#) }
    let session = try #require(harness.sessions.first)
    let saved = try LiveHarness.fileLines(session.file)
    #expect(saved.count == 7)
    #expect(try LiveHarness.fileLines(local) == saved)
  }

  @Test func stoppingTheListenerKeepsWhoWasConnectedAndReportsNoDisconnection() async throws {
    let harness = try LiveHarness()
    defer { harness.removeDirectory() }
    let recorder = try LogRecorder(
      streamingTo: harness.address, app: "Counter", stateType: "CounterState",
      actionType: "CounterAction", clock: LiveHarness.fixedClock, recordsSites: false)
    let store = await Store(
      initialState: CounterState(), reducer: counterReducer, recorder: recorder)
    await store.dispatch(.increment)
    try await harness.waitForLine("entry 1") { $0.hasPrefix(#"{"seq":1,"#) }
    harness.listener.stop()
    let summary = try #require(harness.listener.summaries.first)
    #expect(summary.isConnected)
    #expect(!summary.isClosed)
    #expect(summary.entries == 1)
    harness.drain()
    #expect(!harness.seen.contains { if case .disconnected = $0 { true } else { false } })
    try recorder.close()
  }

  @Test func anAppWithoutAListenerKeepsRecordingAndNeverWaits() async throws {
    // A port nobody listens on: bind one, note it, close it.
    let (fd, port) = try LiveSocket.listen(on: LiveAddress(host: "127.0.0.1", port: 0))
    LiveSocket.close(fd)
    let local = Scratch.folder.appendingPathComponent(
      "alone-\(UUID()).jsonl")
    defer { try? FileManager.default.removeItem(at: local) }
    let recorder = try LogRecorder(
      url: local, streamingTo: "127.0.0.1:\(port)", app: "Counter", stateType: "CounterState",
      actionType: "CounterAction", clock: LiveHarness.fixedClock, recordsSites: false)
    let store = await Store(
      initialState: CounterState(), reducer: counterReducer, recorder: recorder)
    for _ in 1...100 { await store.dispatch(.increment) }
    try await eventually("the first connection attempt to fail") {
      if case .disconnected = recorder.streamStatus { return true }
      return false
    }
    #expect(
      recorder.streamStatus
        == .disconnected(
          reason:
            "cannot connect to 127.0.0.1:\(port): Connection refused (errno \(ECONNREFUSED))"))
    try recorder.close()
    #expect(await store.recordingError == nil)
    #expect(try LogFile(path: local.path).entryCount == 100)
  }

  @Test func anAddressWithoutAPortIsRefusedAtOnce() async throws {
    #expect(
      throws: LiveError.invalidAddress(
        "localhost", reason: "it has no port (expected HOST:PORT, e.g. 127.0.0.1:9000)")
    ) {
      try LogRecorder(
        streamingTo: "localhost", app: "Counter", stateType: "CounterState",
        actionType: "CounterAction")
    }
  }
}
