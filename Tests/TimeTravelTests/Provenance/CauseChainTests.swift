import Foundation
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelJSON

/// The chain of causes of an entry, root first, read from the lines on the chain only;
/// a cause that names no entry, a cycle or a cause after its effect breaks the chain with
/// a warning naming the line, never an error or a loop.
@MainActor
struct CauseChainTests {
  /// A log from lines (a header first), read from memory.
  static func log(_ lines: [String]) throws -> LogFile {
    try LogFile(contents: Array((lines.joined(separator: "\n") + "\n").utf8), name: "log")
  }

  static func entry(_ seq: Int, _ type: String, _ extra: String = "") -> String {
    #"{"seq":\#(seq),"action":{"type":"\#(type)"}\#(extra),"prior":{},"next":{}}"#
  }

  @Test func aRecordedChainRunsFromTheUsersTapToTheRefund() async throws {
    let writer = MemoryLogWriter()
    let recorder = try LogRecorder(
      writer: writer, app: "Shop", stateType: "S", actionType: "A",
      clock: SiteRecordingTests.clock, recordsSites: true, recordsEffects: true)
    let store = Store(initialState: CheckoutState(), reducer: Checkout(), recorder: recorder)
    store.send(.add(50), fileID: "Shop/CartView.swift", line: 12, function: "add()")
    store.send(.reorder, fileID: "Shop/OrdersView.swift", line: 40, function: "reorderTapped()")
    while store.state.status != "refunded" { try await Task.sleep(for: .milliseconds(1)) }
    try recorder.close()
    let log = try LogFile(contents: Array(writer.data), name: "log")
    let chain = try log.causeChain(ofEntry: 4)
    #expect(chain.warnings == [])
    #expect(chain.links.map(\.seq) == [2, 3, 4])
    #expect(chain.links.map(\.actionName) == ["reorder", "pay", "refund"])
    #expect(
      chain.links.map(\.site) == [
        LogSite(file: "Shop/OrdersView.swift", line: 40, function: "reorderTapped()"),
        LogSite(
          file: "TimeTravelTests/Checkout.swift", line: Checkout.line("send pay"),
          function: "reduce(into:action:)"),
        LogSite(
          file: "TimeTravelTests/Checkout.swift", line: Checkout.line("send refund"),
          function: "reduce(into:action:)"),
      ])
    #expect(chain.links.map(\.origin?.cause) == [nil, 2, 3])
    #expect(chain.links.map(\.effect?.name) == [nil, "send", "charge"])
    #expect(chain.links.map(\.effect?.id) == [nil, 1, 2])
    #expect(chain.links[2].effect?.site?.line == Checkout.line("run charge"))
    #expect(chain.links.map(\.line) == [3, 5, 8])
    // An entry nothing caused is its own chain.
    #expect(try log.causeChain(ofEntry: 1).links.map(\.seq) == [1])
  }

  /// Lines off the chain are never read: here they are not even JSON.
  @Test func onlyTheLinesOnTheChainAreRead() throws {
    // Entries whose `seq` the reader finds in their first bytes, and whose rest is broken.
    func broken(_ seq: Int) -> String { #"{"seq":\#(seq),"action":{"type":"x"} not JSON}"# }
    let log = try Self.log([
      Self.entry(1, "tap"),
      #"{"effect":"start","id":1,"name":"load","cause":1}"#,
      broken(2),
      broken(3),
      #"{"effect":"end","id":1,"outcome":not JSON}"#,
      broken(4),
      Self.entry(5, "loaded", #","origin":{"cause":1,"effect":"load","id":1}"#),
      broken(6),
    ])
    #expect(throws: LogError.self) { try log.entry(2) }
    let chain = try log.causeChain(ofEntry: 5)
    #expect(chain.links.map(\.seq) == [1, 5])
    #expect(chain.links[1].effect?.name == "load")
    #expect(chain.warnings == [])
  }

  @Test func aCauseThatNamesNoEntryEndsTheChainWithAWarning() throws {
    let log = try Self.log([
      Self.entry(1, "a"), Self.entry(2, "b", #","origin":{"cause":9}"#),
    ])
    let chain = try log.causeChain(ofEntry: 2)
    #expect(chain.links.map(\.seq) == [2])
    #expect(
      chain.warnings == [
        LogWarning(
          line: 2,
          message: "entry 2's cause, entry 9, is not in the log; the chain stops here")
      ])
  }

  @Test func aCycleOfCausesEndsWithAWarningInsteadOfLooping() throws {
    let log = try Self.log([
      Self.entry(1, "a", #","origin":{"cause":3}"#),
      Self.entry(2, "b", #","origin":{"cause":1}"#),
      Self.entry(3, "c", #","origin":{"cause":2}"#),
    ])
    let chain = try log.causeChain(ofEntry: 3)
    #expect(chain.links.map(\.seq) == [1, 2, 3])
    #expect(
      chain.warnings == [
        LogWarning(
          line: 1,
          message:
            "entry 1's cause, entry 3, is already on its chain of causes (a cycle); the chain stops here"
        )
      ])
  }

  /// A cause after what it caused is a break, like a cycle: the chain stops there, so a
  /// chain is always in log order (what the fuzz target checks).
  @Test func aCauseAfterItsEffectEndsTheChainWithAWarning() throws {
    let log = try Self.log([
      Self.entry(1, "a", #","origin":{"cause":2}"#), Self.entry(2, "b"),
      Self.entry(3, "c", #","origin":{"cause":1}"#),
    ])
    let chain = try log.causeChain(ofEntry: 3)
    #expect(chain.links.map(\.seq) == [1, 3])
    #expect(
      chain.warnings == [
        LogWarning(
          line: 1,
          message: "entry 1's cause, entry 2, does not come before it; the chain stops here")
      ])
  }

  @Test func unreadableOriginsAndSitesAreWarnedAbout() throws {
    let log = try Self.log([
      Self.entry(1, "a", #","site":{"file":"App/\u001b[2Jx.swift","line":3}"#),
      Self.entry(2, "b", #","origin":{"cause":"1"},"site":"here""#),
      Self.entry(3, "c", #","origin":[1]"#),
      Self.entry(4, "d", #","origin":{"cause":1},"site":{"file":"a.js","line":1.5}"#),
    ])
    #expect(try log.causeChain(ofEntry: 2).links.map(\.seq) == [2])
    #expect(
      try log.causeChain(ofEntry: 2).warnings == [
        LogWarning(
          line: 2,
          message:
            #"entry 2's site cannot be read (/site must be an object, found string); ignored it"#
        ),
        LogWarning(
          line: 2, message: #"entry 2's /origin/cause must be an integer, found "1"; ignored it"#),
      ])
    #expect(
      try log.causeChain(ofEntry: 3).warnings == [
        LogWarning(line: 3, message: "entry 3's /origin must be an object, found array; ignored it")
      ])
    let chain = try log.causeChain(ofEntry: 4)
    #expect(chain.links.map(\.seq) == [1, 4])
    #expect(chain.links[0].site?.file == "App/\u{1B}[2Jx.swift")
    #expect(
      chain.warnings == [
        LogWarning(
          line: 4,
          message:
            "entry 4's site cannot be read (/site/line must be an integer, found 1.5); ignored it"
        ),
        LogWarning(
          line: 1, message: "entry 1's site holds control characters; they are shown escaped"),
      ])
  }

  @Test func anEntryThatDoesNotExistIsAnError() throws {
    let log = try Self.log([Self.entry(1, "a")])
    #expect(throws: LogError.self) { try log.causeChain(ofEntry: 2) }
    do {
      _ = try log.causeChain(ofEntry: 2)
    } catch {
      #expect(error.description == "log: no entry is numbered 2 (the log has entries 1)")
    }
  }

  /// A chain as long as the log is followed without recursion.
  @Test func aLongChainIsFollowedToItsRoot() throws {
    let count = 3_000
    var lines = [Self.entry(1, "root")]
    for seq in 2...count {
      lines.append(Self.entry(seq, "next", #","origin":{"cause":\#(seq - 1)}"#))
    }
    let chain = try Self.log(lines).causeChain(ofEntry: count)
    #expect(chain.links.count == count)
    #expect(chain.links.first?.actionName == "root")
    #expect(chain.warnings == [])
  }

  /// A ring file no longer holds the entries before its first: a cause among them is
  /// said to be dropped.
  @Test func aCauseTheRingDroppedIsSaidToBeDropped() throws {
    let log = try Self.log([
      #"{"format":"replay-log","version":1,"ring":2,"firstSeq":11,"dropped":10}"#,
      Self.entry(11, "a", #","origin":{"cause":4,"effect":"load"}"#),
      #"{"effect":"end","id":3,"outcome":"completed"}"#,
    ])
    let chain = try log.causeChain(ofEntry: 11)
    #expect(
      chain.warnings == [
        LogWarning(
          line: 2,
          message:
            "entry 11's cause, entry 4, is not in the log (ring mode dropped the entries before 11); the chain stops here"
        )
      ])
    // The run's start was dropped with its entry: no warning for its end.
    #expect(try log.effectRuns() == .empty)
  }
}
