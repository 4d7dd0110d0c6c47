import TestSupport
import Testing

@testable import TimeTravelJQ

/// jq's date builtins, in UTC: seconds since the epoch and broken down time
/// `[year, month 0–11, day, hours, minutes, seconds, weekday, day of year]`.
@Suite struct QueryDateTests {
  @Test func manualExamples() throws {
    let date = #""2015-03-05T23:51:47Z""#
    #expect(try jq("fromdate", date) == ["1425599507"])
    #expect(try jq(#"strptime("%Y-%m-%dT%H:%M:%SZ")"#, date) == ["[2015,2,5,23,51,47,4,63]"])
    #expect(try jq(#"strptime("%Y-%m-%dT%H:%M:%SZ") | mktime"#, date) == ["1425599507"])
  }

  @Test func roundTrips() throws {
    #expect(try jq("todate", "1425599507") == [#""2015-03-05T23:51:47Z""#])
    #expect(try jq("gmtime", "1425599507.5") == ["[2015,2,5,23,51,47.5,4,63]"])
    #expect(try jq("gmtime | mktime", "1425599507.5") == ["1425599507"])
    #expect(try jq("gmtime | todate", "0") == [#""1970-01-01T00:00:00Z""#])
    #expect(try jq(#"strftime("%A, %B %d, %Y")"#, "1425599507") == [#""Thursday, March 05, 2015""#])
    #expect(try jq(#"strptime("%Y-%m-%d")"#, #""2024-02-29""#) == ["[2024,1,29,0,0,0,4,59]"])
  }

  @Test func errors() throws {
    #expect(
      try jqRuntimeError(#"strptime("%Y-%m-%d")"#, #""March""#)
        == #"date "March" does not match format "%Y-%m-%d""#)
    #expect(
      try jqRuntimeError(#"strptime(1)"#, #""x""#)
        == "strptime/1 requires string inputs and arguments")
    #expect(try jqRuntimeError("mktime", #""x""#) == "mktime requires array inputs")
    #expect(try jqRuntimeError("mktime", #"["a"]"#) == "mktime requires parsed datetime inputs")
    #expect(try jqRuntimeError("gmtime", #""x""#) == "gmtime() requires numeric inputs")
    #expect(try jqRuntimeError("strftime(1)", "0") == "strftime/1 requires a string format")
    #expect(
      try jqRuntimeError(#"strftime("%Y")"#, #""x""#)
        == "strftime/1 requires parsed datetime inputs")
  }
}
