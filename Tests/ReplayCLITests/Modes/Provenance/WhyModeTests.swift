import CLITestSupport
import Foundation
import TestSupport
import Testing

/// `--why K`: the chain of causes of entry K, root first, with each link's site and the
/// effect between links.
@Suite struct WhyModeTests {
  @Test func theRefundsChainGoesBackToThePayTap() {
    let (code, out, err) = replay(CheckoutFixture.path, "--why", "6")
    #expect(code == 0)
    #expect(err == "")
    #expect(
      out == """
        entry 6 (refunded), from its root cause:
          entry 4 (pay) at 2026-01-05T09:00:05.000Z
            dispatched at CheckoutSample/CheckoutView.swift:29 in payTapped()
          ↓ the effect `charge` (run 2, started at CheckoutSample/CheckoutReducer.swift:55) sent
          entry 6 (refunded) at 2026-01-05T09:00:08.000Z {"amount":1500}
            dispatched at CheckoutSample/CheckoutReducer.swift:58 in reduce(into:action:)

        """)
  }

  @Test func asJSONTheChainIsRootFirstWithWhatEachLinkDidAtThePath() {
    let (code, out, _) = replay(
      CheckoutFixture.path, "--why", "6", "--watch", ".total", "--format", "json")
    #expect(code == 0)
    let pay =
      #"{"seq":4,"action":{"pay":{}},"actionName":"pay","time":"2026-01-05T09:00:05.000Z","site":\#(CheckoutFixture.payTapped),"changed":false,"old":1200,"new":1200}"#
    let refund =
      #"{"seq":6,"action":{"refunded":{"amount":1500}},"actionName":"refunded","time":"2026-01-05T09:00:08.000Z","site":\#(CheckoutFixture.refundSend),"effect":{"name":"charge","id":2,"cause":4,"site":\#(CheckoutFixture.chargeRun)},"changed":true,"old":1200,"new":-300}"#
    #expect(out == #"{"seq":6,"path":"/total","chain":["# + pay + "," + refund + "]}\n")
  }

  /// A watched container that changed lists its changes at their JSON Pointers, as
  /// `--watch` text does.
  @Test func aWatchedContainerListsTheChangesInsideIt() {
    let (code, out, _) = replay(CheckoutFixture.path, "--why", "6", "--watch", "")
    #expect(code == 0)
    #expect(
      out.hasSuffix(
        """
          entry 6 (refunded) at 2026-01-05T09:00:08.000Z {"amount":1500}
            dispatched at CheckoutSample/CheckoutReducer.swift:58 in reduce(into:action:)
            the whole state: 1 change
              ~ /total: 1200 → -300

        """))
  }

  @Test func anEntryWithoutACauseIsItsOwnRoot() {
    let (code, out, _) = replay(CheckoutFixture.path, "--why", "1")
    #expect(code == 0)
    #expect(
      out == """
        entry 1 (appeared) has no recorded cause:
          entry 1 (appeared) at 2026-01-05T09:00:01.000Z
            dispatched at CheckoutSample/CheckoutView.swift:15 in appeared()

        """)
  }

  @Test(arguments: [
    ("7", "replay: \(CheckoutFixture.path): entry 7 is out of range (the log has entries 1…6)"),
    ("0", "replay: \(CheckoutFixture.path): entry 0 is out of range (the log has entries 1…6)"),
    ("x", "replay: --why takes an entry's seq, not 'x'"),
  ])
  func aBadEntryIsAUsageError(_ entry: String, _ message: String) {
    let (code, out, err) = replay(CheckoutFixture.path, "--why", entry)
    #expect(code == 2)
    #expect(out == "")
    #expect(err.hasPrefix(message + "\n"))
  }

  /// A cycle of causes and a cause naming no entry: a warning naming the line, the chain
  /// cut there, never a hang.
  @Test func aCycleOrAMissingCauseStopsTheChainWithAWarning() throws {
    let log = try TempLog(
      """
      {"seq":1,"action":{"a":{}},"origin":{"cause":2,"effect":"x"},"prior":{"n":0},"next":{"n":1}}
      {"seq":2,"action":{"b":{}},"origin":{"cause":1,"effect":"y"},"prior":{"n":1},"next":{"n":2}}
      {"seq":3,"action":{"c":{}},"origin":{"cause":9,"effect":"z"},"prior":{"n":2},"next":{"n":3}}

      """)
    let cycle = replay(log.path, "--why", "2")
    #expect(cycle.code == 0)
    #expect(
      cycle.err
        == "replay: warning: \(log.path):1: entry 1's cause, entry 2, is already on its chain of causes (a cycle); the chain stops here\n"
    )
    #expect(
      cycle.out == """
        entry 2 (b), back to where its chain of causes breaks:
          entry 1 (a)
          ↓ the effect `y` sent
          entry 2 (b)

        """)
    let missing = replay(log.path, "--why", "3")
    #expect(missing.code == 0)
    #expect(
      missing.err
        == "replay: warning: \(log.path):3: entry 3's cause, entry 9, is not in the log; the chain stops here\n"
    )
    #expect(
      missing.out
        == "entry 3 (c): its recorded cause, entry 9, cannot be followed:\n  entry 3 (c)\n")
  }
}
