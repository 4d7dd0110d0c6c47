import Foundation
import ReplayLive
import TestSupport
import Testing
import TimeTravel

/// Many apps at once, and a listener whose disk fills up.
@Suite(.liveHangGuard) struct LiveScaleTests {
  @Test func aHundredAppsConnectingAtOnceAreEachSavedWhole() async throws {
    let harness = try LiveHarness()
    defer { harness.removeDirectory() }
    var recorders: [LogRecorder] = []
    for app in 0..<100 {
      recorders.append(
        try LogRecorder(
          streamingTo: harness.address, app: "App\(app)", stateType: "CounterState",
          actionType: "CounterAction", clock: LiveHarness.fixedClock, recordsSites: false))
    }
    for recorder in recorders {
      let store = await Store(
        initialState: CounterState(), reducer: counterReducer, recorder: recorder)
      for _ in 1...10 { await store.dispatch(.increment) }
    }
    for recorder in recorders { try recorder.close() }
    try await harness.wait("100 closing records", timeout: LiveHarness.patience) { events in
      events.count { event in
        if case .line(_, let bytes, _) = event {
          return bytes.starts(with: Array(#"{"closed":"#.utf8))
        }
        return false
      } == 100
    }
    let sessions = harness.sessions
    #expect(Set(sessions.map(\.app)) == Set((0..<100).map { "App\($0)" }))
    for session in sessions {
      let lines = try LiveHarness.fileLines(session.file)
      #expect(
        lines
          == [
            CounterLines.header.replacingOccurrences(
              of: #""app":"Counter""#, with: #""app":"\#(session.app)""#)
          ]
          + (1...10).map(CounterLines.increment) + [CounterLines.closing(10)],
        "\(session.app)")
    }
    #expect(harness.listener.summaries.count == 100)
  }

  /// Whether this machine lets the tests mount a small file system (root on Linux).
  static func canMountTmpfs() async -> Bool {
    #if os(Linux)
      guard getuid() == 0, let mount = PeerResources.executable("mount") else { return false }
      let probe = Scratch.folder.appendingPathComponent(
        "tmpfs-probe-\(getpid())")
      try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: probe) }
      let mounted = await runQuietly(
        mount, ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe.path])
      if mounted { _ = await runQuietly("/bin/umount", [probe.path]) }
      return mounted
    #else
      return false
    #endif
  }

  @Test(
    .enabled(
      "needs to mount a 64 KiB tmpfs (root on Linux) to fill a disk", { await canMountTmpfs() }))
  func aFullDiskStopsTheSessionTellsTheAppAndLeavesAValidFile() async throws {
    let mountPoint = Scratch.folder.appendingPathComponent("full-\(UUID())")
    try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
    let mount = try #require(PeerResources.executable("mount"))
    try #require(
      await runQuietly(mount, ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint.path]))
    do {
      try await Self.fillTheDisk(under: mountPoint)
    } catch {
      _ = await runQuietly("/bin/umount", [mountPoint.path])
      try? FileManager.default.removeItem(at: mountPoint)
      throw error
    }
    _ = await runQuietly("/bin/umount", [mountPoint.path])
    try? FileManager.default.removeItem(at: mountPoint)
  }

  /// The test, with a 64 KiB file system at `mountPoint`.
  static func fillTheDisk(under mountPoint: URL) async throws {
    let harness = try LiveHarness(directory: mountPoint.appendingPathComponent("sessions"))
    let recorder = try LogRecorder(
      streamingTo: harness.address, app: "Counter", stateType: "CounterState",
      actionType: "CounterAction", clock: LiveHarness.fixedClock, recordsSites: false)
    let store = await Store(
      initialState: CounterState(), reducer: counterReducer, recorder: recorder)
    var dispatched = 0
    while dispatched < 5_000 {
      for _ in 0..<50 { await store.dispatch(.increment) }
      dispatched += 50
      if case .stopped = recorder.streamStatus { break }
      if harness.seen.contains(where: { if case .stopped = $0 { true } else { false } }) { break }
      harness.drain()
    }
    let events = try await harness.wait("the session to stop") {
      $0.contains { if case .stopped = $0 { true } else { false } }
    }
    let session = try #require(harness.sessions.first)
    let reason =
      "cannot write to the session file '\(session.file.path)': No space left on device (errno \(ENOSPC)); the listener stopped saving the session"
    #expect(events.contains(.stopped(session, reason: reason)))
    try await eventually("the app to be told") { recorder.streamStatus == .stopped(reason: reason) }
    // The app goes on recording; the file has whole lines only, and opens as a log.
    await store.dispatch(.increment)
    let log = try LogFile(path: session.file.path)
    #expect(log.entryCount > 100)
    #expect(try log.positions.map { try log.entry($0).seq } == Array(1...log.entryCount))
    #expect(
      log.warnings.map(\.message) == [
        "the session did not end cleanly (no closing record): the app crashed, was killed, or is still recording; entries after seq \(log.entryCount) may be missing"
      ])
    #expect(harness.listener.summaries.first?.stopReason == reason)
    try recorder.close()
  }
}
