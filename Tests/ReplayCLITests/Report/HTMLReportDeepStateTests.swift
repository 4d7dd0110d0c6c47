import CLITestSupport
import Foundation
import TestSupport
import Testing
import TimeTravel

@testable import ReplayCLI

/// A log whose states nest `depth` objects deep:
/// `{"label": "vK", "deep": {"a": {"a": … {"leaf": K}}}}`, entry K setting the leaf
/// from K − 1 to K (and the label with it). `Tests/Report/deep_checks.js` builds the same.
enum DeepStateLog {
  static func state(_ leaf: Int, depth: Int) -> String {
    let open: String = String(repeating: #"{"a":"#, count: depth - 1)
    let close: String = String(repeating: "}", count: depth - 1)
    return [#"{"label":"v\#(leaf)","deep":"#, open, #"{"leaf":\#(leaf)}"#, close, "}"].joined()
  }

  static func text(depth: Int, entries: Int) -> String {
    var lines = [#"{"format":"replay-log","version":1,"app":"Deep"}"#]
    for k in 1...entries {
      let prior = state(k - 1, depth: depth)
      let next = state(k, depth: depth)
      lines.append(
        #"{"seq":\#(k),"time":"2026-01-05T10:00:0\#(k).000Z","action":{"type":"setLeaf","value":\#(k)},"prior":\#(prior),"next":\#(next)}"#
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The leaf's JSON Pointer.
  static func leafPointer(depth: Int) -> String {
    let levels: String = String(repeating: "/a", count: depth - 1)
    return "/deep" + levels + "/leaf"
  }
}

/// The report of a log whose states are 10,000 levels deep: the command line builds it
/// (walk, sharing, diff, patch, series, marks) and every state comes back exactly.
@Suite struct HTMLReportDeepStateTests {
  @Test func aReportOfStatesTenThousandLevelsDeepRebuildsEveryStateExactly() throws {
    let depth = 10_000
    let log = try TempLog(DeepStateLog.text(depth: depth, entries: 3))
    let path = HTMLReportSupport.temporaryPath("deep.html")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = replay(
      log.path,
      arguments: [
        "--html", path, "--plot", "/label", "--plot", DeepStateLog.leafPointer(depth: depth),
        "--predicate", #".label >= "v2""#, "--find", ".action.value == 3",
      ])
    #expect(result.code == 0, "\(result.err)")
    #expect(result.err == "")
    // Deep values are built, compared and released on the command line's big-stack thread.
    let (index, patchPath, equal) = try onWorkThread {
      let page = try String(contentsOfFile: path, encoding: .utf8)
      let (index, segments) = HTMLReportSupport.dataElements(page)
      let states = try HTMLReportSupport.rebuiltStates(segments)
      let file = try LogFile(path: log.path)
      let equal = try states.enumerated().map { k, state in state == (try file.state(k)) }
      return (index, segments[0]["entries"]?[0]?["patch"]?[1]?["path"], equal)
    }
    let shown = { (value: JSONValue?) in JSONPrinter.compact.print(value ?? .null) }
    #expect(shown(index["plots"]?[0]?["values"]) == #"["v0","v1","v2","v3"]"#)
    #expect(shown(index["plots"]?[1]?["values"]) == "[0,1,2,3]")
    #expect(shown(index["predicate"]?["holds"]) == "[2,3]")
    #expect(shown(index["find"]?["rows"]) == "[3]")
    #expect(shown(index["rows"]?["changes"]) == "[2,2,2]")
    #expect(equal == [true, true, true, true])
    // Each entry's patch replaces the label and the leaf, 10,000 levels down.
    #expect(patchPath?.stringValue == DeepStateLog.leafPointer(depth: depth))
  }
}
