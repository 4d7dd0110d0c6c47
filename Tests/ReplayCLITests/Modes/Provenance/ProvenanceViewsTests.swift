import CLITestSupport
import Foundation
import TestSupport
import Testing

/// The site and the cause in bisect's result, `--show`, `--diff K` and the stepper, and
/// `entry(K)` in expressions, on the checkout whose payment effect refunds too much.
@Suite struct ProvenanceViewsTests {
  @Test func bisectNamesTheRefundWithItsSiteAndTheEffectThatSentIt() {
    let (code, out, err) = replay(CheckoutFixture.path, "--bisect", "--predicate", ".total < 0")
    #expect(code == 0)
    #expect(err == "")
    #expect(
      out == """
        entry 6 (refunded) is the first bad entry
        time:   2026-01-05T09:00:08.000Z
        action: {"refunded":{"amount":1500}}
        site:   CheckoutSample/CheckoutReducer.swift:58 in reduce(into:action:)
        cause:  sent by the effect `charge` of entry 4 (pay)
        changes:
          ~ /total: 1200 → -300
        evaluated 5 of 7 states
        confirmed: no earlier state is bad (scanned states 1…5)

        """)
    let json = replay(
      CheckoutFixture.path, "--bisect", "--predicate", ".total < 0", "--format", "json")
    #expect(
      json.out
        == #"{"result":"firstBad","seq":6,"action":{"refunded":{"amount":1500}},"actionName":"refunded","time":"2026-01-05T09:00:08.000Z","line":9,"origin":{"cause":4,"effect":"charge","id":2},"site":\#(CheckoutFixture.refundSend),"evaluated":5,"confirmed":true,"scanned":{"from":1,"to":5},"changes":[{"op":"replace","path":"/total","old":1200,"new":-300}]}"#
        + "\n")
  }

  @Test func showAndDiffNameTheSiteAndTheCause() {
    let show = replay(CheckoutFixture.path, "--show", "6")
    #expect(
      show.out.hasPrefix(
        """
        entry 6 (refunded) at 2026-01-05T09:00:08.000Z
        action: {"refunded":{"amount":1500}}
        site: CheckoutSample/CheckoutReducer.swift:58 in reduce(into:action:)
        cause: sent by the effect `charge` of entry 4 (pay)
        state after it:

        """))
    let diff = replay(CheckoutFixture.path, "--diff", "6")
    #expect(
      diff.out.hasPrefix(
        """
        entry 6 (refunded) at 2026-01-05T09:00:08.000Z
        action: {"refunded":{"amount":1500}}
        site:   CheckoutSample/CheckoutReducer.swift:58 in reduce(into:action:)
        cause:  sent by the effect `charge` of entry 4 (pay)
        state 5 → state 6: 1 change

        """))
    let json = replay(CheckoutFixture.path, "--show", "6", "--format", "json")
    #expect(
      json.out.hasPrefix(
        #"{"seq":6,"action":{"refunded":{"amount":1500}},"actionName":"refunded","time":"2026-01-05T09:00:08.000Z","origin":{"cause":4,"effect":"charge","id":2},"site":\#(CheckoutFixture.refundSend),"state":"#
      ))
  }

  @Test func theStepperExplainsGoesToTheCauseAndListsEffects() {
    let script = "goto 6\ncause\neffects\nwhy\nq\n"
    let (code, out, _) = replay(CheckoutFixture.path, "--step", stdin: script)
    #expect(code == 0)
    #expect(
      out == """
        [init/6] initial state
        [6/6] refunded (sent by the effect `charge` of entry 4)
          ~ /total: 1200 → -300
        [4/6] pay
          (no state changes)
        2 effects running after entry 4 (pay):
          priceWatch (run 1), started by entry 1 at CheckoutSample/CheckoutReducer.swift:42 in reduce(into:action:), running for 3 s
          charge (run 2), started by entry 4 at CheckoutSample/CheckoutReducer.swift:55 in reduce(into:action:), started 1 s after entry 4's time
        effects in the log (2 runs, 1 still running at the end):
          effect      runs  completed  cancelled  failed  running
          priceWatch     1          0          0       0        1
          charge         1          1          0       0        0
        entry 4 (pay) has no recorded cause:
          entry 4 (pay) at 2026-01-05T09:00:05.000Z
            dispatched at CheckoutSample/CheckoutView.swift:29 in payTapped()

        """)
  }

  /// `entry(K)` looks at the entry an `origin.cause` names, in `--find`, `--where` and
  /// `--predicate`; an entry that is not in the log is `null`.
  @Test func entryOfKReadsTheCausingEntry() {
    let found = replay(
      CheckoutFixture.path, "--find", #".origin.cause as $c | entry($c).action | has("pay")"#,
      "--format", "json")
    #expect(
      found.out
        == #"[{"seq":5,"time":"2026-01-05T09:00:07.000Z","action":{"charged":{"receipt":"rcpt-1200"}},"actionName":"charged","origin":{"cause":4,"effect":"charge","id":2},"site":{"file":"CheckoutSample/CheckoutReducer.swift","line":57,"function":"reduce(into:action:)"}},{"seq":6,"time":"2026-01-05T09:00:08.000Z","action":{"refunded":{"amount":1500}},"actionName":"refunded","origin":{"cause":4,"effect":"charge","id":2},"site":\#(CheckoutFixture.refundSend)}]"#
        + "\n")
    let summary = replay(
      CheckoutFixture.path, "--where", #"entry(.origin.cause // 0).action | has("pay")"#)
    #expect(summary.out.contains("actions:\n  charged   1\n  refunded  1\n"))
    let bisect = replay(
      CheckoutFixture.path, "--bisect", "--linear", "--predicate",
      #"entry($seq).origin.effect == "charge" and .total < 0"#)
    #expect(bisect.out.hasPrefix("entry 6 (refunded) is the first bad entry\n"))
    let absent = replay(CheckoutFixture.path, "--find", "entry(.seq + 100) == null and .seq == 1")
    #expect(absent.out.hasPrefix("1 entry matches:\n  entry 1 (appeared)"))
    let bad = replay(CheckoutFixture.path, "--find", #"entry("x")"#)
    #expect(bad.code == 4)
    #expect(
      bad.err
        == "replay: the --find expression failed on entry 1 (appeared): entry/1 takes an entry's seq (an integer), not \"x\"\n"
    )
  }
}

extension ProvenanceViewsTests {
  /// A file name over 60 characters keeps its last 59 after `…` in every view, and
  /// `--full` prints it whole.
  @Test func longFileNamesAreAbbreviatedUnlessFull() throws {
    let file = "Deep/" + String(repeating: "Nested/", count: 12) + "CheckoutView.swift"
    let log = try TempLog(
      #"{"seq":1,"action":{"a":{}},"site":{"file":"\#(file)","line":7,"function":"tap()"},"prior":{"n":0},"next":{"n":1}}"#
        + "\n")
    let cut = "…" + file.suffix(59)
    #expect(
      replay(log.path, "--find", "true").out == "1 entry matches:\n  entry 1 (a) — from \(cut):7\n")
    #expect(
      replay(log.path, "--find", "true", "--full").out
        == "1 entry matches:\n  entry 1 (a) — from \(file):7\n")
    #expect(replay(log.path, "--show", "1").out.contains("\nsite: \(cut):7 in tap()\n"))
    #expect(
      replay(log.path, "--blame", "/n").out
        == "1 entry changed /n, from 1 site:\n  1 entry  1  \(cut):7 in tap()\n")
  }
}
