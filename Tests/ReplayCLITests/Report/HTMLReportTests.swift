import CLITestSupport
import Foundation
import TestSupport
import Testing
import TimeTravel

@testable import ReplayCLI

/// `replay LOG --html FILE`: its flags, what the page embeds, and how it is escaped. The
/// page in a real browser is tested in `HTMLReportBrowserTests`.
@Suite struct HTMLReportTests {
  static let predicate = #"any(.todos[]; .title | test("^\\s*$"))"#

  /// Writes the fixture's report with `arguments` and returns the page and the output.
  private func report(_ arguments: String...) throws -> (
    page: String, code: Int32, out: String, err: String, path: String
  ) {
    let path = HTMLReportSupport.temporaryPath("fixture.html")
    let result = replay(Repo.fixture, arguments: ["--html", path] + arguments)
    let page = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    try? FileManager.default.removeItem(atPath: path)
    return (page, result.code, result.out, result.err, path)
  }

  // MARK: Flags

  @Test func htmlTakesFindPredicatePlotAndRangeAsItsOptions() throws {
    let invocation = try Options.parse([
      "log.jsonl", "--find", ".x", "--html", "r.html", "--plot", ".a", "--plot", "/b",
      "--predicate", ".c", "--range", "5..",
    ])
    var request = HTMLReportRequest(file: "r.html")
    request.plots = [".a", "/b"]
    request.range = try SeqRange(parsing: "5..")
    request.predicate = ".c"
    request.find = ".x"
    var options = Options(logPath: "log.jsonl")
    options.plots = [".a", "/b"]
    options.range = request.range
    options.predicate = ".c"
    #expect(invocation == Invocation(HTMLMode(request: request), options))
  }

  @Test func htmlFlagMistakesAreUsageErrors() {
    func error(_ arguments: String...) -> String {
      let result = replay(Repo.fixture, arguments: arguments)
      #expect(result.code == 2)
      return String(result.err.split(separator: "\n").first ?? "")
    }
    #expect(error("--plot", ".a") == "replay: --plot goes with --html")
    #expect(
      error("--range", "1..2", "--show", "1")
        == "replay: --range goes with --blame, --what-if, --html or --emit-test")
    #expect(
      error("--html", "r.html", "--show", "1")
        == "replay: choose one of --html, --show; they cannot be combined")
    #expect(
      error("--find", ".a", "--find", ".b", "--html", "r.html")
        == "replay: --find can be given only once")
    #expect(
      error("--html", "r.html", "--range", "9..2")
        == "replay: --range 9..2 is empty: its start is after its end")
    #expect(
      error("--html", "r.html", "--range", "a..b")
        == "replay: --range takes A..B, A.. or ..B with A and B seqs (integers), not 'a..b'")
    #expect(
      error("--html", "r.html", "--range", "..")
        == "replay: --range takes A..B, A.. or ..B with A and B seqs (integers), not '..'")
    #expect(
      error("--html", "r.html", "--range", "500..600")
        == "replay: --range 500..600 holds no entry (the log's seqs run 1…240)")
    #expect(
      error("--html", "r.html", "--plot", "/~2")
        == #"replay: --plot: JSON Pointer "/~2": "~" must be followed by "0" or "1" (RFC 6901 §3)"#)
  }

  @Test func seqRangesReadBothEndsOrOne() throws {
    #expect(try SeqRange(parsing: "100..200") == SeqRange(lower: 100, upper: 200))
    #expect(try SeqRange(parsing: "100..") == SeqRange(lower: 100, upper: nil))
    #expect(try SeqRange(parsing: "..200") == SeqRange(lower: nil, upper: 200))
    #expect(try SeqRange(parsing: "-5..-1") == SeqRange(lower: -5, upper: -1))
    #expect(try SeqRange(parsing: "7..7").contains(7))
    #expect(!(try SeqRange(parsing: "7..7").contains(8)))
  }

  // MARK: What the page embeds

  @Test func theReportRebuildsEveryStateOfTheLogExactly() throws {
    let (page, code, out, err, path) = try report()
    #expect(code == 0)
    #expect(err == "")
    let size = HTMLMode.size(page.utf8.count)
    #expect(out == "wrote \(path): 240 entries (seq 1…240), \(size)\n")
    let (index, segments) = HTMLReportSupport.dataElements(page)
    // A keyframe every 64 entries: 1, 65, 129, 193.
    #expect(index["segments"] == [[1, 64], [65, 64], [129, 64], [193, 48]])
    #expect(segments.count == 4)
    let states = try HTMLReportSupport.rebuiltStates(segments)
    let log = try LogFile(path: Repo.fixture)
    #expect(states.count == 241)
    // Printed, so that member order counts too.
    for k in 0...240 {
      #expect(
        JSONPrinter.compact.print(states[k]) == JSONPrinter.compact.print(try log.state(k)),
        "state \(k)")
    }
    // Each entry's patch is --diff's: entry 173's four changes, in its order.
    let patch = segments[2]["entries"]![173 - 129]!["patch"]!
    let cli = replay(Repo.fixture, arguments: ["--diff", "173", "--format", "json-patch"])
    #expect(JSONPrinter.compact.print(patch) + "\n" == cli.out)
    let rows = index["rows"]!
    #expect(rows["seq"]!.arrayValue!.count == 240)
    #expect(rows["seq"]![116] == 117)
    #expect(rows["name"]![116] == "addTodo")
    #expect(rows["payload"]![116] == #"{"addTodo":{"id":"todo-035","title":"   "}}"#)
    #expect(rows["time"]![116] == "2026-01-05T09:06:17.136Z")
    #expect(rows["changes"]![172] == 4)
    #expect(rows["line"]![116] == 118)
    #expect(rows["chainBreaks"] == [])
    #expect(index["window"]!["startsAtBeginning"] == true)
    #expect(index["log"]!["warnings"] == [])
  }

  @Test func predicateMarksWhereItHoldsAndBisectsFirstBad() throws {
    let (page, code, _, _, _) = try report(
      "--predicate", Self.predicate, "--find", #".action | has("deleteTodos")"#, "--plot",
      ".todos | length", "--plot", "/filter")
    #expect(code == 0)
    let index = HTMLReportSupport.dataElements(page).index
    let predicate = index["predicate"]!
    #expect(predicate["bisect"]!["outcome"] == "firstBad")
    #expect(predicate["bisect"]!["row"] == 117)
    #expect(predicate["bisect"]!["bisected"] == nil)
    // The states it holds on are those after the entries the same test on `next` finds.
    let found = replay(
      Repo.fixture,
      arguments: ["--find", #"any(.next.todos[]; .title | test("^\\s*$"))"#, "--format", "json"])
    let holds = try JSONParser.parse(found.out).arrayValue!.map { $0["seq"]! }
    #expect(predicate["holds"]!.arrayValue!.elements == holds)
    // The bisect trail is --bisect's: as many states evaluated.
    #expect(predicate["bisect"]!["trail"]!.arrayValue!.count == 10)
    let deletes = replay(
      Repo.fixture, arguments: ["--find", #".action | has("deleteTodos")"#, "--format", "json"])
    let matches = try JSONParser.parse(deletes.out).arrayValue!.map { $0["seq"]! }
    #expect(index["find"]!["rows"]!.arrayValue!.elements == matches)
    let plots = index["plots"]!
    #expect(plots[0]!["expr"] == ".todos | length")
    #expect(plots[0]!["kinds"] == ["number"])
    #expect(plots[0]!["values"]!.arrayValue!.count == 241)
    #expect(plots[0]!["values"]![0] == 0)
    #expect(plots[0]!["values"]![117] == 25)
    #expect(plots[1]!["kinds"] == ["string"])
    #expect(plots[1]!["values"]![173] == "completed")
  }

  @Test func aRangeLimitsTheReportAndSaysWhatItCovers() throws {
    let (page, code, out, err, path) = try report("--range", "100..110", "--format", "json")
    #expect(code == 0)
    #expect(err == "")
    let bytes = page.utf8.count
    #expect(
      out
        == #"{"file":"\#(path)","bytes":\#(bytes),"entries":11,"firstSeq":100,"lastSeq":110,"segments":1}"#
        + "\n")
    let (index, segments) = HTMLReportSupport.dataElements(page)
    #expect(
      index["window"] == [
        "range": "100..110", "firstPosition": 100, "lastPosition": 110, "startsAtBeginning": false,
      ])
    let states = try HTMLReportSupport.rebuiltStates(segments)
    let log = try LogFile(path: Repo.fixture)
    #expect(states.count == 12)
    for k in 0...11 { #expect(states[k] == (try log.state(99 + k)), "state \(99 + k)") }
    let text = replay(Repo.fixture, arguments: ["--html", path, "--range", "..3"])
    defer { try? FileManager.default.removeItem(atPath: path) }
    let size = HTMLMode.size(try Data(contentsOf: URL(fileURLWithPath: path)).count)
    #expect(text.out == "wrote \(path): 3 entries (seq 1…3) of 240, \(size)\n")
  }

  /// A gap, a chain break and a crash: each becomes a keyframe or a mark, and every state
  /// is still the recorded one.
  @Test func gapsAndChainBreaksStartNewKeyframes() throws {
    let log = try TempLog(
      """
      {"seq":1,"action":"a","prior":{"n":0},"next":{"n":1}}
      {"seq":2,"action":"b","prior":{"n":1},"next":{"n":2}}
      {"dropped":2,"seq":3}
      {"seq":5,"action":"c","prior":{"n":4},"next":{"n":5}}
      {"seq":6,"action":"d","prior":{"n":50},"next":{"n":6}}
      {"pending":true,"seq":7,"action":"e","prior":{"n":6}}

      """)
    let path = HTMLReportSupport.temporaryPath("gaps.html")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = replay(log.path, arguments: ["--html", path])
    #expect(result.code == 0)
    let page = try String(contentsOfFile: path, encoding: .utf8)
    let (index, segments) = HTMLReportSupport.dataElements(page)
    #expect(index["segments"] == [[1, 2], [3, 1], [4, 1]])
    #expect(index["rows"]!["chainBreaks"] == [3, 4])
    #expect(index["rows"]!["seq"] == [1, 2, 5, 6])
    #expect(index["gaps"]![0]!["row"] == 3)
    #expect(index["gaps"]![0]!["dropped"] == 2)
    #expect(index["pending"]!["seq"] == 7)
    #expect(index["pending"]!["name"] == "e")
    let warnings = index["log"]!["warnings"]!.arrayValue!.map { $0["row"]! }
    #expect(warnings == [.null, .null, 4])
    let states = try HTMLReportSupport.rebuiltStates(segments)
    #expect(states == [["n": 0], ["n": 1], ["n": 2], ["n": 5], ["n": 6]])
  }

  /// A long log is built in two halves at once; the report is the same log: every state,
  /// the marks, the chart, and a chain break exactly where the halves meet.
  @Test func aLongLogBuiltInTwoHalvesIsOneReport() throws {
    let n = 2 * HTMLMode.parallelThreshold + 2
    let middle = n / 2 + 1
    var lines: [String] = []
    for k in 1...n {
      let prior = k == middle ? 1_000_000 : k - 1
      lines.append(
        #"{"seq":\#(k),"action":{"type":"\#(k % 7 == 0 ? "reset" : "tick")"},"prior":{"count":\#(prior),"items":[{"id":"a","v":\#(prior % 5)},{"id":"b","v":1}]},"next":{"count":\#(k),"items":[{"id":"a","v":\#(k % 5)},{"id":"b","v":1}]}}"#
      )
    }
    let log = try TempLog(lines.joined(separator: "\n") + "\n")
    let path = HTMLReportSupport.temporaryPath("long.html")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = replay(
      log.path,
      arguments: [
        "--html", path, "--predicate", ".count >= 3000", "--find", #".action.type == "reset""#,
        "--plot", "/count",
      ])
    #expect(result.code == 0)
    #expect(result.err == "")
    let page = try String(contentsOfFile: path, encoding: .utf8)
    let (index, segments) = HTMLReportSupport.dataElements(page)
    let starts = index["segments"]!.arrayValue!.map { $0[0]!.numberValue!.intValue! }
    #expect(starts.contains(middle))
    #expect(index["rows"]!["chainBreaks"] == [.number(JSONNumber(middle))])
    #expect(index["rows"]!["seq"]!.arrayValue!.map { $0.numberValue!.intValue! } == Array(1...n))
    // Each segment rebuilds from its own keyframe: the break's recorded prior included.
    let file = try LogFile(path: log.path)
    for (s, segment) in segments.enumerated() {
      var state = segment["state"]!
      #expect(state == (try file.entry(starts[s]).prior))
      for (i, entry) in segment["entries"]!.arrayValue!.enumerated() {
        state = try JSONPatch(parsing: entry["patch"]!).apply(to: state)
        #expect(state == (try file.state(starts[s] + i)))
      }
    }
    let holds = index["predicate"]!["holds"]!.arrayValue!.map { $0.numberValue!.intValue! }
    #expect(holds == Array(3000...n))
    #expect(index["predicate"]!["bisect"]!["row"] == 3000)
    let finds = index["find"]!["rows"]!.arrayValue!.map { $0.numberValue!.intValue! }
    #expect(finds == (1...n).filter { $0 % 7 == 0 })
    let counts = index["plots"]![0]!["values"]!.arrayValue!.map { $0.numberValue!.intValue! }
    #expect(counts == Array(0...n))
  }

  /// A `--plot` expression's numbers reach the page as jq prints them: a computed
  /// `1e17` as `1e+17`, an infinity as the largest double (jq's text for it), never the
  /// engine's own forms.
  @Test func plottedNumbersAreWhatJQPrints() throws {
    let log = try TempLog(
      #"{"seq":1,"action":"a","prior":{"n":1},"next":{"n":2}}"# + "\n"
        + #"{"seq":2,"action":"b","prior":{"n":2},"next":{"n":3}}"# + "\n")
    let path = HTMLReportSupport.temporaryPath("numbers.html")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = replay(
      log.path, arguments: ["--html", path, "--plot", ".n * 1e17", "--plot", "infinite"])
    #expect(result.code == 0)
    let page = try String(contentsOfFile: path, encoding: .utf8)
    #expect(page.contains(#""values":[1e+17,2e+17,3e+17]"#))
    #expect(!page.contains("e+0"))
    let (index, _) = HTMLReportSupport.dataElements(page)
    let largest = index["plots"]![1]!["values"]!.arrayValue!.map { $0.numberValue!.doubleValue }
    #expect(largest == Array(repeating: Double.greatestFiniteMagnitude, count: 3))
  }

  /// RFC 6902 adds a member at the end of its object, and equality ignores a number's
  /// text: an entry that adds a member elsewhere, or rewrites a number, carries its whole
  /// `next`, so the page shows what was recorded.
  @Test func anEntryItsPatchCannotReproduceCarriesItsState() throws {
    let log = try TempLog(
      """
      {"seq":1,"action":"a","prior":{"a":1,"c":3},"next":{"a":1,"c":3,"d":4}}
      {"seq":2,"action":"b","prior":{"a":1,"c":3,"d":4},"next":{"a":1,"b":2,"c":3,"d":4}}
      {"seq":3,"action":"c","prior":{"a":1,"b":2,"c":3,"d":4},"next":{"a":1,"b":2,"c":3,"d":5}}
      {"seq":4,"action":"d","prior":{"a":1,"b":2,"c":3,"d":5},"next":{"a":1,"b":2,"c":3,"d":5.0}}

      """)
    let path = HTMLReportSupport.temporaryPath("order.html")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(replay(log.path, arguments: ["--html", path]).code == 0)
    let page = try String(contentsOfFile: path, encoding: .utf8)
    let entries = HTMLReportSupport.dataElements(page).segments[0]["entries"]!.arrayValue!
    // Entry 2 adds "b" mid-object; entry 4 writes 5 as 5.0, equal but not the same text.
    #expect(entries.map { $0["next"] != nil } == [false, true, false, true])
    let states = try HTMLReportSupport.rebuiltStates(HTMLReportSupport.dataElements(page).segments)
    #expect(
      states.map { JSONPrinter.compact.print($0) } == [
        #"{"a":1,"c":3}"#, #"{"a":1,"c":3,"d":4}"#, #"{"a":1,"b":2,"c":3,"d":4}"#,
        #"{"a":1,"b":2,"c":3,"d":5}"#, #"{"a":1,"b":2,"c":3,"d":5.0}"#,
      ])
  }

  // MARK: Safety

  @Test func noLogStringCanEndItsScriptElement() throws {
    let log = try TempLog(HTMLReportSupport.hostileLog())
    let path = HTMLReportSupport.temporaryPath("hostile.html")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = replay(log.path, arguments: ["--html", path])
    #expect(result.code == 0)
    let page = try String(contentsOfFile: path, encoding: .utf8)
    let (index, segments) = HTMLReportSupport.dataElements(page)
    // Our own elements only: the segment, the index and the script close.
    #expect(page.components(separatedBy: "</script").count - 1 == segments.count + 2)
    #expect(page.components(separatedBy: "<script").count - 1 == segments.count + 2)
    #expect(!page.contains("<img"))
    #expect(!page.contains("<svg"))
    #expect(!page.contains("<!--"))
    #expect(!page.contains("\u{2028}"))
    #expect(!page.contains("\u{2029}"))
    // The data reads back to exactly what the log holds.
    let names = index["rows"]!["name"]!.arrayValue!.map { $0.stringValue! }
    #expect(names == HTMLReportSupport.hostileStrings)
    let states = try HTMLReportSupport.rebuiltStates(segments)
    let file = try LogFile(path: log.path)
    for k in 0...file.entryCount { #expect(states[k] == (try file.state(k))) }
    #expect(
      index["log"]!["header"]!["app"]
        == "<b>App</b></script><script>window.__pwned=9</script>")
  }

  @Test func scriptEscapingKeepsTheJSONValue() throws {
    var out: [UInt8] = []
    HTMLPage.appendEscaped(Array("\"</script>&<!--\u{2028}\u{2029}é\"".utf8), to: &out)
    let text = String(decoding: out, as: UTF8.self)
    #expect(text == #""\u003c/script\u003e\u0026\u003c!--\u2028\u2029é""#)
    #expect(try JSONParser.parse(text) == .string("</script>&<!--\u{2028}\u{2029}é"))
  }

  @Test func theContentSecurityPolicyAllowsOnlyThePagesOwnScriptAndStyle() throws {
    let (page, _, _, _, _) = try report()
    let policy = HTMLPage.contentSecurityPolicy
    #expect(
      page.contains(#"<meta http-equiv="Content-Security-Policy" content="\#(policy)">"#))
    let scriptHash = SHA256.base64Digest(Array(HTMLPage.script.utf8))
    #expect(policy.hasPrefix("default-src 'none'; script-src 'sha256-\(scriptHash)'; style-src"))
    #expect(policy.contains("connect-src 'none'"))
    #expect(policy.contains("img-src 'none'"))
    #expect(!policy.contains("unsafe"))
    #expect(page.contains("<script>" + HTMLPage.script + "</script>"))
    #expect(page.contains("<style>" + HTMLPage.style + "</style>"))
  }

  @Test func sha256MatchesFIPS180Vectors() {
    func hex(_ text: String) -> String {
      SHA256.digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }
    #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(hex(String(repeating: "a", count: 1000)).count == 64)
    #expect(
      SHA256.base64Digest(Array("abc".utf8)) == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
  }

  /// The page's scripts never build markup from strings: no innerHTML, no eval.
  @Test func thePageScriptsBuildTheDOMWithTextNodesOnly() {
    for name in [
      "innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function",
      "setAttribute(\"on", "href", "src =",
    ] {
      #expect(!HTMLPage.script.contains(name), "\(name)")
    }
    #expect(!HTMLPage.script.contains("</"))
    #expect(!HTMLPage.style.contains("</"))
  }
}
