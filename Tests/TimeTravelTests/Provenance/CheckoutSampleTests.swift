import CheckoutSample
import Foundation
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelJSON

/// The checkout sample's recorded session: regenerating it gives the checked-in fixture,
/// and the reader finds where the refund that made the total negative came from, which
/// effect is still running, and which sites changed the total.
@MainActor
struct CheckoutSampleTests {
  static let fixture = Repo.root.appendingPathComponent("Fixtures/checkout-session.jsonl")

  /// The line of the sample's `file` holding `text`.
  static func line(_ file: String, _ text: String) throws -> Int {
    let source = try String(
      contentsOf: Repo.root.appendingPathComponent("Examples/CheckoutSample/\(file)"),
      encoding: .utf8)
    let lines = source.components(separatedBy: "\n")
    return try #require(lines.firstIndex { $0.contains(text) }) + 1
  }

  static func site(_ file: String, _ text: String, _ function: String) throws -> LogSite {
    LogSite(file: "CheckoutSample/\(file)", line: try line(file, text), function: function)
  }

  @Test func regeneratingGivesTheCheckedInBytes() async throws {
    let url = Scratch.folder
      .appendingPathComponent("checkout-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    try await CheckoutSession.record(to: url)
    #expect(
      try Data(contentsOf: url) == Data(contentsOf: Self.fixture),
      "run `swift run make-fixtures checkout` and review the diff")
  }

  @Test func theRefundComesFromThePayTapThroughTheChargeEffect() throws {
    let log = try LogFile(path: Self.fixture.path)
    #expect(log.entryCount == 6)
    #expect(log.warnings == [])
    let negative = try log.positions.first {
      try log.state($0)["total"]!.numberValue!.intValue! < 0
    }
    #expect(negative == 6)
    let chain = try log.causeChain(ofEntry: 6)
    #expect(chain.warnings == [])
    #expect(chain.links.map(\.seq) == [4, 6])
    #expect(chain.links.map(\.actionName) == ["pay", "refunded"])
    #expect(
      chain.links.map(\.site) == [
        try Self.site("CheckoutView.swift", "store.send(.pay)", "payTapped()"),
        try Self.site(
          "CheckoutReducer.swift", "await send(.refunded(amount:", "reduce(into:action:)"),
      ])
    #expect(chain.links[1].effect?.name == "charge")
    #expect(chain.links[1].effect?.cause == 4)
    #expect(
      chain.links[1].effect?.site
        == (try Self.site(
          "CheckoutReducer.swift", #"return .run(name: "charge")"#, "reduce(into:action:)")))
  }

  @Test func thePriceWatchIsStillRunningAtTheEnd() throws {
    let runs = try LogFile(path: Self.fixture.path).effectRuns()
    #expect(runs.warnings == [])
    #expect(runs.runningAtEnd.map(\.name) == ["priceWatch"])
    #expect(runs.runningAtEnd.first?.cause == 1)
    #expect(
      runs.runningAtEnd.first?.site
        == (try Self.site(
          "CheckoutReducer.swift", #"return .run(name: "priceWatch")"#, "reduce(into:action:)")))
    #expect(runs.run(id: 2)?.end?.outcome == "completed")
    #expect(runs.running(afterEntry: 5).map(\.name) == ["priceWatch", "charge"])
  }

  @Test func theSitesThatChangedTheTotalAreRanked() throws {
    let log = try LogFile(path: Self.fixture.path)
    var blame = Blame()
    for position in log.positions {
      let entry = try log.entry(position)
      if Watch.hit(entry, at: JSONPointer(tokens: ["total"])) != nil { blame.add(entry) }
    }
    #expect(
      blame.ranked == [
        .init(
          site: try Self.site(
            "CheckoutView.swift", "store.send(.addItem(", "addTapped(_:price:)"),
          action: nil, effect: nil, entries: 2, first: 2, last: 3),
        .init(
          site: try Self.site(
            "CheckoutReducer.swift", "await send(.refunded(amount:", "reduce(into:action:)"),
          action: nil, effect: "charge", entries: 1, first: 6, last: 6),
      ])
  }
}
