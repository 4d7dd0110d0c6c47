import Foundation
import ReplayLive
import TestSupport
import Testing
import TimeTravel

/// Node and Debian's Redux build, which the logger's scripts run against.
enum ReduxNode {
  static let reduxJS = "/usr/share/nodejs/redux/dist/redux.js"
  static let node = PeerResources.executable("node")
  static let isAvailable = node != nil && FileManager.default.isReadableFile(atPath: reduxJS)
  static let scripts = Repo.root.appendingPathComponent("Integrations/redux/test")

  /// Runs `node SCRIPT REDUX_JS ARGUMENTS…` to its end.
  static func run(_ script: String, _ arguments: String...) async throws -> CompletedProcess {
    let command = [scripts.appendingPathComponent(script).path, reduxJS] + arguments
    return try await CompletedProcess.run(node!, command, in: scripts)
  }
}

/// The Redux logger's live stream (`connect`), run with Node: against a real listener,
/// and against listeners its test script plays (`Integrations/redux/test/live-cases.mjs`).
@Suite(
  .liveHangGuard,
  .enabled(
    if: ReduxNode.isAvailable,
    "needs node on PATH and Debian's node-redux (apt-get install node-redux)"))
struct ReduxLiveTests {
  @Test func aReduxAppStreamsToTheListenerWithItsToken() async throws {
    let harness = try LiveHarness(token: "s3cret")
    defer { harness.removeDirectory() }
    let result = try await ReduxNode.run("live.mjs", harness.address, "s3cret")
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == #"# connection: {"state":"connected","reason":null}"# + "\n")
    try await harness.waitForLine("entry 5") { $0.hasPrefix(#"{"seq":5,"#) }
    let session = try #require(harness.sessions.first)
    #expect(session.app == "Cart")
    #expect(
      try LiveHarness.fileLines(session.file) == [
        #"{"format":"replay-log","version":1,"app":"Cart","created":"2026-01-05T09:00:01.000Z"}"#,
        #"{"seq":1,"time":"2026-01-05T09:00:02.000Z","action":{"type":"cart/added","item":{"id":1,"price":5}},"prior":{"items":[],"total":0},"next":{"items":[{"id":1,"price":5}],"total":5}}"#,
        #"{"seq":2,"time":"2026-01-05T09:00:03.000Z","action":{"type":"cart/added","item":{"id":2,"price":7}},"prior":{"items":[{"id":1,"price":5}],"total":5},"next":{"items":[{"id":1,"price":5},{"id":2,"price":7}],"total":12}}"#,
        #"{"seq":3,"time":"2026-01-05T09:00:04.000Z","action":{"type":"cart/added","item":{"id":3,"price":1}},"prior":{"items":[{"id":1,"price":5},{"id":2,"price":7}],"total":12},"next":{"items":[{"id":1,"price":5},{"id":2,"price":7},{"id":3,"price":1}],"total":13}}"#,
        #"{"seq":4,"time":"2026-01-05T09:00:05.000Z","action":{"type":"cart/cleared"},"prior":{"items":[{"id":1,"price":5},{"id":2,"price":7},{"id":3,"price":1}],"total":13},"next":{"items":[],"total":0}}"#,
        #"{"seq":5,"time":"2026-01-05T09:00:06.000Z","action":{"type":"cart/added","item":{"id":4,"price":2}},"prior":{"items":[],"total":0},"next":{"items":[{"id":4,"price":2}],"total":2}}"#,
      ])
    #expect(try LogFile(path: session.file.path).warnings.isEmpty)
  }

  @Test func aWrongTokenIsRefusedAndNothingIsSaved() async throws {
    let harness = try LiveHarness(token: "s3cret")
    defer { harness.removeDirectory() }
    let result = try await ReduxNode.run("live.mjs", harness.address, "guess")
    #expect(result.status == 0, "\(result.err)")
    #expect(
      result.out == #"# connection: {"state":"refused","reason":"the token is wrong"}"# + "\n")
    try await harness.wait("the refusal") {
      $0.contains { if case .refused = $0 { true } else { false } }
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: harness.directory.path) == [])
  }

  static let hello =
    #"{"hello":"replay","protocol":1,"app":"Counter","session":"…","started":"2026-01-05T09:00:01.000Z","device":"…","pid":"…"}"#
  static let header =
    #"{"format":"replay-log","version":1,"app":"Counter","created":"2026-01-05T09:00:01.000Z"}"#

  static func entry(_ seq: Int) -> String {
    #"{"seq":\#(seq),"time":"2026-01-05T09:00:\#(String(format: "%02d", seq + 1)).000Z","action":{"type":"counter/incremented"},"prior":{"count":\#(seq - 1)},"next":{"count":\#(seq)}}"#
  }

  @Test(arguments: [
    (
      "resume",
      [
        #"# connection: {"state":"disconnected","reason":"the listener closed the connection"}"#,
        #"# connection: {"state":"connected","reason":null}"#,
      ] + ["<1> \(hello)", "<1> \(header)"] + (1...3).map { "<1> \(entry($0))" }
        + ["<2> \(hello)", "<2> \(header)", "<2> \(entry(3))", "<2> \(entry(4))"]
    ),
    (
      "buffer",
      [
        #"# connection: {"state":"disconnected","reason":"cannot connect to 127.0.0.1:PORT: connection refused"}"#,
        "<1> \(hello)", "<1> \(header)", #"<1> {"dropped":16,"seq":1,"reason":"buffer"}"#,
      ] + (17...20).map { "<1> \(entry($0))" }
    ),
    (
      "refused",
      [
        #"# connection: {"state":"refused","reason":"the token is wrong"}"#,
        "<1> " + hello.replacingOccurrences(of: "}", with: #","token":"guess"}"#),
      ]
    ),
    (
      "commands",
      [
        #"# state: {"count":1}"#, "<1> \(hello)", "<1> \(header)", "<1> \(entry(1))",
        #"<1> {"reply":1,"error":"this app does not accept commands: the Redux logger streams its log only"}"#,
      ]
    ),
    (
      "absent",
      [
        #"# connection: {"state":"disconnected","reason":"cannot connect to 127.0.0.1:PORT: connection refused"}"#,
        #"# state: {"count":1}"#, "# exited on its own",
      ]
    ),
    (
      "invalid-options",
      [
        #"# TypeError: replayLogger: options.connect must be "HOST:PORT" (e.g. "127.0.0.1:9000", "[::1]:9000")"#,
        #"# TypeError: replayLogger: options.connect must be "HOST:PORT" (e.g. "127.0.0.1:9000", "[::1]:9000")"#,
        #"# TypeError: replayLogger: options.connect must be "HOST:PORT" (e.g. "127.0.0.1:9000", "[::1]:9000")"#,
        "# TypeError: replayLogger: options.token must be a string",
        "# TypeError: replayLogger: options.bufferLimit must be a positive integer (bytes)",
      ]
    ),
  ])
  func aPlayedListenerSeesWhatTheLoggerSends(scenario: String, expected: [String]) async throws {
    let result = try await ReduxNode.run("live-cases.mjs", scenario)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err == "")
    #expect(result.out.split(separator: "\n").map(String.init) == expected)
  }
}
