import CLITestSupport
import Foundation
import TerminalEditor
import TestSupport
import Testing
import TimeTravel

@testable import ReplayCLI

/// Chromium, chromedriver and Python's Selenium, which the browser tests drive. A clone
/// without them reports the tests as skipped, with the reason; CI installs them.
enum BrowserPeer {
  static let chromium = PeerResources.executable("chromium")
  static let chromedriver = PeerResources.executable("chromedriver")
  static let python = PeerResources.executable("python3")

  /// Whether `python3 -c "import selenium"` succeeds.
  static let hasSelenium: Bool = {
    guard let python else { return false }
    return (try? CompletedProcess.runBlocking(python, ["-c", "import selenium"]))?.status == 0
  }()

  static let isAvailable = chromium != nil && chromedriver != nil && hasSelenium

  static let reason: Comment =
    "needs chromium and chromedriver on PATH (apt-get install chromium chromium-driver) and Python's selenium (pip install selenium)"
}

/// The report in a real browser: headless Chromium loads the fixture's report and a
/// hostile log's report, `Tests/Report/report_checks.py` clicks, types and reads the page
/// as a person would, and these tests assert on what it saw.
@Suite(.enabled(if: BrowserPeer.isAvailable, BrowserPeer.reason), .serialized)
struct HTMLReportBrowserTests {
  /// One browser run over both reports, shared by the tests below (started by the first
  /// that asks, awaited by every one).
  static let observed = Task { try await run() }

  /// Kept after the run, for a person to look at.
  static let screenshots = FileManager.default.temporaryDirectory
    .appendingPathComponent("replay-report-screenshots")

  private static func run() async throws -> JSONValue {
    let fixture = HTMLReportSupport.temporaryPath("fixture.html")
    let hostileLog = try TempLog(HTMLReportSupport.hostileLog())
    let hostile = HTMLReportSupport.temporaryPath("hostile.html")
    let checkout = HTMLReportSupport.temporaryPath("checkout.html")
    let whatIf = HTMLReportSupport.temporaryPath("what-if.html")
    let deepLog = try TempLog(DeepStateLog.text(depth: 10_000, entries: 3))
    let deep = HTMLReportSupport.temporaryPath("deep.html")
    defer {
      for path in [fixture, hostile, checkout, whatIf, deep] {
        try? FileManager.default.removeItem(atPath: path)
      }
    }
    let written = replay(
      Repo.fixture,
      arguments: [
        "--html", fixture, "--plot", ".todos | length", "--plot", "/filter", "--predicate",
        HTMLReportTests.predicate, "--find", #".action | has("deleteTodos")"#,
      ])
    guard written.code == 0, replay(hostileLog.path, arguments: ["--html", hostile]).code == 0,
      replay(CheckoutFixture.path, arguments: ["--html", checkout]).code == 0,
      replay(
        Repo.fixture,
        arguments: ["--what-if", "--skip", "117", "--reducer", "todo", "--html", whatIf]
      ).code == 0,
      replay(deepLog.path, arguments: ["--html", deep]).code == 0
    else {
      throw CommandError(code: 1, message: "the reports could not be written: \(written.err)")
    }
    try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)
    let result = try await CompletedProcess.run(
      BrowserPeer.python!,
      [
        Repo.root.appendingPathComponent("Tests/Report/report_checks.py").path, fixture, hostile,
        screenshots.path, BrowserPeer.chromium!, BrowserPeer.chromedriver!, checkout, whatIf,
        deep,
      ])
    guard result.status == 0 else {
      throw CommandError(code: result.status, message: "report_checks.py failed: \(result.err)")
    }
    return try JSONParser.parse(result.out)
  }

  private func fixture() async throws -> JSONValue { try await Self.observed.value["fixture"]! }
  private func hostile() async throws -> JSONValue { try await Self.observed.value["hostile"]! }
  private func checkout() async throws -> JSONValue { try await Self.observed.value["checkout"]! }
  private func deep() async throws -> JSONValue { try await Self.observed.value["deep"]! }
  private func whatIf() async throws -> JSONValue { try await Self.observed.value["whatIf"]! }

  /// The report of `--what-if --skip 117` beside the recording: the edited history, and
  /// at entry 118 the diff against the recorded state after it.
  @Test func aWhatIfReportShowsTheDiffAgainstTheRecording() async throws {
    let page = try await whatIf()
    #expect(
      page["chips"] == [
        "what if --skip 117 · first diverging at entry 118", "− 1 recorded entry left out",
      ])
    #expect(page["afterChip"] == "seq 118")
    #expect(page["badges"] == ["differs from the recording"])
    #expect(
      page["againstTitle"]
        == "Against the recording: the recorded state after entry 118 → the state after seq 118 · 1 change"
    )
    #expect(
      page["against"] == [#"- /todos/24: {"id":"todo-035","isCompleted":false,"title":"   "}"#])
    #expect(page["rowDots"] == ["dot diverged"])
    #expect(page["removed"] == ["entry 117 (addTodo), after seq 116"])
    #expect(
      page["asRecorded"]
        == [
          "againstTitle":
            "Against the recording: the recorded state after entry 3 → the state after seq 3 · 0 changes",
          "against": ["(the same state as the recording)"],
        ])
    #expect(page["consoleErrors"] == [])
  }

  /// `replay LOG --diff …`'s lines after its heading.
  private func cliDiff(_ log: String = Repo.fixture, _ arguments: String...) -> JSONValue {
    let out = replay(log, arguments: ["--diff"] + arguments).out
    // The page shows the changes: what follows the "state A → state B: …" heading (which
    // `--diff K` puts after the entry and its action).
    let lines = out.split(separator: "\n")
    let heading = lines.firstIndex { $0.contains(" → state ") } ?? 0
    return .array(JSONArray(lines[(heading + 1)...].map { .string(String($0)) }))
  }

  @Test func theListHasEveryEntryAndTheChartOnePointPerEntry() async throws {
    let page = try await fixture()
    #expect(page["title"] == .string("replay · \(Repo.fixture)"))
    #expect(page["listCount"] == "240 entries")
    #expect(page["firstSelected"] == "seq 1")
    #expect(page["points"] == 240)
    #expect(page["initialPoints"] == 1)
    #expect(page["consoleErrors"] == [])
    #expect(page["resources"] == [])
  }

  @Test func clickingEntry117ShowsTheWhitespaceOnlyTodoInTheDiff() async throws {
    let click = try await fixture()["afterClick"]!
    #expect(click["seq"] == "seq 117")
    #expect(click["fragment"] == "#seq=117")
    #expect(
      click["diffTitle"] == "Diff: the state after seq 116 → the state after seq 117 · 1 change")
    #expect(click["diff"] == cliDiff(Repo.fixture, "117"))
    #expect(
      click["diff"]![4]
        == #"+     [24]: {"id":"todo-035","isCompleted":false,"title":"   "}  // /todos/24"#)
    #expect(click["badges"] == ["first bad entry (bisect)"])
    #expect(click["changedNodes"] == ["/todos/24"])
  }

  @Test func theKeyboardStepsTheSelectionAndTheFragmentFollows() async throws {
    #expect(
      try await fixture()["keys"] == [
        ["seq 118", "#seq=118"], ["seq 119", "#seq=119"], ["seq 118", "#seq=118"],
        ["seq 119", "#seq=119"], ["seq 118", "#seq=118"], ["seq 240", "#seq=240"],
        ["Initial state", "#initial"],
      ])
  }

  @Test func filtersNarrowTheList() async throws {
    let page = try await fixture()
    #expect(page["filterAction"] == "75 of 240")
    #expect(page["filterActionNames"] == ["addTodo"])
    #expect(page["filterActionAndText"] == "1 of 240")
    #expect(page["filteredRows"] == [117])
    #expect(page["homeInFilter"] == "seq 117")
    #expect(page["filterCleared"] == "240 entries")
  }

  @Test func aLinkToAnEntryOpensIt() async throws {
    let load = try await fixture()["fragmentLoad"]!
    #expect(load["seq"] == "seq 173")
    #expect(load["diff"] == cliDiff(Repo.fixture, "173"))
  }

  /// The checkout's refund: its site, the effect and entry that sent it (a link that
  /// selects that entry), the chain of causes and the effects running, as `--why` and
  /// `--effects` print them.
  @Test func theRefundShowsWhereItCameFromAndItsCauseIsALink() async throws {
    let observed = try await checkout()
    let priceWatch =
      "priceWatch (run 1, started by entry 1 at CheckoutSample/CheckoutReducer.swift:42 in reduce(into:action:))"
    let charge =
      "charge (run 2, started by entry 4 at CheckoutSample/CheckoutReducer.swift:55 in reduce(into:action:))"
    #expect(
      observed["refund"]
        == [
          "site": "site CheckoutSample/CheckoutReducer.swift:58 in reduce(into:action:)",
          "cause": "cause sent by the effect `charge` of entry 4",
          "why": "why entry 4 (pay) → entry 6 (refunded)", "effects": [.string(priceWatch)],
        ])
    #expect(observed["afterCauseClick"] == "seq 4")
    #expect(observed["fragment"] == "#seq=4")
    #expect(
      observed["pay"]
        == [
          "site": "site CheckoutSample/CheckoutView.swift:29 in payTapped()", "cause": nil,
          "why": nil, "effects": [.string(priceWatch), .string(charge)],
        ])
    #expect(observed["charged"]!["why"] == "why entry 4 (pay) → entry 5 (charged)")
    #expect(observed["consoleErrors"] == [])
  }

  @Test func twoChosenStatesDiffAsTheCommandLineDiffsThem() async throws {
    let compare = try await fixture()["compare"]!
    #expect(compare["title"] == "the state after seq 100 → the state after seq 173 · 30 changes")
    #expect(compare["diff"] == cliDiff(Repo.fixture, "100", "173"))
  }

  @Test func clickingTheChartSelectsThatEntry() async throws {
    #expect(try await fixture()["chartClick"] == "seq 60")
  }

  /// The labels of a chart sit in a band above the plot: none covers the line or a point
  /// (`/filter` is a string series drawn as lanes, `.todos | length` a number).
  @Test func chartLabelsNeverCoverTheLine() async throws {
    let charts = JSONPrinter.compact.print(try await fixture()["charts"] ?? .null)
    #expect(
      charts
        == #"[{"labels":["min 0","max 45"],"labelsMeetEachOther":false,"overlapping":[]},{"labels":["lanes from the top:","\"all\"","\"completed\"","\"active\""],"labelsMeetEachOther":false,"overlapping":[]}]"#
    )
  }

  /// A state 10,000 levels deep: the state pane lists the levels down to the change's
  /// 24th level and folds the rest (it used to stay empty after a stack overflow);
  /// opening the folded node lists the next levels; a search finds the leaf, and going to
  /// it lists every level down to it, in view.
  @Test func aStateTenThousandLevelsDeepShowsFoldedAndASearchFindsTheLeaf() async throws {
    let page = try await deep()
    let shown = { (key: String) in JSONPrinter.compact.print(page[key] ?? .null) }
    #expect(shown("consoleErrors") == "[]")
    #expect(shown("seq") == #""seq 1""#)
    #expect(shown("diffTitle") == #""Diff: the initial state → the state after seq 1 · 2 changes""#)
    #expect(shown("diffLines") == #""20006""#)
    #expect(
      shown("diffFirst") == #"["  {","-   \"label\": \"v0\"","+   \"label\": \"v1\"  // /label"]"#)
    #expect(shown("treeRows") == #""27""#)
    #expect(
      shown("treeFirst")
        == #"["▾{2 keys}\"\" (the whole state)","\"label\": \"v1\"/label","▾\"deep\": {1 key}/deep","▾\"a\": {1 key}/deep/a"]"#
    )
    #expect(
      shown("treeLast")
        == #"["▾\"a\": {1 key}/deep/a/a/a/…16 more…/a/a/a/a","▸\"a\": {1 key}changed inside/deep/a/a/a/…17 more…/a/a/a/a"]"#
    )
    #expect(shown("changedNodes") == #"["/label"]"#)
    #expect(shown("openedRows") == #""52""#)
    #expect(
      shown("searchResults")
        == #"["1 match in the state after seq 1","/deep/a/a/a/…9,993 more…/a/a/a/leafkey\"leaf\""]"#
    )
    #expect(shown("revealedRows") == #""10003""#)
    #expect(shown("found") == #"["\"leaf\": 1/deep/a/a/a/…9,993 more…/a/a/a/leaf"]"#)
    #expect(shown("foundInView") == "true")
  }

  @Test func theHostileLogRunsNothingAndShowsEveryStringEscaped() async throws {
    let page = try await hostile()
    #expect(page["pwned"] == "undefined")
    #expect(page["images"] == 0)
    #expect(page["links"] == 0)
    #expect(page["scripts"] == 1)
    #expect(page["inlineHandlers"] == 0)
    #expect(page["resources"] == [])
    #expect(page["consoleErrors"] == [])
    let strings = HTMLReportSupport.hostileStrings
    #expect(
      page["names"]!.arrayValue!.elements == ["initial state"]
        + strings.map { .string(TerminalText.sanitize($0)) })
    let file = try TempLog(HTMLReportSupport.hostileLog())
    let log = try LogFile(path: file.path)
    #expect(page["times"]!.arrayValue!.count == strings.count + 1)
    #expect(page["times"]![1] == "10:00:00.000")
    #expect(page["path"] != nil)
    #expect(
      page["meta"]!.stringValue!.contains(
        "app <b>App</b></script><script>window.__pwned=9</script>"))
    let entries = page["entries"]!.arrayValue!
    #expect(entries.count == strings.count)
    for (k, entry) in entries.enumerated() {
      let logEntry = try log.entry(k + 1)
      #expect(entry["seq"] == .string("seq \(k + 1)"))
      #expect(entry["name"] == .string(TerminalText.sanitize(strings[k])))
      #expect(entry["action"] == .string(JSONPrinter.compact.print(logEntry.action)))
      #expect(
        entry["meta"]
          == .string(
            "2026-01-05T10:00:0\(k).000Z<img src=x onerror=window.__pwned=7> · line \(k + 2)"))
      // The diff the terminal shows, with the same escapes.
      let cli = cliDiff(log.path, String(k + 1)).arrayValue!.elements
      #expect(entry["diff"]!.arrayValue!.elements == cli)
    }
    // Nothing a reader could not see reaches the page raw.
    let invisible: [Character] = [
      "\u{202E}", "\u{202C}", "\u{200B}", "\u{2060}", "\u{FEFF}", "\u{2028}", "\u{2029}",
      "\u{2066}", "\u{2069}",
    ]
    let shown = JSONPrinter.compact.print(page)
    for character in invisible {
      #expect(
        !shown.contains(character), "U+\(String(character.unicodeScalars.first!.value, radix: 16))")
    }
    #expect(shown.contains(#"\\u202egnp.exe\\u202c"#))
  }

  @Test func thePolicyRefusesInjectedHandlersAndRequests() async throws {
    let page = try await hostile()
    #expect(page["injectedPwned"] == "undefined")
    #expect(page["violations"] == ["img-src", "script-src-attr"])
  }
}
