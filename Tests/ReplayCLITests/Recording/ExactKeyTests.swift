import CLITestSupport
import Foundation
import ReplayCLI
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelJSON

/// Keys and names that Swift's `==` calls equal (canonical equivalence: "é" precomposed
/// and decomposed, "K" and the Kelvin sign) are distinct in JSON and jq. Everywhere they
/// are sorted, compared, grouped or counted, they stay two.
@Suite struct ExactKeyTests {
  static let nfc = "\u{E9}"
  static let nfd = "e\u{301}"
  static let kelvin = "\u{212A}"

  /// Sorting and comparing objects whose keys differ only that way neither crashes nor
  /// merges them; jq orders keys by code point ("e" before "é", "K" before "K").
  @Test func objectsWithSuchKeysSortAndCompareByCodePoints() throws {
    let pair = #"[{"\#(Self.nfc)":1},{"\#(Self.nfd)":1}]"#
    let expected = #"[{"\#(Self.nfd)":1},{"\#(Self.nfc)":1}]"#
    for program in ["unique", "sort", "sort_by(.)", "unique_by(.)", "[min, max]"] {
      let output = try jq(program, pair)
      #expect(output.count == 1, "\(program)")
      #expect(output.first?.utf8.elementsEqual(expected.utf8) == true, "\(program)")
    }
    #expect(try jq("group_by(.) | length", pair) == ["2"])
    #expect(try jq(#".[0] < .[1]"#, #"[{"K":1},{"\#(Self.kelvin)":1}]"#) == ["true"])
    #expect(try jq(#".[1] < .[0]"#, #"[{"K":1},{"\#(Self.kelvin)":1}]"#) == ["false"])
  }

  /// The text diff shows each change once, under its own key.
  @Test func theTextDiffKeepsSuchKeysApart() throws {
    let prior = #"{"\#(Self.nfc)":1,"\#(Self.nfd)":1,"K":3,"\#(Self.kelvin)":4}"#
    let next = #"{"\#(Self.nfc)":5,"\#(Self.nfd)":1,"\#(Self.kelvin)":4}"#
    let temp = try TempLog(#"{"seq":1,"action":"a","prior":\#(prior),"next":\#(next)}"# + "\n")
    let (code, out, err) = replay(temp.path, arguments: ["--diff", "1"])
    #expect(code == 0)
    #expect(err == "")
    let expected = """
      entry 1 (a)
      action: "a"
      state init → state 1: 2 changes
        {
      -   "\(Self.nfc)": 1
      +   "\(Self.nfc)": 5  // /\(Self.nfc)
          … (2 unchanged)
      -   "K": 3  // /K
        }

      """
    #expect(out.utf8.elementsEqual(expected.utf8), "\(out)")
  }

  /// Both summaries count such action names apart.
  @Test func summariesCountSuchActionNamesApart() throws {
    let actions = [
      #""\#(Self.nfc)""#, #""\#(Self.nfd)""#, #"{"type":"\#(Self.kelvin)"}"#, #"{"K":1}"#,
    ]
    let text =
      actions.enumerated().map { i, action in
        #"{"seq":\#(i + 1),"action":\#(action),"prior":\#(i),"next":\#(i + 1)}"#
      }.joined(separator: "\n") + "\n"
    let temp = try TempLog(text)
    let log = try LogFile(path: temp.path)
    for summary in [try LogSummary(fastScanning: log), try LogSummary(scanning: log)] {
      let names = summary.actionCounts.map(\.name)
      #expect(summary.actionCounts.map(\.count) == [1, 1, 1, 1])
      #expect(names.elementsEqual([Self.nfc, Self.nfd, Self.kelvin, "K"], by: ExactKey.same))
    }
  }
}
