import Foundation
import ReplayCLI
import TestSupport
import Testing

@testable import TimeTravel

/// `seq` that skips, repeats or goes backwards, gap records and broken chains: each has
/// a summary warning and one meaning, the same in every mode (Sources/TimeTravel/Documentation.docc/LogFormat.md,
/// "Numbering of entries and states").
@Suite struct SeqIrregularityTests {
  typealias L = NumberingLogs

  /// A mode's answer: exit code, stdout, stderr.
  struct Answer: Equatable, CustomStringConvertible {
    var code: Int32
    var out: String
    var err: String = ""
    var description: String { "\(code)\n\(out)\(err)" }
  }

  static func answer(_ temp: TempLog, _ arguments: [String], stdin: String = "") -> Answer {
    let result = L.run(temp, arguments, stdin: stdin)
    return Answer(code: result.code, out: result.out, err: result.err)
  }

  /// `--watch /count`'s listing for entries named `seqs` going through `counts`.
  static func watch(_ lines: [(Int, Int, Int)]) -> String {
    "\(lines.count) entries changed /count:\n"
      + lines.map { "  entry \($0.0) (inc): \($0.1) → \($0.2)\n" }.joined()
  }

  /// The stepper's script for every log here, and its transcript's shape.
  static let steps = "goto 3\nn\ndiff\nlist 2\nq\n"

  @Test func seqThatSkipsKeepsItsNumbers() throws {
    let temp = try TempLog(
      [L.line(1, 0, 1), L.line(2, 1, 2), L.line(5, 2, 3), L.line(6, 3, 4)].joined(
        separator: "\n") + "\n")
    let warning = "seq 5 follows seq 2 (line 2): no entry has seq 3…4, and no gap record says why"
    #expect(
      Self.answer(temp, [])
        == Answer(
          code: 0,
          out: "LOG: 4 entries\nactions:\n  inc  4\nwarnings: 1\n  line 3: \(warning)\n"))
    #expect(
      try LogFile(path: temp.path).sequenceWarnings == [LogWarning(line: 3, message: warning)])
    let reason = "no entry has seq 3 (seq goes from 2 on line 2 to 5 on line 3)"
    #expect(
      Self.answer(temp, ["--show", "3"])
        == Answer(code: 2, out: "", err: "replay: LOG: state 3 is not in the log: \(reason)\n"))
    #expect(
      Self.answer(temp, ["--diff", "3"])
        == Answer(code: 2, out: "", err: "replay: LOG: entry 3 is not in the log: \(reason)\n"))
    #expect(
      Self.answer(temp, ["--diff", "5"]).out.hasPrefix(
        "entry 5 (inc)\naction: \"inc\"\nstate 2 → state 5: 1 change\n"))
    #expect(
      Self.answer(temp, ["--watch", "/count"]).out
        == Self.watch([(1, 0, 1), (2, 1, 2), (5, 2, 3), (6, 3, 4)]))
    #expect(
      Self.answer(temp, ["--find", ".prior.count >= 2"]).out
        == "2 entries match:\n  entry 5 (inc)\n  entry 6 (inc)\n")
    #expect(
      Self.answer(temp, ["--bisect", "--predicate", ".count >= 3"])
        == Answer(
          code: 0,
          out:
            "entry 5 (inc) is the first bad entry\naction: \"inc\"\nchanges:\n  ~ /count: 2 → 3\nevaluated 4 of 5 states\nconfirmed: no earlier state is bad (scanned states 1…2)\n"
        ))
    #expect(
      Self.answer(temp, ["--step"], stdin: Self.steps).out == """
        [init/6] initial state
        state 3 is not in the log: no entry has seq 3 (seq goes from 2 on line 2 to 5 on line 3)
        [1/6] inc
          ~ /count: 0 → 1
        state init → state 1:
          ~ /count: 0 → 1
        > entry 1 (inc)
          entry 2 (inc)

        """)
  }

  @Test func aGapRecordsNumbersNameNothing() throws {
    let temp = try TempLog(
      [
        L.line(1, 0, 1), L.line(2, 1, 2), #"{"dropped":2,"seq":3}"#, L.line(5, 4, 5),
        L.line(6, 5, 6),
      ].joined(separator: "\n") + "\n")
    let gap =
      "replay: warning: LOG:3: 2 entries were dropped before entry 5 (seq 3…4; the recorder's queue was full)\n"
    let reason = "the recorder dropped entry 3 (the gap record at line 3 covers seq 3…4)"
    #expect(
      Self.answer(temp, ["--show", "3"])
        == Answer(
          code: 2, out: "", err: gap + "replay: LOG: state 3 is not in the log: \(reason)\n"))
    #expect(
      Self.answer(temp, ["--diff", "4"]).err
        == gap
        + "replay: LOG: entry 4 is not in the log: the recorder dropped entry 4 (the gap record at line 3 covers seq 3…4)\n"
    )
    // Entry 5's prior is the state after the dropped entry 4: no state of the log.
    #expect(
      Self.answer(temp, ["--diff", "5"])
        == Answer(
          code: 0,
          out:
            "entry 5 (inc)\naction: \"inc\"\nentry 5's prior → state 5: 1 change\n  {\n-   \"count\": 4\n+   \"count\": 5  // /count\n  }\n",
          err: gap))
    #expect(
      Self.answer(temp, ["--diff", "5", "--format", "json"]).out
        == #"{"from":null,"to":5,"action":"inc","changes":[{"op":"replace","path":"/count","old":4,"new":5}]}"#
        + "\n")
    #expect(Self.answer(temp, ["--diff", "2", "5"]).out.hasPrefix("state 2 → state 5: 1 change\n"))
    #expect(
      Self.answer(temp, ["--watch", "/count"]).out
        == Self.watch([(1, 0, 1), (2, 1, 2), (5, 4, 5), (6, 5, 6)]))
    #expect(
      Self.answer(temp, ["--find", ".prior.count == 4"]).out
        == "1 entry matches:\n  entry 5 (inc)\n")
    let bisect = Self.answer(temp, ["--bisect", "--predicate", ".count >= 3"])
    #expect(bisect.code == 0)
    #expect(
      bisect.err
        == gap
        + "replay: warning: entry 5's prior is not state 2 (the recorder dropped entries before it), so the state may have turned bad between them rather than in entry 5\n"
    )
    #expect(bisect.out.hasPrefix("entry 5 (inc) is the first bad entry\n"))
    #expect(
      Self.answer(temp, ["--step"], stdin: "goto 5\ndiff\nq\n").out == """
        [init/6] initial state
        [5/6] inc
          ~ /count: 4 → 5
        entry 5's prior → state 5:
          ~ /count: 4 → 5

        """)
  }

  /// A broken chain: what entry 3 changed is counted from its own prior in every mode;
  /// `--diff 2 3` compares the states.
  @Test func aBrokenChainIsCountedFromTheEntrysOwnPrior() throws {
    let temp = try TempLog(
      [L.line(1, 0, 1), L.line(2, 1, 2), L.line(3, 5, 9), L.line(4, 9, 10)].joined(
        separator: "\n") + "\n")
    #expect(
      Self.answer(temp, []).out
        == """
        LOG: 4 entries
        actions:
          inc  4
        warnings: 1
          line 3: entry 3's prior differs from entry 2's next, state 2 (first at "/count"); every mode counts what entry 3 changed from its own prior, and --diff 2 3 compares the two states

        """)
    #expect(
      Self.answer(temp, ["--diff", "3"]).out
        == "entry 3 (inc)\naction: \"inc\"\nentry 3's prior → state 3: 1 change\n  {\n-   \"count\": 5\n+   \"count\": 9  // /count\n  }\n"
    )
    #expect(
      Self.answer(temp, ["--diff", "2", "3"]).out
        == "state 2 → state 3: 1 change\n  {\n-   \"count\": 2\n+   \"count\": 9  // /count\n  }\n")
    #expect(
      Self.answer(temp, ["--watch", "/count"]).out
        == Self.watch([(1, 0, 1), (2, 1, 2), (3, 5, 9), (4, 9, 10)]))
    #expect(
      Self.answer(temp, ["--find", ".prior.count == 5"]).out
        == "1 entry matches:\n  entry 3 (inc)\n")
    let bisect = Self.answer(temp, ["--bisect", "--predicate", ".count >= 3"])
    #expect(
      bisect
        == Answer(
          code: 0,
          out:
            "entry 3 (inc) is the first bad entry\naction: \"inc\"\nchanges:\n  ~ /count: 5 → 9\nevaluated 4 of 5 states\nconfirmed: no earlier state is bad (scanned states 1…2)\n",
          err:
            "replay: warning: entry 3's prior is not state 2 (the chain is broken there), so the state may have turned bad between them rather than in entry 3\n"
        ))
    #expect(
      Self.answer(temp, ["--bisect", "--predicate", ".count >= 3", "--format", "json"]).out
        == #"{"result":"firstBad","seq":3,"action":"inc","actionName":"inc","line":3,"evaluated":4,"confirmed":true,"scanned":{"from":1,"to":2},"changes":[{"op":"replace","path":"/count","old":5,"new":9}],"warnings":["entry 3's prior is not state 2 (the chain is broken there), so the state may have turned bad between them rather than in entry 3"]}"#
        + "\n")
    #expect(
      Self.answer(temp, ["--step"], stdin: "goto 2\nn\ndiff\ndiff 2 3\nq\n").out == """
        [init/4] initial state
        [2/4] inc
          ~ /count: 1 → 2
        [3/4] inc
          ~ /count: 5 → 9
        entry 3's prior → state 3:
          ~ /count: 5 → 9
        state 2 → state 3:
          ~ /count: 2 → 9

        """)
  }

  /// The warning every mode gives for a log numbered by position.
  static func byPosition(_ why: String, line: Int = 3) -> String {
    "replay: warning: LOG:\(line): seq does not increase here (\(why)), so entries are numbered by their position in the log, 1…4: every number replay reads or prints is a position, and so are .seq and $seq (.recordedSeq holds the seq as written)\n"
  }

  /// A repeated seq names two entries, so the log is numbered by position in every mode.
  @Test(arguments: [
    ([1, 2, 2, 3], "seq 2 repeats the seq of line 2"),
    ([5, 6, 1, 2], "seq 1 goes backwards: the entry before it (line 2) has seq 6"),
  ])
  func aSeqThatDoesNotIncreaseNumbersByPosition(seqs: [Int], why: String) throws {
    let temp = try TempLog(
      seqs.enumerated().map { L.line($0.element, $0.offset, $0.offset + 1) }.joined(
        separator: "\n") + "\n")
    let warning = Self.byPosition(why)
    let summary = Self.answer(temp, [])
    #expect(summary.err == warning)
    #expect(
      summary.out
        == "LOG: 4 entries\nactions:\n  inc  4\nwarnings: 2\n  line 3: "
        + warning.dropFirst("replay: warning: LOG:3: ".count) + "  line 3: \(why)\n")
    #expect(
      Self.answer(temp, ["--show", "3"])
        == Answer(
          code: 0,
          out:
            "entry 3 (inc)\naction: \"inc\"\nrecorded seq: \(seqs[2])\nstate after it:\n{\n  \"count\": 3\n}\n",
          err: warning))
    #expect(
      Self.answer(temp, ["--show", "3", "--format", "json"]).out
        == #"{"seq":3,"recordedSeq":\#(seqs[2]),"action":"inc","actionName":"inc","state":{"count":3}}"#
        + "\n")
    #expect(
      Self.answer(temp, ["--show", "0"]).out.hasPrefix(
        "init: the initial state (entry 1's prior)\n"))
    #expect(Self.answer(temp, ["--diff", "3"]).out.contains("\nstate 2 → state 3: 1 change\n"))
    #expect(
      Self.answer(temp, ["--watch", "/count", "--where", ".seq >= 3"]).out
        == Self.watch([(3, 2, 3), (4, 3, 4)]))
    #expect(
      Self.answer(temp, ["--find", ".recordedSeq == \(seqs[2])"]).out
        == "1 entry matches:\n  entry 3 (inc)\n")
    #expect(
      Self.answer(temp, ["--find", "$seq == 3", "--format", "json"]).out
        == #"[{"seq":3,"recordedSeq":\#(seqs[2]),"action":"inc","actionName":"inc"}]"# + "\n")
    // --watch's records are --find's with the values before and after.
    #expect(
      Self.answer(temp, ["--watch", "/count", "--where", "$seq == 3", "--format", "json"]).out
        == #"[{"seq":3,"recordedSeq":\#(seqs[2]),"action":"inc","actionName":"inc","old":2,"new":3}]"#
        + "\n")
    #expect(
      Self.answer(temp, ["--bisect", "--predicate", ".count >= 3"]).out.hasPrefix(
        "entry 3 (inc) is the first bad entry\n"))
    #expect(
      Self.answer(temp, ["--step"], stdin: Self.steps).out == """
        [init/4] initial state
        [3/4] inc
          ~ /count: 2 → 3
        [4/4] inc
          ~ /count: 3 → 4
        state 3 → state 4:
          ~ /count: 3 → 4
          entry 3 (inc)
        > entry 4 (inc)

        """)
  }

  /// A gap record whose seqs disagree with the entries around it, and an entry without
  /// seq among entries with one: each place is named.
  @Test func gapRecordsAndMissingSeqsThatDisagree() throws {
    let text =
      [
        L.line(1, 0, 1), #"{"dropped":2,"seq":4}"#, L.line(7, 1, 2), L.line(8, 2, 3),
        #"{"dropped":1,"seq":9}"#, L.line(9, 3, 4),
      ].joined(separator: "\n") + "\n"
    let temp = try TempLog(text)
    let log = try LogFile(path: temp.path)
    #expect(
      log.sequenceWarnings == [
        LogWarning(
          line: 2,
          message: "the gap record starts at seq 4, but the entry before it (line 1) has seq 1"),
        LogWarning(
          line: 3,
          message:
            "seq 7 follows the gap record's seq 4…5 (line 2): no entry has seq 6, and no record says why"
        ),
        LogWarning(line: 6, message: "seq 9 lies inside the gap record's seq 9…9 (line 5)"),
      ])
    #expect(log.numbering.basis == .seq)
    let mixedTemp = try TempLog(
      [L.line(5, 0, 1), L.line(nil, 1, 2)].joined(separator: "\n") + "\n")
    let mixed = try LogFile(path: mixedTemp.path)
    #expect(mixed.numbering.basis == .position)
    #expect(
      mixed.sequenceWarnings == [
        LogWarning(
          line: 2,
          message:
            "an entry without seq (numbered 2, its position) goes backwards: the entry before it (line 1) has seq 5"
        )
      ])
  }

  /// An entry without seq is numbered by its position, and a warning about the entry
  /// after it says so rather than naming a seq it does not have: a line that is not JSON
  /// between seq 2 and seq 3 (its position 3 is repeated), an entry without seq before
  /// a jump, before a gap record and before a seq that goes backwards.
  @Test func aWarningAfterAnEntryWithoutSeqSaysHowItIsNumbered() throws {
    func warnings(_ lines: [String]) throws -> [LogWarning] {
      let temp = try TempLog(lines.joined(separator: "\n") + "\n")
      return try LogFile(path: temp.path).sequenceWarnings
    }
    let notJSON = [L.line(1, 0, 1), L.line(2, 1, 2), "not json", L.line(3, 2, 3)]
    #expect(
      try warnings(notJSON) == [
        LogWarning(
          line: 4,
          message:
            "seq 3 repeats the number of line 3, which has no seq and is numbered 3, its position"
        )
      ])
    #expect(
      try warnings([L.line(1, 0, 1), L.line(nil, 1, 2), L.line(5, 2, 3)]) == [
        LogWarning(
          line: 3,
          message:
            "seq 5 follows line 2, which has no seq and is numbered 2, its position: no entry has seq 3…4, and no gap record says why"
        )
      ])
    #expect(
      try warnings([L.line(1, 0, 1), L.line(nil, 1, 2), #"{"dropped":2,"seq":5}"#, L.line(7, 2, 3)])
        == [
          LogWarning(
            line: 3,
            message:
              "the gap record starts at seq 5, but the entry before it (line 2) has no seq and is numbered 2, its position"
          )
        ])
    #expect(
      try warnings([L.line(1, 0, 1), L.line(nil, 1, 2), L.line(1, 2, 3)]) == [
        LogWarning(
          line: 3,
          message:
            "seq 1 goes backwards: the entry before it (line 2) has no seq and is numbered 2, its position"
        )
      ])
  }

  /// A pending record at the end of a log numbered by position is numbered n + 1.
  @Test func aPendingRecordInALogNumberedByPosition() throws {
    let temp = try TempLog(
      [
        L.line(1, 0, 1), L.line(1, 1, 2),
        #"{"seq":2,"pending":true,"action":"x","prior":{"count":2}}"#,
      ]
      .joined(separator: "\n") + "\n")
    let log = try LogFile(path: temp.path)
    #expect(log.pendingEntry?.seq == 3)
    #expect(
      log.warnings.last
        == LogWarning(
          line: 3,
          message: "the session ended during entry 3 (x): the app stopped while applying it"))
    #expect(Self.answer(temp, ["--show", "3"]).out.hasPrefix("entry 3 (x): the app stopped"))
  }
}
