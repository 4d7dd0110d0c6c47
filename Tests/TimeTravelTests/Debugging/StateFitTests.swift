import Foundation
import TestSupport
import Testing
import TimeTravel
import TodoReducer

/// Old logs keep working after the app's state type grows or loses a member: `Replayer`
/// and `Reproduction` fill members from the reducer's initial state and ignore members
/// the type no longer has, and say which.
@Suite struct StateFitTests {
  /// A log recorded by version 1 of a counter app: `count`, a `legacy` flag, and items
  /// with only an id.
  static let versionOneLog = """
    {"format":"replay-log","version":1,"nils":"null"}
    {"seq":1,"action":{"increment":{}},"prior":{"count":0,"items":[{"id":1}],"legacy":true,"settings":{"sound":true}},"next":{"count":1,"items":[{"id":1}],"legacy":true,"settings":{"sound":true}}}
    {"seq":2,"action":{"increment":{}},"prior":{"count":1,"items":[{"id":1}],"legacy":true,"settings":{"sound":true}},"next":{"count":2,"items":[{"id":1}],"legacy":true,"settings":{"sound":true}}}
    {"seq":3,"action":{"@@undo":{"from":2,"to":1}},"prior":{"count":2,"items":[{"id":1}],"legacy":true,"settings":{"sound":true}},"next":{"count":1,"items":[{"id":1}],"legacy":true,"settings":{"sound":true}}}

    """

  struct Item: Codable, Equatable, Sendable { var id: Int }
  struct Settings: Codable, Equatable, Sendable {
    var sound = true
    var volume = 5
  }
  /// Version 2: `favorites` and `settings.volume` added, `legacy` removed.
  struct CounterV2: Codable, Equatable, Sendable {
    var count = 0
    var items: [Item] = []
    var favorites: [String] = []
    var settings = Settings()
  }
  enum Action: Codable, Equatable, Sendable { case increment }
  struct ReducerV2: Reducer {
    func reduce(into state: inout CounterV2, action: Action) { state.count += 1 }
  }

  @Test func membersTheStateGainedAreFilledAndThoseItLostAreIgnored() throws {
    let file = try TempLog(Self.versionOneLog)
    let report = try Replayer(reducer: ReducerV2(), initialState: CounterV2())
      .report(LogFile(path: file.path))
    #expect(report.outcome == .verified(entries: 3))
    #expect(report.filledMembers == ["/favorites", "/settings/volume"])
    #expect(report.ignoredMembers == ["/legacy"])
  }

  @Test func withoutTheInitialStateTheMissingMemberIsNamedWithTheWayOut() throws {
    let file = try TempLog(Self.versionOneLog)
    #expect {
      try Replayer(reducer: ReducerV2()).verify(LogFile(path: file.path))
    } throws: { error in
      (error as? ReplayError)?.description
        == "\(file.path):2: the state before entry 1 does not decode as CounterV2: no member 'favorites' at \"\" (No value associated with key CodingKeys(stringValue: \"favorites\", intValue: nil) (\"favorites\").); if CounterV2 gained this member after the log was recorded, replay with the reducer's initial state, which fills in members a log lacks"
    }
  }

  struct PricedItem: Codable, Equatable, Sendable {
    var id: Int
    var price: Int
  }
  struct CounterV3: Codable, Equatable, Sendable {
    var count = 0
    var items: [PricedItem] = []
    var settings = Settings()
  }
  struct ReducerV3: Reducer {
    func reduce(into state: inout CounterV3, action: Action) { state.count += 1 }
  }

  @Test func aMemberOfAnArrayElementCannotBeFilledAndTheMessageSaysWhatToDo() throws {
    let file = try TempLog(Self.versionOneLog)
    #expect {
      try Replayer(reducer: ReducerV3(), initialState: CounterV3()).verify(LogFile(path: file.path))
    } throws: { error in
      (error as? ReplayError)?.description
        == "\(file.path):2: the state before entry 1 does not decode as CounterV3: no member 'price' at \"/items/0\" (No value associated with key CodingKeys(stringValue: \"price\", intValue: nil) (\"price\").); the initial state cannot fill a member of an array element: decode it with decodeIfPresent and a default"
    }
  }

  @Test func aRealDivergenceIsStillReportedAtTheRightPath() throws {
    let tampered = Self.versionOneLog.replacingOccurrences(
      of: #""next":{"count":2,"#, with: #""next":{"count":7,"#)
    let file = try TempLog(tampered)
    let report = try Replayer(reducer: ReducerV2(), initialState: CounterV2())
      .report(LogFile(path: file.path))
    guard case .diverged(let divergence) = report.outcome else {
      Issue.record("expected a divergence, got \(report.outcome)")
      return
    }
    #expect(divergence.seq == 2)
    #expect(divergence.changes.map(\.path.description) == ["/count"])
    #expect(divergence.changes.map(\.old) == [7])
    #expect(divergence.changes.map(\.new) == [2])
  }

  @Test func aLogThatFitsTheTypeReportsNothing() throws {
    let report = try Replayer(reducer: TodoReducer(), initialState: TodoState())
      .report(LogFile(path: Repo.fixture))
    #expect(report.outcome == .verified(entries: 240))
    #expect(report.filledMembers.isEmpty)
    #expect(report.ignoredMembers.isEmpty)
  }

  @Test func aCrashFromAnOlderVersionIsReproducedWithTheNewType() throws {
    let crash =
      Self.versionOneLog
      + #"{"seq":4,"pending":true,"action":{"increment":{}},"prior":{"count":1,"items":[{"id":1}],"legacy":true,"settings":{"sound":true}}}"#
      + "\n"
    let file = try TempLog(crash)
    let repro = try Reproduction.load(
      log: LogFile(path: file.path), reducer: ReducerV2(), initialState: CounterV2())
    #expect(repro.seq == 4)
    #expect(repro.action == .increment)
    #expect(
      repro.state
        == CounterV2(
          count: 1, items: [Item(id: 1)], favorites: [], settings: Settings(sound: true, volume: 5))
    )
    #expect(repro.reproduce().count == 2)
  }
}
