import Foundation
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelJSON

/// Effect records from any writer: what cannot be read or paired is a warning naming its
/// line, and the entries read as before.
@MainActor
struct EffectRunsTests {
  static func log(_ lines: [String]) throws -> LogFile { try CauseChainTests.log(lines) }
  static let entry = CauseChainTests.entry

  @Test func recordsThatCannotBeReadOrPairedAreWarnedAbout() throws {
    let log = try Self.log([
      Self.entry(1, "a", ""),
      #"{"effect":"start","id":1,"name":"load","cause":1}"#,
      #"{"effect":"start","id":1,"name":"load again","cause":1}"#,
      #"{"effect":"end","id":2,"outcome":"completed"}"#,
      #"{"effect":"start","id":"3","name":"x"}"#,
      #"{"effect":"started","id":4,"name":"x"}"#,
      #"{"effect":"start","id":5,"name":"late","cause":7}"#,
      #"{"effect":"start","id":8,"name":"early","cause":2}"#,
      #"{"effect":"start","id":6,"name":"evil","cause":1,"site":{"file":"a\u0007.js"}}"#,
      #"{"effect":"start","id":7,"name":"lost","cause":99}"#,
      #"{"effect":"start", this is torn"#,
      Self.entry(2, "b", ""),
      #"{"effect":"end","id":1,"outcome":"completed"}"#,
      #"{"effect":"end","id":1,"outcome":"failed","error":"x"}"#,
    ])
    #expect(log.entryCount == 2)
    #expect(log.warnings == [])
    let runs = try log.effectRuns()
    #expect(runs.runs.map(\.id) == [1, 5, 8, 6, 7])
    #expect(runs.run(id: 1)?.end?.outcome == "completed")
    #expect(runs.run(id: 1)?.end?.after == 2)
    #expect(
      runs.warnings.map(\.description) == [
        "line 3: effect run 1 (load again) starts again; it started at line 2, so this start is ignored",
        "line 4: effect run 2 ends (completed) but never started; ignored this end",
        "line 5: an effect record cannot be read (/id must be an integer); ignored it",
        #"line 6: an effect record cannot be read (/effect must be "start" or "end"); ignored it"#,
        "line 7: effect run 5 (late) names entry 7 as its cause, which is not in the log",
        "line 8: effect run 8 (early) names entry 2 as its cause, but its start record comes after entry 1",
        "line 9: effect run 6's site holds control characters; they are shown escaped",
        "line 10: effect run 7 (lost) names entry 99 as its cause, which is not in the log",
        "line 11: an effect record cannot be read (not valid JSON: expected a string key, found 't'); ignored it",
        "line 14: effect run 1 (load) ends again; it ended at line 13, so this end is ignored",
      ])
  }

  /// Pending records and effect records: an effect record neither completes a pending
  /// record nor keeps one from ending the log.
  @Test func pendingRecordsReadThroughEffectRecords() throws {
    let pending = #"{"seq":2,"pending":true,"action":{"type":"b"},"prior":{}}"#
    let completed = try Self.log([
      Self.entry(1, "a", ""), pending, #"{"effect":"end","id":1,"outcome":"completed"}"#,
      Self.entry(2, "b", ""),
    ])
    #expect(completed.warnings == [])
    #expect(completed.pendingEntry == nil)
    #expect(completed.entryCount == 2)
    let crashed = try Self.log([
      Self.entry(1, "a", ""), #"{"effect":"start","id":1,"name":"x","cause":1}"#, pending,
      #"{"effect":"end","id":1,"outcome":"completed"}"#,
    ])
    #expect(crashed.pendingEntry?.seq == 2)
    #expect(crashed.entryCount == 1)
    #expect(
      crashed.warnings.map(\.description) == [
        "line 3: the session ended during entry 2 (b): the app stopped while applying it"
      ])
  }

  /// A torn effect record at the end is the torn last line every reader drops.
  @Test func aTornLastEffectRecordIsDroppedWithTheUsualWarning() throws {
    let log = try LogFile(
      contents: Array(
        (Self.entry(1, "a", "") + "\n" + #"{"effect":"end","id":1,"outc"#).utf8), name: "log")
    #expect(log.entryCount == 1)
    #expect(
      log.warnings.map(\.description) == [
        "line 2: the last line is incomplete (unterminated string starting at column 24); ignored it and read the 1 complete entry before it"
      ])
    #expect(try log.effectRuns() == .empty)
  }

  /// Compact entries are patched across effect records.
  @Test func compactEntriesArePatchedAcrossEffectRecords() async throws {
    let url = Scratch.folder
      .appendingPathComponent("compact-effects-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let recorder = try await MainActor.run {
      let recorder = try LogRecorder(
        url: url, app: "Shop", stateType: "S", actionType: "A",
        encoding: .compact(keyframeInterval: 3), recordsSites: true, recordsEffects: true)
      let store = Store(initialState: CheckoutState(), reducer: Checkout(), recorder: recorder)
      for _ in 0..<4 { store.send(.ping) }
      store.send(.add(3))
      return recorder
    }
    try recorder.close()
    let log = try LogFile(path: url.path)
    #expect(log.isCompact)
    #expect(log.entryCount == 9)
    #expect(log.warnings == [])
    #expect(try log.state(9) == JSONParser.parse(#"{"status":"pong","total":3}"#))
    #expect(try log.effectRuns().runs.count == 4)
  }

  @Test func readingASiteGivesItsMembers() throws {
    #expect(
      LogSite(
        try JSONParser.parse(#"{"file":"src/cart.js","line":12,"column":5,"function":"add"}"#))
        == LogSite(file: "src/cart.js", line: 12, function: "add", column: 5))
    #expect(LogSite(try JSONParser.parse(#"{"line":12}"#)) == nil)
    #expect(
      LogSite(file: "src/cart.js", line: 12, function: "add", column: 5).description
        == "src/cart.js:12:5")
    #expect(LogSite(file: "A/B.swift", line: 7, function: nil).description == "A/B.swift:7")
    #expect(LogSite(file: "A/B.swift", line: nil, function: nil).description == "A/B.swift")
    #expect(
      JSONPrinter.compact.print(LogSite(file: "A/B.swift", line: 7, function: "f()").jsonValue)
        == #"{"file":"A/B.swift","line":7,"function":"f()"}"#)
    #expect(
      DispatchSite(fileID: "A/B.swift", line: 7, function: "f()").logSite
        == LogSite(file: "A/B.swift", line: 7, function: "f()"))
  }
}
