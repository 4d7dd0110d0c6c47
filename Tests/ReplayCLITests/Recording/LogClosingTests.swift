import Foundation
import ReplayCLI
import TestSupport
import Testing
import TodoReducer

@testable import TimeTravel

/// The closing record: written by every way a recorder closes, read by every mode, and
/// missed (with a warning) only where the header promised one.
@MainActor
struct LogClosingTests {
  private static let t0 = "2026-01-05T09:00:00.000Z"
  private static let promising =
    #"{"format":"replay-log","version":1,"app":"Counter","created":"2026-01-05T09:00:00.000Z","closingRecord":true}"#
  private static let silent =
    #"{"format":"replay-log","version":1,"app":"Counter","created":"2026-01-05T09:00:00.000Z"}"#

  private static func entry(_ seq: Int, time: String = t0) -> String {
    #"{"seq":\#(seq),"time":"\#(time)","action":"increment","prior":{"count":\#(seq - 1)},"next":{"count":\#(seq)}}"#
  }

  private static func closing(_ lastSeq: Int, by: String = "close") -> String {
    #"{"closed":true,"lastSeq":\#(lastSeq),"time":"\#(t0)","by":"\#(by)"}"#
  }

  private static func log(_ lines: [String]) throws -> (LogFile, TempLog) {
    let file = try TempLog(lines.joined(separator: "\n") + "\n")
    return (try LogFile(path: file.path), file)
  }

  // MARK: Writing

  @Test func everyEncodingEndsWithTheClosingRecord() throws {
    for (name, encoding, keepingLast, pending) in [
      ("full", LogRecorder.EntryEncoding.full, Int?.none, false),
      ("compact", .compact(keyframeInterval: 3), nil, false),
      ("ring", .full, 4, false),
      ("compact-ring", .compact(keyframeInterval: 2), 4, false),
      ("pending", .full, nil, true),
    ] {
      let url = RecordingSession.temporaryURL("closing-\(name)")
      defer { try? FileManager.default.removeItem(at: url) }
      let recorder = try LogRecorder(
        url: url, app: "Counter", stateType: "CounterState", actionType: "CounterAction",
        clock: { RecordingSession.start }, pendingRecords: pending, encoding: encoding,
        keepingLast: keepingLast)
      let store = Store(initialState: CounterState(), reducer: counterReducer, recorder: recorder)
      for _ in 1...10 { store.dispatch(.increment) }
      try recorder.close()
      let text = try String(contentsOf: url, encoding: .utf8)
      #expect(text.hasSuffix("\n" + Self.closing(10) + "\n"), "\(name)")
      let log = try LogFile(path: url.path)
      #expect(
        log.closing
          == LogClosing(lastSeq: 10, time: Self.t0, by: "close", line: log.closing?.line ?? 0),
        "\(name)")
      #expect(try log.state(log.entryCount) == ["count": 10], "\(name)")
      #expect(try log.entry(log.entryCount).seq == 10, "\(name)")
      // Only the ring's own note: nothing about how the session ended.
      #expect(
        log.warnings.map(\.message).allSatisfy { $0.hasSuffix("(ring mode, keeps the last 4)") },
        "\(name)")
      #expect(try LogSummary(scanning: log).warnings == log.warnings, "\(name)")
    }
  }

  @Test func aHeaderlessLogIsClosedToo() throws {
    let writer = MemoryLogWriter()
    let recorder = try LogRecorder(
      writer: writer, app: "Counter", stateType: "CounterState", actionType: "CounterAction",
      writesHeader: false, clock: { RecordingSession.start })
    let store = Store(initialState: CounterState(), reducer: counterReducer, recorder: recorder)
    store.dispatch(.increment)
    withExtendedLifetime(store) {}
    try recorder.close()
    try recorder.close()  // idempotent: one closing record
    #expect(writer.lines.last == Self.closing(1))
    #expect(writer.lines.count == 2)
  }

  @Test func aReleasedRecorderClosesItsLog() throws {
    let writer = MemoryLogWriter()
    do {
      let recorder = try LogRecorder(
        writer: writer, app: "Counter", stateType: "CounterState", actionType: "CounterAction",
        writesHeader: false, clock: { RecordingSession.start })
      let store = Store(initialState: CounterState(), reducer: counterReducer, recorder: recorder)
      store.dispatch(.increment)
      store.dispatch(.increment)
    }
    #expect(writer.lines.last == Self.closing(2, by: "release"))
  }

  @Test func aFailedRecorderWritesNoClosingRecord() throws {
    struct Unencodable: Encodable, Sendable {
      func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(
          0, .init(codingPath: [], debugDescription: "cannot be encoded"))
      }
    }
    let writer = MemoryLogWriter()
    let recorder = try LogRecorder(
      writer: writer, app: "Counter", stateType: "CounterState", actionType: "CounterAction",
      clock: { RecordingSession.start })
    try recorder.record(
      action: RecordedAction<CounterAction>.action(.increment), prior: CounterState(),
      next: CounterState(count: 1))
    #expect(throws: EncodingError.self) {
      try recorder.record(
        action: RecordedAction<CounterAction>.action(.increment), prior: Unencodable(),
        next: Unencodable())
    }
    try recorder.close()
    // The log did not get everything it was given: a reader must say so.
    let (log, file) = try Self.log(writer.lines)
    defer { try? FileManager.default.removeItem(atPath: file.path) }
    #expect(writer.lines.count == 2)
    #expect(log.closing == nil)
    #expect(
      log.warnings == [
        LogWarning(
          line: 2,
          message:
            "the session did not end cleanly (no closing record): the app crashed, was killed, or is still recording; entries after seq 1 may be missing"
        )
      ])
  }

  @Test func aDroppedTailIsAGapBeforeTheClosingRecord() throws {
    let url = RecordingSession.temporaryURL("closing-drop")
    defer { try? FileManager.default.removeItem(at: url) }
    let writer = try GatedWriter(url: url)
    let recorder = try LogRecorder(
      writer: writer, app: "TodoApp", stateType: "TodoState", actionType: "TodoAction",
      clock: { RecordingSession.start }, durability: .asynchronous(queueLimit: 2, whenFull: .drop))
    let store = Store(initialState: TodoState(), reducer: TodoReducer(), recorder: recorder)
    store.send(.addTodo(id: "t1", title: "One"))
    writer.entered.wait()  // entry 1 holds a slot, entry 2 takes the other; 3…6 are dropped
    for i in 2...6 { store.send(.addTodo(id: "t\(i)", title: "T\(i)")) }
    writer.gate.signal()
    try recorder.close()
    let log = try LogFile(path: url.path)
    #expect(log.entryCount == 2)
    #expect(log.closing?.lastSeq == 6)
    #expect(log.closing?.line == 5)
    #expect(
      log.warnings.map(\.message) == [
        "4 entries were dropped at the end of the log (seq 3…6; the recorder's queue was full)"
      ])
  }

  // MARK: Reading

  @Test func aMissingClosingRecordIsWarnedWhereTheHeaderPromisedOne() throws {
    let unclean = { (line: Int, after: String) in
      LogWarning(
        line: line,
        message:
          "the session did not end cleanly (no closing record): the app crashed, was killed, or is still recording; \(after) may be missing"
      )
    }
    let cases: [(lines: [String], warnings: [LogWarning])] = [
      (
        [Self.promising, Self.entry(1), Self.entry(2), Self.entry(3)],
        [unclean(4, "entries after seq 3")]
      ),
      ([Self.promising], [unclean(1, "entries")]),
      (
        [Self.promising, Self.entry(1), #"{"dropped":2,"seq":2}"#],
        [
          LogWarning(
            line: 3,
            message:
              "2 entries were dropped at the end of the log (seq 2…3; the recorder's queue was full)"
          ),
          unclean(3, "entries after seq 3"),
        ]
      ),
      (
        [Self.promising, Self.entry(1), Self.entry(2), #"{"seq":3,"time":"#],
        [
          LogWarning(
            line: 4,
            message:
              "the last line is incomplete (unexpected end of input); ignored it and read the 2 complete entries before it"
          ),
          unclean(4, "entries after seq 2"),
        ]
      ),
      // Other writers' logs and logs without a header promise nothing.
      ([Self.silent, Self.entry(1), Self.entry(2)], []),
      ([Self.entry(1), Self.entry(2)], []),
      // Closed: nothing to say.
      ([Self.promising, Self.entry(1), Self.closing(1)], []),
      ([Self.promising, Self.closing(0)], []),
    ]
    for (lines, warnings) in cases {
      let (log, file) = try Self.log(lines)
      defer { try? FileManager.default.removeItem(atPath: file.path) }
      #expect(log.warnings == warnings, "\(lines)")
    }
  }

  @Test func aClosingRecordThatDisagreesOrCannotBeReadIsWarnedAbout() throws {
    let cases: [(lines: [String], closing: LogClosing?, warnings: [LogWarning])] = [
      (
        [Self.promising, Self.entry(1), Self.entry(2), Self.closing(5)],
        LogClosing(lastSeq: 5, time: Self.t0, by: "close", line: 4),
        [
          LogWarning(
            line: 4,
            message: "the closing record says the last entry was seq 5, but the log's last is seq 2"
          )
        ]
      ),
      (
        [Self.silent, Self.closing(3)],
        LogClosing(lastSeq: 3, time: Self.t0, by: "close", line: 2),
        [
          LogWarning(
            line: 2,
            message: "the closing record says the last entry was seq 3, but the log has no entries")
        ]
      ),
      (
        [Self.promising, Self.entry(1), #"{"closed":"yes"}"#], nil,
        [
          LogWarning(
            line: 3,
            message:
              #"a closing record cannot be read (expected {"closed":true,"lastSeq":N} with N a non-negative integer); ignored it"#
          ),
          LogWarning(
            line: 3,
            message:
              "the session did not end cleanly (no closing record): the app crashed, was killed, or is still recording; entries after seq 1 may be missing"
          ),
        ]
      ),
      // Closed, then appended to: the earlier closing record is skipped silently.
      (
        [
          Self.promising, Self.entry(1), Self.closing(1), Self.entry(2),
          Self.closing(2, by: "exit"),
        ],
        LogClosing(lastSeq: 2, time: Self.t0, by: "exit", line: 5), []
      ),
      // A crash while applying an action, then exit: the pending record still names it.
      (
        [
          Self.promising, Self.entry(1),
          #"{"seq":2,"time":"\#(Self.t0)","pending":true,"action":"boom","prior":{"count":1}}"#,
          Self.closing(1, by: "exit"),
        ],
        LogClosing(lastSeq: 1, time: Self.t0, by: "exit", line: 4),
        [
          LogWarning(
            line: 3,
            message: "the session ended during entry 2 (boom): the app stopped while applying it")
        ]
      ),
    ]
    for (lines, closing, warnings) in cases {
      let (log, file) = try Self.log(lines)
      defer { try? FileManager.default.removeItem(atPath: file.path) }
      #expect(log.closing == closing, "\(lines)")
      #expect(log.warnings == warnings, "\(lines)")
      #expect(try LogSummary(scanning: log).warnings == warnings, "\(lines)")
      #expect(try LogSummary(fastScanning: log).warnings == warnings, "\(lines)")
    }
  }

  /// Every mode reads a closed log exactly as the same log without its closing record;
  /// only the summary and standard error differ, by the one warning.
  /// Off the main actor: the modes block their caller while they run.
  @Test nonisolated func everyModeReadsAClosedLogAsBefore() async throws {
    let (closed, open) = await MainActor.run {
      (RecordingSession.temporaryURL("closed"), RecordingSession.temporaryURL("open"))
    }
    defer {
      try? FileManager.default.removeItem(at: closed)
      try? FileManager.default.removeItem(at: open)
    }
    try await MainActor.run {
      try RecordingSession.record(steps: 120) {
        try RecordingSession.recorder(
          closed, $0, encoding: .compact(keyframeInterval: 7), keepingLast: 60)
      }
    }
    var lines = try String(contentsOf: closed, encoding: .utf8)
      .split(separator: "\n").map(String.init)
    #expect(lines.last?.hasPrefix(#"{"closed":true,"lastSeq":120,"#) == true)
    lines.removeLast()
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: open)
    let predicate = #"any(.todos[]; .title | test("^\\s*$"))"#
    let modes: [[String]] = [
      ["--show", "0"], ["--show", "\(lines.count - 1)"], ["--diff", "10"],
      ["--diff", "3", "90"], ["--bisect", "--predicate", predicate],
      ["--find", ".action | has(\"toggleTodo\")"], ["--watch", "/filter"],
      ["--step"], ["--verify", "--reducer", "todo"], ["--format", "json", "--show", "5"],
    ]
    let warning =
      "the session did not end cleanly (no closing record): the app crashed, was killed, or is still recording; entries after seq 120 may be missing"
    for arguments in modes {
      let a = BufferIO(stdin: "n\nn\nc\nq\n")
      let b = BufferIO(stdin: "n\nn\nc\nq\n")
      let codeA = ReplayCommand.run([closed.path] + arguments, io: a)
      let codeB = ReplayCommand.run([open.path] + arguments, io: b)
      #expect(codeA == codeB, "\(arguments)")
      #expect(
        a.stdout.replacingOccurrences(of: closed.path, with: "LOG")
          == b.stdout.replacingOccurrences(of: open.path, with: "LOG"), "\(arguments)")
      let line = "replay: warning: LOG:\(lines.count): \(warning)\n"
      let stderr = b.stderr.replacingOccurrences(of: open.path, with: "LOG")
      #expect(stderr.contains(line), "\(arguments)")
      #expect(
        stderr.replacingOccurrences(of: line, with: "")
          == a.stderr.replacingOccurrences(of: closed.path, with: "LOG"), "\(arguments)")
    }
    let summary = BufferIO()
    #expect(ReplayCommand.run([open.path], io: summary) == 0)
    #expect(summary.stdout.contains("\n  line \(lines.count): \(warning)\n"))
    let closedSummary = BufferIO()
    #expect(ReplayCommand.run([closed.path], io: closedSummary) == 0)
    #expect(closedSummary.stdout.contains("(ring mode, keeps the last 60)\n"))
    #expect(!closedSummary.stdout.contains("did not end cleanly"))
  }

  // MARK: One file, one recorder

  @Test func aSecondRecorderOnTheSameFileIsRefusedAndTruncatesNothing() throws {
    let url = RecordingSession.temporaryURL("locked-here")
    defer { try? FileManager.default.removeItem(at: url) }
    let first = try RecordingSession.recorder(url, { RecordingSession.start })
    let store = Store(initialState: TodoState(), reducer: TodoReducer(), recorder: first)
    store.send(.addTodo(id: "t1", title: "One"))
    let before = try Data(contentsOf: url)
    for (mode, keepingLast) in [
      (FileLogWriter.Mode.truncate, Int?.none), (.append, nil), (.truncate, 3),
    ] {
      #expect(throws: LogWriterError.locked(path: url.path)) {
        _ = try LogRecorder(
          url: url, app: "Other", stateType: "S", actionType: "A", mode: mode,
          keepingLast: keepingLast)
      }
    }
    #expect(throws: LogWriterError.locked(path: url.path)) {
      _ = try FileLogWriter(url: url, mode: .truncate)
    }
    #expect(try Data(contentsOf: url) == before)
    store.send(.addTodo(id: "t2", title: "Two"))
    try first.close()
    let log = try LogFile(path: url.path)
    #expect(log.entryCount == 2)
    #expect(log.warnings.isEmpty)
  }

  @Test func aRingLogStaysLockedAcrossRotations() throws {
    let url = RecordingSession.temporaryURL("locked-ring")
    defer { try? FileManager.default.removeItem(at: url) }
    let recorder = try LogRecorder(
      url: url, app: "Counter", stateType: "CounterState", actionType: "CounterAction",
      clock: { RecordingSession.start }, keepingLast: 4)
    let store = Store(initialState: CounterState(), reducer: counterReducer, recorder: recorder)
    for _ in 1...25 { store.dispatch(.increment) }  // several rotations
    #expect(throws: LogWriterError.locked(path: url.path)) {
      _ = try LogRecorder(url: url, app: "Other", stateType: "S", actionType: "A")
    }
    store.dispatch(.increment)
    try recorder.close()
    let log = try LogFile(path: url.path)
    #expect(log.closing?.lastSeq == 26)
    #expect(try log.entry(log.entryCount).seq == 26)
    // Closing releases the lock. A child process other tests spawn at this moment holds
    // a copy of every descriptor from fork(2) until its exec(2) closes them, so the
    // lock may stay taken for that instant: try again a few times before failing.
    var reopened: LogRecorder?
    for _ in 1...200 where reopened == nil {
      do {
        reopened = try LogRecorder(url: url, app: "Next", stateType: "S", actionType: "A")
      } catch LogWriterError.locked {
        usleep(10_000)
      }
    }
    #expect(reopened != nil)
  }
}
