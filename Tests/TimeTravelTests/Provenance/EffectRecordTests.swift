import Foundation
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelJSON

/// Effects' starts and ends are recorded as effect records, which are not entries: the
/// ways an effect ends (completed, cancelled by id, by cancel-in-flight, by the store's
/// release, failed) each leave their record, and every reader numbers entries and states
/// as if the records were not there.
@MainActor
struct EffectRecordTests {
  static let time = #""time":"2026-01-05T09:00:00.000Z""#

  /// Polls until `condition` holds; bounded by minutes, not a timing claim.
  private func eventually(_ condition: () -> Bool) async {
    for _ in 0..<60_000 where !condition() { try? await Task.sleep(for: .milliseconds(10)) }
  }

  /// A session that ends effects every way, written with or without effect records.
  private func session(effects: Bool, sites: Bool = true, pending: Bool = false) async throws
    -> MemoryLogWriter
  {
    let writer = MemoryLogWriter()
    let recorder = try LogRecorder(
      writer: writer, app: "Shop", stateType: "S", actionType: "A", writesHeader: false,
      clock: SiteRecordingTests.clock, pendingRecords: pending, recordsSites: sites,
      recordsEffects: effects)
    var store: Store<Checkout>? = Store(
      initialState: CheckoutState(), reducer: Checkout(chargeDelay: .seconds(86_400)),
      recorder: recorder)
    let at: (UInt) -> (StaticString, UInt, StaticString) = { ("Shop/View.swift", $0, "tap()") }
    func send(_ action: CheckoutAction, _ line: UInt) {
      let (file, line, function) = at(line)
      store?.send(action, fileID: file, line: line, function: function)
    }
    send(.add(50), 1)  // 1
    send(.pay, 2)  // 2: run 1 "charge"
    send(.pay, 3)  // 3: cancels run 1 in flight, run 2
    send(.cancelPayment, 4)  // 4: cancels run 2 by id
    send(.fail, 5)  // 5: run 3 "flaky" fails; its handler sends 6
    await eventually { store?.state.status == "card declined" && store?.runningEffectCount == 0 }
    send(.watch, 7)  // 7: run 4 "watcher", never ends
    send(.ping, 8)  // 8: run 5 "send", then 9 "pong"
    weak let released = store
    store = nil  // cancels run 4
    #expect(released == nil)
    try recorder.close()
    return writer
  }

  @Test func everyWayAnEffectEndsIsRecorded() async throws {
    let lines = try await session(effects: true).lines
    let records = lines.filter { $0.hasPrefix(#"{"effect":"#) }
    let run = Checkout.site("run charge")
    #expect(
      records == [
        #"{"effect":"start","id":1,"name":"charge","cause":2,"cancelID":"payment",\#(run),\#(Self.time)}"#,
        #"{"effect":"end","id":1,"outcome":"cancelled","by":"cancelInFlight","cause":3,\#(Self.time)}"#,
        #"{"effect":"start","id":2,"name":"charge","cause":3,"cancelID":"payment",\#(run),\#(Self.time)}"#,
        #"{"effect":"end","id":2,"outcome":"cancelled","by":"id","cause":4,\#(Self.time)}"#,
        #"{"effect":"start","id":3,"name":"flaky","cause":5,\#(Checkout.site("run flaky")),\#(Self.time)}"#,
        #"{"effect":"end","id":3,"outcome":"failed","error":"card declined",\#(Self.time)}"#,
        #"{"effect":"start","id":4,"name":"watcher","cause":7,\#(Checkout.site("run watcher")),\#(Self.time)}"#,
        #"{"effect":"start","id":5,"name":"send","cause":8,\#(Checkout.site("send pong")),\#(Self.time)}"#,
        #"{"effect":"end","id":5,"outcome":"completed",\#(Self.time)}"#,
        #"{"effect":"end","id":4,"outcome":"cancelled","by":"release",\#(Self.time)}"#,
      ])
    // The handler's action names its run; the records sit where they happened.
    #expect(
      lines[10].contains(
        #""action":{"failed":{"_0":"card declined"}},"origin":{"cause":5,"effect":"flaky","id":3},\#(Checkout.site("send failed")),"prior""#
      ))
    #expect(lines[9].hasPrefix(#"{"effect":"start","id":3,"#))
    #expect(lines[11].hasPrefix(#"{"effect":"end","id":3,"#))
    #expect(lines.last == #"{"closed":true,"lastSeq":9,\#(Self.time),"by":"close"}"#)
  }

  @Test func withoutEffectRecordsOriginsHaveNoID() async throws {
    let lines = try await session(effects: false).lines
    #expect(!lines.contains { $0.hasPrefix(#"{"effect":"#) })
    #expect(lines.contains { $0.contains(#""origin":{"cause":5,"effect":"flaky"},"#) })
    #expect(lines.count == 10)
  }

  /// Numbering, entries, states, warnings and the summary are those of the same session
  /// recorded without effect records.
  @Test func readersSeeTheSameEntriesWithAndWithoutEffectRecords() async throws {
    for pending in [false, true] {
      let with = try LogFile(
        contents: Array(try await session(effects: true, pending: pending).data), name: "with")
      let without = try LogFile(
        contents: Array(try await session(effects: false, pending: pending).data),
        name: "without")
      #expect(with.entryCount == 9)
      #expect(with.entryCount == without.entryCount)
      #expect(with.numbering == without.numbering)
      #expect(with.warnings == [])
      #expect(without.warnings == [])
      #expect(with.pendingEntry == nil)
      #expect(with.hasEffectRecords && !without.hasEffectRecords)
      for position in with.positions {
        var a = try with.entry(position)
        var b = try without.entry(position)
        #expect(a.line >= b.line)
        (a.line, b.line) = (0, 0)
        a.otherMembers["origin"] = a.otherMembers["origin"].map { origin in
          var object = origin.objectValue!
          object["id"] = nil
          return .object(object)
        }
        #expect(a == b)
      }
      for index in 0...with.entryCount { #expect(try with.state(index) == without.state(index)) }
      #expect(try LogSummary(scanning: with) == LogSummary(scanning: without))
    }
  }

  @Test func effectRunsPairEachStartWithItsEnd() async throws {
    let log = try LogFile(contents: Array(try await session(effects: true).data), name: "log")
    let runs = try log.effectRuns()
    #expect(runs.warnings == [])
    #expect(runs.runs.map(\.id) == [1, 2, 3, 4, 5])
    #expect(runs.runs.map(\.name) == ["charge", "charge", "flaky", "watcher", "send"])
    #expect(runs.runs.map(\.cause) == [2, 3, 5, 7, 8])
    #expect(runs.runs.map(\.startedAfter) == [2, 3, 5, 7, 8])
    #expect(
      runs.runs.map(\.end?.outcome) == [
        "cancelled", "cancelled", "failed", "cancelled", "completed",
      ])
    #expect(runs.runs.map(\.end?.cancelledBy) == ["cancelInFlight", "id", nil, "release", nil])
    #expect(runs.runs.map(\.end?.cause) == [3, 4, nil, nil, nil])
    #expect(runs.runs.map(\.end?.after) == [3, 4, 6, 9, 9])
    #expect(runs.runs[2].end?.error == "card declined")
    #expect(
      runs.runs[0].site
        == LogSite(
          file: "TimeTravelTests/Checkout.swift", line: Checkout.line("run charge"),
          function: "reduce(into:action:)"))
    #expect(runs.runs[0].cancelID == "payment")
    #expect(runs.runs[0].started == "2026-01-05T09:00:00.000Z")
    #expect(runs.run(id: 4)?.name == "watcher")
    #expect(runs.run(id: 9) == nil)
    func running(_ k: Int?) -> [Int] { runs.running(afterEntry: k).map(\.id) }
    #expect(running(nil) == [])
    #expect(running(1) == [])
    #expect(running(2) == [1])
    #expect(running(3) == [2])
    #expect(running(4) == [])
    #expect(running(5) == [3])
    #expect(running(6) == [])
    #expect(running(7) == [4])
    #expect(running(8) == [4, 5])
    #expect(running(9) == [])
    #expect(runs.runningAtEnd == [])
  }

  /// An effect still running when the log ends (the app was killed, or the log was
  /// closed first) has no end.
  @Test func anEffectStillRunningAtTheEndHasNoEnd() async throws {
    let writer = MemoryLogWriter()
    let recorder = try LogRecorder(
      writer: writer, app: "Shop", stateType: "S", actionType: "A", writesHeader: false,
      clock: SiteRecordingTests.clock, recordsSites: true, recordsEffects: true)
    let store = Store(initialState: CheckoutState(), reducer: Checkout(), recorder: recorder)
    store.send(.watch)
    try recorder.close()
    let runs = try LogFile(contents: Array(writer.data), name: "log").effectRuns()
    #expect(runs.runningAtEnd.map(\.name) == ["watcher"])
    #expect(runs.running(afterEntry: 1).map(\.id) == [1])
    #expect(store.runningEffectCount == 1)
  }

  /// The follower of a growing log skips effect records, as it skips what is no entry.
  @Test func theFollowerSkipsEffectRecords() async throws {
    let data = try await session(effects: true).data
    let log = try TempLog("")
    let follower = try LogFollower(following: try LogFile(path: log.path))
    let handle = try #require(FileHandle(forWritingAtPath: log.path))
    try handle.write(contentsOf: data)
    try handle.close()
    var entries: [Int] = []
    var others: [String] = []
    for event in try follower.available() {
      switch event {
      case .entry(let entry): entries.append(entry.seq)
      case .closing: others.append("closing")
      default: others.append("\(event)")
      }
    }
    #expect(entries == Array(1...9))
    #expect(others == ["closing"])
  }
}
