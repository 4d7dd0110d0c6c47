import CLITestSupport
import Foundation
import ReplayCLI
import TestSupport
import Testing
import TimeTravel

/// `replay LOG --emit-test`: the generated test of the fixture is in the suite
/// (Generated/), regenerating it gives the same bytes, and a log that says otherwise
/// makes the generated test fail at that entry with TestStore's diff.
@Suite struct EmitTestTests {
  static let generated = Repo.root.appendingPathComponent("Tests/ReplayCLITests/EmitTest/Generated")

  static func committed(_ name: String) throws -> String {
    try String(contentsOf: generated.appendingPathComponent(name), encoding: .utf8)
  }

  @Test func regeneratingTheFixtureTestGivesTheSameBytes() throws {
    let (code, out, err) = replay(
      Repo.fixture, arguments: ["--emit-test", "--reducer", "todo", "--range", "1..117"])
    #expect(code == 0)
    #expect(err == "")
    #expect(out == (try Self.committed("TodoSessionEntries1To117.swift")))
  }

  /// The fixture's entry 117 with its recorded title changed from "   " to "Buy oat milk".
  static func tamperedLog() throws -> URL {
    let fixture = try String(contentsOfFile: Repo.fixture, encoding: .utf8)
    var lines = fixture.components(separatedBy: "\n")
    let index = try #require(lines.firstIndex { $0.hasPrefix(#"{"seq":117,"#) })
    let suffix = #""title":"   "}]}}"#
    #expect(lines[index].hasSuffix(suffix))
    lines[index] = lines[index].dropLast(suffix.count) + #""title":"Buy oat milk"}]}}"#
    let url = Scratch.folder
      .appendingPathComponent("emit-test-\(UUID().uuidString)")
      .appendingPathComponent("tampered-session.jsonl")
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  /// Generated/TamperedSessionEntries112To117.swift is the test generated from the
  /// tampered log, without its `@Test` line so that the suite does not run it as a test:
  /// this test calls it and expects exactly one failure, at entry 117's `send`, with the
  /// diff between the log's title and the reducer's.
  @Test @MainActor func aTamperedLogMakesTheGeneratedTestFailAtThatEntry() throws {
    let log = try Self.tamperedLog()
    defer { try? FileManager.default.removeItem(at: log.deletingLastPathComponent()) }
    let (code, out, err) = replay(
      log.path, arguments: ["--emit-test", "--reducer", "todo", "--range", "112..117"])
    #expect(code == 0)
    #expect(err == "")
    let source = try Self.committed("TamperedSessionEntries112To117.swift")
    let withoutTestLine = out.components(separatedBy: "\n").filter { !$0.hasPrefix("@Test(") }
    #expect(withoutTestLine.joined(separator: "\n") == source)
    #expect(out.contains(#"@Test("tampered-session.jsonl, entries 112…117")"#))

    let lines = source.components(separatedBy: "\n")
    let comment = try #require(lines.firstIndex(of: "  // entry 117 (addTodo)"))
    let sendLine = comment + 2  // 1-based: the line after the comment
    #expect(lines[sendLine - 1].hasPrefix("  try store.send("))
    try withKnownIssue {
      try tamperedSessionEntries112To117()
    } matching: { issue in
      issue.sourceLocation?.line == sendLine
        && issue.sourceLocation?.fileName == "TamperedSessionEntries112To117.swift"
        && issue.comments.map(\.rawValue) == [
          """
          A state change does not match expectation: …

              {
                … (2 unchanged)
                "todos": [
                  … (24 unchanged)
                  [24]: {
                    … (2 unchanged)
            −       "title": "Buy oat milk"
            +       "title": "   "  // /todos/24/title
                  }
                ]
              }

          (Expected: −, Actual: +)
          """
        ]
    }
  }

  @Test func mutationsAreSwiftWhereTheTypesAllow() throws {
    let source = try Self.committed("TodoSessionEntries1To117.swift")
    // A replace of a Bool, an enum case, an array removal, an insertion.
    #expect(
      source.contains(
        "  try store.send(decode(#\"{\"toggleTodo\":{\"id\":\"todo-028\"}}\"#)) {\n    $0.todos[18].isCompleted = true\n  }"
      ))
    #expect(
      source.contains("  store.jump(to: 85) {\n    $0.filter = .all\n    $0.todos.remove(at: 20)\n")
    )
    #expect(
      source.contains(
        "  try store.undo {\n    try $0.todos.insert(decode(#\"{\"id\":\"todo-005\",\"isCompleted\":false,\"title\":\"Pay electricity bill\"}\"#), at: 4)\n  }"
      ))
  }

  @Test func aRangeStartingLaterRebasesTheHistory() throws {
    // After entry 106 the app's history is at index 85, the test store's 0: entry 171's
    // jump from 143 to 140 is the test store's jump to 55, entry 173's (141 to 137) to 52.
    let (code, out, err) = replay(
      Repo.fixture, arguments: ["--emit-test", "--reducer", "todo", "--range", "107..175"])
    #expect(code == 0)
    #expect(err == "")
    #expect(out.contains("func todoSessionEntries107To175() throws {"))
    #expect(
      out.contains("  // entry 138 (@@undo)\n  store.undo {\n    $0.todos.remove(at: 28)\n  }"))
    #expect(out.contains("  // entry 171 (@@jump)\n  store.jump(to: 55) {"))
    // The suite runs it too (Generated/), so the rebased moves are checked by TestStore.
    #expect(out == (try? Self.committed("TodoSessionEntries107To175.swift")))
    #expect(out.contains("  // entry 173 (@@jump)\n  try store.jump(to: 52) {"))
  }

  @Test func errorsNameTheProblem() {
    var result = replay(
      Repo.fixture, arguments: ["--emit-test", "--reducer", "todo", "--range", "40..45"])
    #expect(result.code == 2)
    #expect(
      result.err
        == "replay: entry 40 (@@undo) moves from history index 33 to 32, but the test store holds indices 33…33 of the app's history (the range starts at entry 40); start the range earlier\n"
    )
    result = replay(Repo.fixture, arguments: ["--emit-test", "--reducer", "cart"])
    #expect(result.code == 2)
    #expect(
      result.err
        == "replay: unknown reducer 'cart' (registered: elm-counter, login, redux-counter, search, todo)\n"
    )
    result = replay(
      Repo.fixture, arguments: ["--emit-test", "--reducer", "todo", "--range", "9..3"])
    #expect(result.code == 2)
    #expect(result.err.hasPrefix("replay: --range 9..3 is empty: its start is after its end\n"))
    result = replay(Repo.fixture, arguments: ["--emit-test", "--reducer", "todo", "--range", "x"])
    #expect(result.code == 2)
    #expect(
      result.err.hasPrefix(
        "replay: --range takes A..B, A.. or ..B with A and B seqs (integers), not 'x'\n"
      ))
    result = replay(
      Repo.fixture, arguments: ["--emit-test", "--reducer", "todo", "--range", "1..999"])
    #expect(result.code == 2)
    #expect(
      result.err
        == "replay: \(Repo.fixture): entry 999 is out of range (the log has entries 1…240)\n")
    result = replay(Repo.fixture, arguments: ["--emit-test"])
    #expect(result.code == 2)
    result = replay(
      Repo.fixture, arguments: ["--emit-test", "--reducer", "todo", "--format", "json"])
    #expect(result.code == 2)
    #expect(result.err == "replay: --emit-test writes Swift source; --format json does not apply\n")
    result = replay(Repo.fixture, arguments: ["--range", "1..2"])
    #expect(result.code == 2)
    #expect(
      result.err.hasPrefix("replay: --range goes with --blame, --what-if, --html or --emit-test\n"))
  }

  @Test func moduleNamesTheImport() {
    let (code, out, _) = replay(
      Repo.fixture,
      arguments: ["--emit-test", "--reducer", "todo", "--range", "1..1", "--module", "MyApp"])
    #expect(code == 0)
    #expect(out.contains("\n@testable import MyApp\n"))
    #expect(out.contains("func todoSessionEntries1To1() throws {"))
  }

  /// A login session whose last entry the login effect sent.
  static let loginLines = [
    #"{"format":"replay-log","version":1,"app":"Login","stateType":"LoginState","actionType":"LoginAction","nils":"null"}"#,
    #"{"seq":1,"action":{"emailChanged":{"_0":"a@b.c"}},"prior":{"email":"","error":null,"isLoading":false,"password":""},"next":{"email":"a@b.c","error":null,"isLoading":false,"password":""}}"#,
    #"{"seq":2,"action":{"passwordChanged":{"_0":"secret"}},"prior":{"email":"a@b.c","error":null,"isLoading":false,"password":""},"next":{"email":"a@b.c","error":null,"isLoading":false,"password":"secret"}}"#,
    #"{"seq":3,"action":{"submit":{}},"prior":{"email":"a@b.c","error":null,"isLoading":false,"password":"secret"},"next":{"email":"a@b.c","error":null,"isLoading":true,"password":"secret"}}"#,
    #"{"seq":4,"action":{"loginResponse":{"_0":{"success":{"userID":"user-5"}}}},"origin":{"cause":3,"effect":"login"},"prior":{"email":"a@b.c","error":null,"isLoading":true,"password":"secret"},"next":{"email":"a@b.c","error":null,"isLoading":false,"password":""}}"#,
  ]

  /// The generated test of the login session with `extra` arguments: its lines from the
  /// `@Test` line to the end of the function.
  static func loginTest(_ extra: [String] = [], range: String? = "1..4") throws -> (
    header: [String], body: [String], source: String
  ) {
    let directory = Scratch.folder
      .appendingPathComponent("emit-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("login.jsonl")
    try (loginLines.joined(separator: "\n") + "\n").write(
      to: url, atomically: true, encoding: .utf8)
    let (code, out, err) = replay(
      url.path,
      arguments: ["--emit-test", "--reducer", "login"] + (range.map { ["--range", $0] } ?? [])
        + extra)
    #expect(code == 0)
    #expect(err == "")
    let lines = out.components(separatedBy: "\n")
    return (
      Array(lines.prefix { !$0.hasPrefix("import ") }),
      Array(lines.drop { !$0.hasPrefix("@Test(") }.prefix { $0 != "}" }), out
    )
  }

  static let loginSteps = [
    "",
    "  // entry 1 (emailChanged)",
    ##"  try store.send(decode(#"{"emailChanged":{"_0":"a@b.c"}}"#)) {"##,
    #"    $0.email = "a@b.c""#,
    "  }",
    "",
    "  // entry 2 (passwordChanged)",
    ##"  try store.send(decode(#"{"passwordChanged":{"_0":"secret"}}"#)) {"##,
    #"    $0.password = "secret""#,
    "  }",
    "",
    "  // entry 3 (submit)",
    ##"  try store.send(decode(#"{"submit":{}}"#)) {"##,
    "    $0.isLoading = true",
    "  }",
    "",
    "  // entry 4 (loginResponse)",
  ]

  /// By default effects do not run: the response the login effect sent is delivered from
  /// the log, checked against the login started by entry 3, and the test is synchronous
  /// and needs no client (the reducer's default, failing one is never called).
  @Test func actionsAnEffectSentAreDeliveredFromTheLog() throws {
    let (header, body, _) = try Self.loginTest()
    #expect(
      header.suffix(3) == [
        "// Effects do not run: the actions the log says they sent are delivered from it, in",
        "// order (receive(_:from:)), so no dependency is called; --live-effects runs them.",
        "",
      ])
    #expect(
      body == [
        #"@Test("login.jsonl, entries 1…4")"#,
        "@MainActor",
        "func loginEntries1To4() throws {",
        "  let store = try TestStore(",
        ##"    initialState: decode(#"{"email":"","error":null,"isLoading":false,"password":""}"#),"##,
        "    reducer: LoginReducer(),",
        "    effects: .replayed)",
      ] + Self.loginSteps + [
        ##"  try store.receive(decode(#"{"loginResponse":{"_0":{"success":{"userID":"user-5"}}}}"#), from: "login") {"##,
        "    $0.isLoading = false",
        #"    $0.password = """#,
        "  }",
      ])
  }

  /// Generated/LoginEntries1To4.swift is that test, run by the suite: with the reducer's
  /// default client, which fails every call, it passes, as nothing calls it.
  @Test func regeneratingTheLoginTestGivesTheSameBytes() throws {
    #expect(try Self.loginTest(range: nil).source == (try Self.committed("LoginEntries1To4.swift")))
  }

  /// `--live-effects` runs them, as TCA's test store does: the response is awaited, and
  /// the test waits for the effects to finish.
  @Test func liveEffectsAreAwaitedAndFinished() throws {
    let (header, body, _) = try Self.loginTest(["--live-effects"])
    #expect(
      header.contains(
        "// Generated from login.jsonl by `replay LOG --emit-test --reducer login --range 1..4 --live-effects`."
      ))
    #expect(
      Array(body.prefix(3)) == [
        #"@Test("login.jsonl, entries 1…4")"#, "@MainActor",
        "func loginEntries1To4() async throws {",
      ])
    #expect(body[5] == "    reducer: LoginReducer())")
    #expect(
      Array(body.dropFirst(6)) == Self.loginSteps + [
        ##"  try await store.receive(decode(#"{"loginResponse":{"_0":{"success":{"userID":"user-5"}}}}"#)) {"##,
        "    $0.isLoading = false",
        #"    $0.password = """#,
        "  }",
        "",
        "  await store.finish()",
      ])
  }

  /// A range that ends while the login is in flight still ends with `finish()` when
  /// effects run, so the test cannot pass with an effect left running; replayed, it
  /// needs none.
  @Test func aRangeEndingWhileAnEffectRunsFinishesWhenLive() throws {
    let live = try Self.loginTest(["--live-effects"], range: "1..3")
    #expect(live.body.suffix(2) == ["", "  await store.finish()"])
    #expect(live.body[2] == "func loginEntries1To3() async throws {")
    let replayed = try Self.loginTest(range: "1..3")
    #expect(replayed.body.last == "  }")
    #expect(replayed.body[2] == "func loginEntries1To3() throws {")
  }

  /// An action the listener dispatched in the running app (`replay --listen … --step`,
  /// `dispatch`) came from outside, as a user's did: it is sent, not received.
  @Test func anActionDispatchedRemotelyIsSent() throws {
    let lines = [
      #"{"format":"replay-log","version":1,"app":"Login","stateType":"LoginState","actionType":"LoginAction","nils":"null"}"#,
      #"{"seq":1,"action":{"emailChanged":{"_0":"a@b.c"}},"origin":{"remote":{"command":"dispatch","id":1,"listener":"127.0.0.1:9000"}},"prior":{"email":"","error":null,"isLoading":false,"password":""},"next":{"email":"a@b.c","error":null,"isLoading":false,"password":""}}"#,
    ]
    let url = Scratch.folder
      .appendingPathComponent("remote-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    let (code, out, err) = replay(url.path, arguments: ["--emit-test", "--reducer", "login"])
    #expect(code == 0)
    #expect(err == "")
    #expect(out.contains(##"  try store.send(decode(#"{"emailChanged":{"_0":"a@b.c"}}"#)) {"##))
    #expect(!out.contains("store.receive"))
    #expect(!out.contains("await store.finish()"))
  }

  /// A view model's log through a reducer written over its actions (no effects): what
  /// its tasks reported is sent, and a task's ending is a comment.
  @Test @MainActor func aViewModelLogSendsWhatItsTasksReported() async throws {
    let (lines, _) = try await ViewModelRecordingTests.recordSession()
    let url = Scratch.folder
      .appendingPathComponent("profile-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    var registry = ReducerRegistry()
    registry.register(name: "profile", reducer: ProfileLikeReducer())
    let io = BufferIO()
    let code = ReplayCommand.run(
      [url.path, "--emit-test", "--reducer", "profile"], io: io, reducers: registry)
    #expect(code == 0)
    #expect(io.stderr == "")
    #expect(io.stdout.contains("\n@testable import ReplayCLITests\n"))
    #expect(io.stdout.contains("Entries1To5() throws {"))
    #expect(
      io.stdout.contains(
        """
          // entry 3 (@@cancelled)
          // A view model's task ended here; there is nothing to send.

          // entry 4 (fetchUser)
          try store.send(decode(#"{"fetchUser":{"id":2}}"#)) {
            $0.isLoading = true
          }

          // entry 5 (userLoaded)
          try store.send(decode(#"{"userLoaded":{"_0":{"id":2,"name":"Alan Turing"}}}"#)) {
            $0.isLoading = false
            $0.user = try decode(#"{"id":2,"name":"Alan Turing"}"#)
          }
        }
        """))
  }

  @Test func anActionThatDoesNotDecodeIsNamed() throws {
    let lines = [
      #"{"seq":1,"action":{"addTodo":{"title":"x"}},"prior":{"filter":"all","isLoading":false,"todos":[]},"next":{"filter":"all","isLoading":false,"todos":[]}}"#
    ]
    let url = Scratch.folder
      .appendingPathComponent("bad-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    let (code, out, err) = replay(url.path, arguments: ["--emit-test", "--reducer", "todo"])
    #expect(code == 8)
    #expect(out == "")
    #expect(
      err
        == "replay: \(url.path):1: entry 1's action does not decode as TodoAction: no member 'id' at \"/addTodo\" (No value associated with key AddTodoKeys(stringValue: \"id\", intValue: nil) (\"id\").)\n"
    )
  }

  /// A member whose coding key differs from its name has no Swift path the generator can
  /// trust: the entry expects the whole recorded state, decoded.
  @Test func aChangeWithoutASwiftPathExpectsTheWholeState() throws {
    let directory = Scratch.folder
      .appendingPathComponent("emit-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("labels.jsonl")
    try #"{"seq":1,"action":"b","prior":{"name":"a"},"next":{"name":"b"}}"#.appending("\n")
      .write(to: url, atomically: true, encoding: .utf8)
    var registry = ReducerRegistry()
    registry.register(name: "label", reducer: LabelReducer())
    let io = BufferIO()
    let code = ReplayCommand.run(
      [url.path, "--emit-test", "--reducer", "label"], io: io, reducers: registry)
    #expect(code == 0)
    #expect(
      io.stdout.contains(
        """
          // entry 1 (b)
          try store.send(decode(#""b""#)) {
            $0 = try decode(#"{"name":"b"}"#)
          }
        }
        """))
    #expect(io.stdout.contains("    reducer: EmitTestTests.LabelReducer())\n"))
  }

  struct Labelled: Codable, Sendable {
    var label: String
    enum CodingKeys: String, CodingKey { case label = "name" }
  }

  struct LabelReducer: Reducer {
    func reduce(into state: inout Labelled, action: String) { state.label = action }
  }
}
