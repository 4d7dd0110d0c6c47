import Foundation
import Testing

@testable import TimeTravel
@testable import TimeTravelJSON

/// The sites whose entries changed a value, ranked; logs without sites group by action.
@MainActor
struct BlameTests {
  static func entry(_ seq: Int, _ line: String) throws -> LogEntry {
    let log = try CauseChainTests.log([line])
    var entry = try log.entry(1)
    entry.seq = seq
    return entry
  }

  @Test func sitesAreRankedByEntriesThenByFirstEntry() throws {
    let view = #","site":{"file":"Shop/View.swift","line":3}"#
    let effect =
      #","origin":{"cause":1,"effect":"charge"},"site":{"file":"Shop/Pay.swift","line":9}"#
    var blame = Blame()
    for (seq, extra) in [(2, effect), (1, view), (4, view), (7, effect), (9, view)] {
      blame.add(try Self.entry(seq, CauseChainTests.entry(seq, "x", extra)))
    }
    blame.add(try Self.entry(5, CauseChainTests.entry(5, "reset")))
    #expect(
      blame.ranked == [
        .init(
          site: LogSite(file: "Shop/View.swift", line: 3, function: nil), action: nil,
          effect: nil, entries: 3, first: 1, last: 9),
        .init(
          site: LogSite(file: "Shop/Pay.swift", line: 9, function: nil), action: nil,
          effect: "charge", entries: 2, first: 2, last: 7),
        .init(site: nil, action: "reset", effect: nil, entries: 1, first: 5, last: 5),
      ])
    #expect(blame.groupsByAction)
    #expect(blame.entryCount == 6)
  }

  @Test func talliesOfPartsMergeIntoTheTallyOfTheWhole() throws {
    let lines = (1...20).map { seq in
      CauseChainTests.entry(seq, "a", #","site":{"file":"F\#(seq % 3).swift","line":1}"#)
    }
    var whole = Blame()
    var first = Blame()
    var second = Blame()
    for (i, line) in lines.enumerated() {
      let entry = try Self.entry(i + 1, line)
      whole.add(entry)
      if i < 7 { first.add(entry) } else { second.add(entry) }
    }
    second.merge(first)
    #expect(second == whole)
    #expect(!whole.groupsByAction)
    #expect(whole.ranked.map(\.site?.file) == ["F1.swift", "F2.swift", "F0.swift"])
  }

  @Test func anEntryIsFoundByItsNumber() throws {
    let log = try CauseChainTests.log([
      #"{"format":"replay-log","version":1,"ring":2,"firstSeq":11,"dropped":10}"#,
      CauseChainTests.entry(11, "a"), CauseChainTests.entry(12, "b"),
    ])
    #expect(try log.entry(numbered: 12)?.actionName == "b")
    #expect(try log.entry(numbered: 1) == nil)
  }
}
