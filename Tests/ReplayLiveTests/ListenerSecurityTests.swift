import Foundation
import ReplayLive
import TestSupport
import Testing
import TimeTravel

/// Who may connect, and what a connection that may not gets: a reason, a closed
/// connection, a report, and nothing saved.
@Suite(.liveHangGuard) struct ListenerSecurityTests {
  /// The files the listener saved.
  static func saved(_ harness: LiveHarness) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: harness.directory.path)) ?? []).sorted()
  }

  /// Connects, sends `text`, and returns the listener's answer and the event it reported.
  static func refusal(_ harness: LiveHarness, sending text: String) async throws -> (
    String?, LiveEvent?
  ) {
    let peer = try RawPeer(connectingTo: harness.address)
    try await peer.send(text)
    let answer = try await peer.readLine()
    #expect(try await peer.closes())
    let events = try await harness.wait("a refusal") {
      $0.contains { if case .refused = $0 { true } else { false } }
    }
    return (answer, events.last)
  }

  @Test func anAddressOtherMachinesCanReachNeedsAToken() async throws {
    #expect(throws: LiveError.tokenRequired("0.0.0.0:0")) {
      try LiveListener(LiveConfiguration(address: LiveAddress(host: "0.0.0.0", port: 0)))
    }
    #expect(
      LiveError.tokenRequired("0.0.0.0:9000").description
        == "listening on 0.0.0.0:9000 lets other machines connect, so it needs a token (--token TOKEN, or REPLAY_TOKEN in the environment); listen on 127.0.0.1 to accept only this machine without one"
    )
  }

  @Test(arguments: [
    (helloLine(token: "guess"), "the token is wrong"),
    (helloLine(), "this listener requires a token, and the hello has none"),
    (
      helloLine(token: "s3cret", version: 2),
      "protocol version 2 is not supported (this listener speaks version 1)"
    ),
    (
      "GET / HTTP/1.1\r\nHost: x\r\n\r\n",
      #"the first line is not a hello (expected {"hello":"replay","protocol":1,"app":…,"session":…,"started":…})"#
    ),
    (
      #"{"hello":"replay","protocol":1,"app":7,"session":"a","started":"t","token":"s3cret"}"#
        + "\n", #"the hello's "app" member must be a string"#
    ),
    (
      helloLine(session: "../../etc", token: "s3cret"),
      "the session id must be 1 to 64 letters, digits and '-'"
    ),
  ])
  func aHelloThatMayNotConnectIsRefusedWithItsReason(hello: String, reason: String) async throws {
    let harness = try LiveHarness(token: "s3cret")
    defer { harness.removeDirectory() }
    let (answer, event) = try await Self.refusal(
      harness, sending: hello + #"{"seq":1,"action":"x","prior":1,"next":2}"# + "\n")
    #expect(answer == #"{"refused":"\#(reason.replacingOccurrences(of: "\"", with: "\\\""))"}"#)
    guard case .refused(let peer, let reported)? = event else {
      Issue.record("no refusal reported")
      return
    }
    #expect(reported == reason)
    #expect(peer.hasPrefix("127.0.0.1:"))
    #expect(Self.saved(harness) == [])
  }

  @Test func randomBytesAndHugeLinesInsteadOfAHelloAreRefused() async throws {
    let harness = try LiveHarness(limits: LiveLimits(helloSeconds: 0.5))
    defer { harness.removeDirectory() }
    var generator = SeededGenerator(seed: 23)
    let noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }.filter {
      $0 != 0x0A
    }
    // Noise without a line break: the hello never comes.
    let quiet = try RawPeer(connectingTo: harness.address)
    try await quiet.send(noise)
    #expect(try await quiet.readLine() == #"{"refused":"no hello within 0.5 s"}"#)
    // More than 64 KiB without a line break.
    let huge = try RawPeer(connectingTo: harness.address)
    try await huge.send([UInt8](repeating: UInt8(ascii: "x"), count: 70_000))
    #expect(try await huge.readLine() == #"{"refused":"the hello line is longer than 64 KiB"}"#)
    #expect(try await huge.closes())
    #expect(Self.saved(harness) == [])
  }

  @Test func aCorrectTokenIsAcceptedAndAWrongOneKeepsTheAppRetrying() async throws {
    let harness = try LiveHarness(token: "s3cret")
    defer { harness.removeDirectory() }
    let wrong = try LogRecorder(
      streamingTo: harness.address, token: "guess", app: "Wrong", stateType: "CounterState",
      actionType: "CounterAction", clock: LiveHarness.fixedClock, recordsSites: false)
    let right = try LogRecorder(
      streamingTo: harness.address, token: "s3cret", app: "Counter", stateType: "CounterState",
      actionType: "CounterAction", clock: LiveHarness.fixedClock, recordsSites: false)
    let store = await Store(initialState: CounterState(), reducer: counterReducer, recorder: right)
    let refused = await Store(
      initialState: CounterState(), reducer: counterReducer, recorder: wrong)
    await store.dispatch(.increment)
    await refused.dispatch(.increment)
    try await harness.waitForLine("entry 1") { $0.hasPrefix(#"{"seq":1,"#) }
    try await eventually("the wrong token to be refused") { wrong.streamStatus != .connecting }
    #expect(wrong.streamStatus == .refused(reason: "the token is wrong"))
    try wrong.close()
    try right.close()
    #expect(Self.saved(harness).count == 1)
    #expect(Self.saved(harness).first?.hasPrefix("Counter-") == true)
  }

  @Test func anAppInAnotherProcessWithTheWrongTokenIsRefusedAndKeepsRunning() async throws {
    let harness = try LiveHarness(token: "s3cret")
    defer { harness.removeDirectory() }
    let address = harness.address
    await #expect(processExitsWith: .success) { [address = address as String] in
      let recorder = try LogRecorder(
        streamingTo: address, token: "guess", app: "Child", stateType: "CounterState",
        actionType: "CounterAction")
      let store = await Store(
        initialState: CounterState(), reducer: counterReducer, recorder: recorder)
      for _ in 0..<10 { await store.dispatch(.increment) }
      let deadline = Date().addingTimeInterval(20)
      while recorder.streamStatus != .refused(reason: "the token is wrong"), Date() < deadline {
        usleep(10_000)
      }
      let state = await store.state
      exit(
        recorder.streamStatus == .refused(reason: "the token is wrong") && state.count == 10 ? 0 : 1
      )
    }
    let events = try await harness.wait("the child's refusal") {
      $0.contains { if case .refused = $0 { true } else { false } }
    }
    #expect(
      events.contains { if case .refused(_, "the token is wrong") = $0 { true } else { false } })
    #expect(Self.saved(harness) == [])
  }

  @Test func tooManyConnectionsAtOnceAreRefused() async throws {
    // A long hello limit: a loaded machine may take seconds between two steps.
    let harness = try LiveHarness(limits: LiveLimits(sessions: 2, helloSeconds: 300))
    defer { harness.removeDirectory() }
    let first = try RawPeer(connectingTo: harness.address)
    let second = try RawPeer(connectingTo: harness.address)
    try await first.send(helloLine())
    #expect(try await first.readLine()?.hasPrefix(#"{"welcome":"replay","#) == true)
    let third = try RawPeer(connectingTo: harness.address)
    #expect(
      try await third.readLine() == #"{"refused":"too many connections at once (the limit is 2)"}"#)
    #expect(try await third.closes())
    try await second.send(helloLine())
    #expect(try await second.readLine()?.hasPrefix(#"{"welcome":"replay","#) == true)
  }
}
