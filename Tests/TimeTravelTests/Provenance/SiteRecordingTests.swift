import Foundation
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelJSON

/// Every entry the library writes says where its action was dispatched: the caller of
/// `dispatch`/`send`, an effect's `send`, a `.send` effect's reducer line, a middleware's
/// `send`; `recordsSites: false` leaves sites out, and what has no site writes none.
@MainActor
struct SiteRecordingTests {
  static let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_767_603_600) }
  static let time = #""time":"2026-01-05T09:00:00.000Z""#
  static let file = "TimeTravelTests/SiteRecordingTests.swift"

  static func recorder(
    _ writer: MemoryLogWriter, sites: Bool = true, effects: Bool = false,
    durability: LogRecorder.Durability = .synchronous
  ) throws -> LogRecorder {
    try LogRecorder(
      writer: writer, app: "Shop", stateType: "S", actionType: "A", writesHeader: false,
      clock: clock, durability: durability, recordsSites: sites, recordsEffects: effects)
  }

  static func site(_ line: Int, _ function: String) -> String {
    #""site":{"file":"\#(file)","line":\#(line),"function":"\#(function)"}"#
  }

  @Test func dispatchAndSendRecordTheLineThatCalledThem() throws {
    let writer = MemoryLogWriter()
    let store = Store(
      initialState: CheckoutState(), reducer: Checkout(), recorder: try Self.recorder(writer))
    let first = #line + 1
    store.dispatch(.add(50))
    let second = #line + 1
    store.send(.add(5))
    let function = "dispatchAndSendRecordTheLineThatCalledThem()"
    #expect(
      writer.lines == [
        #"{"seq":1,\#(Self.time),"action":{"add":{"_0":50}},\#(Self.site(first, function)),"prior":{"status":"","total":0},"next":{"status":"","total":50}}"#,
        #"{"seq":2,\#(Self.time),"action":{"add":{"_0":5}},\#(Self.site(second, function)),"prior":{"status":"","total":50},"next":{"status":"","total":55}}"#,
      ])
  }

  @Test func withoutSitesTheLinesAreThoseOfBefore() throws {
    let writer = MemoryLogWriter()
    let store = Store(
      initialState: CheckoutState(), reducer: Checkout(),
      recorder: try Self.recorder(writer, sites: false))
    store.send(.add(50))
    store.send(.ping)
    #expect(
      writer.lines == [
        #"{"seq":1,\#(Self.time),"action":{"add":{"_0":50}},"prior":{"status":"","total":0},"next":{"status":"","total":50}}"#,
        #"{"seq":2,\#(Self.time),"action":{"ping":{}},"prior":{"status":"","total":50},"next":{"status":"","total":50}}"#,
        #"{"seq":3,\#(Self.time),"action":{"pong":{}},"origin":{"cause":2,"effect":"send"},"prior":{"status":"","total":50},"next":{"status":"pong","total":50}}"#,
      ])
  }

  @Test func anEffectsActionsCarryTheSiteOfTheirSend() async throws {
    let writer = MemoryLogWriter()
    let store = Store(
      initialState: CheckoutState(), reducer: Checkout(), recorder: try Self.recorder(writer))
    store.send(.ping)
    store.send(.pay)
    while store.state.status != "refunded" { try await Task.sleep(for: .milliseconds(1)) }
    let lines = writer.lines
    #expect(lines.count == 4)
    // `.send(.pong)` is sent where the reducer returned it.
    #expect(
      lines[1].contains(
        #""action":{"pong":{}},"origin":{"cause":1,"effect":"send"},\#(Checkout.site("send pong")),"prior""#
      ))
    // The payment's refund, where its `.run` body called `send`.
    #expect(
      lines[3].contains(
        #""action":{"refund":{"_0":120}},"origin":{"cause":3,"effect":"charge"},\#(Checkout.site("send refund")),"prior""#
      ))
  }

  @Test func aMiddlewaresSendRecordsItsSiteAndItsDispatchRecordsNone() throws {
    let writer = MemoryLogWriter()
    let sendLine = Collector<Int>()
    let middleware = Middleware<CheckoutState, CheckoutAction> { context, action, next in
      next(action)
      if action == .add(1) {
        sendLine.append(#line + 1)
        context.send(.add(10))
        context.dispatch(.add(100))
      }
    }
    let store = Store(
      initialState: CheckoutState(), reducer: Checkout(), middleware: [middleware],
      recorder: try Self.recorder(writer))
    store.send(.add(1))
    let lines = writer.lines
    #expect(lines.count == 3)
    #expect(
      lines[1].contains(
        #""action":{"add":{"_0":10}},\#(Self.site(sendLine.values[0], "aMiddlewaresSendRecordsItsSiteAndItsDispatchRecordsNone()")),"prior""#
      ))
    #expect(lines[2].contains(#""action":{"add":{"_0":100}},"prior""#))
  }

  @Test func aReferenceToDispatchAsAFunctionRecordsNoSite() throws {
    let writer = MemoryLogWriter()
    let store = Store(
      initialState: CheckoutState(), reducer: Checkout(), recorder: try Self.recorder(writer))
    let dispatch: (CheckoutAction) -> Void = store.dispatch
    let send: (CheckoutAction) -> Void = store.send
    dispatch(.add(1))
    send(.add(2))
    #expect(writer.lines.allSatisfy { !$0.contains(#""site""#) })
    #expect(writer.lines.count == 2)
  }

  @Test func timeTravelMovesHaveNoSite() throws {
    let writer = MemoryLogWriter()
    let store = Store(
      initialState: CheckoutState(), reducer: Checkout(), recorder: try Self.recorder(writer))
    store.send(.add(1))
    store.undo()
    #expect(
      writer.lines[1]
        == #"{"seq":2,\#(Self.time),"action":{"@@undo":{"from":1,"to":0}},"prior":{"status":"","total":1},"next":{"status":"","total":0}}"#
    )
  }

  /// A site's strings are written as they are unless they need JSON escapes; hostile
  /// names (a quote, a newline, an escape sequence) come back exactly as given.
  @Test func namesThatNeedEscapesAreEscaped() throws {
    let writer = MemoryLogWriter()
    let store = Store(
      initialState: CheckoutState(), reducer: Checkout(), recorder: try Self.recorder(writer))
    store.send(.add(1), fileID: "Evil/\"quote\"\n\u{1B}[31m.swift", line: 7, function: "f\\()")
    let lines = writer.lines
    #expect(lines.count == 1)
    #expect(
      lines[0].contains(
        #""site":{"file":"Evil/\"quote\"\n\u001b[31m.swift","line":7,"function":"f\\()"}"#))
    let log = try LogFile(contents: Array(writer.data), name: "log")
    let entry = try log.entry(1)
    #expect(
      entry.site
        == LogSite(file: "Evil/\"quote\"\n\u{1B}[31m.swift", line: 7, function: "f\\()"))
    #expect(
      entry.provenanceWarnings == [
        LogWarning(
          line: 1, message: "entry 1's site holds control characters; they are shown escaped")
      ])
  }

  /// The asynchronous recorder writes what the synchronous one writes.
  @Test func asynchronousRecordingWritesTheSameBytes() async throws {
    func session(_ durability: LogRecorder.Durability) async throws -> [String] {
      let writer = MemoryLogWriter()
      let recorder = try Self.recorder(writer, effects: true, durability: durability)
      let store = Store(initialState: CheckoutState(), reducer: Checkout(), recorder: recorder)
      store.send(.add(50), fileID: "Shop/View.swift", line: 3, function: "tap()")
      store.send(.ping, fileID: "Shop/View.swift", line: 4, function: "tap()")
      store.send(.pay, fileID: "Shop/View.swift", line: 5, function: "tap()")
      while store.runningEffectCount > 0 || store.state.status != "refunded" {
        try await Task.sleep(for: .milliseconds(1))
      }
      try recorder.close()
      return writer.lines
    }
    let synchronous = try await session(.synchronous)
    let asynchronous = try await session(.asynchronous())
    #expect(synchronous == asynchronous)
    #expect(synchronous.count == 10)
  }
}
