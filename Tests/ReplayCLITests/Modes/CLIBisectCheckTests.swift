import CLITestSupport
import Foundation
import ReplayCLI
import TestSupport
import Testing

@testable import TimeTravelJSON

/// `--bisect` checks its own answer: a predicate that heals and breaks again is reported
/// with its true first bad entry and its flips, a `--run` answer says it is unconfirmed
/// unless `--confirm` checks it, and a confirmed answer says what was scanned.
@Suite struct CLIBisectCheckTests {
  /// Bad on 300…302, on 800…809, and from 1700 on: binary search lands on 1700.
  static let healing =
    "(.count >= 300 and .count < 303) or (.count >= 800 and .count < 810) or .count >= 1700"

  static let healingCommand =
    #"s=$REPLAY_STATE; [ "$s" = init ] && s=0; "#
    + #"{ [ $s -ge 300 ] && [ $s -lt 303 ]; } || { [ $s -ge 800 ] && [ $s -lt 810 ]; } || [ $s -ge 1700 ] && exit 1 || exit 0"#

  @Test func aPredicateThatHealsGivesTheTrueFirstBadEntry() throws {
    let log = try TempLog(TempLog.counterLines(2000))
    let (code, out, err) = replay(log.path, arguments: ["--bisect", "--predicate", Self.healing])
    #expect(code == 0)
    #expect(err == "")
    #expect(
      out == """
        entry 300 (increment) is the first bad entry
        action: "increment"
        changes:
          ~ /count: 299 → 300
        evaluated 13 of 2001 states
        not monotone: state 300 is already bad, before entry 1700 where binary search landed; the first bad entry is 300 (scanned states 1…1699)
        flips: bad at 300, good at 303, bad at 800, good at 810, bad at 1700

        """)
    let json = try JSONParser.parse(
      replay(log.path, arguments: ["--bisect", "--predicate", Self.healing, "--format", "json"])
        .out)
    #expect(json["result"] == "firstBad")
    #expect(json["seq"] == 300)
    #expect(json["confirmed"] == true)
    #expect(json["monotone"] == false)
    #expect(json["bisected"] == 1700)
    #expect(json["scanned"] == ["from": 1, "to": 1699])
    #expect(
      json["flips"]
        == [
          ["seq": 300, "verdict": "bad"], ["seq": 303, "verdict": "good"],
          ["seq": 800, "verdict": "bad"], ["seq": 810, "verdict": "good"],
          ["seq": 1700, "verdict": "bad"],
        ])
  }

  @Test func aMonotonePredicateIsConfirmed() throws {
    let log = try TempLog(TempLog.counterLines(100))
    let (code, out, _) = replay(log.path, arguments: ["--bisect", "--predicate", ".count >= 42"])
    #expect(code == 0)
    #expect(
      out.hasSuffix(
        """
        evaluated 9 of 101 states
        confirmed: no earlier state is bad (scanned states 1…41)

        """))
    let json = replay(
      log.path, arguments: ["--bisect", "--predicate", ".count >= 42", "--format", "json"])
    #expect(
      json.out.hasSuffix(
        #""evaluated":9,"confirmed":true,"scanned":{"from":1,"to":41},"changes":[{"op":"replace","path":"/count","old":41,"new":42}]}"#
          + "\n"))
  }

  /// Each probe of `--run` is a command: the answer is unconfirmed unless `--confirm`
  /// judges every earlier state, which finds the true first bad entry.
  @Test func runIsUnconfirmedUnlessConfirmed() throws {
    let log = try TempLog(TempLog.counterLines(2000))
    let plain = replay(log.path, arguments: ["--bisect", "--run", Self.healingCommand])
    #expect(plain.code == 0)
    #expect(plain.out.hasPrefix("entry 1700 (increment) is the first bad entry\n"))
    #expect(
      plain.out.hasSuffix(
        "evaluated 15 of 2001 states\nunconfirmed: 15 of 2001 states judged; --confirm or --linear to be sure\n"
      ))
    let json = try JSONParser.parse(
      replay(log.path, arguments: ["--bisect", "--run", Self.healingCommand, "--format", "json"])
        .out)
    #expect(json["confirmed"] == false)
    #expect(json["seq"] == 1700)
    let confirmed = replay(
      log.path, arguments: ["--bisect", "--run", Self.healingCommand, "--confirm"])
    #expect(confirmed.code == 0)
    #expect(confirmed.out.hasPrefix("entry 300 (increment) is the first bad entry\n"))
    #expect(confirmed.out.contains("\nflips: bad at 300, good at 303, bad at 800"))
  }

  @Test func aScanIsConfirmedByItself() throws {
    let log = try TempLog(TempLog.counterLines(10))
    let json = replay(
      log.path,
      arguments: ["--bisect", "--linear", "--predicate", ".count >= 4", "--format", "json"])
    #expect(json.out.contains(#""evaluated":5,"scan":"requested","confirmed":true,"#))
  }

  /// The report marks the same first bad entry as `--bisect`, and where the search landed.
  @Test func theReportMarksTheTrueFirstBadEntry() throws {
    let log = try TempLog(TempLog.counterLines(2000))
    let path = Scratch.folder
      .appendingPathComponent("replay-check-\(UUID().uuidString).html").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = replay(log.path, arguments: ["--html", path, "--predicate", Self.healing])
    #expect(result.code == 0)
    let page = try String(contentsOfFile: path, encoding: .utf8)
    let bisect = HTMLReportSupport.dataElements(page).index["predicate"]?["bisect"]
    #expect(bisect?["outcome"] == "firstBad")
    #expect(bisect?["row"] == 300)
    #expect(bisect?["bisected"] == 1700)
  }

  /// The states a predicate's bisection judges in order (its check, both ends good, a
  /// property of transitions) are judged on every core: the answer, its flips and its
  /// errors are those of one thread, however the log is cut into chunks.
  @Test func theScansOfABisectionAnswerAsOnOneThread() throws {
    var lines = TempLog.counterLines(600).split(separator: "\n").map(String.init)
    // A state whose count is a string: comparing it fails in the middle of the check.
    lines[449] = #"{"action":"increment","prior":{"count":449},"next":{"count":"x"}}"#
    let failing = try TempLog(lines.joined(separator: "\n") + "\n")
    lines = TempLog.counterLines(600).split(separator: "\n").map(String.init)
    lines[349] = #"{"action":"increment","prior":{"count":349},"next":{"count":35"#
    let malformed = try TempLog(lines.joined(separator: "\n") + "\n")
    let clean = try TempLog(TempLog.counterLines(600))
    let cases: [(TempLog, [String])] = [
      (clean, ["--predicate", "(.count >= 100 and .count < 103) or .count >= 500"]),
      (clean, ["--predicate", ".count > 1000"]),
      (clean, ["--predicate", "$prior.count == 250"]),
      (clean, ["--predicate", ".count >= 300", "--linear"]),
      (failing, ["--predicate", ".count + 1 > 500"]),
      (malformed, ["--predicate", ".count >= 500"]),
    ]
    for (log, arguments) in cases {
      let one = replay(
        [log.path, "--bisect"] + arguments, environment: ["REPLAY_THREADS": "1"])
      let three = replay(
        [log.path, "--bisect"] + arguments,
        environment: ["REPLAY_THREADS": "3", "REPLAY_SCAN_CHUNK_BYTES": "1"])
      #expect(one.out == three.out, "\(arguments)")
      #expect(one.err == three.err, "\(arguments)")
      #expect(one.code == three.code, "\(arguments)")
    }
    let error = replay(
      [failing.path, "--bisect", "--predicate", ".count + 1 > 500"],
      environment: ["REPLAY_THREADS": "3", "REPLAY_SCAN_CHUNK_BYTES": "1"])
    #expect(error.code == 4)
    #expect(
      error.err.hasPrefix(
        "replay: the predicate failed on state 450 (after entry 450, increment): "))
    let unreadable = replay(
      [malformed.path, "--bisect", "--predicate", ".count >= 500"],
      environment: ["REPLAY_THREADS": "3", "REPLAY_SCAN_CHUNK_BYTES": "1"])
    #expect(unreadable.code == 3)
    #expect(unreadable.err.contains(":350:"))
  }
}
