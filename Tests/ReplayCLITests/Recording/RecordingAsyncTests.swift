import CLITestSupport
import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing
import TodoReducer

@testable import TimeTravel
@testable import TimeTravelJSON

/// A scripted to-do session (adds, toggles, deletes, filters, undo, redo, jumps) with a
/// fixed clock, so two recordings of it differ only in how they were recorded.
@MainActor
enum RecordingSession {
  nonisolated static let start = Date(timeIntervalSince1970: 1_767_603_600)
  /// The step adding a whitespace-only title, for `--bisect`.
  static let whitespaceStep = 70

  static func temporaryURL(_ name: String) -> URL {
    Scratch.folder
      .appendingPathComponent("recording-\(name)-\(UUID().uuidString).jsonl")
  }

  /// Records `steps` transitions through `makeRecorder`, then closes the recorder.
  static func record(
    steps: Int, _ makeRecorder: (_ clock: @escaping @Sendable () -> Date) throws -> LogRecorder
  ) throws {
    let clock = SessionClock(start: start)
    let recorder = try makeRecorder({ clock.now })
    let store = Store(initialState: TodoState(), reducer: TodoReducer(), recorder: recorder)
    var random: UInt64 = 0x2026
    func next(_ bound: Int) -> Int {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((random >> 33) % UInt64(bound))
    }
    var added = 0
    for step in 1...steps {
      clock.advance(milliseconds: Int64(250 + next(900)))
      let count = store.state.todos.count
      if step == whitespaceStep {
        added += 1
        store.send(.addTodo(id: "todo-\(added)", title: "   "))
        continue
      }
      switch next(10) {
      case 0...3 where count < 60 || step < 10:
        added += 1
        store.send(.addTodo(id: "todo-\(added)", title: "Item \(added)"))
      case 4...5 where count > 0:
        store.send(.toggleTodo(id: store.state.todos[next(count)].id))
      case 6 where count > 3 && step < whitespaceStep - 1:
        store.send(.deleteTodos(atOffsets: IndexSet([next(store.state.filteredTodos.count)])))
      case 7:
        store.send(.setFilter(Filter.allCases[next(Filter.allCases.count)]))
      case 8 where store.canUndo && step < whitespaceStep - 1:
        store.undo()
      case 9 where store.canRedo:
        store.redo()
      default:
        if store.currentIndex > 2, step < whitespaceStep - 1 {
          store.jump(to: store.currentIndex - 2)
        } else {
          store.send(.setLoading(step % 2 == 0))
        }
      }
    }
    #expect(store.recordingError == nil)
    try recorder.close()
  }

  static func recorder(
    _ url: URL, _ clock: @escaping @Sendable () -> Date,
    encoding: LogRecorder.EntryEncoding = .full,
    durability: LogRecorder.Durability = .synchronous, keepingLast: Int? = nil
  ) throws -> LogRecorder {
    try LogRecorder(
      url: url, app: "TodoApp", stateType: "TodoState", actionType: "TodoAction", clock: clock,
      encoding: encoding, durability: durability, keepingLast: keepingLast)
  }

  /// Each entry without its file line: what must not depend on the encoding.
  static func entries(_ log: LogFile) throws -> [LogEntry] {
    try log.positions.map { position in
      var entry = try log.entry(position)
      entry.line = 0
      return entry
    }
  }
}

/// A file writer whose first entry write waits until the test opens the gate, so the
/// queue fills deterministically.
final class GatedWriter: LogWriter {
  let file: FileLogWriter
  let entered = DispatchSemaphore(value: 0)
  let gate = DispatchSemaphore(value: 0)
  private let writes = Mutex(0)

  init(url: URL) throws { file = try FileLogWriter(url: url) }

  func write(line: Data) throws {
    let n = writes.withLock { n in
      n += 1
      return n
    }
    if n == 2 {  // the header is the first
      entered.signal()
      gate.wait()
    }
    try file.write(line: line)
  }

  func flush() throws { try file.flush() }
  func close() throws { try file.close() }
}

@MainActor
@Suite struct RecordingAsyncTests {
  @Test func asyncLogEqualsTheSynchronousLogInDispatchOrder() throws {
    let syncURL = RecordingSession.temporaryURL("sync")
    let asyncURL = RecordingSession.temporaryURL("async")
    defer {
      try? FileManager.default.removeItem(at: syncURL)
      try? FileManager.default.removeItem(at: asyncURL)
    }
    try RecordingSession.record(steps: 400) { try RecordingSession.recorder(syncURL, $0) }
    try RecordingSession.record(steps: 400) {
      try RecordingSession.recorder(
        asyncURL, $0, durability: .asynchronous(queueLimit: 8, whenFull: .block))
    }
    let expected = try RecordingSession.entries(LogFile(path: syncURL.path))
    let log = try LogFile(path: asyncURL.path)
    #expect(log.warnings.isEmpty)
    #expect(try RecordingSession.entries(log) == expected)
    #expect(try RecordingSession.entries(log).map(\.seq) == Array(1...400))
    // Byte for byte the same, but for the header saying the recorder was asynchronous.
    let asyncText = try String(contentsOf: asyncURL, encoding: .utf8)
    #expect(asyncText.contains(#""closingRecord":true,"durability":"asynchronous","#))
    let syncText = try String(contentsOf: syncURL, encoding: .utf8)
    #expect(
      asyncText.replacingOccurrences(of: #","durability":"asynchronous""#, with: "") == syncText)
  }

  @Test func flushMakesEverythingReadableAndCloseDrains() throws {
    let url = RecordingSession.temporaryURL("flush")
    defer { try? FileManager.default.removeItem(at: url) }
    let recorder = try RecordingSession.recorder(
      url, { RecordingSession.start }, durability: .asynchronous())
    let store = Store(initialState: TodoState(), reducer: TodoReducer(), recorder: recorder)
    for i in 1...150 { store.send(.addTodo(id: "t\(i)", title: "T\(i)")) }
    try recorder.flush()
    let flushed = try LogFile(path: url.path)
    #expect(flushed.entryCount == 150)
    #expect(try flushed.state(150) == JSONValueCoding.encode(store.state))
    for i in 1...150 { store.send(.toggleTodo(id: "t\(i)")) }
    try recorder.close()
    let closed = try LogFile(path: url.path)
    #expect(closed.entryCount == 300)
    #expect(try closed.entry(300).seq == 300)
    #expect(throws: LogWriterError.closed(path: url.path)) {
      try recorder.record(
        action: RecordedAction<TodoAction>.action(.setLoading(true)), prior: store.state,
        next: store.state)
    }
  }

  @Test func blockingQueueLosesNothing() throws {
    let url = RecordingSession.temporaryURL("block")
    defer { try? FileManager.default.removeItem(at: url) }
    try RecordingSession.record(steps: 300) {
      try RecordingSession.recorder(
        url, $0, durability: .asynchronous(queueLimit: 1, whenFull: .block))
    }
    let log = try LogFile(path: url.path)
    #expect(log.entryCount == 300)
    #expect(log.gaps.isEmpty)
    #expect(try LogSummary(scanning: log).warnings.isEmpty)
  }

  @Test func droppingQueueRecordsTheExactNumberDropped() throws {
    let url = RecordingSession.temporaryURL("drop")
    defer { try? FileManager.default.removeItem(at: url) }
    let writer = try GatedWriter(url: url)
    let recorder = try LogRecorder(
      writer: writer, app: "TodoApp", stateType: "TodoState", actionType: "TodoAction",
      durability: .asynchronous(queueLimit: 4, whenFull: .drop))
    let store = Store(initialState: TodoState(), reducer: TodoReducer(), recorder: recorder)
    store.send(.addTodo(id: "t1", title: "One"))
    writer.entered.wait()  // the writer thread holds entry 1 (and its slot)
    for i in 2...10 { store.send(.addTodo(id: "t\(i)", title: "T\(i)")) }  // 2…4 fit
    writer.gate.signal()
    try recorder.flush()
    store.send(.toggleTodo(id: "t3"))
    store.send(.toggleTodo(id: "t4"))
    #expect(store.recordingError == nil)
    try recorder.close()

    let log = try LogFile(path: url.path)
    #expect(log.entryCount == 6)
    #expect(try log.positions.map { try log.entry($0).seq } == [1, 2, 3, 4, 11, 12])
    #expect(log.gaps == [LogGap(dropped: 6, firstSeq: 5, line: 6, beforeEntry: 5)])
    #expect(log.gap(beforeEntry: 5)?.dropped == 6)
    #expect(
      log.warnings.map(\.message) == [
        "6 entries were dropped before entry 11 (seq 5…10; the recorder's queue was full)"
      ])
    // The entry after the gap starts a new chain with a full prior: state after entry 10.
    #expect(try log.entry(5).prior == JSONValueCoding.encode(store.states[10]))
    #expect(try log.state(6) == JSONValueCoding.encode(store.state))
    #expect(try LogSummary(scanning: log).warnings == log.warnings)
    let (code, _, err) = replay(url.path)
    #expect(code == 0)
    #expect(err.contains("6 entries were dropped before entry 11"))
  }
}
