import CLITestSupport
import Foundation
import TestSupport
import Testing

@testable import ReplayCLI
@testable import TimeTravel
@testable import TimeTravelJSON

/// Listings say what happened: each entry with what its action carries, and `--diff K`
/// with the action of entry K; a printed pointer can be typed back.
@Suite struct CLIListingPayloadTests {
  @Test(
    arguments: [
      (#""increment""#, nil),
      (#"{"increment":{}}"#, nil),
      (#"{"setFilter":{"_0":"active"}}"#, #"{"_0":"active"}"#),
      (#"{"deleteTodos":{"atOffsets":[6]}}"#, #"{"atOffsets":[6]}"#),
      (
        #"{"type":"todos/add","payload":{"text":"x"},"meta":1}"#,
        #"{"payload":{"text":"x"},"meta":1}"#
      ),
      (#"{"type":"reset"}"#, nil),
      (#"{"$":"SetName","a":"bob"}"#, #"{"a":"bob"}"#),
      (#"{"$":"Increment"}"#, nil),
      (#"{"a":1,"b":2}"#, #"{"a":1,"b":2}"#),
      ("[1,2]", "[1,2]"),
      ("7", "7"),
    ] as [(String, String?)])
  func payload(action: String, expected: String?) throws {
    let payload = ActionPayload.of(try JSONParser.parse(action))
    #expect(payload.map { JSONPrinter.compact.print($0) } == expected)
  }

  /// Redux actions, an enum case without a value, and a payload too long for a line.
  static func reduxLog() throws -> TempLog {
    let long = String(repeating: "y", count: 100)
    return try TempLog(
      """
      {"action":{"type":"todos/add","payload":{"text":"Buy milk"}},"prior":{"n":0},"next":{"n":1}}
      {"action":{"type":"todos/clear"},"prior":{"n":1},"next":{"n":0}}
      {"action":{"ping":{}},"prior":{"n":0},"next":{"n":0}}
      {"action":{"type":"todos/add","payload":{"text":"\(long)"}},"prior":{"n":0},"next":{"n":1}}

      """)
  }

  @Test func findShowsThePayload() throws {
    let log = try Self.reduxLog()
    let (code, out, _) = replay(log.path, arguments: ["--find", "true"])
    #expect(code == 0)
    #expect(
      out == """
        4 entries match:
          entry 1 (todos/add) {"payload":{"text":"Buy milk"}}
          entry 2 (todos/clear)
          entry 3 (ping)
          entry 4 (todos/add) {"payload":{"text":"\(String(repeating: "y", count: 59))…

        """)
    let full = replay(log.path, arguments: ["--find", ".seq == 4", "--full"])
    #expect(
      full.out
        == "1 entry matches:\n  entry 4 (todos/add) {\"payload\":{\"text\":\"\(String(repeating: "y", count: 100))\"}}\n"
    )
  }

  @Test func watchAndTheStepperListShowThePayload() throws {
    let log = try Self.reduxLog()
    let watch = replay(log.path, arguments: ["--watch", ".n"])
    #expect(
      watch.out == """
        3 entries changed /n:
          entry 1 (todos/add) {"payload":{"text":"Buy milk"}}: 0 → 1
          entry 2 (todos/clear): 1 → 0
          entry 4 (todos/add) {"payload":{"text":"\(String(repeating: "y", count: 59))…: 0 → 1

        """)
    let step = replay(log.path, "--step", stdin: "goto 2\nlist 3\nq\n")
    #expect(
      step.out == """
        [init/4] initial state
        [2/4] todos/clear
          ~ /n: 1 → 0
          entry 1 (todos/add) {"payload":{"text":"Buy milk"}}
        > entry 2 (todos/clear)
          entry 3 (ping)

        """)
  }

  @Test func diffOfOneEntryShowsItsAction() throws {
    let log = try Self.reduxLog()
    let text = replay(log.path, arguments: ["--diff", "1"])
    #expect(
      text.out == """
        entry 1 (todos/add)
        action: {"type":"todos/add","payload":{"text":"Buy milk"}}
        state init → state 1: 1 change
          {
        -   "n": 0
        +   "n": 1  // /n
          }

        """)
    let json = replay(log.path, arguments: ["--diff", "1", "--format", "json"])
    #expect(
      json.out
        == #"{"from":"init","to":1,"action":{"type":"todos/add","payload":{"text":"Buy milk"}},"changes":[{"op":"replace","path":"/n","old":0,"new":1}]}"#
        + "\n")
    // Two states name no single entry.
    let range = replay(log.path, arguments: ["--diff", "0", "1"])
    #expect(range.out.hasPrefix("state init → state 1: 1 change\n"))
    let none = replay(log.path, arguments: ["--diff", "3"])
    #expect(none.out == "entry 3 (ping)\naction: {\"ping\":{}}\nstate 2 → state 3: no changes\n")
  }

  /// A key holding NUL prints quoted, and the quoted form is accepted back by `--watch`
  /// and the stepper's `watch` and `rwatch`.
  @Test func aQuotedPointerCanBeTypedBack() throws {
    let log = try TempLog(
      """
      {"action":"set","prior":{"a\\u0000b":1},"next":{"a\\u0000b":2}}
      {"action":"other","prior":{"a\\u0000b":2},"next":{"a\\u0000b":2,"c":1}}

      """)
    let diff = replay(log.path, arguments: ["--diff", "1"])
    #expect(diff.out.contains(#"+   "a\u0000b": 2  // "/a\u0000b""#))
    let watch = replay(log.path, arguments: ["--watch", #""/a\u0000b""#])
    #expect(watch.code == 0)
    #expect(watch.out == "1 entry changed \"/a\\u0000b\":\n  entry 1 (set): 1 → 2\n")
    let step = replay(
      log.path, "--step", stdin: "last\nrwatch \"/a\\u0000b\"\nwatch \"/a\\u0000b\"\nq\n")
    #expect(
      step.out == """
        [init/2] initial state
        [2/2] other
          + /c: 1
        [1/2] set
          "/a\\u0000b": 1 → 2
        no entry after state 1 changes "/a\\u0000b"; staying here

        """)
    let bad = replay(log.path, arguments: ["--watch", #""/a"#])
    #expect(bad.code == ExitCode.usage)
    #expect(
      bad.err
        == "replay: --watch: \"\\\"/a\" is not a JSON string literal holding a JSON Pointer\n")
  }

  @Test func evalNamesBadInputAsLogsDo() {
    let truncated = replay("--eval", ".", stdin: "1\n[2,")
    #expect(truncated.code == ExitCode.unreadableLog)
    #expect(truncated.out == "1\n")
    #expect(
      truncated.err == "replay: stdin:2:4: not valid JSON: unexpected end of input\n")
    let bad = replay("--eval", ".", stdin: "{\"a\" 1}")
    #expect(
      bad.err == "replay: stdin:1:6: not valid JSON: expected ':' after an object key, found '1'\n")
  }

  /// `--verify` shows a long recorded and recomputed value around where they differ.
  @Test func verifyShowsTheDifferenceInALongValue() throws {
    let title = String(repeating: "t", count: 200)
    let header = try String(contentsOfFile: Repo.nondeterministic, encoding: .utf8)
      .split(separator: "\n")[0]
    let log = try TempLog(
      """
      \(header)
      {"seq":1,"action":{"addTodo":{"id":"todo-001","title":"\(title)"}},"prior":{"filter":"all","isLoading":false,"todos":[]},"next":{"filter":"all","isLoading":false,"todos":[{"id":"todo-001","isCompleted":false,"title":"\(title.dropLast())X"}]}}

      """)
    let (code, out, _) = replay(log.path, arguments: ["--verify", "--reducer", "todo"])
    #expect(code == ExitCode.diverged)
    // The same window on both sides: 116 characters before the difference, then the end.
    let before = String(repeating: "t", count: 116)
    #expect(
      out.contains("  /todos/0/title: recorded \"…\(before)X\", recomputed \"…\(before)t\"\n"))
  }
}
