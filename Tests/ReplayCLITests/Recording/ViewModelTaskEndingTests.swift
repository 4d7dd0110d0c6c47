import Foundation
import ProfileSample
import ReplayCLI
import TestSupport
import Testing
import TimeTravel

/// How tasks end, recorded by a view model reduced to a counter.
@MainActor
@Suite struct ViewModelTaskEndingTests {
  struct Count: Codable, Sendable { var n = 0 }
  enum CountAction: Codable, Sendable { case start, bump }
  struct Boom: Error, CustomStringConvertible { var description: String { "boom" } }

  @MainActor final class Counter {
    var n = 0
    let recording: ViewModelRecorder<Count, CountAction>
    init(_ recorder: any Recorder) {
      recording = ViewModelRecorder(recorder: recorder)
      recording.snapshot = { [unowned self] in Count(n: n) }
    }
  }

  static func record(_ session: (Counter) async -> Void) async throws -> [String] {
    let writer = MemoryLogWriter()
    let recorder = try LogRecorder(
      writer: writer, app: "Counter", stateType: "Count", actionType: "CountAction",
      writesHeader: false, clock: { Date(timeIntervalSince1970: 1_767_603_600) })
    let counter = Counter(recorder)
    await session(counter)
    await counter.recording.waitForTasks()
    #expect(counter.recording.recordingError == nil)
    return writer.lines.map {
      $0.replacingOccurrences(of: #""time":"2026-01-05T09:00:00.000Z","#, with: "")
        .replacingOccurrences(of: #","time":"2026-01-05T09:00:00.000Z"}"#, with: "}")
    }
  }

  /// The `site` member of a call at `line` of this file in `function`.
  static func site(_ line: Int, _ function: String) -> String {
    #""site":{"file":"ReplayCLITests/ViewModelTaskEndingTests.swift","line":\#(line),"function":"\#(function)"}"#
  }

  @Test func aTaskThatThrowsIsRecordedAsFailed() async throws {
    let top = #line
    let lines = try await Self.record { counter in
      counter.recording.intent(.start) {
        counter.n = 1
        counter.recording.task { _ in throw Boom() }
      }
    }
    let site = { Self.site(top + $0, "aTaskThatThrowsIsRecordedAsFailed()") }
    #expect(
      lines == [
        #"{"seq":1,"action":{"start":{}},\#(site(2)),"prior":{"n":0},"next":{"n":1}}"#,
        #"{"effect":"start","id":1,"name":"start","cause":1,\#(site(4))}"#,
        #"{"seq":2,"action":{"@@failed":{"error":"boom","task":"start"}},"origin":{"cause":1,"effect":"start","id":1},"prior":{"n":1},"next":{"n":1}}"#,
        #"{"effect":"end","id":1,"outcome":"failed","error":"boom"}"#,
      ])
  }

  /// A task cancelled before it ran, that returns normally: cancelled all the same. A task
  /// started outside an intent names the last entry, under the name it is given.
  @Test func cancellationIsRecordedEvenWhenTheTaskSwallowsIt() async throws {
    let top = #line
    let lines = try await Self.record { counter in
      counter.recording.intent(.start) {
        counter.recording.task(name: "load") { _ in }.cancel()
      }
      await counter.recording.waitForTasks()
      counter.recording.task(name: "bump") { task in
        task.change(.bump) { counter.n += 1 }
      }
    }
    let site = { Self.site(top + $0, "cancellationIsRecordedEvenWhenTheTaskSwallowsIt()") }
    #expect(
      lines == [
        #"{"seq":1,"action":{"start":{}},\#(site(2)),"prior":{"n":0},"next":{"n":0}}"#,
        #"{"effect":"start","id":1,"name":"load","cause":1,\#(site(3))}"#,
        #"{"seq":2,"action":{"@@cancelled":{"task":"load"}},"origin":{"cause":1,"effect":"load","id":1},"prior":{"n":0},"next":{"n":0}}"#,
        #"{"effect":"end","id":1,"outcome":"cancelled","by":"task"}"#,
        #"{"effect":"start","id":2,"name":"bump","cause":2,\#(site(6))}"#,
        #"{"seq":3,"action":{"bump":{}},"origin":{"cause":2,"effect":"bump","id":2},\#(site(7)),"prior":{"n":0},"next":{"n":1}}"#,
        #"{"effect":"end","id":2,"outcome":"completed"}"#,
      ])
  }
}
