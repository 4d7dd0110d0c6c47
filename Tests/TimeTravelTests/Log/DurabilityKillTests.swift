import Foundation
import Synchronization
import TestSupport
import Testing
import TodoReducer

@testable import TimeTravel

/// A recording process killed with SIGKILL mid-session leaves a log that reads back up
/// to its last completed entry. The child is a Swift Testing exit test: a copy of this
/// test process that records to-do transitions synchronously, as fast as it can, while
/// a second thread kills the whole process once 50 entries are written — wherever the
/// recorder happens to be at that instant.
@Suite struct DurabilityKillTests {
  /// Entries written so far in the child.
  static let written = Atomic<Int>(0)

  /// The log path, named after the test process so parent and child agree on it.
  static func path(testProcess: pid_t) -> String {
    Scratch.folder.appendingPathComponent("durability-\(testProcess).jsonl")
      .path
  }

  @Test func aKilledRecorderLeavesEveryCompletedEntryReadable() async throws {
    let path = Self.path(testProcess: getpid())
    defer { try? FileManager.default.removeItem(atPath: path) }
    await #expect(processExitsWith: .signal(SIGKILL)) {
      let path = DurabilityKillTests.path(testProcess: getppid())
      let killer = Thread {
        while DurabilityKillTests.written.load(ordering: .relaxed) < 50 { usleep(100) }
        kill(getpid(), SIGKILL)
      }
      killer.start()
      try await MainActor.run {
        let recorder = try LogRecorder(
          url: URL(fileURLWithPath: path), app: "TodoApp", stateType: "TodoState",
          actionType: "TodoAction", durability: .synchronous)
        let store = Store(initialState: TodoState(), reducer: TodoReducer(), recorder: recorder)
        var seq = 0
        while true {
          seq += 1
          // 20 items, then toggles: a bounded state, however long it runs.
          if seq <= 20 {
            store.send(.addTodo(id: "todo-\(seq)", title: "Item \(seq)"))
          } else {
            store.send(.toggleTodo(id: "todo-\(seq % 20 + 1)"))
          }
          DurabilityKillTests.written.store(seq, ordering: .relaxed)
        }
      }
    }
    let log = try LogFile(path: path)
    #expect(log.entryCount >= 50)
    // At most the last line is torn; the missing closing record is warned about, with
    // the last entry that is there.
    #expect(log.closing == nil)
    let torn = log.warnings.count == 2 ? log.warnings.first : nil
    if let torn {
      #expect(torn.message.hasPrefix("the last line is incomplete"))
    }
    #expect(
      log.warnings.last
        == LogWarning(
          line: log.entryCount + 1 + (torn == nil ? 0 : 1),
          message:
            "the session did not end cleanly (no closing record): the app crashed, was killed, or is still recording; entries after seq \(log.entryCount) may be missing"
        ))
    let summary = try LogSummary(scanning: log)
    #expect(summary.warnings == log.warnings)  // the chain and seq hold throughout
    #expect(try log.positions.map { try log.entry($0).seq } == Array(1...log.entryCount))
  }
}
