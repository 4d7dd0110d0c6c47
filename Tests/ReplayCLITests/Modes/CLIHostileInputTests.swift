import CLITestSupport
import Foundation
import ReplayCLI
import TestSupport
import Testing

@testable import TimeTravel

@Suite struct CLIHostileInputTests {
  /// A log whose states nest 100,000 deep and whose keys, values and action
  /// names carry ANSI and C1 escape sequences.
  static func hostileLog() throws -> TempLog {
    let depth = 100_000
    let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let key = #""\u001b[31mkey":"\u009b2J""#
    return try TempLog(
      #"{"action":"deep","prior":{"a":1},"next":{"a":\#(deep),\#(key)}}"# + "\n"
        + #"{"action":{"type":"x\u0007"},"prior":{"a":\#(deep),\#(key)},"next":{"a":2}}"# + "\n")
  }

  @Test func deepAndEscapedInputNeverCrashesNorReachesTheTerminalRaw() throws {
    let log = try Self.hostileLog()
    for arguments in [
      [], ["--diff", "1"], ["--watch", "/a"], ["--bisect", "--predicate", ".a == 2"],
    ] {
      let (code, out, err) = replay(log.path, arguments: arguments)
      #expect(code == 0, "\(arguments)")
      #expect(err == "")
      #expect(
        !out.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
    }
    let (_, diff, _) = replay(log.path, arguments: ["--diff", "1"])
    #expect(
      diff == """
        entry 1 (deep)
        action: "deep"
        state init → state 1: 2 changes
          {
        -   "a": 1
        +   "a": \(String(repeating: "[", count: 119))…  // /a
        +   "\\u001b[31mkey": "\\u009b2J"  // "/\\u001b[31mkey"
          }

        """)
  }
}
