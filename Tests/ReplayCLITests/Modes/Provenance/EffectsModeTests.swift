import CLITestSupport
import Foundation
import TestSupport
import Testing

/// `--effects [K]`: the effects running at state K, and each effect's runs.
@Suite struct EffectsModeTests {
  static let table = """
    effects in the log (2 runs, 1 still running at the end):
      effect      runs  completed  cancelled  failed  running
      priceWatch     1          0          0       0        1
      charge         1          1          0       0        0

    """

  @Test func thePriceWatchIsStillRunningAtTheEnd() {
    let (code, out, err) = replay(CheckoutFixture.path, "--effects")
    #expect(code == 0)
    #expect(err == "")
    #expect(
      out == """
        1 effect running after entry 6 (refunded), the end of the log:
          priceWatch (run 1), started by entry 1 at CheckoutSample/CheckoutReducer.swift:42 in reduce(into:action:), running for 8 s

        """ + Self.table)
  }

  @Test func beforeTheChargeEndsBothAreRunning() {
    let (code, out, _) = replay(CheckoutFixture.path, "--effects", "5")
    #expect(code == 0)
    #expect(
      out == """
        2 effects running after entry 5 (charged):
          priceWatch (run 1), started by entry 1 at CheckoutSample/CheckoutReducer.swift:42 in reduce(into:action:), running for 5 s
          charge (run 2), started by entry 4 at CheckoutSample/CheckoutReducer.swift:55 in reduce(into:action:), running for 1 s

        """ + Self.table)
    let json = replay(CheckoutFixture.path, "--effects", "5", "--format", "json")
    let runs =
      #""effects":[{"effect":"priceWatch","runs":1,"completed":0,"cancelled":0,"failed":0,"running":1},{"effect":"charge","runs":1,"completed":1,"cancelled":0,"failed":0,"running":0}],"runningAtEnd":1}"#
    #expect(
      json.out
        == #"{"at":5,"running":[{"effect":"priceWatch","id":1,"cause":1,"site":\#(CheckoutFixture.priceWatchRun),"started":"2026-01-05T09:00:02.000Z","seconds":5},{"effect":"charge","id":2,"cause":4,"site":\#(CheckoutFixture.chargeRun),"started":"2026-01-05T09:00:06.000Z","seconds":1}],"#
        + runs + "\n")
    let initial = replay(CheckoutFixture.path, "--effects", "init", "--format", "json")
    #expect(initial.out == #"{"at":"init","running":[],"# + runs + "\n")
  }

  @Test func theSummaryCountsTheRunsAndThoseStillRunning() {
    let (code, out, _) = replay(CheckoutFixture.path)
    #expect(code == 0)
    #expect(
      out.hasSuffix(
        "effects: 2 runs, 1 still running at the end (priceWatch, run 1)\nwarnings: none\n"))
  }

  @Test func aLogWithoutEffectRecordsSaysSo() {
    let (code, out, _) = replay(Repo.fixture, "--effects")
    #expect(code == 1)
    #expect(
      out
        == "the log has no effect records: its writer did not record effects starting and ending\n"
    )
    #expect(!replay(Repo.fixture).out.contains("effects:"))
  }

  @Test func anEndWithoutAStartIsAWarningNamingTheLine() throws {
    let log = try TempLog(
      """
      {"seq":1,"action":{"a":{}},"prior":{"n":0},"next":{"n":1}}
      {"effect":"end","id":5,"outcome":"completed"}

      """)
    let (code, _, err) = replay(log.path, "--effects")
    #expect(code == 0)
    #expect(
      err
        == "replay: warning: \(log.path):2: effect run 5 ends (completed) but never started; ignored this end\n"
    )
  }

  @Test func aStateOutOfRangeIsAUsageError() {
    let (code, _, err) = replay(CheckoutFixture.path, "--effects", "9")
    #expect(code == 2)
    #expect(
      err.hasPrefix(
        "replay: \(CheckoutFixture.path): state 9 is out of range (the log has states init and 1…6)\n"
      ))
  }
}

extension EffectsModeTests {
  /// The summary names at most three runs still running, then says how many more.
  @Test func theSummaryNamesAFewRunsStillRunning() throws {
    var lines = [#"{"seq":1,"action":{"a":{}},"prior":{"n":0},"next":{"n":1}}"#]
    for id in 1...5 { lines.append(#"{"effect":"start","id":\#(id),"name":"sync","cause":1}"#) }
    let log = try TempLog(lines.joined(separator: "\n") + "\n")
    #expect(
      replay(log.path).out.contains(
        "\neffects: 5 runs, 5 still running at the end (sync, run 1; sync, run 2; sync, run 3; and 2 more: see --effects)\n"
      ))
  }
}

extension EffectsModeTests {
  /// A run the entry's own reducer started is recorded after the entry's time: its age
  /// at that state is not a made-up "0 s" but how much later it started, from the same
  /// clocks; a state later on measures it as running.
  @Test func aRunStartedAfterTheEntrysTimeSaysSo() {
    let (code, out, _) = replay(CheckoutFixture.path, "--effects", "4")
    #expect(code == 0)
    #expect(
      out.hasPrefix(
        """
        2 effects running after entry 4 (pay):
          priceWatch (run 1), started by entry 1 at CheckoutSample/CheckoutReducer.swift:42 in reduce(into:action:), running for 3 s
          charge (run 2), started by entry 4 at CheckoutSample/CheckoutReducer.swift:55 in reduce(into:action:), started 1 s after entry 4's time

        """))
    let json = replay(CheckoutFixture.path, "--effects", "4", "--format", "json").out
    #expect(json.contains(#""started":"2026-01-05T09:00:06.000Z","seconds":-1}]"#))
  }

  /// At the end of the log the clock is the closing record's: a start recorded later than
  /// it (the clocks disagree) says so too.
  @Test func aRunStartedAfterTheClosingTimeSaysSo() throws {
    let log = try TempLog(
      """
      {"format":"replay-log","version":1,"closingRecord":true}
      {"seq":1,"time":"2026-01-05T09:00:01.000Z","action":{"a":{}},"prior":{"n":0},"next":{"n":1}}
      {"effect":"start","id":1,"name":"sync","cause":1,"time":"2026-01-05T09:00:03.500Z"}
      {"closed":true,"lastSeq":1,"time":"2026-01-05T09:00:02.000Z","by":"close"}

      """)
    let (code, out, _) = replay(log.path, "--effects")
    #expect(code == 0)
    #expect(
      out.hasPrefix(
        """
        1 effect running after entry 1 (a), the end of the log:
          sync (run 1), started by entry 1, started 1.5 s after the log's closing time

        """))
    let stepped = replay(log.path, "--step", stdin: "effects 1\n").out
    #expect(
      stepped.contains("sync (run 1), started by entry 1, started 2.5 s after entry 1's time"))
  }
}
