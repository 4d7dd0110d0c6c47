import Foundation
import TestSupport
import Testing

@testable import TimeTravel

@MainActor
struct PendingRecordTests {
  @Test func eachActionIsWrittenBeforeItIsReducedThenCompleted() throws {
    let writer = MemoryLogWriter()
    let clock = SessionClockStub()
    let recorder = try LogRecorder(
      writer: writer, app: "Counter", stateType: "CounterState", actionType: "CounterAction",
      writesHeader: false, clock: { clock.now }, pendingRecords: true)
    let store = Store(initialState: CounterState(), reducer: counterReducer, recorder: recorder)
    store.dispatch(.increment)
    let line = #line - 1
    store.undo()
    #expect(
      writer.lines == [
        #"{"seq":1,"time":"2026-01-05T09:00:00.000Z","pending":true,"action":{"increment":{}},"prior":{"count":0}}"#,
        #"{"seq":1,"time":"2026-01-05T09:00:00.000Z","action":{"increment":{}},"site":{"file":"TimeTravelTests/PendingRecordTests.swift","line":\#(line),"function":"eachActionIsWrittenBeforeItIsReducedThenCompleted()"},"prior":{"count":0},"next":{"count":1}}"#,
        #"{"seq":2,"time":"2026-01-05T09:00:00.000Z","action":{"@@undo":{"from":1,"to":0}},"prior":{"count":1},"next":{"count":0}}"#,
      ])
  }

  @Test func aReducerThatStopsMidwayLeavesTheActionAsThePendingEntry() throws {
    let writer = MemoryLogWriter()
    let recorder = try LogRecorder(
      writer: writer, app: "Counter", stateType: "CounterState", actionType: "CounterAction",
      pendingRecords: true)
    try recorder.recordPending(action: CounterAction.add(5), prior: CounterState())
    let file = try TempLog(bytes: Array(writer.data))
    let log = try LogFile(path: file.path)
    #expect(log.entryCount == 0)
    #expect(log.pendingEntry?.seq == 1)
    #expect(log.pendingEntry?.action == ["add": ["_0": 5]])
    #expect(log.pendingEntry?.prior == ["count": 0])
    #expect(log.pendingEntry?.line == 2)
  }
}

/// A fixed clock at 2026-01-05T09:00:00Z.
final class SessionClockStub: Sendable {
  let now = Date(timeIntervalSince1970: 1_767_603_600)
}
