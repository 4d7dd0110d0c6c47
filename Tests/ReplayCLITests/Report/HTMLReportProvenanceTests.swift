import CLITestSupport
import Foundation
import TestSupport
import Testing
import TimeTravel

/// What the report embeds about where entries came from: each row's site (as the text
/// views print it), cause and effect, and the log's effect runs. The page's use of them
/// is tested in a real browser by `HTMLReportBrowserTests`.
@Suite struct HTMLReportProvenanceTests {
  @Test func theIndexHasEachRowsSiteCauseAndEffectAndTheRuns() throws {
    let path = HTMLReportSupport.temporaryPath("checkout.html")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = replay(CheckoutFixture.path, arguments: ["--html", path])
    #expect(result.code == 0)
    let page = try String(contentsOfFile: path, encoding: .utf8)
    let (index, _) = HTMLReportSupport.dataElements(page)
    let rows = try #require(index["rows"])
    let reducer = "CheckoutSample/CheckoutReducer.swift"
    #expect(
      rows["site"]
        == [
          "CheckoutSample/CheckoutView.swift:15 in appeared()",
          "CheckoutSample/CheckoutView.swift:24 in addTapped(_:price:)",
          "CheckoutSample/CheckoutView.swift:24 in addTapped(_:price:)",
          "CheckoutSample/CheckoutView.swift:29 in payTapped()",
          .string("\(reducer):57 in reduce(into:action:)"),
          .string("\(reducer):58 in reduce(into:action:)"),
        ])
    #expect(rows["cause"] == [nil, nil, nil, nil, 4, 4])
    #expect(rows["effect"] == [nil, nil, nil, nil, "charge", "charge"])
    #expect(
      index["effects"]
        == [
          [
            "name": "priceWatch", "id": 1, "cause": 1,
            "site": .string("\(reducer):42 in reduce(into:action:)"),
            "started": "2026-01-05T09:00:02.000Z", "startedAfter": 1,
          ],
          [
            "name": "charge", "id": 2, "cause": 4,
            "site": .string("\(reducer):55 in reduce(into:action:)"),
            "started": "2026-01-05T09:00:06.000Z", "startedAfter": 4, "endedAfter": 6,
            "outcome": "completed",
          ],
        ])
  }

  /// A log without sites, causes or effect records has none of those columns.
  @Test func aLogWithoutThemLeavesThemOut() throws {
    let log = try TempLog(TempLog.counterLines(3))
    let path = HTMLReportSupport.temporaryPath("counter.html")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(replay(log.path, arguments: ["--html", path]).code == 0)
    let (index, _) = HTMLReportSupport.dataElements(
      try String(contentsOfFile: path, encoding: .utf8))
    #expect(index["rows"]!["site"] == nil)
    #expect(index["rows"]!["cause"] == nil)
    #expect(index["effects"] == nil)
  }
}
