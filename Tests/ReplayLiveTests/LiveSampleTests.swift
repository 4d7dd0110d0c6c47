import Foundation
import ReplayLive
import TestSupport
import Testing
import TimeTravel

/// The sample app (`Sources/live-sample`), a real app in its own process: it streams its
/// session, shows each state it moves to, and is moved by the listener's commands.
@Suite(
  .liveHangGuard,
  .enabled(
    if: LiveChild.executable("live-sample") != nil,
    "needs the live-sample executable built beside the tests"))
struct LiveSampleTests {
  static let jumpTo3 =
    #""action":{"@@jump":{"from":6,"to":3}},"origin":{"remote":{"command":"goto","id":1,"listener":"#

  @Test func theAppStreamsItsSessionAndGotoMovesItsStore() async throws {
    let harness = try LiveHarness()
    defer { harness.removeDirectory() }
    let app = try LiveChild(
      LiveChild.executable("live-sample")!, [harness.address, "--interval", "20"])
    try await app.waitForLine("#6 shows state 6: 3 todos (2 done), filter active")
    try await harness.waitForLine("entry 6") { $0.hasPrefix(#"{"seq":6,"#) }
    let session = try #require(harness.sessions.first)
    #expect(session.app == "TodoApp")

    #expect(
      await harness.listener.request(.goto(seq: 3), to: session.id, timeout: LiveHarness.patience)
        == .done(seq: 7))
    try await app.waitForLine("#7 shows state 3: 2 todos (1 done), filter all")
    try await harness.waitForLine("the jump") { $0.hasPrefix(#"{"seq":7,"#) }
    let jump = try #require(try LiveHarness.fileLines(session.file).last)
    #expect(jump.contains(Self.jumpTo3 + #""\#(harness.address)"}}"#))
    #expect(
      await harness.listener.request(.resume, to: session.id, timeout: LiveHarness.patience)
        == .done(seq: 8))
    try await app.waitForLine("#8 shows state 6: 3 todos (2 done), filter active")

    // Ctrl-C or SIGTERM: the app closes its log, and the listener saves the closing record.
    let (signaled, status) = await app.terminate()
    #expect(signaled && status == SIGTERM)
    try await harness.waitForLine("the closing record") { $0.hasPrefix(#"{"closed":"#) }
    let log = try LogFile(path: session.file.path)
    #expect(log.entryCount == 8)
    #expect(log.warnings.isEmpty)
    #expect(log.closing?.by == "signal")
    #expect(try log.entry(3).next["todos"]?.arrayValue?.count == 2)
  }

  @Test func anAppThatDoesNotAllowRemoteControlRefusesAndStaysWhereItIs() async throws {
    let harness = try LiveHarness()
    defer { harness.removeDirectory() }
    let app = try LiveChild(
      LiveChild.executable("live-sample")!, [harness.address, "--interval", "20", "--refuse"])
    try await app.waitForLine("#6 shows state 6: 3 todos (2 done), filter active")
    try await harness.waitForLine("entry 6") { $0.hasPrefix(#"{"seq":6,"#) }
    let session = try #require(harness.sessions.first)
    #expect(
      await harness.listener.request(.goto(seq: 3), to: session.id, timeout: LiveHarness.patience)
        == .refused(
          "the app does not allow remote control (it has not set store.remoteControl = .allowed)"))
    _ = await app.terminate()
    try await harness.waitForLine("the closing record") { $0.hasPrefix(#"{"closed":"#) }
    #expect(!app.printed.contains("#7"))
    #expect(try LogFile(path: session.file.path).entryCount == 6)
  }
}
