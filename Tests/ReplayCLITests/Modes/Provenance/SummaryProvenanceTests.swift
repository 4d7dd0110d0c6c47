import CLITestSupport
import Foundation
import TestSupport
import Testing
import TimeTravel

/// The summary lists what `--why`, `--show` and `--effects` warn of about where actions
/// came from, naming the lines: causes that name no entry, come after what they caused or
/// go round in a cycle, sites with control characters, effect ends without a start; past
/// three of a kind, the rest are counted.
@Suite struct SummaryProvenanceTests {
  static let broken = """
    {"seq":1,"action":{"a":{}},"prior":{"n":0},"next":{"n":1}}
    {"seq":2,"action":{"b":{}},"origin":{"cause":9,"effect":"e"},"prior":{"n":1},"next":{"n":2}}
    {"seq":3,"action":{"c":{}},"origin":{"cause":4,"effect":"e"},"prior":{"n":2},"next":{"n":3}}
    {"seq":4,"action":{"d":{}},"origin":{"cause":3,"effect":"e"},"prior":{"n":3},"next":{"n":4}}
    {"seq":5,"action":{"e":{}},"origin":{"cause":6,"effect":"e"},"site":{"file":"A\\u0007.swift","line":1,"function":"f"},"prior":{"n":4},"next":{"n":5}}
    {"seq":6,"action":{"f":{}},"origin":{"cause":6,"effect":"e"},"prior":{"n":5},"next":{"n":6}}
    {"effect":"end","id":5,"outcome":"completed"}

    """

  @Test func theSummaryNamesEachBrokenLinkAndItsLine() throws {
    let log = try TempLog(Self.broken)
    let (code, out, err) = replay(log.path)
    #expect(code == 0)
    #expect(err == "")
    #expect(
      out.hasSuffix(
        """
        effects: 0 runs, none running at the end
        warnings: 6
          line 2: entry 2's cause, entry 9, is not in the log
          line 3: entry 3's cause, entry 4, leads back to it: a cycle of causes (3 ← 4 ← 3)
          line 5: entry 5's site holds control characters; they are shown escaped
          line 5: entry 5's cause, entry 6, does not come before it
          line 6: entry 6's cause, entry 6, leads back to it: a cycle of causes (6 ← 6)
          line 7: effect run 5 ends (completed) but never started; ignored this end

        """))
    let json = replay(log.path, "--format", "json").out
    #expect(
      json.hasSuffix(
        #""warnings":[{"line":2,"message":"entry 2's cause, entry 9, is not in the log"},{"line":3,"message":"entry 3's cause, entry 4, leads back to it: a cycle of causes (3 ← 4 ← 3)"},{"line":5,"message":"entry 5's site holds control characters; they are shown escaped"},{"line":5,"message":"entry 5's cause, entry 6, does not come before it"},{"line":6,"message":"entry 6's cause, entry 6, leads back to it: a cycle of causes (6 ← 6)"},{"line":7,"message":"effect run 5 ends (completed) but never started; ignored this end"}]}"#
          + "\n"))
    // --why on the cycle says the same of the same line.
    #expect(
      replay(log.path, "--why", "4").err
        == "replay: warning: \(log.path):3: entry 3's cause, entry 4, is already on its chain of causes (a cycle); the chain stops here\n"
    )
  }

  @Test func pastThreeOfAKindTheRestAreCounted() throws {
    var lines = [#"{"seq":1,"action":{"a":{}},"prior":{"n":0},"next":{"n":1}}"#]
    for seq in 2...7 {
      lines.append(
        #"{"seq":\#(seq),"action":{"a":{}},"origin":{"cause":100,"effect":"e"},"prior":{"n":\#(seq - 1)},"next":{"n":\#(seq)}}"#
      )
    }
    let log = try TempLog(lines.joined(separator: "\n") + "\n")
    #expect(
      replay(log.path).out.hasSuffix(
        """
        warnings: 4
          line 2: entry 2's cause, entry 100, is not in the log
          line 3: entry 3's cause, entry 100, is not in the log
          line 4: entry 4's cause, entry 100, is not in the log
          line 5: and 3 more entries whose causes are not in the log, the last on line 7

        """))
  }

  @Test func effectEndsWithoutAStartAreCountedPastThree() throws {
    var lines = [#"{"seq":1,"action":{"a":{}},"prior":{"n":0},"next":{"n":1}}"#]
    for id in 1...5 { lines.append(#"{"effect":"end","id":\#(id),"outcome":"completed"}"#) }
    let log = try TempLog(lines.joined(separator: "\n") + "\n")
    #expect(
      replay(log.path).out.hasSuffix(
        """
        warnings: 4
          line 2: effect run 1 ends (completed) but never started; ignored this end
          line 3: effect run 2 ends (completed) but never started; ignored this end
          line 4: effect run 3 ends (completed) but never started; ignored this end
          line 5: and 2 more effect records ending a run that never started, the last on line 6

        """))
    // --effects names every one.
    #expect(replay(log.path, "--effects").err.components(separatedBy: "\n").count == 6)
  }

  /// Both summaries, and every thread count, report the very same warnings.
  @Test func theFastAndTheTreeSummaryAgree() throws {
    let log = try TempLog(Self.broken)
    let file = try LogFile(path: log.path)
    let tree = try LogSummary(scanning: file)
    #expect(try LogSummary(fastScanning: file, threads: 1) == tree)
    #expect(try LogSummary(fastScanning: file, threads: 3) == tree)
    #expect(tree.warnings.count == 5)
    ParallelOutputTests.check(log.path, "broken causes", modes: [[], ["--format", "json"]])
  }
}
