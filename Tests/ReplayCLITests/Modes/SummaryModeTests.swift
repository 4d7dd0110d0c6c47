import CLITestSupport
import TestSupport
import Testing

/// `replay LOG`: the time span is measured by the same RFC 3339 parser that checks the
/// order of entries' times, so every time the log accepts is measured.
@Suite struct SummaryModeTests {
  @Test func theTimeSpanReadsEveryRFC3339Form() throws {
    // An offset, a space for the T (RFC 3339 §5.6 allows it) and a fraction.
    let log = try TempLog(
      """
      {"seq":1,"time":"2026-01-05T09:00:00+02:00","action":"a","prior":{},"next":{}}
      {"seq":2,"time":"2026-01-05 07:14:24.5Z","action":"b","prior":{},"next":{}}

      """)
    let (code, out, err) = replay(log.path)
    #expect(code == 0)
    #expect(err == "")
    #expect(
      out.contains(
        "time: 2026-01-05T09:00:00+02:00 … 2026-01-05 07:14:24.5Z (14m 25s)\n"))
  }
}
