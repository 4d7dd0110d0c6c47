import Foundation
import ReplayCLI
import TestSupport
import Testing

@testable import TimeTravel

/// The summary's order checks: `seq` through pending records, and `time` going back.
struct LogOrderWarningTests {
  /// Entry `seq` of a counter; the chain holds when `prior` is the previous entry's seq.
  private static func entry(
    _ seq: Int, prior: Int? = nil, time: String = "2026-01-05T09:00:00.000Z"
  ) -> String {
    let prior = prior ?? seq - 1
    return
      #"{"seq":\#(seq),"time":"\#(time)","action":"increment","prior":{"count":\#(prior)},"next":{"count":\#(prior + 1)}}"#
  }

  private static func pending(_ seq: Int, prior: Int) -> String {
    #"{"seq":\#(seq),"time":"2026-01-05T09:00:00.000Z","pending":true,"action":"increment","prior":{"count":\#(prior)}}"#
  }

  /// Both summaries (the full parse and the fast scan) of a log of `lines`.
  private static func summaryWarnings(_ lines: [String]) throws -> [LogWarning] {
    let file = try TempLog(lines.joined(separator: "\n") + "\n")
    defer { try? FileManager.default.removeItem(atPath: file.path) }
    let log = try LogFile(path: file.path)
    let full = try LogSummary(scanning: log).warnings
    #expect(try LogSummary(fastScanning: log).warnings == full)
    return full
  }

  @Test func aPendingRecordWhoseSeqSkipsIsWarnedLikeAnEntry() throws {
    // Entries 1 and 2, then entry 5 with its pending record: one warning, at the
    // entry (the numbering's), not a second one at the pending record it completes.
    #expect(
      try Self.summaryWarnings([
        Self.entry(1), Self.entry(2), Self.pending(5, prior: 2), Self.entry(5, prior: 2),
      ]) == [
        LogWarning(
          line: 4,
          message: "seq 5 follows seq 2 (line 2): no entry has seq 3…4, and no gap record says why")
      ])
  }

  @Test func theFatalPendingRecordIsCheckedToo() throws {
    #expect(
      try Self.summaryWarnings([Self.entry(1), Self.entry(2), Self.pending(9, prior: 2)]) == [
        LogWarning(
          line: 3,
          message:
            "the session ended during entry 9 (increment): the app stopped while applying it"),
        LogWarning(
          line: 3,
          message: "seq 9 follows seq 2 (line 2): no entry has seq 3…8, and no gap record says why"),
      ])
    #expect(
      try Self.summaryWarnings([Self.entry(1), Self.entry(2), Self.pending(3, prior: 2)])
        == [
          LogWarning(
            line: 3,
            message:
              "the session ended during entry 3 (increment): the app stopped while applying it")
        ])
  }

  @Test func anEntryMustCompleteThePendingRecordBeforeIt() throws {
    #expect(
      try Self.summaryWarnings([Self.entry(1), Self.pending(2, prior: 1), Self.entry(3, prior: 1)])
        == [
          LogWarning(
            line: 3,
            message: "seq 3 follows seq 1 (line 1): no entry has seq 2, and no gap record says why"),
          LogWarning(line: 3, message: "seq 3 follows the pending record for seq 2; expected 2"),
        ])
    // A pending record never completed, then the next one, which its entry completes:
    // the first is checked against the last entry, the second as its entry is.
    #expect(
      try Self.summaryWarnings([
        Self.entry(1), Self.pending(2, prior: 1), Self.pending(4, prior: 1),
        Self.entry(4, prior: 1),
      ]) == [
        LogWarning(
          line: 2,
          message: "a pending record was never completed (the next line is another pending record)"
        ),
        LogWarning(
          line: 4,
          message: "seq 4 follows seq 1 (line 1): no entry has seq 2…3, and no gap record says why"),
      ])
  }

  @Test func aPendingRecordNoEntryCompletesIsCheckedAgainstTheEntryBeforeIt() throws {
    #expect(
      try Self.summaryWarnings([
        Self.entry(1), Self.pending(7, prior: 1), Self.pending(2, prior: 1),
        Self.entry(2, prior: 1),
      ]) == [
        LogWarning(
          line: 2,
          message: "a pending record was never completed (the next line is another pending record)"
        ),
        LogWarning(line: 2, message: "the pending record's seq 7 follows seq 1; expected 2"),
      ])
  }

  @Test func aGapExplainsTheSeqOfThePendingRecordAfterIt() throws {
    #expect(
      try Self.summaryWarnings([
        Self.entry(1), #"{"dropped":3,"seq":2}"#, Self.pending(5, prior: 7),
        Self.entry(5, prior: 7),
      ]) == [
        LogWarning(
          line: 2,
          message:
            "3 entries were dropped before entry 5 (seq 2…4; the recorder's queue was full)")
      ])
  }

  @Test func timeGoingBackwardsIsWarnedOncePerStep() throws {
    #expect(
      try Self.summaryWarnings([
        Self.entry(1, time: "2026-01-05T09:00:05.000Z"),
        Self.entry(2, time: "2026-01-05T09:00:01.250Z"),
        Self.entry(3, time: "2026-01-05T09:00:02.000Z"),
        Self.entry(4, time: "2026-01-05T09:00:02.000Z"),  // equal is not backwards
        Self.entry(5, time: "not a time"),  // not RFC 3339: not compared
        Self.entry(6, time: "2026-01-05T10:00:01.5+01:00"),  // 09:00:01.500Z
        Self.entry(7, time: "2026-01-05T09:00:03Z"),
      ]) == [
        LogWarning(
          line: 2,
          message:
            "entry 2's time 2026-01-05T09:00:01.250Z is 3.750 s before entry 1's (2026-01-05T09:00:05.000Z): the clock went backwards"
        ),
        LogWarning(
          line: 6,
          message:
            "entry 6's time 2026-01-05T10:00:01.5+01:00 is 0.500 s before entry 4's (2026-01-05T09:00:02.000Z): the clock went backwards"
        ),
      ])
  }

  @Test func theSummaryPrintsTheOrderWarnings() throws {
    let file = try TempLog(
      [
        Self.entry(1, time: "2026-01-05T09:00:05.000Z"),
        Self.entry(2, time: "2026-01-05T08:59:00.000Z"), Self.pending(4, prior: 2),
      ].joined(separator: "\n") + "\n")
    defer { try? FileManager.default.removeItem(atPath: file.path) }
    let io = BufferIO()
    #expect(ReplayCommand.run([file.path], io: io) == 0)
    // No negative duration: the span is shown as it is.
    #expect(io.stdout.contains("\ntime: 2026-01-05T09:00:05.000Z … 2026-01-05T08:59:00.000Z\n"))
    #expect(
      io.stdout.hasSuffix(
        """
        warnings: 3
          line 3: the session ended during entry 4 (increment): the app stopped while applying it
          line 2: entry 2's time 2026-01-05T08:59:00.000Z is 65.000 s before entry 1's (2026-01-05T09:00:05.000Z): the clock went backwards
          line 3: seq 4 follows seq 2 (line 2): no entry has seq 3, and no gap record says why

        """))
  }

  @Test(
    arguments: [
      ("2026-01-05T09:00:00.000Z", 1_767_603_600, 0),
      ("2026-01-05t09:00:00.5z", 1_767_603_600, 500_000_000),
      ("2026-01-05 10:30:00.123456789+01:30", 1_767_603_600, 123_456_789),
      ("2026-01-05T08:00:00.1234567891-01:00", 1_767_603_600, 123_456_789),
      ("1970-01-01T00:00:00Z", 0, 0),
      ("1969-12-31T23:59:59.999Z", -1, 999_000_000),
      ("2024-02-29T00:00:00Z", 1_709_164_800, 0),
      ("2016-12-31T23:59:60Z", 1_483_228_800, 0),
    ] as [(String, Int64, Int64)])
  func rfc3339InstantsParse(text: String, seconds: Int64, nanoseconds: Int64) throws {
    let instant = try #require(RFC3339Instant(text))
    #expect(instant.seconds == seconds)
    #expect(instant.nanoseconds == nanoseconds)
  }

  @Test(arguments: [
    "", "2026-01-05", "2026-01-05T09:00:00", "2026-13-05T09:00:00Z", "2025-02-29T09:00:00Z",
    "2026-01-05T24:00:00Z", "2026-01-05T09:60:00Z", "2026-01-05T09:00:00.Z",
    "2026-01-05T09:00:00Zx", "2026-01-05T09:00:00+0100", "26-01-05T09:00:00Z",
    "２026-01-05T09:00:00Z",
  ])
  func nonRFC3339TimesAreRefused(text: String) {
    #expect(RFC3339Instant(text) == nil)
  }

  @Test func recordSeqReadsOnlyTheSeqMember() {
    let cases: [(String, Int?)] = [
      (#"{"seq":5,"action":{}}"#, 5),
      (#" { "time" : "x" , "seq" : 7 }"#, 7),
      (#"{"se\u0071":3}"#, 3),
      (#"{"action":{"seq":1},"seq":2}"#, 2),
      (#"{"seq":"5"}"#, nil),
      (#"{"seq":1.5}"#, nil),
      (#"{"action":1}"#, nil),
      (#"[1]"#, nil),
      (#"{"seq":9"#, 9),
      (#"{"action":{"#, nil),
      ("", nil),
    ]
    for (line, seq) in cases {
      #expect(RecordSeq.read(Data(line.utf8)) == seq, "\(line)")
    }
  }
}
