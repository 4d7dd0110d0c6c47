import Foundation
import Testing
import TimeTravel

/// Gap records say why entries are missing, and readers say it too.
@Suite struct LiveGapTests {
  static func warning(reason: String?) throws -> String? {
    let reason = reason.map { #","reason":"\#($0)""# } ?? ""
    let text =
      [
        #"{"seq":1,"action":"a","prior":0,"next":1}"#, #"{"dropped":2,"seq":2\#(reason)}"#,
        #"{"seq":4,"action":"a","prior":3,"next":4}"#,
      ].joined(separator: "\n") + "\n"
    return try LogFile(contents: Array(text.utf8), name: "gap.jsonl").warnings.first?.message
  }

  @Test func eachReasonHasItsWords() throws {
    #expect(
      try Self.warning(reason: nil)
        == "2 entries were dropped before entry 4 (seq 2…3; the recorder's queue was full)")
    #expect(
      try Self.warning(reason: "lost")
        == "2 entries were dropped before entry 4 (seq 2…3; sent to the listener, they never reached it)"
    )
    #expect(
      try Self.warning(reason: "buffer")
        == "2 entries were dropped before entry 4 (seq 2…3; the live stream's buffer was full while its listener was away or slow)"
    )
    #expect(
      try Self.warning(reason: "solar\\u001bflare")
        == #"2 entries were dropped before entry 4 (seq 2…3; reason: "solar\u001bflare")"#)
  }
}
