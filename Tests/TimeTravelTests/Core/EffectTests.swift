import Foundation
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelDiff
@testable import TimeTravelJSON

@MainActor
struct EffectTests {
  /// An effect's sleep that no test run outlives: only cancellation ends it early, so an
  /// early end proves the cancellation, however slowly the test itself was scheduled.
  static let never = Duration.seconds(86_400)

  /// Polls the main actor until `condition` holds, for up to 10 minutes: the whole suite
  /// runs in parallel, and a loaded machine can keep the main actor from this test for
  /// minutes, so the bound is a safety net, not a timing claim.
  private func eventually(_ condition: () -> Bool) async {
    for _ in 0..<60_000 where !condition() { try? await Task.sleep(for: .milliseconds(10)) }
  }

  @Test func releasingTheStoreCancelsItsEffects() async {
    let runs = Collector<String>()
    var store: Store<Ticker>? = Store(
      initialState: TickerState(), reducer: Ticker(runs: runs, delay: Self.never))
    store?.send(.start("long", ticks: 1))
    await eventually { runs.values == ["long"] }
    #expect(store?.runningEffectCount == 1)
    weak let released = store
    store = nil
    #expect(released == nil)
    // A 30 s sleep ending at once proves the task was cancelled.
    await eventually { runs.values.count == 2 }
    #expect(runs.values == ["long", "long cancelled"])
  }

  @Test func theCancelledEffectFinishesWithoutSending() async {
    let runs = Collector<String>()
    let store = Store(initialState: TickerState(), reducer: Ticker(runs: runs, delay: Self.never))
    store.send(.start("a", ticks: 1))
    await eventually { runs.values == ["a"] }
    store.send(.stop("a"))
    #expect(store.runningEffectCount == 0)
    await eventually { runs.values.count == 2 }
    #expect(runs.values == ["a", "a cancelled"])
    #expect(store.state.log == ["start a"])
  }

  @Test func logOrderIsDispatchOrderUnderConcurrentEffects() async throws {
    let writer = MemoryLogWriter()
    let recorder = try LogRecorder(writer: writer, app: "T", stateType: "S", actionType: "A")
    let dispatched = Collector<String>()
    let spy = Middleware<TickerState, TickerAction> { _, action, next in
      dispatched.append(JSONPrinter.compact.print(try! JSONValueCoding.encode(action)))
      next(action)
    }
    let runs = Collector<String>()
    let store = Store(
      initialState: TickerState(), reducer: Ticker(runs: runs, delay: .milliseconds(1)),
      middleware: [spy], recorder: recorder)
    for name in ["a", "b", "c", "d"] { store.send(.start(name, ticks: 5)) }
    await eventually { store.state.log.count == 24 }
    #expect(store.state.log.count == 24)
    // Entries only: the effect records between them are no entries.
    let logged = try writer.lines.filter { $0.hasPrefix(#"{"seq":"#) }.map { line in
      JSONPrinter.compact.print(try JSONParser.parse(line)["action"]!)
    }
    #expect(logged == dispatched.values)
    // Each tick names its effect and the seq of the start that launched it.
    let firstTickOfB = try #require(
      writer.lines.first { $0.contains(#""action":{"tick":{"_0":"b","_1":1}}"#) })
    #expect(firstTickOfB.contains(#","origin":{"cause":2,"effect":"b","id":2},"#))
  }

  @Test func sendEffectsDispatchAtOnceWithTheirOrigin() throws {
    let writer = MemoryLogWriter()
    let recorder = try LogRecorder(writer: writer, app: "T", stateType: "S", actionType: "A")
    let store = Store(
      initialState: TickerState(), reducer: Ticker(runs: Collector(), delay: .zero),
      recorder: recorder)
    store.send(.echo("hi"))
    #expect(store.state.log == ["hi 0"])
    // Header, entry 1, the send's start, its entry, its end.
    #expect(writer.lines.count == 5)
    #expect(writer.lines[2].hasPrefix(#"{"effect":"start","id":1,"name":"send","cause":1,"#))
    #expect(
      writer.lines[3].contains(
        #""action":{"tick":{"_0":"hi","_1":0}},"origin":{"cause":1,"effect":"send","id":1},"site":{"file":"TestSupport/Ticker.swift","line":50,"function":"reduce(into:action:)"},"prior""#
      ))
    #expect(writer.lines[4].hasPrefix(#"{"effect":"end","id":1,"outcome":"completed","#))
  }

  @Test func replayFeedsEffectActionsFromTheLogWithoutRunningEffects() async throws {
    let url = Scratch.folder
      .appendingPathComponent("effects-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let recorder = try LogRecorder(url: url, app: "T", stateType: "S", actionType: "A")
    let liveRuns = Collector<String>()
    let store = Store(
      initialState: TickerState(), reducer: Ticker(runs: liveRuns, delay: .milliseconds(1)),
      recorder: recorder)
    store.send(.start("a", ticks: 3))
    store.send(.start("b", ticks: 2))
    await eventually { store.state.log.count == 7 }
    try recorder.close()

    let replayRuns = Collector<String>()
    let outcome = try Replayer(reducer: Ticker(runs: replayRuns, delay: .zero))
      .verify(LogFile(path: url.path))
    #expect(outcome == .verified(entries: 7))
    try? await Task.sleep(for: .milliseconds(20))
    #expect(replayRuns.values == [])
    // Both live effects ran; they run concurrently, so in either order.
    #expect(liveRuns.values.sorted() == ["a", "b"])
  }

  @Test func middlewareSeesEveryActionAndTheResultingState() async {
    let seen = Collector<String>()
    let spy = Middleware<TickerState, TickerAction> { context, action, next in
      next(action)
      seen.append("\(action) -> \(context.getState().log.count)")
    }
    let store = Store(
      initialState: TickerState(), reducer: Ticker(runs: Collector(), delay: .zero),
      middleware: [spy])
    store.send(.start("a", ticks: 2))
    await eventually { store.state.log.count == 3 }
    #expect(
      seen.values == [
        #"start("a", ticks: 2) -> 1"#, #"tick("a", 1) -> 2"#, #"tick("a", 2) -> 3"#,
      ])
  }
}
