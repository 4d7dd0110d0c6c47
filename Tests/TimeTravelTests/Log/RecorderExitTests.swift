import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import TimeTravel

/// A counter whose encoding waits while ``ExitSession/gateIsOpen`` is false: a child
/// process closes the gate to keep entries in an asynchronous recorder's queue, so what
/// a way of stopping loses is exact rather than a race with the writer thread.
struct GatedCount: Codable, Equatable, Sendable {
  var count = 0

  private enum CodingKeys: String, CodingKey { case count }

  init() {}

  init(from decoder: any Decoder) throws {
    count = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .count)
  }

  func encode(to encoder: any Encoder) throws {
    if !ExitSession.gateIsOpen.load(ordering: .acquiring) {
      ExitSession.writerIsAtGate.store(true, ordering: .releasing)
      while !ExitSession.gateIsOpen.load(ordering: .acquiring) { usleep(100) }
    }
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(count, forKey: .count)
  }
}

/// The recording session each child process of ``RecorderExitTests`` runs before it
/// stops, and the parent's checks of the log it leaves.
enum ExitSession {
  static let gateIsOpen = Atomic<Bool>(true)
  static let writerIsAtGate = Atomic<Bool>(false)
  /// Keeps a store (and so its recorder) alive until the process ends.
  nonisolated(unsafe) static var kept: AnyObject?

  typealias CounterStore = Store<Reduce<GatedCount, CounterAction>>

  static func temporaryPath(_ name: String) -> String {
    Scratch.folder
      .appendingPathComponent("exit-\(name)-\(UUID().uuidString).jsonl").path
  }

  /// `.add(n)` with a negative `n` traps, as a bug in a reducer would.
  static var reducer: Reduce<GatedCount, CounterAction> {
    Reduce { state, action in
      switch action {
      case .increment: state.count += 1
      case .add(let n):
        if n < 0 { fatalError("the reducer trapped on add(\(n))") }
        state.count += n
      }
    }
  }

  /// Dispatches `written` increments and flushes them (they are in the file for sure),
  /// then closes the gate and dispatches `held` more: an asynchronous recorder's writer
  /// stops at the first of them, which stay queued; a synchronous one needs `held` 0.
  @MainActor static func start(
    path: String, durability: LogRecorder.Durability, pendingRecords: Bool = false,
    written: Int, held: Int
  ) throws -> CounterStore {
    let recorder = try LogRecorder(
      url: URL(fileURLWithPath: path), app: "Counter", stateType: "GatedCount",
      actionType: "CounterAction", pendingRecords: pendingRecords, durability: durability)
    let store = Store(initialState: GatedCount(), reducer: reducer, recorder: recorder)
    for _ in 0..<written { store.dispatch(.increment) }
    try recorder.flush()
    if held > 0 {
      gateIsOpen.store(false, ordering: .releasing)
      for _ in 0..<held { store.dispatch(.increment) }
      // The writer is blocked inside the first held entry: nothing after it is written.
      if case .asynchronous = durability {
        while !writerIsAtGate.load(ordering: .acquiring) { usleep(100) }
      }
    }
    if let error = store.recordingError { throw error }
    return store
  }

  /// Opens the gate when the process exits, before the recorders close: `atexit`
  /// handlers run in reverse order of registration, and the recorders' handler was
  /// registered when the first recorder opened.
  static func openGateAtExit() {
    atexit { ExitSession.gateIsOpen.store(true, ordering: .releasing) }
  }

  /// The missing-closing-record warning for a log whose last line is `line`.
  static func uncleanEnd(line: Int, lastSeq: Int) -> LogWarning {
    LogWarning(
      line: line,
      message:
        "the session did not end cleanly (no closing record): the app crashed, was killed, or is still recording; entries after seq \(lastSeq) may be missing"
    )
  }

  /// Checks that the log at `path` holds entries 1…`entries` with the counter's states,
  /// then the given closing record (or none), and the given warnings from both the log
  /// and a full summary scan.
  static func expectLog(
    _ path: String, entries: Int, closedBy: String?, warnings: [LogWarning],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    defer { try? FileManager.default.removeItem(atPath: path) }
    let log = try LogFile(path: path)
    #expect(log.entryCount == entries, sourceLocation: sourceLocation)
    #expect(
      try log.positions.map { try log.entry($0).seq } == Array(1..<(entries + 1)),
      sourceLocation: sourceLocation)
    if entries > 0 {
      #expect(
        try log.state(entries)["count"]?.numberValue?.intValue == entries,
        sourceLocation: sourceLocation)
    }
    #expect(log.closing?.by == closedBy, sourceLocation: sourceLocation)
    if closedBy != nil {
      #expect(log.closing?.lastSeq == entries, sourceLocation: sourceLocation)
      #expect(log.closing?.line == entries + 2, sourceLocation: sourceLocation)
    }
    #expect(log.warnings == warnings, sourceLocation: sourceLocation)
    #expect(try LogSummary(scanning: log).warnings == warnings, sourceLocation: sourceLocation)
  }
}

/// What each way of stopping a recording process leaves in its log: the table in
/// `Sources/TimeTravel/Documentation.docc/RecordingCosts.md`, row by row. Each child is a Swift Testing exit test (see
/// ``DurabilityKillTests``) that records, then stops; the parent reads the log.
@Suite struct RecorderExitTests {
  // MARK: Normal exit: everything accepted, then the closing record.

  @Test func asynchronousEntriesStillQueuedReachTheFileAtExit() async throws {
    let path = ExitSession.temporaryPath("async-exit")
    await #expect(processExitsWith: .success) { [path = path as String] in
      try await MainActor.run {
        // The writer writes nothing before exit: all 2,000 entries are queued.
        let store = try ExitSession.start(
          path: path, durability: .asynchronous(), written: 0, held: 2000)
        ExitSession.openGateAtExit()
        withExtendedLifetime(store) { exit(0) }
      }
    }
    try ExitSession.expectLog(path, entries: 2000, closedBy: "exit", warnings: [])
  }

  @Test func synchronousRecorderGetsItsClosingRecordAtExit() async throws {
    let path = ExitSession.temporaryPath("sync-exit")
    await #expect(processExitsWith: .success) { [path = path as String] in
      try await MainActor.run {
        let store = try ExitSession.start(
          path: path, durability: .synchronous, written: 50, held: 0)
        withExtendedLifetime(store) { exit(0) }
      }
    }
    try ExitSession.expectLog(path, entries: 50, closedBy: "exit", warnings: [])
  }

  @Test func returningFromTheBodyIsANormalExit() async throws {
    let path = ExitSession.temporaryPath("return")
    await #expect(processExitsWith: .success) { [path = path as String] in
      try await MainActor.run {
        ExitSession.kept = try ExitSession.start(
          path: path, durability: .asynchronous(), written: 10, held: 500)
        ExitSession.openGateAtExit()
      }
    }
    try ExitSession.expectLog(path, entries: 510, closedBy: "exit", warnings: [])
  }

  @Test func aRecorderReleasedJustBeforeExitIsDrainedFirst() async throws {
    let path = ExitSession.temporaryPath("release")
    await #expect(processExitsWith: .success) { [path = path as String] in
      try await MainActor.run {
        var store: ExitSession.CounterStore? = try ExitSession.start(
          path: path, durability: .asynchronous(), written: 0, held: 300)
        ExitSession.openGateAtExit()
        // The recorder's deinit queues its close without waiting; exit waits for it.
        store = nil
        withExtendedLifetime(store) { exit(0) }
      }
    }
    try ExitSession.expectLog(path, entries: 300, closedBy: "release", warnings: [])
  }

  @Test(arguments: [SIGTERM, SIGINT])
  func closeOnSignalsDrainsTheQueueThenLetsTheSignalEndTheProcess(signal: Int32) async throws {
    let path = ExitSession.temporaryPath("signal-closed-\(signal)")
    await #expect(processExitsWith: .signal(signal)) {
      [path = path as String, signal = signal as Int32] in
      try await MainActor.run {
        LogRecorder.closeOnSignals([SIGINT, SIGTERM])
        let store = try ExitSession.start(
          path: path, durability: .asynchronous(), written: 5, held: 200)
        // The 200 entries are queued before the signal; the watcher closes the log
        // behind them once the gate opens.
        _ = kill(getpid(), signal)
        ExitSession.gateIsOpen.store(true, ordering: .releasing)
        withExtendedLifetime(store) {
          while true { sleep(1) }
        }
      }
    }
    try ExitSession.expectLog(path, entries: 205, closedBy: "signal", warnings: [])
  }

  @Test func closeOnSignalsClosesASynchronousLogToo() async throws {
    let path = ExitSession.temporaryPath("signal-closed-sync")
    await #expect(processExitsWith: .signal(SIGTERM)) { [path = path as String] in
      try await MainActor.run {
        LogRecorder.closeOnSignals()
        let store = try ExitSession.start(
          path: path, durability: .synchronous, written: 30, held: 0)
        withExtendedLifetime(store) {
          _ = kill(getpid(), SIGTERM)
          while true { sleep(1) }
        }
      }
    }
    try ExitSession.expectLog(path, entries: 30, closedBy: "signal", warnings: [])
  }

  @Test func aWriterThatNeverFinishesDoesNotKeepTheProcessAlive() async throws {
    let path = ExitSession.temporaryPath("stalled")
    await #expect(processExitsWith: .success) { [path = path as String] in
      try await MainActor.run {
        // The gate never opens: exit gives up after the stall limit (5 s).
        let store = try ExitSession.start(
          path: path, durability: .asynchronous(), written: 3, held: 10)
        withExtendedLifetime(store) { exit(0) }
      }
    }
    try ExitSession.expectLog(
      path, entries: 3, closedBy: nil, warnings: [ExitSession.uncleanEnd(line: 4, lastSeq: 3)])
  }

  // MARK: Uncaught signal, SIGKILL: only what the kernel has, and no closing record.

  @Test(arguments: [SIGTERM, SIGINT, SIGKILL])
  func aSynchronousRecorderLosesNothingItAccepted(signal: Int32) async throws {
    let path = ExitSession.temporaryPath("sync-signal-\(signal)")
    await #expect(processExitsWith: .signal(signal)) {
      [path = path as String, signal = signal as Int32] in
      try await MainActor.run {
        let store = try ExitSession.start(
          path: path, durability: .synchronous, written: 50, held: 0)
        withExtendedLifetime(store) { _ = kill(getpid(), signal) }
        while true { sleep(1) }
      }
    }
    try ExitSession.expectLog(
      path, entries: 50, closedBy: nil,
      warnings: [ExitSession.uncleanEnd(line: 51, lastSeq: 50)])
  }

  @Test(arguments: [SIGTERM, SIGINT, SIGKILL])
  func anAsynchronousRecorderLosesWhatIsStillQueued(signal: Int32) async throws {
    let path = ExitSession.temporaryPath("async-signal-\(signal)")
    await #expect(processExitsWith: .signal(signal)) {
      [path = path as String, signal = signal as Int32] in
      try await MainActor.run {
        let store = try ExitSession.start(
          path: path, durability: .asynchronous(), written: 40, held: 25)
        withExtendedLifetime(store) { _ = kill(getpid(), signal) }
        while true { sleep(1) }
      }
    }
    try ExitSession.expectLog(
      path, entries: 40, closedBy: nil,
      warnings: [ExitSession.uncleanEnd(line: 41, lastSeq: 40)])
  }

  // MARK: A trap in a reducer.

  @Test func aTrapLeavesTheSynchronousPendingRecordNamingTheAction() async throws {
    let path = ExitSession.temporaryPath("sync-trap")
    await #expect(processExitsWith: .failure) { [path = path as String] in
      try await MainActor.run {
        let store = try ExitSession.start(
          path: path, durability: .synchronous, pendingRecords: true, written: 30, held: 0)
        store.dispatch(.add(-1))
      }
    }
    let log = try LogFile(path: path)
    #expect(log.pendingEntry?.seq == 31)
    #expect(log.pendingEntry?.action == ["add": ["_0": -1]])
    #expect(log.pendingEntry?.prior == ["count": 30])
    // Entry k's pending record and entry are lines 2k and 2k + 1.
    try ExitSession.expectLog(
      path, entries: 30, closedBy: nil,
      warnings: [
        LogWarning(
          line: 62,
          message: "the session ended during entry 31 (add): the app stopped while applying it")
      ])
  }

  @Test func aTrapLosesAnAsynchronousRecordersQueue() async throws {
    let path = ExitSession.temporaryPath("async-trap")
    await #expect(processExitsWith: .failure) { [path = path as String] in
      try await MainActor.run {
        // The writer writes entry 31's pending record, then stops at its next state;
        // the trap is in entry 36.
        let store = try ExitSession.start(
          path: path, durability: .asynchronous(), pendingRecords: true, written: 30, held: 5)
        store.dispatch(.add(-1))
      }
    }
    let log = try LogFile(path: path)
    #expect(log.pendingEntry?.seq == 31)
    #expect(log.pendingEntry?.action == ["increment": [:]])
    try ExitSession.expectLog(
      path, entries: 30, closedBy: nil,
      warnings: [
        LogWarning(
          line: 62,
          message:
            "the log ends in the pending record for entry 31 (increment) and has no closing record: the app stopped while applying it or later (the recorder was asynchronous), so entries after seq 30 may be missing"
        )
      ])
  }

  // MARK: Two recorders on one file.

  @Test func aSecondProcessCannotOpenALogARecorderHolds() async throws {
    let path = ExitSession.temporaryPath("locked")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = try LogRecorder(
      url: URL(fileURLWithPath: path), app: "Counter", stateType: "GatedCount",
      actionType: "CounterAction")
    try recorder.record(
      action: RecordedAction<CounterAction>.action(.increment), prior: GatedCount(),
      next: GatedCount())
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    // The child exits 0 only when it is refused with the exact error.
    await #expect(processExitsWith: .success) { [path = path as String] in
      do {
        _ = try LogRecorder(
          url: URL(fileURLWithPath: path), app: "Other", stateType: "S", actionType: "A")
      } catch let error as LogWriterError
        where error == .locked(path: path)
        && error.description
          == "cannot open log file '\(path)' for writing: another recorder is writing to it (it holds the file's lock); close that recorder first, or record to another file"
      {
        exit(0)
      }
      exit(1)
    }
    // The refused opener truncated nothing, and the first recorder carries on.
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    try recorder.record(
      action: RecordedAction<CounterAction>.action(.increment), prior: GatedCount(),
      next: GatedCount())
    try recorder.close()
    let log = try LogFile(path: path)
    #expect(log.entryCount == 2)
    #expect(log.closing?.by == "close")
    #expect(log.warnings.isEmpty)
    // Once closed, the file is free. A child that a concurrent test forks holds a copy of
    // every descriptor (and so the lock) until it execs, so a refusal is retried a while.
    var next: LogRecorder?
    for _ in 0..<200 where next == nil {
      do {
        next = try LogRecorder(
          url: URL(fileURLWithPath: path), app: "Counter", stateType: "S", actionType: "A")
      } catch LogWriterError.locked {
        try await Task.sleep(for: .milliseconds(10))
      }
    }
    try #require(next).close()
  }
}
