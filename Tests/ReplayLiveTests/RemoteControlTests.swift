import Foundation
import ReplayLive
import TestSupport
import Testing
import TimeTravel

/// Time travel in the running app: commands from the listener move the store, each move
/// is recorded as the app's own time travel is, with the remote origin, and every
/// command the app cannot or will not apply gets a reason.
@Suite(.liveHangGuard) struct RemoteControlTests {
  /// A counter app streaming to a fresh listener, after `count` increments.
  struct App {
    let harness: LiveHarness
    let recorder: LogRecorder
    let store: Store<Reduce<CounterState, CounterAction>>
    let session: LiveSession

    init(increments count: Int, control: RemoteControl) async throws {
      harness = try LiveHarness()
      recorder = try LogRecorder(
        streamingTo: harness.address, app: "Counter", stateType: "CounterState",
        actionType: "CounterAction", clock: LiveHarness.fixedClock, recordsSites: false)
      let store = await Store(
        initialState: CounterState(), reducer: counterReducer, recorder: recorder)
      self.store = store
      await MainActor.run { store.remoteControl = control }
      for _ in 0..<count { await store.dispatch(.increment) }
      try await harness.waitForLine("entry \(count)") { $0.hasPrefix(#"{"seq":\#(count),"#) }
      session = try #require(harness.sessions.first)
    }

    func request(_ command: LiveCommand) async -> LiveReply {
      await harness.listener.request(command, to: session.id, timeout: LiveHarness.patience)
    }

    /// The saved line of entry `seq`.
    func line(_ seq: Int) async throws -> String {
      try await harness.waitForLine("entry \(seq)") { $0.hasPrefix(#"{"seq":\#(seq),"#) }
      return try #require(
        try LiveHarness.fileLines(session.file).first { $0.hasPrefix(#"{"seq":\#(seq),"#) })
    }

    func origin(_ command: String, _ id: Int) -> String {
      #""origin":{"remote":{"command":"\#(command)","id":\#(id),"listener":"\#(harness.address)"}}"#
    }

    var count: Int { get async { await store.state.count } }
  }

  @Test func theDefaultRefusesEveryCommandAndRecordsNothing() async throws {
    let app = try await App(increments: 2, control: .refused)
    defer { app.harness.removeDirectory() }
    let refusal = LiveReply.refused(
      "the app does not allow remote control (it has not set store.remoteControl = .allowed)")
    #expect(await app.request(.goto(seq: 1)) == refusal)
    #expect(await app.request(.undo) == refusal)
    #expect(await app.request(.dispatch(action: ["increment": [:]])) == refusal)
    #expect(await app.count == 2)
    try app.recorder.close()
    try await app.harness.waitForLine("the closing record") { $0.hasPrefix(#"{"closed":"#) }
    #expect(try LogFile(path: app.session.file.path).entryCount == 2)
  }

  @Test func gotoMovesTheStoreAndTheLogSaysWhoMovedIt() async throws {
    let app = try await App(increments: 5, control: .allowed)
    defer { app.harness.removeDirectory() }
    #expect(await app.request(.goto(seq: 3)) == .done(seq: 6))
    #expect(await app.count == 3)
    let prefix =
      #"{"seq":6,"time":"2026-01-05T09:00:00.000Z","action":{"@@jump":{"from":5,"to":3}},"#
    #expect(
      try await app.line(6)
        == prefix + app.origin("goto", 1) + #","prior":{"count":5},"next":{"count":3}}"#)
    #expect(await app.request(.undo) == .done(seq: 7))
    #expect(await app.count == 2)
    #expect(
      try await app.line(7).contains(
        #""action":{"@@undo":{"from":3,"to":2}},"# + app.origin("undo", 2)))
    #expect(await app.request(.redo) == .done(seq: 8))
    #expect(await app.request(.goto(seq: 0)) == .done(seq: 9))
    #expect(await app.count == 0)
    // State 6 is the state after the jump: count 3, at history index 3.
    #expect(await app.request(.goto(seq: 6)) == .done(seq: 10))
    #expect(await app.count == 3)
    #expect(await app.request(.goto(seq: 3)) == .done(seq: nil))  // already there
    #expect(await app.request(.resume) == .done(seq: 11))
    #expect(await app.count == 5)
    #expect(
      try await app.line(11).contains(
        #""action":{"@@jump":{"from":3,"to":5}},"# + app.origin("resume", 7)))
    #expect(await app.request(.resume) == .done(seq: nil))
    try app.recorder.close()
    try await app.harness.waitForLine("the closing record") { $0.hasPrefix(#"{"closed":"#) }
    let log = try LogFile(path: app.session.file.path)
    #expect(log.warnings.isEmpty)
  }

  @Test func dispatchSendsAnActionInTheAppsOwnEncoding() async throws {
    let app = try await App(increments: 1, control: .allowed)
    defer { app.harness.removeDirectory() }
    #expect(await app.request(.dispatch(action: ["add": ["_0": 10]])) == .done(seq: 2))
    #expect(await app.count == 11)
    #expect(
      try await app.line(2)
        == #"{"seq":2,"time":"2026-01-05T09:00:00.000Z","action":{"add":{"_0":10}},"#
        + app.origin("dispatch", 1) + #","prior":{"count":1},"next":{"count":11}}"#)
    #expect(
      await app.request(.dispatch(action: ["add": ["_0": "ten"]]))
        == .refused(
          "the action does not decode at /add/_0: Expected to decode Int but found a string instead."
        ))
    #expect(
      await app.request(.dispatch(action: ["multiply": [:]]))
        == .refused(
          #"the action does not decode: Invalid number of keys found, expected one."#))
    #expect(await app.count == 11)
  }

  @Test func commandsTheAppCannotApplyGetAReason() async throws {
    let app = try await App(increments: 4, control: .allowed)
    defer { app.harness.removeDirectory() }
    #expect(await app.request(.goto(seq: 99)) == .refused("the app has no entry 99: its last is 4"))
    #expect(await app.request(.goto(seq: 2)) == .done(seq: 5))
    // A new action after going back discards states 3 and 4 (history indexes 3 and 4).
    await app.store.dispatch(.add(100))
    #expect(
      await app.request(.goto(seq: 4))
        == .refused(
          "state 4 is no longer in the app's history: an action dispatched after going back discarded it"
        ))
    #expect(await app.request(.goto(seq: 6)) == .done(seq: nil))  // entry 6's state is shown
    #expect(await app.count == 102)
    #expect(
      await app.request(.redo)
        == .refused("nothing to redo: the app shows the last state of its history")
    )
    for _ in 0..<3 { _ = await app.request(.undo) }
    #expect(
      await app.request(.undo)
        == .refused("nothing to undo: the app shows the first state of its history"))
    #expect(await app.count == 0)
  }

  @Test func timeTravelOnlyRefusesActions() async throws {
    let app = try await App(increments: 2, control: .timeTravelOnly)
    defer { app.harness.removeDirectory() }
    #expect(
      await app.request(.dispatch(action: ["increment": [:]]))
        == .refused(
          "the app allows time travel only (store.remoteControl = .timeTravelOnly), not actions"))
    #expect(await app.request(.goto(seq: 1)) == .done(seq: 3))
    #expect(await app.count == 1)
  }
}

/// A streaming recorder used without a store (a view model's, or records written by
/// hand) answers commands with the reason.
@Suite(.liveHangGuard) struct RemoteWithoutStoreTests {
  @Test func commandsToARecorderWithoutAStoreAreRefused() async throws {
    let harness = try LiveHarness()
    defer { harness.removeDirectory() }
    let recorder = try LogRecorder(
      streamingTo: harness.address, app: "Counter", stateType: "CounterState",
      actionType: "CounterAction", clock: LiveHarness.fixedClock, recordsSites: false)
    try recorder.record(
      action: RecordedAction.action(CounterAction.increment), prior: CounterState(),
      next: CounterState(count: 1))
    try await harness.waitForLine("entry 1") { $0.hasPrefix(#"{"seq":1,"#) }
    let session = try #require(harness.sessions.first)
    #expect(
      await harness.listener.request(.undo, to: session.id, timeout: LiveHarness.patience)
        == .refused(
          "no store records through this recorder: remote control needs the Store created with it (Store(initialState:reducer:recorder:))"
        ))
    #expect(
      await harness.listener.request(.undo, to: "no-such-session", timeout: LiveHarness.patience)
        == .refused("no session no-such-session"))
    try recorder.close()
    try await harness.wait("the disconnection") {
      $0.contains { if case .disconnected = $0 { true } else { false } }
    }
    #expect(
      await harness.listener.request(.undo, to: session.id, timeout: LiveHarness.patience)
        == .refused("the app is not connected"))
  }

  @Test func aReplyComesAfterTheEntryBeforeItIsSavedAndReported() async throws {
    // The app's entry and its reply arrive in one read: whoever the reply wakes reads
    // the file next (the stepper does), so the entry must be saved and reported first.
    let harness = try LiveHarness()
    defer { harness.removeDirectory() }
    let app = try RawPeer(connectingTo: harness.address)
    try await app.send(helloLine(app: "Raw"))
    #expect(try await app.readLine()?.hasPrefix(#"{"welcome""#) == true)
    try await app.send(CounterLines.increment(1) + "\n")
    try await harness.waitForLine("entry 1") { $0.hasPrefix(#"{"seq":1,"#) }
    let session = try #require(harness.sessions.first)
    let id = harness.listener.send(.undo, to: session.id)
    #expect(try await app.readLine() == #"{"command":"undo","id":\#(id)}"#)
    let undo =
      #"{"seq":2,"time":"2026-01-05T09:00:00.000Z","action":{"@@undo":{"from":1,"to":0}},"prior":{"count":1},"next":{"count":0}}"#
    try await app.send(undo + "\n" + #"{"reply":\#(id),"ok":true,"seq":2}"# + "\n")
    let seen = try await harness.wait("the reply") { events in
      events.contains { if case .reply = $0 { true } else { false } }
    }
    let order = seen.suffix(2).map(LiveHarness.brief)
    #expect(order.first?.hasPrefix("line 2: {\"seq\":2,") == true, "\(order)")
    #expect(try LiveHarness.fileLines(session.file).last == undo)
    app.close()
  }

  @Test func anAppThatLeavesWithoutAnsweringEndsTheWait() async throws {
    let harness = try LiveHarness()
    defer { harness.removeDirectory() }
    let app = try RawPeer(connectingTo: harness.address)
    try await app.send(helloLine(app: "Leaver"))
    #expect(try await app.readLine()?.hasPrefix(#"{"welcome""#) == true)
    try await harness.wait("the hello") { _ in !harness.sessions.isEmpty }
    let id = try #require(harness.sessions.first).id
    let listener = harness.listener
    let reply = Task.detached {
      await listener.request(.goto(seq: 0), to: id, timeout: LiveHarness.patience)
    }
    #expect(try await app.readLine() == #"{"command":"goto","id":1,"seq":0}"#)
    app.close()
    #expect(await reply.value == .refused("the app disconnected before it answered"))
  }
}
