import Foundation
import TestSupport
import Testing
import TodoReducer

@testable import TimeTravel

@MainActor
struct RecorderTests {
  private let start = Date(timeIntervalSince1970: 1_767_603_600)

  /// The session's lines; `site(line)` is the `site` member of an entry dispatched at
  /// `line` of ``runCounterSession(recordingTo:)`` (the time-travel moves have none).
  private static func expectedCounterLines(sites: (increment: Int, add: Int)) -> [String] {
    func site(_ line: Int) -> String {
      #","site":{"file":"TimeTravelTests/RecorderTests.swift","line":\#(line),"function":"runCounterSession(recordingTo:)"}"#
    }
    return [
      #"{"format":"replay-log","version":1,"app":"Counter","stateType":"CounterState","actionType":"CounterAction","created":"2026-01-05T09:00:00.000Z","closingRecord":true,"nils":"null"}"#,
      #"{"seq":1,"time":"2026-01-05T09:00:01.500Z","action":{"increment":{}}"#
        + site(sites.increment) + #","prior":{"count":0},"next":{"count":1}}"#,
      #"{"seq":2,"time":"2026-01-05T09:00:01.750Z","action":{"add":{"_0":5}}"#
        + site(sites.add) + #","prior":{"count":1},"next":{"count":6}}"#,
      #"{"seq":3,"time":"2026-01-05T09:00:02.000Z","action":{"@@undo":{"from":2,"to":1}},"prior":{"count":6},"next":{"count":1}}"#,
      #"{"seq":4,"time":"2026-01-05T09:00:02.250Z","action":{"@@redo":{"from":1,"to":2}},"prior":{"count":1},"next":{"count":6}}"#,
      #"{"seq":5,"time":"2026-01-05T09:00:02.500Z","action":{"@@jump":{"from":2,"to":0}},"prior":{"count":6},"next":{"count":0}}"#,
      #"{"closed":true,"lastSeq":5,"time":"2026-01-05T09:00:02.500Z","by":"close"}"#,
    ]
  }

  /// Plays the counter session; returns the lines its two dispatches are on.
  @discardableResult
  private func runCounterSession(recordingTo makeRecorder: (SessionClock) throws -> LogRecorder)
    throws -> (increment: Int, add: Int)
  {
    let clock = SessionClock(start: start)
    let recorder = try makeRecorder(clock)
    let store = Store(initialState: CounterState(), reducer: counterReducer, recorder: recorder)
    clock.advance(milliseconds: 1500)
    store.dispatch(.increment)
    let increment = #line - 1
    clock.advance(milliseconds: 250)
    store.dispatch(.add(5))
    let add = #line - 1
    for move in [{ store.undo() }, { store.redo() }] {
      clock.advance(milliseconds: 250)
      move()
    }
    clock.advance(milliseconds: 250)
    store.jump(to: 0)
    #expect(store.recordingError == nil)
    try recorder.close()
    return (increment, add)
  }

  @Test func writesExactLines() throws {
    let writer = MemoryLogWriter()
    let sites = try runCounterSession { clock in
      try LogRecorder(
        writer: writer, app: "Counter", stateType: "CounterState", actionType: "CounterAction",
        clock: { clock.now })
    }
    let expected = Self.expectedCounterLines(sites: sites)
    #expect(writer.lines == expected)
    let expectedText = expected.map { $0 + "\n" }.joined()
    #expect(String(decoding: writer.data, as: UTF8.self) == expectedText)
  }

  @Test func fileLogMatchesMemoryLogByteForByte() throws {
    let url = Scratch.folder
      .appendingPathComponent("recorder-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data("stale\n".utf8).write(to: url)
    let sites = try runCounterSession { clock in
      try LogRecorder(
        url: url, app: "Counter", stateType: "CounterState", actionType: "CounterAction",
        clock: { clock.now })
    }
    let bytes = try Data(contentsOf: url)
    #expect(bytes == Data(Self.expectedCounterLines(sites: sites).map { $0 + "\n" }.joined().utf8))
    #expect(bytes.last == UInt8(ascii: "\n"))
  }

  @Test func appendModeKeepsExistingLinesAndHeaderIsOptional() throws {
    let url = Scratch.folder
      .appendingPathComponent("recorder-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data("previous\n".utf8).write(to: url)
    let recorder = try LogRecorder(
      url: url, app: "Counter", stateType: "CounterState", actionType: "CounterAction",
      writesHeader: false, mode: .append, clock: { self.start })
    try recorder.record(
      action: RecordedAction<CounterAction>.action(.increment), prior: CounterState(count: 0),
      next: CounterState(count: 1))
    try recorder.close()
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(
      text == "previous\n"
        + #"{"seq":1,"time":"2026-01-05T09:00:00.000Z","action":{"increment":{}},"prior":{"count":0},"next":{"count":1}}"#
        + "\n" + #"{"closed":true,"lastSeq":1,"time":"2026-01-05T09:00:00.000Z","by":"close"}"#
        + "\n")
  }

  @Test func priorIsTheVerbatimPreviousNext() throws {
    let writer = MemoryLogWriter()
    let recorder = try LogRecorder(
      writer: writer, app: "Counter", stateType: "CounterState", actionType: "CounterAction",
      writesHeader: false, clock: { self.start })
    try recorder.record(
      action: RecordedAction<CounterAction>.action(.add(2)), prior: CounterState(count: 0),
      next: CounterState(count: 2))
    // The contract says prior is the previous next; the recorder trusts it rather than
    // re-encoding, so even a wrong argument cannot break the chain.
    try recorder.record(
      action: RecordedAction<CounterAction>.action(.increment), prior: CounterState(count: 99),
      next: CounterState(count: 3))
    #expect(writer.lines[1].contains(#""prior":{"count":2},"next":{"count":3}"#))
  }

  @Test func headerEscapesStrings() throws {
    let writer = MemoryLogWriter()
    let recorder = try LogRecorder(
      writer: writer, app: #"My "App"/1"#, stateType: "A.State", actionType: "A.Action",
      clock: { self.start })
    #expect(
      writer.lines == [
        #"{"format":"replay-log","version":1,"app":"My \"App\"/1","stateType":"A.State","actionType":"A.Action","created":"2026-01-05T09:00:00.000Z","closingRecord":true,"nils":"null"}"#
      ])
    withExtendedLifetime(recorder) {}
  }

  @Test func unopenableFileThrowsAnErrorNamingThePath() throws {
    let file = Scratch.folder
      .appendingPathComponent("not-a-directory-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data().write(to: file)
    let url = file.appendingPathComponent("log.jsonl")
    do {
      _ = try LogRecorder(url: url, app: "Counter", stateType: "S", actionType: "A")
      Issue.record("expected an error")
    } catch let error as LogWriterError {
      guard case .cannotOpen(let path, _) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(path == url.path)
      #expect(
        error.description
          == "cannot open log file '\(url.path)' for writing: Not a directory (errno 20)")
      #expect(error.localizedDescription == error.description)
    }
  }

  @Test func closedRecorderRefusesEntries() throws {
    let writer = MemoryLogWriter()
    let recorder = try LogRecorder(
      writer: writer, app: "Counter", stateType: "S", actionType: "A", writesHeader: false,
      clock: { self.start })
    try recorder.close()
    #expect(throws: LogWriterError.closed(path: "<memory>")) {
      try recorder.record(
        action: RecordedAction<CounterAction>.undo(from: 1, to: 0), prior: CounterState(),
        next: CounterState())
    }
    // Closed with no entries: only the closing record.
    #expect(
      writer.lines == [
        #"{"closed":true,"lastSeq":0,"time":"2026-01-05T09:00:00.000Z","by":"close"}"#
      ])
  }

  @Test(arguments: [
    (0.0, "1970-01-01T00:00:00.000Z"),
    (-0.001, "1969-12-31T23:59:59.999Z"),
    (1_767_603_600.5, "2026-01-05T09:00:00.500Z"),
    (1_767_603_600.0015, "2026-01-05T09:00:00.002Z"),
    (1_709_251_199.999, "2024-02-29T23:59:59.999Z"),
    (951_782_400.0, "2000-02-29T00:00:00.000Z"),
    (253_402_300_799.0, "9999-12-31T23:59:59.000Z"),
  ])
  func timestamps(seconds: Double, expected: String) {
    #expect(LogTimestamp.string(from: Date(timeIntervalSince1970: seconds)) == expected)
  }

  @Test func timestampsAgreeWithFoundationOnWholeSeconds() {
    let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    for step in 0..<200 {
      let date = Date(timeIntervalSince1970: Double(step) * 7_654_321)
      #expect(LogTimestamp.string(from: date) == style.format(date))
    }
  }
}
