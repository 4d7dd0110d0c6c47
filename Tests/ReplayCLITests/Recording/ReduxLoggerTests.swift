import CLITestSupport
import Foundation
import TestSupport
import Testing
import TimeTravel

/// The Redux logger (`Integrations/redux/replay-logger.mjs`) against the real Redux:
/// Node runs a scripted session of a store built with Redux's `createStore` and
/// `applyMiddleware`, and `replay` (in-process) reads what the logger wrote.
@Suite(.enabled(if: ReduxPeer.isAvailable, ReduxPeer.reason))
struct ReduxLoggerTests {
  /// Runs one scenario of `cases.mjs` and returns its stdout and stderr.
  private func scenario(_ name: String) async throws -> (out: String, err: String) {
    let result = try await ReduxPeer.run("cases.mjs", name)
    #expect(result.status == 0, "node cases.mjs \(name) failed: \(result.err)")
    return (result.out, result.err)
  }

  /// Line-by-line, so a mismatch names the line rather than a 5 KB string.
  private func expectLines(
    _ actual: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(actualLines.count == expectedLines.count, sourceLocation: sourceLocation)
    for (index, (got, want)) in zip(actualLines, expectedLines).enumerated() {
      #expect(got == want, "line \(index + 1)", sourceLocation: sourceLocation)
    }
  }

  /// The log lines of a scenario's output (its "# " observations removed).
  private func logLines(_ out: String) -> String {
    out.split(separator: "\n").filter { !$0.hasPrefix("# ") }.map { $0 + "\n" }.joined()
  }

  // MARK: A recorded session, bisected

  @Test func bisectNamesThePlantedActionInARecordedCartSession() async throws {
    let path = Scratch.folder
      .appendingPathComponent("redux-cart-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorded = try await ReduxPeer.run("cart-session.mjs", path)
    #expect(recorded.status == 0)
    #expect(recorded.err == "")

    let log = try String(contentsOfFile: path, encoding: .utf8)
    let lines = log.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 26)  // the header, 24 entries, and the final newline's empty tail
    #expect(
      lines.first
        == #"{"format":"replay-log","version":1,"app":"CartApp","created":"2026-01-05T10:00:00.000Z"}"#
    )
    #expect(
      lines[1]
        == #"{"seq":1,"time":"2026-01-05T10:00:03.200Z","action":{"type":"session/loggedIn","payload":{"user":"ada","token":"<redacted>"}},"prior":{"cart":{"items":[],"total":0,"coupon":null},"session":{"user":null,"token":"<redacted>"}},"next":{"cart":{"items":[],"total":0,"coupon":null},"session":{"user":"ada","token":"<redacted>"}}}"#
    )

    let summary = replay(path)
    #expect(summary.code == 0)
    #expect(summary.err == "")
    #expect(
      summary.out == """
        \(path): 24 entries (replay-log v1, app CartApp)
        time: 2026-01-05T10:00:03.200Z … 2026-01-05T10:01:25.300Z (1m 22s)
        actions:
          cart/itemAdded        11
          cart/itemRemoved      5
          cart/quantityChanged  4
          session/loggedIn      1
          cart/couponApplied    1
          cart/cleared          1
          session/loggedOut     1
        warnings: none

        """)

    let predicate = ".cart.total != ([.cart.items[] | .price * .qty] | add // 0)"
    let bisect = replay(path, "--bisect", "--predicate", predicate)
    #expect(bisect.code == 0)
    #expect(bisect.err == "")
    #expect(
      bisect.out == #"""
        entry 19 (cart/itemRemoved) is the first bad entry
        time:   2026-01-05T10:01:10.200Z
        action: {"type":"cart/itemRemoved","payload":{"sku":"mug"}}
        changes:
          - /cart/items/1: {"sku":"mug","name":"Stoneware mug","price":1200,"qty":4}
          ~ /cart/total: 8650 → 7450
        evaluated 6 of 25 states
        confirmed: no earlier state is bad (scanned states 1…18)

        """#)

    let linear = replay(path, "--bisect", "--linear", "--predicate", predicate, "--format", "json")
    #expect(linear.code == 0)
    #expect(linear.out.hasPrefix(#"{"result":"firstBad","seq":19,"#))

    let show = replay(path, "--show", "18", "--format", "json")
    #expect(show.code == 0)
    #expect(
      show.out
        == #"{"seq":18,"action":{"type":"cart/itemRemoved","payload":{"sku":"honey"}},"actionName":"cart/itemRemoved","time":"2026-01-05T10:01:05.000Z","state":{"cart":{"items":[{"sku":"pot","name":"Teapot","price":3400,"qty":1},{"sku":"mug","name":"Stoneware mug","price":1200,"qty":4},{"sku":"tea","name":"Green tea","price":450,"qty":1}],"total":8650,"coupon":null},"session":{"user":"ada","token":"<redacted>"}}}"#
        + "\n")
  }

  /// The README's js blocks: the example, then the import lines for Debian's build.
  static func readmeBlocks() throws -> [String] {
    let readme = try String(
      contentsOf: ReduxPeer.scripts.deletingLastPathComponent().appendingPathComponent(
        "README.md"), encoding: .utf8)
    return readme.components(separatedBy: "```js\n").dropFirst().map {
      $0.components(separatedBy: "```\n")[0]
    }
  }

  /// Runs `example` as `example.mjs` beside a copy of the module (in a folder with a
  /// `node_modules/redux` that links Debian's build when `npm`), and checks the log it
  /// writes.
  func runReadmeExample(_ example: String, npm: Bool) async throws {
    let files = FileManager.default
    let directory = Scratch.folder.appendingPathComponent("redux-readme-\(UUID())")
    defer { try? files.removeItem(at: directory) }
    try files.createDirectory(at: directory, withIntermediateDirectories: true)
    if npm {
      let redux = directory.appendingPathComponent("node_modules/redux")
      try files.createDirectory(
        at: redux.appendingPathComponent("dist"), withIntermediateDirectories: true)
      try #"{"name":"redux","main":"dist/redux.js"}"#.write(
        to: redux.appendingPathComponent("package.json"), atomically: true, encoding: .utf8)
      try files.createSymbolicLink(
        atPath: redux.appendingPathComponent("dist/redux.js").path,
        withDestinationPath: ReduxPeer.reduxJS)
    }
    try files.copyItem(
      at: ReduxPeer.scripts.deletingLastPathComponent().appendingPathComponent(
        "replay-logger.mjs"),
      to: directory.appendingPathComponent("replay-logger.mjs"))
    try example.write(
      to: directory.appendingPathComponent("example.mjs"), atomically: true, encoding: .utf8)

    let result = try await ReduxPeer.node(["example.mjs"], in: directory)
    #expect(result.status == 0)
    #expect(result.err == "")
    let log = try LogFile(path: directory.appendingPathComponent("session.jsonl").path)
    #expect(log.header?.app == "Counter")
    #expect(log.entryCount == 2)
    #expect(try log.entry(1).action == ["type": "counter/incremented"])
    #expect(try log.state(0) == ["count": 0, "user": ["name": "ada", "token": "<redacted>"]])
    #expect(try log.state(2) == ["count": 2, "user": ["name": "ada", "token": "<redacted>"]])
    let bisect = replay(log.path, "--bisect", "--predicate", ".count > 1", "--format", "json")
    #expect(bisect.code == 0)
    #expect(bisect.out.hasPrefix(#"{"result":"firstBad","seq":2,"#))
  }

  /// The README's example, run as written: "redux" resolves through a node_modules
  /// folder, as npm installs it (here linking Debian's build).
  @Test func theReadmeExampleRunsAndWritesALogReplayReads() async throws {
    try await runReadmeExample(try #require(Self.readmeBlocks().first), npm: true)
  }

  /// With Debian's node-redux and no node_modules, the example runs with the import the
  /// README shows for it in place of its first line (the bare "redux" is not found).
  @Test func theReadmeExampleRunsWithDebiansRedux() async throws {
    let blocks = try Self.readmeBlocks()
    try #require(blocks.count >= 2)
    let example = blocks[0].components(separatedBy: "\n")
    #expect(example[0] == #"import { applyMiddleware, createStore } from "redux";"#)
    try await runReadmeExample(
      blocks[1] + example.dropFirst().joined(separator: "\n"), npm: false)
  }

  // MARK: Redaction

  @Test func redactsStateAndActionMembersByJSONPointer() async throws {
    let (out, err) = try await scenario("redaction")
    #expect(err == "")
    // Pointers that resolve nowhere (a missing member, "01", "-", an index past the
    // end, a token into a string) leave the value alone; a member holding null is
    // redacted, as the Swift recorder does; "~1" and "~0" are unescaped; a pointer
    // reaches into a Map through its written form.
    expectLines(
      out,
      #"""
      {"format":"replay-log","version":1,"created":"2026-01-05T09:00:01.000Z"}
      {"seq":1,"time":"2026-01-05T09:00:02.000Z","action":{"type":"user/passwordChanged","payload":{"password":"<redacted>"}},"prior":{"user":{"name":"ada","password":"<redacted>"},"cards":[{"number":"4111","cvc":"123"},{"number":"5500","cvc":"<redacted>"}],"a/b":{"~x":"<redacted>","y":2},"list":[10,20],"sessions":{"$type":"Map","value":[["s1",{"token":"<redacted>","device":"phone"}]]}},"next":{"user":{"name":"ada","password":"<redacted>"},"cards":[{"number":"4111","cvc":"123"},{"number":"5500","cvc":"<redacted>"}],"a/b":{"~x":"<redacted>","y":2},"list":[10,20],"sessions":{"$type":"Map","value":[["s1",{"token":"<redacted>","device":"phone"}]]}}}
      {"seq":2,"time":"2026-01-05T09:00:03.000Z","action":{"type":"noop","payload":{"password":"<redacted>"}},"prior":{"user":{"name":"ada","password":"<redacted>"},"cards":[{"number":"4111","cvc":"123"},{"number":"5500","cvc":"<redacted>"}],"a/b":{"~x":"<redacted>","y":2},"list":[10,20],"sessions":{"$type":"Map","value":[["s1",{"token":"<redacted>","device":"phone"}]]}},"next":{"user":{"name":"ada","password":"<redacted>"},"cards":[{"number":"4111","cvc":"123"},{"number":"5500","cvc":"<redacted>"}],"a/b":{"~x":"<redacted>","y":2},"list":[10,20],"sessions":{"$type":"Map","value":[["s1",{"token":"<redacted>","device":"phone"}]]}}}
      # state password: s3cret

      """#)
  }

  /// `redact: [pointers]`, the shape most loggers take, redacts those places in the
  /// state (and nothing in the action), rather than nothing.
  @Test func aBareListRedactsTheState() async throws {
    let (out, err) = try await scenario("redaction-bare-list")
    #expect(err == "")
    expectLines(
      out,
      #"""
      {"format":"replay-log","version":1,"created":"2026-01-05T09:00:01.000Z"}
      {"seq":1,"time":"2026-01-05T09:00:02.000Z","action":{"type":"inc","token":"not a state pointer"},"prior":{"user":{"name":"ada","token":"<redacted>"},"n":0},"next":{"user":{"name":"ada","token":"<redacted>"},"n":1}}

      """#)
  }

  @Test func redactsTheWholeActionWithACustomPlaceholder() async throws {
    let (out, err) = try await scenario("redaction-placeholder")
    #expect(err == "")
    expectLines(
      out,
      #"""
      {"format":"replay-log","version":1,"created":"2026-01-05T09:00:01.000Z"}
      {"seq":1,"time":"2026-01-05T09:00:02.000Z","action":"[hidden]","prior":{"pin":"[hidden]","n":0},"next":{"pin":"[hidden]","n":1}}

      """#)
  }

  // MARK: Values JSON cannot hold

  @Test func writesEachValueJSONCannotHoldInItsDocumentedForm() async throws {
    let (out, err) = try await scenario("values")
    #expect(err == "")
    expectLines(
      out,
      #"""
      {"format":"replay-log","version":1,"created":"2026-01-05T09:00:01.000Z"}
      {"seq":1,"time":"2026-01-05T09:00:02.000Z","action":{"type":"set","kind":"undefined"},"prior":{"v":null},"next":{"v":{"$type":"undefined"}}}
      {"seq":2,"time":"2026-01-05T09:00:03.000Z","action":{"type":"set","kind":"undefinedMember"},"prior":{"v":{"$type":"undefined"}},"next":{"v":{"a":{"$type":"undefined"},"b":1}}}
      {"seq":3,"time":"2026-01-05T09:00:04.000Z","action":{"type":"set","kind":"undefinedElement"},"prior":{"v":{"a":{"$type":"undefined"},"b":1}},"next":{"v":[{"$type":"undefined"},null]}}
      {"seq":4,"time":"2026-01-05T09:00:05.000Z","action":{"type":"set","kind":"hole"},"prior":{"v":[{"$type":"undefined"},null]},"next":{"v":[1,{"$type":"undefined"},3]}}
      {"seq":5,"time":"2026-01-05T09:00:06.000Z","action":{"type":"set","kind":"Date"},"prior":{"v":[1,{"$type":"undefined"},3]},"next":{"v":{"$type":"Date","value":"2026-01-05T09:06:17.136Z"}}}
      {"seq":6,"time":"2026-01-05T09:00:07.000Z","action":{"type":"set","kind":"invalidDate"},"prior":{"v":{"$type":"Date","value":"2026-01-05T09:06:17.136Z"}},"next":{"v":{"$type":"Date","value":null}}}
      {"seq":7,"time":"2026-01-05T09:00:08.000Z","action":{"type":"set","kind":"NaN"},"prior":{"v":{"$type":"Date","value":null}},"next":{"v":{"$type":"number","value":"NaN"}}}
      {"seq":8,"time":"2026-01-05T09:00:09.000Z","action":{"type":"set","kind":"Infinity"},"prior":{"v":{"$type":"number","value":"NaN"}},"next":{"v":{"$type":"number","value":"Infinity"}}}
      {"seq":9,"time":"2026-01-05T09:00:10.000Z","action":{"type":"set","kind":"negativeInfinity"},"prior":{"v":{"$type":"number","value":"Infinity"}},"next":{"v":{"$type":"number","value":"-Infinity"}}}
      {"seq":10,"time":"2026-01-05T09:00:11.000Z","action":{"type":"set","kind":"negativeZero"},"prior":{"v":{"$type":"number","value":"-Infinity"}},"next":{"v":-0}}
      {"seq":11,"time":"2026-01-05T09:00:12.000Z","action":{"type":"set","kind":"BigInt"},"prior":{"v":-0},"next":{"v":{"$type":"BigInt","value":"123456789012345678901"}}}
      {"seq":12,"time":"2026-01-05T09:00:13.000Z","action":{"type":"set","kind":"negativeBigInt"},"prior":{"v":{"$type":"BigInt","value":"123456789012345678901"}},"next":{"v":{"$type":"BigInt","value":"-42"}}}
      {"seq":13,"time":"2026-01-05T09:00:14.000Z","action":{"type":"set","kind":"Map"},"prior":{"v":{"$type":"BigInt","value":"-42"}},"next":{"v":{"$type":"Map","value":[["k",1],[{"id":2},{"$type":"Date","value":"1970-01-01T00:00:00.000Z"}],[{"$type":"BigInt","value":"3"},{"$type":"undefined"}]]}}}
      {"seq":14,"time":"2026-01-05T09:00:15.000Z","action":{"type":"set","kind":"Set"},"prior":{"v":{"$type":"Map","value":[["k",1],[{"id":2},{"$type":"Date","value":"1970-01-01T00:00:00.000Z"}],[{"$type":"BigInt","value":"3"},{"$type":"undefined"}]]}},"next":{"v":{"$type":"Set","value":["a",1,{"$type":"Set","value":[2]}]}}}
      {"seq":15,"time":"2026-01-05T09:00:16.000Z","action":{"type":"set","kind":"RegExp"},"prior":{"v":{"$type":"Set","value":["a",1,{"$type":"Set","value":[2]}]}},"next":{"v":{"$type":"RegExp","value":"/a+/gi"}}}
      {"seq":16,"time":"2026-01-05T09:00:17.000Z","action":{"type":"set","kind":"function"},"prior":{"v":{"$type":"RegExp","value":"/a+/gi"}},"next":{"v":{"$type":"function","value":"namedReducer"}}}
      {"seq":17,"time":"2026-01-05T09:00:18.000Z","action":{"type":"set","kind":"anonymousFunction"},"prior":{"v":{"$type":"function","value":"namedReducer"}},"next":{"v":{"$type":"function","value":""}}}
      {"seq":18,"time":"2026-01-05T09:00:19.000Z","action":{"type":"set","kind":"symbol"},"prior":{"v":{"$type":"function","value":""}},"next":{"v":{"$type":"symbol","value":"token"}}}
      {"seq":19,"time":"2026-01-05T09:00:20.000Z","action":{"type":"set","kind":"symbolWithoutDescription"},"prior":{"v":{"$type":"symbol","value":"token"}},"next":{"v":{"$type":"symbol"}}}
      {"seq":20,"time":"2026-01-05T09:00:21.000Z","action":{"type":"set","kind":"Error"},"prior":{"v":{"$type":"symbol"}},"next":{"v":{"$type":"Error","value":{"name":"TypeError","message":"bad input"}}}}
      {"seq":21,"time":"2026-01-05T09:00:22.000Z","action":{"type":"set","kind":"dollarType"},"prior":{"v":{"$type":"Error","value":{"name":"TypeError","message":"bad input"}}},"next":{"v":{"$type":"Date","value":"not ours"}}}
      {"seq":22,"time":"2026-01-05T09:00:23.000Z","action":{"type":"set","kind":"toJSON"},"prior":{"v":{"$type":"Date","value":"not ours"}},"next":{"v":{"serialized":true}}}
      {"seq":23,"time":"2026-01-05T09:00:24.000Z","action":{"type":"set","kind":"boxed"},"prior":{"v":{"serialized":true}},"next":{"v":[1,"s",false]}}
      {"seq":24,"time":"2026-01-05T09:00:25.000Z","action":{"type":"set","kind":"instance"},"prior":{"v":[1,"s",false]},"next":{"v":{"x":3,"y":4}}}
      {"seq":25,"time":"2026-01-05T09:00:26.000Z","action":{"type":"set","kind":"escapes"},"prior":{"v":{"x":3,"y":4}},"next":{"v":{"line\nbreak":"tab\there \u0007 \ud800"}}}
      {"seq":26,"time":"2026-01-05T09:00:27.000Z","action":{"type":"payload","at":{"$type":"Date","value":"1970-01-01T00:00:00.000Z"},"tags":{"$type":"Set","value":["x"]},"extra":{"$type":"undefined"}},"prior":{"v":{"line\nbreak":"tab\there \u0007 \ud800"}},"next":{"v":{"line\nbreak":"tab\there \u0007 \ud800"}}}

      """#)
    let log = try TempLog(out)
    defer { try? FileManager.default.removeItem(atPath: log.path) }
    let summary = replay(log.path)
    #expect(summary.code == 0)
    #expect(summary.out.hasSuffix("warnings: none\n"))
  }

  @Test func writesCyclesAsReferencesToTheirJSONPointer() async throws {
    let (out, err) = try await scenario("cycles")
    #expect(err == "")
    expectLines(
      out,
      #"""
      {"format":"replay-log","version":1,"created":"2026-01-05T09:00:01.000Z"}
      {"seq":1,"time":"2026-01-05T09:00:02.000Z","action":{"type":"set","kind":"root"},"prior":{"v":0},"next":{"name":"root","self":{"$type":"ref","value":""}}}
      {"seq":2,"time":"2026-01-05T09:00:03.000Z","action":{"type":"set","kind":"deep"},"prior":{"name":"root","self":{"$type":"ref","value":""}},"next":{"tree":{"a":{"b/c":{"leaf":1,"up":{"$type":"ref","value":"/tree/a"}}}}}}
      {"seq":3,"time":"2026-01-05T09:00:04.000Z","action":{"type":"set","kind":"array"},"prior":{"tree":{"a":{"b/c":{"leaf":1,"up":{"$type":"ref","value":"/tree/a"}}}}},"next":{"list":[1,{"$type":"ref","value":"/list"}]}}
      {"seq":4,"time":"2026-01-05T09:00:05.000Z","action":{"type":"set","kind":"map"},"prior":{"list":[1,{"$type":"ref","value":"/list"}]},"next":{"map":{"$type":"Map","value":[["x",1],["me",{"$type":"ref","value":"/map"}]]}}}
      {"seq":5,"time":"2026-01-05T09:00:06.000Z","action":{"type":"set","kind":"shared"},"prior":{"map":{"$type":"Map","value":[["x",1],["me",{"$type":"ref","value":"/map"}]]}},"next":{"left":{"n":1},"right":[{"n":1},{"n":1}]}}
      {"seq":6,"time":"2026-01-05T09:00:07.000Z","action":{"type":"cyclicAction","payload":{"action":{"$type":"ref","value":""}}},"prior":{"left":{"n":1},"right":[{"n":1},{"n":1}]},"next":{"left":{"n":1},"right":[{"n":1},{"n":1}]}}

      """#)
    let log = try TempLog(out)
    defer { try? FileManager.default.removeItem(atPath: log.path) }
    let summary = replay(log.path)
    #expect(summary.code == 0)
    #expect(summary.out.hasSuffix("warnings: none\n"))
  }

  @Test func plainDataIsWrittenAsTheGeneralEncoderWritesIt() async throws {
    // 2,000 seeded random plain values, redacted at random pointers (some resolving
    // nowhere: "01", an index past the end, "-"): the JSON.stringify fast path and the
    // general encoder write each the same way.
    let (out, err) = try await scenario("fast-path")
    #expect(err == "")
    #expect(out == "# 2000 values, 1325 with a value redacted, 0 written differently\n")
  }

  @Test func aStateNestedDeeperThanTheEnginesStringifyIsWrittenWhole() async throws {
    let (out, err) = try await scenario("deep")
    #expect(err == "")
    let depth = 100_000
    let nested = String(repeating: "[", count: depth) + "0" + String(repeating: "]", count: depth)
    let expected =
      #"{"format":"replay-log","version":1,"created":"2026-01-05T09:00:01.000Z"}"# + "\n"
      + #"{"seq":1,"time":"2026-01-05T09:00:02.000Z","action":{"type":"nest"},"#
      + #""prior":{"depth":0},"next":{"depth":100000,"nested":\#(nested)}}"# + "\n"
    #expect(out == expected + "# logger.error: null\n")
    let log = try TempLog(expected)
    defer { try? FileManager.default.removeItem(atPath: log.path) }
    let watch = replay(log.path, "--watch", "/depth")
    #expect(watch.code == 0)
    #expect(watch.out == "1 entry changed /depth:\n  entry 1 (nest): 0 → 100000\n")
  }

  // MARK: Failures never reach the app

  @Test func aThrowingSinkIsReportedOnceAndRecordingStops() async throws {
    let (out, err) = try await scenario("failing-sink")
    expectLines(
      out,
      #"""
      {"format":"replay-log","version":1,"created":"2026-01-05T09:00:01.000Z"}
      {"seq":1,"time":"2026-01-05T09:00:02.000Z","action":{"type":"counter/incremented"},"prior":{"count":0},"next":{"count":1}}
      # sink calls: 3
      # dispatch returned the action: true true true true true
      # state: {"count":5}
      # logger.error: replay-logger: recording stopped: writing entry 2 (counter/incremented) failed: disk full
      # logger.error.cause: disk full

      """#)
    #expect(
      err == #"""
        replay-logger: recording stopped: writing entry 2 (counter/incremented) failed: disk full

        """#)
  }

  @Test func aSinkWhosePromiseRejectsIsReportedOnceAndRecordingStops() async throws {
    let (out, err) = try await scenario("failing-async-sink")
    #expect(err == "")
    expectLines(
      out,
      #"""
      # reported: replay-logger: recording stopped: writing entry 1 (tick) failed: 503 from the log server
      {"format":"replay-log","version":1,"created":"2026-01-05T09:00:01.000Z"}
      {"seq":1,"time":"2026-01-05T09:00:02.000Z","action":{"type":"tick"},"prior":0,"next":1}
      {"seq":2,"time":"2026-01-05T09:00:03.000Z","action":{"type":"tick"},"prior":1,"next":2}
      # reports: 1
      # state: 3

      """#)
  }

  @Test func aThrowingReporterDoesNotReachTheApp() async throws {
    let (out, err) = try await scenario("throwing-reporter")
    #expect(err == "")
    expectLines(
      out,
      #"""
      # state: 2
      # logger.error: replay-logger: recording stopped: writing the header failed: sink broken

      """#)
  }

  @Test func aFileThatCannotBeOpenedIsReportedAndTheAppRuns() async throws {
    let (out, err) = try await scenario("unopenable-path")
    #expect(out == "# state: 1\n")
    #expect(
      err == #"""
        replay-logger: recording stopped: cannot open /nonexistent-dir/session.jsonl: ENOENT: no such file or directory, open '/nonexistent-dir/session.jsonl'

        """#)
  }

  @Test func aStateThatCannotBeWrittenIsReportedAndTheAppRuns() async throws {
    let (out, err) = try await scenario("unwritable-state")
    expectLines(
      out,
      #"""
      {"format":"replay-log","version":1,"created":"2026-01-05T09:00:01.000Z"}
      {"seq":1,"time":"2026-01-05T09:00:02.000Z","action":{"type":"fine"},"prior":{"ok":true},"next":{"ok":true}}
      # state ok: false

      """#)
    #expect(
      err == #"""
        replay-logger: recording stopped: entry 2 (breakIt): its next state cannot be written: getter exploded

        """#)
  }

  // MARK: Dispatch

  @Test func dispatchReturnsWhatTheChainReturns() async throws {
    let (out, err) = try await scenario("return-value")
    #expect(err == "")
    // The reducer's error reaches the caller and writes no entry (the state did not
    // change); the clock was read for it, hence the 2-second step before entry 5.
    expectLines(
      out,
      #"""
      # plain action returned: true
      # later middleware's value: {"answer":42}
      # thunk returned: thunk done
      # reducer error reached the caller: true reducer failed
      # logger.error: null
      {"format":"replay-log","version":1,"created":"2026-01-05T09:00:01.000Z"}
      {"seq":1,"time":"2026-01-05T09:00:02.000Z","action":{"type":"inc"},"prior":{"n":0},"next":{"n":1}}
      {"seq":2,"time":"2026-01-05T09:00:03.000Z","action":{"type":"ask"},"prior":{"n":1},"next":{"n":1}}
      {"seq":3,"time":"2026-01-05T09:00:04.000Z","action":{"type":"inc"},"prior":{"n":1},"next":{"n":2}}
      {"seq":4,"time":"2026-01-05T09:00:05.000Z","action":{"type":"inc"},"prior":{"n":2},"next":{"n":3}}
      {"seq":5,"time":"2026-01-05T09:00:07.000Z","action":{"type":"inc"},"prior":{"n":3},"next":{"n":4}}

      """#)
  }

  @Test func aFunctionActionPassesThroughUnrecordedBeforeThunk() async throws {
    let (out, err) = try await scenario("logger-before-thunk")
    #expect(err == "")
    expectLines(
      out,
      #"""
      # thunk returned: 1
      {"format":"replay-log","version":1,"created":"2026-01-05T09:00:01.000Z"}
      {"seq":1,"time":"2026-01-05T09:00:02.000Z","action":{"type":"inc"},"prior":{"n":0},"next":{"n":1}}

      """#)
  }

  @Test func nestedDispatchesAreWrittenInReducerOrderAndKeepTheChain() async throws {
    let (out, err) = try await scenario("nested")
    #expect(err == "")
    // The subscriber's "reset" runs after the second "inc" was reduced, so it follows
    // it; the middleware after the logger dispatches "data/requested" before
    // "page/opened" reaches the reducer, so it precedes it, and "page/opened", dispatched
    // first, takes its time so that times never go backwards. "reset" names entry 2, whose
    // dispatch was in progress; "data/requested" names none, as "page/opened" is not
    // written yet (a cause names an earlier entry).
    expectLines(
      out,
      #"""
      {"format":"replay-log","version":1,"created":"2026-01-05T09:00:01.000Z"}
      {"seq":1,"time":"2026-01-05T09:00:02.000Z","action":{"type":"inc"},"prior":{"page":null,"loading":false,"count":0},"next":{"page":null,"loading":false,"count":1}}
      {"seq":2,"time":"2026-01-05T09:00:03.000Z","action":{"type":"inc"},"prior":{"page":null,"loading":false,"count":1},"next":{"page":null,"loading":false,"count":2}}
      {"seq":3,"time":"2026-01-05T09:00:04.000Z","action":{"type":"reset"},"origin":{"cause":2},"prior":{"page":null,"loading":false,"count":2},"next":{"page":null,"loading":false,"count":0}}
      {"seq":4,"time":"2026-01-05T09:00:06.000Z","action":{"type":"data/requested"},"prior":{"page":null,"loading":false,"count":0},"next":{"page":null,"loading":true,"count":0}}
      {"seq":5,"time":"2026-01-05T09:00:06.000Z","action":{"type":"page/opened","page":"home"},"prior":{"page":null,"loading":true,"count":0},"next":{"page":"home","loading":true,"count":0}}
      {"seq":6,"time":"2026-01-05T09:00:07.000Z","action":{"type":"unknown"},"prior":{"page":"home","loading":true,"count":0},"next":{"page":"home","loading":true,"count":0}}
      # state: {"page":"home","loading":true,"count":0}

      """#)
    let log = try TempLog(logLines(out))
    defer { try? FileManager.default.removeItem(atPath: log.path) }
    let summary = replay(log.path)
    #expect(summary.code == 0)
    #expect(summary.out.hasSuffix("warnings: none\n"))
  }

  /// `test/provenance.mjs` asserts the exact lines `trace` and `causes` write (sites
  /// from V8 stacks, the dispatch in progress as the cause, both turned off); it prints
  /// one "ok" per scenario and exits 1 at the first difference.
  @Test func sitesAndCausesAreWrittenExactly() async throws {
    let result = try await ReduxPeer.run("provenance.mjs")
    #expect(result.status == 0, "\(result.err)")
    #expect(
      result.out == """
        ok trace
        ok trace without ignore
        ok causes
        ok without causes
        ok trace and causes
        ok invalid options

        """)
  }

  @Test func invalidOptionsThrowATypeErrorNamingTheProblem() async throws {
    let (out, err) = try await scenario("invalid-options")
    #expect(err == "")
    expectLines(
      out,
      #"""
      # TypeError: replayLogger: give options.write, options.path or options.connect (where the lines go)
      # TypeError: replayLogger: give options.write or options.path, not both
      # TypeError: replayLogger: options.write must be a function (line) => …
      # TypeError: replayLogger: options.path must be a non-empty string
      # TypeError: replayLogger: redact.state: "user/password" is not a JSON Pointer (it must be empty or start with '/')
      # TypeError: replayLogger: redact.action: "/a~2b" is not a JSON Pointer ('~' must be followed by 0 or 1)
      # TypeError: replayLogger: redact.state must be an array of JSON Pointers
      # TypeError: replayLogger: options.redact has no member "states"; it takes {state, action, placeholder} or a list of state pointers
      # TypeError: replayLogger: options.redact has no member "State"; it takes {state, action, placeholder} or a list of state pointers
      # TypeError: replayLogger: options.redact must be {state, action, placeholder} or a list of state pointers
      # accepted
      # TypeError: replayLogger: options.app must be a string
      # TypeError: replayLogger: options.clock must be a function

      """#)
  }
}
