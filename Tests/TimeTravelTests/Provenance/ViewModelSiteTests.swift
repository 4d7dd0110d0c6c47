import Foundation
import TestSupport
import Testing

@testable import TimeTravel

/// The view-model recorder's entries carry the sites of `intent` and `change`, and each
/// task is an effect run: its start after the intent's entry, its end when it ends.
@MainActor
struct ViewModelSiteTests {
  struct Counter: Codable, Sendable { var n = 0 }
  enum Intent: Codable, Sendable {
    case load
    case loaded(Int)
  }

  @Test func intentsChangesAndTasksAreRecordedWithTheirSites() async throws {
    let writer = MemoryLogWriter()
    let recorder = try LogRecorder(
      writer: writer, app: "VM", stateType: "S", actionType: "A", writesHeader: false,
      clock: SiteRecordingTests.clock, recordsSites: true, recordsEffects: true)
    let recording = ViewModelRecorder<Counter, Intent>(recorder: recorder)
    var n = 0
    recording.snapshot = { Counter(n: n) }
    let file = "TimeTravelTests/ViewModelSiteTests.swift"
    let function = "intentsChangesAndTasksAreRecordedWithTheirSites()"
    let lines = Collector<Int>()
    lines.append(#line + 1)
    recording.intent(.load) {
      lines.append(#line + 1)
      recording.task { task in
        lines.append(#line + 1)
        task.change(.loaded(1)) { n = 1 }
      }
    }
    await recording.waitForTasks()
    let (intent, taskLine, change) = (lines.values[0], lines.values[1], lines.values[2])
    func site(_ line: Int) -> String {
      #""site":{"file":"\#(file)","line":\#(line),"function":"\#(function)"}"#
    }
    let time = #""time":"2026-01-05T09:00:00.000Z""#
    #expect(
      writer.lines == [
        #"{"seq":1,\#(time),"action":{"load":{}},\#(site(intent)),"prior":{"n":0},"next":{"n":0}}"#,
        #"{"effect":"start","id":1,"name":"load","cause":1,\#(site(taskLine)),\#(time)}"#,
        #"{"seq":2,\#(time),"action":{"loaded":{"_0":1}},"origin":{"cause":1,"effect":"load","id":1},\#(site(change)),"prior":{"n":0},"next":{"n":1}}"#,
        #"{"effect":"end","id":1,"outcome":"completed",\#(time)}"#,
      ])
  }

  @Test func aCancelledTaskEndsCancelledByTask() async throws {
    let writer = MemoryLogWriter()
    let recorder = try LogRecorder(
      writer: writer, app: "VM", stateType: "S", actionType: "A", writesHeader: false,
      clock: SiteRecordingTests.clock, recordsEffects: true)
    let recording = ViewModelRecorder<Counter, Intent>(recorder: recorder)
    recording.snapshot = { Counter() }
    var task: Task<Void, Never>?
    recording.intent(.load) {
      task = recording.task { _ in try await Task.sleep(for: .seconds(86_400)) }
    }
    task?.cancel()
    await recording.waitForTasks()
    let runs = try LogFile(contents: Array(writer.data), name: "log").effectRuns()
    #expect(runs.runs.map(\.end?.outcome) == ["cancelled"])
    #expect(runs.runs.map(\.end?.cancelledBy) == ["task"])
    #expect(runs.runs.map(\.end?.after) == [2])
  }
}
