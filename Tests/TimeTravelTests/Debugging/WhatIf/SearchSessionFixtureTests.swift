import Foundation
import SearchReducer
import TestSupport
import Testing

@testable import TimeTravel

/// The search sample's recorded session: reproducible, effects' responses with their
/// origins, and consistent at every entry.
@MainActor
struct SearchSessionFixtureTests {
  @Test func regeneratingGivesTheCheckedInBytes() async throws {
    let url = Scratch.folder
      .appendingPathComponent("search-session-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    try await SearchSessionFixture.record(to: url)
    let regenerated = try Data(contentsOf: url)
    let checkedIn = try Data(contentsOf: URL(fileURLWithPath: WhatIfFixtures.searchPath))
    #expect(regenerated == checkedIn, "run `swift run make-fixtures search` and review the diff")
  }

  @Test func eachResponseFollowsItsQueryAndNamesItAsItsCause() throws {
    let log = try WhatIfFixtures.searchLog()
    #expect(log.entryCount == SearchSessionFixture.entryCount)
    var entries: [LogEntry] = []
    try log.forEachEntry { entries.append($0) }
    #expect(
      entries.map(\.actionName) == [
        "queryChanged", "searchResponse", "queryChanged", "searchResponse", "queryChanged",
        "searchResponse",
      ])
    #expect(entries.map { $0.otherMembers["origin"]?["cause"] } == [nil, 1, nil, 3, nil, 5])
    #expect(entries.map { $0.next["query"] } == ["s", "s", "sw", "sw", "swift-", "swift-"])
    #expect(entries.last?.next["results"] == ["swift-nio", "swift-format"])
  }

  @Test func theRecordingVerifiesThroughTheReducer() throws {
    let outcome = try Replayer(reducer: SearchReducer()).verify(WhatIfFixtures.searchLog())
    #expect(outcome == .verified(entries: 6))
  }

  @Test func aLateResponseShowsResultsForAnOldQuery() {
    var state = SearchState()
    let reducer = SearchReducer()
    _ = reducer.reduce(into: &state, action: .queryChanged("s"))
    _ = reducer.reduce(into: &state, action: .queryChanged("sw"))
    _ = reducer.reduce(into: &state, action: .searchResponse(query: "s", results: ["Sourcery"]))
    #expect(state == SearchState(query: "sw", results: ["Sourcery"], resultsQuery: "s"))
  }
}
