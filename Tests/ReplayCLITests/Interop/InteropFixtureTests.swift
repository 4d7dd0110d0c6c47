import CLITestSupport
import Foundation
import TestSupport
import Testing

/// Other tools' histories from `Fixtures/interop/`: each opens by its content, and every
/// mode works on it (with `--reducer` for those of actions only).
@Suite struct InteropFixtureTests {
  static func fixture(_ name: String) -> String {
    Repo.root.appendingPathComponent("Fixtures/interop/\(name)").path
  }
  static let lifted = fixture("redux-devtools-liftedstate.json")
  static let older = fixture("redux-devtools-older.json")
  static let serialized = fixture("redux-devtools-serialized.json")
  static let actions = fixture("redux-devtools-actions.json")
  static let elm = fixture("elm-history.txt")
  static let jsonLines = fixture("counter-actions.jsonl")

  /// Writes `text` to a temporary file and returns its path.
  static func temporary(_ text: String, _ name: String) throws -> String {
    let url = Scratch.folder
      .appendingPathComponent("interop-\(UUID().uuidString)-\(name)")
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  @Test func liftedStateSummaryShowsSkipAndCursor() {
    let (code, out, err) = replay(Self.lifted)
    #expect(code == 0)
    #expect(err == "")
    #expect(
      out == """
        \(Self.lifted): 4 entries
        from: a Redux DevTools lifted-state export
        skipped: entry 4 (skipped in Redux DevTools, so its state is unchanged)
        cursor: Redux DevTools showed state 5 when it exported (not the last)
        time: 2024-06-21T20:00:03.000Z … 2024-06-21T20:00:06.001Z (3s)
        actions:
          INCREMENT  2
          ADD        1
          DECREMENT  1
        warnings: none

        """)
    let json = replay(Self.lifted, "--format", "json")
    #expect(
      json.out.hasPrefix(
        #"{"path":"\#(Self.lifted)","entries":4,"header":{"format":"replay-log","version":1},"importedFrom":"redux-devtools-lifted-state","skipped":[4],"cursor":5,"#
      ))
  }

  @Test func liftedStateEntriesListTheSkipMark() {
    let (code, out, _) = replay(Self.lifted, "--find", "true")
    #expect(code == 0)
    #expect(
      out == """
        4 entries match:
          entry 3 (INCREMENT) at 2024-06-21T20:00:03.000Z
          entry 4 (ADD) [skipped] at 2024-06-21T20:00:04.250Z {"amount":10}
          entry 5 (DECREMENT) at 2024-06-21T20:00:05.500Z
          entry 6 (INCREMENT) at 2024-06-21T20:00:06.001Z

        """)
    let show = replay(Self.lifted, "--show", "4", "--format", "json")
    #expect(
      show.out
        == #"{"seq":4,"action":{"type":"ADD","amount":10},"actionName":"ADD","time":"2024-06-21T20:00:04.250Z","skipped":true,"state":{"counter":3}}"#
        + "\n")
  }

  @Test func liftedStateLastStateAndBisect() {
    #expect(
      replay(Self.lifted, "--show", "6", "--format", "json").out
        == #"{"seq":6,"action":{"type":"INCREMENT"},"actionName":"INCREMENT","time":"2024-06-21T20:00:06.001Z","state":{"counter":3}}"#
        + "\n")
    #expect(
      replay(Self.lifted, "--show", "init", "--format", "json").out
        == #"{"seq":null,"action":null,"state":{"counter":2}}"# + "\n")
    let bisect = replay(Self.lifted, "--bisect", "--linear", "--predicate", ".counter >= 3")
    #expect(bisect.code == 0)
    #expect(bisect.out.hasPrefix("entry 3 (INCREMENT) is the first bad entry\n"))
  }

  @Test func olderExportWithoutStagedIdsOrLiftedActions() {
    let (code, out, _) = replay(Self.older)
    #expect(code == 0)
    #expect(
      out == """
        \(Self.older): 2 entries
        from: a Redux DevTools lifted-state export
        time: 2017-07-14T02:40:00.500Z … 2017-07-14T02:40:01.000Z (1s)
        actions:
          INCREMENT  2
        warnings: none

        """)
    #expect(
      replay(Self.older, "--show", "2", "--format", "json").out
        == #"{"seq":2,"action":{"type":"INCREMENT"},"actionName":"INCREMENT","time":"2017-07-14T02:40:01.000Z","state":{"counter":2}}"#
        + "\n")
    #expect(
      replay(Self.older, "--bisect", "--predicate", ".counter >= 2").out.hasPrefix(
        "entry 2 (INCREMENT) is the first bad entry\n"))
  }

  /// jsan's tags become `$type` objects: nothing is lost or shown as `{}`.
  @Test func serializedValuesKeepTheirTypes() {
    let initial = replay(Self.serialized, "--show", "init", "--format", "json")
    #expect(
      initial.out
        == #"{"seq":null,"action":null,"state":{"todos":[],"createdAt":{"$type":"Date","value":"2024-06-21T20:00:00.000Z"},"draft":{"$type":"undefined"},"ratio":{"$type":"number","value":"NaN"},"limit":{"$type":"number","value":"Infinity"},"tags":{"$type":"Set","value":["a","b"]},"byId":{"$type":"Map","value":[["t1",{"title":"Milk"}]]},"pattern":{"$type":"RegExp","value":"/a+b/gi"}}}"#
        + "\n")
    let after = replay(Self.serialized, "--show", "1", "--format", "json")
    // A cycle is a `ref` to its JSON Pointer within the state; a shared object is copied.
    #expect(
      after.out
        == #"{"seq":1,"action":{"type":"todos/add","at":{"$type":"Date","value":"2024-06-21T20:00:01.000Z"},"title":"Milk"},"actionName":"todos/add","time":"2024-06-21T20:00:01.000Z","state":{"todos":[{"id":"t1","title":"Milk","owner":{"name":"ann","self":{"$type":"ref","value":"/todos/0/owner"}}}],"createdAt":{"$type":"Date","value":"2024-06-21T20:00:00.000Z"},"draft":{"$type":"undefined"},"ratio":{"$type":"number","value":"NaN"},"limit":{"$type":"number","value":"-Infinity"},"tags":{"$type":"Set","value":["a","b"]},"byId":{"$type":"Map","value":[["t1",{"title":"Milk"}]]},"pattern":{"$type":"RegExp","value":"/a+b/gi"}}}"#
        + "\n")
  }

  @Test func serializedTypeWrappersKeepTheirTypeName() throws {
    let path = try Self.temporary(
      #"{"actionsById":{"0":{"type":"PERFORM_ACTION","action":{"type":"@@INIT"}},"1":{"type":"PERFORM_ACTION","action":{"type":"load"}}},"stagedActionIds":[0,1],"skippedActionIds":[],"computedStates":[{"state":{}},{"state":{"items":{"data":{"a":1},"__serializedType__":"ImmutableMap"}}}],"committedState":{},"currentStateIndex":1}"#,
      "wrapped.json")
    #expect(
      replay(path, "--show", "1", "--format", "json").out
        == #"{"seq":1,"action":{"type":"load"},"actionName":"load","state":{"items":{"$type":"ImmutableMap","value":{"a":1}}}}"#
        + "\n")
  }

  @Test func defaultExportReplaysThroughTheReducer() {
    #expect(
      replay(Self.actions, "--reducer", "redux-counter", "--show", "5", "--format", "json").out
        == #"{"seq":5,"action":{"type":"INCREMENT"},"actionName":"INCREMENT","state":{"counter":1}}"#
        + "\n")
    let bisect = replay(
      Self.actions, "--reducer", "redux-counter", "--bisect", "--predicate", ".counter < 5")
    #expect(bisect.code == 0)
    #expect(
      bisect.out == """
        entry 4 (RESET) is the first bad entry
        action: {"type":"RESET"}
        changes:
          ~ /counter: 15 → 0
        evaluated 5 of 6 states
        confirmed: no earlier state is bad (scanned states 1…3)

        """)
    let diff = replay(Self.actions, "--reducer", "redux-counter", "--diff", "2")
    #expect(
      diff.out == """
        entry 2 (ADD)
        action: {"type":"ADD","amount":10}
        state 1 → state 2: 1 change
          {
        -   "counter": 6
        +   "counter": 16  // /counter
          }

        """)
  }

  @Test func elmHistoryReplaysThroughTheReducer() {
    #expect(
      replay(Self.elm, "--reducer", "elm-counter", "--show", "6", "--format", "json").out
        == #"{"seq":6,"action":{"$":"SetName","a":"bob"},"actionName":"SetName","state":{"count":2,"name":"bob"}}"#
        + "\n")
    let bisect = replay(
      Self.elm, "--reducer", "elm-counter", "--bisect", "--predicate", #".name != """#)
    #expect(bisect.out.hasPrefix("entry 3 (SetName) is the first bad entry\n"))
    let watch = replay(Self.elm, "--reducer", "elm-counter", "--watch", ".count")
    #expect(watch.code == 0)
    #expect(
      watch.out == """
        4 entries changed /count:
          entry 1 (Increment): 0 → 1
          entry 2 (Increment): 1 → 2
          entry 4 (Increment): 2 → 3
          entry 5 (Decrement): 3 → 2

        """)
  }

  /// A message whose constructor the history's own metadata does not list is a
  /// warning in the summary (and on stderr in other modes), not "warnings: none".
  @Test func anElmMessageItsMetadataDoesNotListIsAWarning() throws {
    let text = try String(contentsOfFile: Self.elm, encoding: .utf8).replacingOccurrences(
      of: #"{"$":"Decrement"}"#,
      with: #"{"$":"Reset"},{"$":"Reset"},{"$":"Decrement"},{"$":"Undo"}"#)
    let path = try Self.temporary(text, "elm-history.txt")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let summary = replay(path)
    #expect(summary.code == 0)
    #expect(summary.err == "")
    let warnings = summary.out.components(separatedBy: "\n").drop { !$0.hasPrefix("warnings:") }
    #expect(
      Array(warnings) == [
        "warnings: 2",
        "  entries 5 and 1 more send Reset, which the history's metadata does not list as a tag of Main.Msg (it lists Decrement, Increment, SetName): the history may come from another version of the app",
        "  entry 8 sends Undo, which the history's metadata does not list as a tag of Main.Msg (it lists Decrement, Increment, SetName): the history may come from another version of the app",
        "",
      ])
    let json = replay(path, "--format", "json").out
    #expect(
      json.contains(
        #""warnings":[{"line":null,"message":"entries 5 and 1 more send Reset, which"#))
    let show = replay(path, "--show", "1")
    #expect(
      show.err.hasPrefix(
        "replay: warning: \(path):: entries 5 and 1 more send Reset, which the history's metadata"))
    // The fixture's messages are all listed.
    #expect(replay(Self.elm).out.hasSuffix("warnings: none\n"))
  }

  @Test func stepperWalksRecomputedStates() {
    let (code, out, _) = replay(
      Self.elm, "--reducer", "elm-counter", "--step", stdin: "next\nnext\ngoto 6\nstate\nquit\n")
    #expect(code == 0)
    #expect(out.contains(#""name": "bob""#))
  }

  @Test func actionOnlyJSONLinesLog() {
    let summary = replay(Self.jsonLines)
    #expect(
      summary.out == """
        \(Self.jsonLines): 5 entries (replay-log v1, app Counter)
        states: none recorded (actions only); --reducer NAME recomputes them
        time: 2026-01-05T09:00:00.000Z … 2026-01-05T09:00:04.000Z (4s)
        actions:
          INCREMENT  3
          ADD        1
          DECREMENT  1
        warnings: none

        """)
    // --find on the action needs no states; the entries have no prior or next.
    let find = replay(Self.jsonLines, "--find", #".action.type == "ADD""#, "--format", "json")
    #expect(find.code == 0)
    #expect(
      find.out
        == #"[{"seq":3,"time":"2026-01-05T09:00:02.000Z","action":{"type":"ADD","amount":5},"actionName":"ADD"}]"#
        + "\n")
    #expect(
      replay(Self.jsonLines, "--reducer", "redux-counter", "--show", "5", "--format", "json").out
        == #"{"seq":5,"action":{"type":"INCREMENT"},"actionName":"INCREMENT","time":"2026-01-05T09:00:04.000Z","state":{"counter":7}}"#
        + "\n")
    let recomputed = replay(Self.jsonLines, "--reducer", "redux-counter")
    #expect(recomputed.out.contains("states: recomputed through reducer redux-counter\n"))
  }

  @Test func modesThatNeedStatesNameTheFlag() {
    for (flags, name) in [
      (["--show", "1"], "--show"), (["--diff", "1"], "--diff"),
      (["--watch", ".counter"], "--watch"),
      (["--bisect", "--predicate", ".counter > 1"], "--bisect"), (["--step"], "--step"),
      (["--export", "redux-devtools"], "--export"),
    ] {
      let result = replay(Self.jsonLines, arguments: flags)
      #expect(result.code == 2)
      #expect(
        result.err
          == "replay: \(Self.jsonLines) records actions only (a log whose entries have no prior and next), and \(name) needs states: add --reducer NAME to recompute them through a registered reducer (registered: elm-counter, login, redux-counter, search, todo)\n"
      )
    }
    let verify = replay(Self.elm, "--verify", "--reducer", "elm-counter")
    #expect(verify.code == 2)
    #expect(
      verify.err
        == "replay: \(Self.elm) records actions only, so --verify has no recorded states to compare with; --reducer NAME with another mode (--show, --diff, --bisect…) shows the recomputed states\n"
    )
  }

  @Test func anActionTheReducerDoesNotKnowIsNamed() throws {
    let path = try Self.temporary(
      #"{"metadata":{"versions":{"elm":"0.19.1"}},"history":[{"$":"Increment"},{"$":"Reset"}]}"#,
      "history-2.txt")
    let result = replay(path, "--reducer", "elm-counter", "--show", "2")
    #expect(result.code == 8)
    #expect(
      result.err.hasPrefix(
        #"replay: \#(path): replaying entry 2 through reducer elm-counter: its action {"$":"Reset"} does not decode as ElmCounterMsg: "#
      ))
    // Entry 1 still shows: states before the failure are recomputed.
    #expect(replay(path, "--reducer", "elm-counter", "--show", "1").code == 0)
  }

  @Test func malformedExportsNameTheProblemAndPlace() throws {
    let truncated = try Self.temporary(
      #"{"actionsById":{"0":{"type":"PERFORM_ACTION","action":{"type":"@@INIT"}"#, "cut.json")
    let cut = replay(truncated)
    #expect(cut.code == 3)
    #expect(
      cut.err
        == "replay: \(truncated):1:72: the JSON document ends too soon (unexpected end of input in an object): the file is truncated (read as one JSON document, as the file is not JSON Lines)\n"
    )
    let badID = try Self.temporary(
      #"{"actionsById":{"0":{"action":{"type":"@@INIT"}}},"stagedActionIds":[0,"x"]}"#, "id.json")
    #expect(
      replay(badID).err
        == "replay: \(badID): a Redux DevTools lifted-state export: at /stagedActionIds/1: expected an integer, found string \"x\"\n"
    )
    let missing = try Self.temporary(
      #"{"actionsById":{"0":{"action":{"type":"@@INIT"}}},"stagedActionIds":[0,7],"computedStates":[{"state":1},{"state":2}]}"#,
      "missing.json")
    #expect(
      replay(missing).err
        == "replay: \(missing): a Redux DevTools lifted-state export: at /stagedActionIds/1: names action 7, which /actionsById lacks\n"
    )
    let payload = try Self.temporary(
      #"{"payload":"[{\"type\":1}","preloadedState":"{}"}"#, "p.json")
    #expect(
      replay(payload).err
        == "replay: \(payload): a Redux DevTools default export: at /payload: the JSON text it holds is not valid JSON: unexpected end of input in an array (line 1, column 12 of the text)\n"
    )
    let history = try Self.temporary(#"{"metadata":{},"history":{}}"#, "h.txt")
    #expect(
      replay(history).err
        == "replay: \(history): an Elm debugger history: at /history: expected an array, found object\n"
    )
  }

  @Test func validJSONOfNoKnownFormatSaysSoAndListsTheFormats() throws {
    let package = try Self.temporary(
      "{\n  \"name\": \"app\",\n  \"version\": \"1.0.0\"\n}\n", "package.json")
    let result = replay(package)
    #expect(result.code == 3)
    #expect(
      result.err
        == #"replay: \#(package): valid JSON (an object with members "name", "version"), but not a format replay reads; it reads a replay log (JSON Lines, see Sources/TimeTravel/Documentation.docc/LogFormat.md); a Redux DevTools lifted-state export (actionsById, computedStates, stagedActionIds…); a Redux DevTools default export ({"payload":…,"preloadedState":…}); an Elm debugger history ({"metadata":…,"history":[…]})"#
        + "\n")
    let array = try Self.temporary("[\n  1,\n  2\n]\n", "array.json")
    #expect(replay(array).err.contains("valid JSON (an array), but not a format replay reads"))
  }

  @Test func theStepperShowsTheSkipMark() {
    let (code, out, _) = replay(Self.lifted, "--step", stdin: "goto 4\nquit\n")
    #expect(code == 0)
    #expect(out.contains("[4/6] ADD [skipped]\n"))
  }

  @Test func theHTMLReportShowsRecomputedStates() {
    let (code, out, err) = replay(Self.elm, "--reducer", "elm-counter", "--html", "-")
    #expect(code == 0, "\(err)")
    #expect(out.contains("SetName"))
    #expect(out.contains("bob"))
  }

  @Test func followingAnActionOnlyLogListsItsActions() throws {
    let path = try Self.temporary(
      try String(contentsOfFile: Self.jsonLines, encoding: .utf8), "live.jsonl")
    let refused = replay(path, "--follow", "--watch", ".counter")
    #expect(refused.code == 2)
    #expect(
      refused.err
        == "replay: \(path) records actions only, and --follow reads the states a log records: it follows such a log with the summary or --find\n"
    )
  }

  @Test func anExportOnStandardInputOpensToo() throws {
    let text = try String(contentsOfFile: Self.elm, encoding: .utf8)
    let (code, out, _) = replay("-", "--reducer", "elm-counter", "--show", "6", stdin: text)
    #expect(code == 0)
    #expect(out.hasPrefix("entry 6 (SetName)\n"))
  }

  /// A pretty-printed export (many lines) opens like a one-line one; a one-line replay
  /// log still opens as JSON Lines.
  @Test func detectionIsByContentNotName() throws {
    let pretty = try Self.temporary(
      try String(contentsOfFile: Self.lifted, encoding: .utf8), "session.jsonl")
    #expect(replay(pretty).out.contains("from: a Redux DevTools lifted-state export\n"))
    let oneLine = try Self.temporary(
      #"{"seq":1,"action":"go","prior":{"n":0},"next":{"n":1}}"#, "export.json")
    #expect(replay(oneLine).out.hasPrefix("\(oneLine): 1 entry\n"))
  }
}
