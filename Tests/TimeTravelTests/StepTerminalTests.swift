import Foundation
import Testing

/// `replay --step` at a real terminal, typed at through tmux as a person would.
/// Each test has its own tmux server and home folder, so they run side by side,
/// and checks whole screens, polling until they appear (no test depends on timing).
@Suite(
  .enabled(
    if: TmuxSession.isAvailable,
    "needs tmux on PATH and the replay executable beside the test binary (swift build)"))
struct StepTerminalTests {
  /// A shell command that runs `replay` on the fixture with `home` as HOME,
  /// then prints its exit status and whether the terminal's settings are as
  /// they were before (`stty -g` before and after).
  static func stepper(home: String, input: String = "") -> String {
    let replay = TmuxSession.quoted(TmuxSession.replay!)
    return """
      S=$(stty -g); \(input)env -u REPLAY_HISTORY HOME=\(TmuxSession.quoted(home)) \
      \(replay) \(TmuxSession.quoted(Repo.fixture)) --step; echo "exit $?"; \
      if [ "$(stty -g)" = "$S" ]; then echo "terminal restored"; else echo "terminal changed"; fi
      """
  }

  static func session(home: String? = nil) throws -> TmuxSession {
    try TmuxSession(home: home) { stepper(home: $0) }
  }

  static let start = ["[0/240] initial state", "(replay)"]
  static let atState3 = [
    "[0/240] initial state", "(replay) goto 3", "[3/240] addTodo",
    #"  + /todos/2: {"id":"todo-003","isCompleted":false,"title":"Book dentist appointment"}"#,
  ]
  static let quitRows = ["(replay) quit", "exit 0", "terminal restored"]

  @Test func upAndDownRecallLinesAndTheHistoryFileKeepsThem() throws {
    let tmux = try Self.session()
    try tmux.waitForScreen(Self.start)
    try tmux.type("goto 3")
    try tmux.press("Enter")
    try tmux.waitForScreen(Self.atState3 + ["(replay)"])
    try tmux.type("n")
    try tmux.press("Enter")
    let atState4 =
      Self.atState3 + [
        "(replay) n", "[4/240] addTodo",
        #"  + /todos/3: {"id":"todo-004","isCompleted":false,"title":"Renew passport"}"#,
      ]
    try tmux.waitForScreen(atState4 + ["(replay)"])
    try tmux.type("goto 1")
    try tmux.press("Up")
    try tmux.waitForScreen(atState4 + ["(replay) n"])
    try tmux.press("Up")
    try tmux.waitForScreen(atState4 + ["(replay) goto 3"])
    try tmux.press("Down")
    try tmux.waitForScreen(atState4 + ["(replay) n"])
    // Below the newest entry, the line that was being typed comes back.
    try tmux.press("Down")
    try tmux.waitForScreen(atState4 + ["(replay) goto 1"])
    try tmux.press("C-u")
    try tmux.waitForScreen(atState4 + ["(replay)"])
    try tmux.press("C-d")
    try tmux.waitForScreen(atState4 + Self.quitRows)
    let history = try String(contentsOfFile: tmux.home + "/.replay_history", encoding: .utf8)
    #expect(history == "goto 3\nn\n")
  }

  @Test func theNextSessionRecallsAndSearchesTheHistory() throws {
    let home = "/tmp/replay-home-" + UUID().uuidString.prefix(8)
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: home) }
    // An entry holding an escape sequence is skipped, never drawn.
    try "goto 3\nstate \u{1B}[2J\nn\n".write(
      toFile: home + "/.replay_history", atomically: true, encoding: .utf8)
    let tmux = try Self.session(home: home)
    try tmux.waitForScreen(Self.start)
    try tmux.press("Up")
    try tmux.waitForScreen(["[0/240] initial state", "(replay) n"])
    try tmux.press("Up")
    try tmux.waitForScreen(["[0/240] initial state", "(replay) goto 3"])
    try tmux.press("C-u", "C-r")
    try tmux.waitForScreen(["[0/240] initial state", "(reverse-i-search)`':"])
    try tmux.type("ot")
    try tmux.waitForScreen(["[0/240] initial state", "(reverse-i-search)`ot': goto 3"])
    try tmux.press("Enter")
    try tmux.waitForScreen(Self.atState3 + ["(replay)"])
    try tmux.press("C-d")
    try tmux.waitForScreen(Self.atState3 + Self.quitRows)
    let history = try String(contentsOfFile: home + "/.replay_history", encoding: .utf8)
    #expect(history == "goto 3\nstate \u{1B}[2J\nn\ngoto 3\n")
  }

  @Test func tabCompletesCommandsAndPathsOfTheCurrentState() throws {
    let tmux = try Self.session()
    try tmux.waitForScreen(Self.start)
    try tmux.type("goto 3")
    try tmux.press("Enter")
    try tmux.waitForScreen(Self.atState3 + ["(replay)"])
    try tmux.type("wa")
    try tmux.press("Tab")
    try tmux.waitForScreen(Self.atState3 + ["(replay) watch"])
    // The completion ends with a space: the cursor is after it.
    #expect(try tmux.value("cursor_x") == "15")
    try tmux.type("/todos/2/ti")
    try tmux.press("Tab")
    try tmux.waitForScreen(Self.atState3 + ["(replay) watch /todos/2/title"])
    try tmux.press("Enter")
    let watched =
      Self.atState3 + [
        "(replay) watch /todos/2/title", "[89/240] deleteTodos",
        #"  /todos/2/title: "Book dentist appointment" → "Renew passport""#,
      ]
    try tmux.waitForScreen(watched + ["(replay)"])
    try tmux.type("r")
    try tmux.press("Tab", "Tab")
    try tmux.waitForScreen(watched + ["(replay) r", "reverse-continue  rwatch", "(replay) r"])
    try tmux.press("C-u")
    try tmux.type("state /todos/2/")
    try tmux.press("Tab", "Tab")
    let listed =
      watched + [
        "(replay) r", "reverse-continue  rwatch", "(replay) state /todos/2/",
        "id           isCompleted  title",
      ]
    try tmux.waitForScreen(listed + ["(replay) state /todos/2/"])
    try tmux.press("C-u", "C-d")
    try tmux.waitForScreen(listed + Self.quitRows)
  }

  @Test func controlCCancelsTheLineAsGdbDoes() throws {
    let tmux = try Self.session()
    try tmux.waitForScreen(Self.start)
    try tmux.type("goto 3")
    try tmux.press("Left", "C-c")
    try tmux.waitForScreen(["[0/240] initial state", "(replay) goto 3^C", "(replay)"])
    #expect(try tmux.value("cursor_x") == "9")
    try tmux.press("C-d")
    try tmux.waitForScreen(["[0/240] initial state", "(replay) goto 3^C"] + Self.quitRows)
    // A cancelled line is not history.
    #expect(!FileManager.default.fileExists(atPath: tmux.home + "/.replay_history"))
  }

  @Test func editingKeysMoveByCharactersWordsAndColumns() throws {
    let tmux = try Self.session()
    try tmux.waitForScreen(Self.start)
    try tmux.type("oto 2")
    try tmux.press("Home")
    try tmux.type("g")
    try tmux.press("End")
    try tmux.type("0")
    try tmux.waitForScreen(["[0/240] initial state", "(replay) goto 20"])
    try tmux.press("Left", "BSpace")
    try tmux.waitForScreen(["[0/240] initial state", "(replay) goto 0"])
    #expect(try tmux.value("cursor_x") == "14")
    try tmux.press("C-a", "C-k")
    try tmux.waitForScreen(["[0/240] initial state", "(replay)"])
    try tmux.press("C-y", "C-w")
    try tmux.waitForScreen(["[0/240] initial state", "(replay) goto"])
    try tmux.type(" 5")
    try tmux.press("C-a", "Right", "Right", "C-e", "Enter")
    try tmux.waitFor("state 5") { $0.count > 2 && $0[2] == "[5/240] addTodo" }
    // Wide characters: two columns each, and the cursor lands between them.
    try tmux.type("日本語")
    try tmux.press("Left")
    try tmux.type("x")
    let rows = try tmux.waitFor("the wide characters") { $0.last == "(replay) 日本x語" }
    #expect(rows.count == 5)
    #expect(try tmux.value("cursor_x") == "14")
    try tmux.press("C-e")
    try tmux.waitFor("the cursor at the end") { _ in (try? tmux.value("cursor_x")) == "16" }
    try tmux.press("C-u", "C-d")
    try tmux.waitFor("the end") { $0.suffix(3) == ArraySlice(Self.quitRows) }
  }

  @Test func aLineWiderThanTheTerminalScrollsSideways() throws {
    let tmux = try Self.session()
    try tmux.waitForScreen(Self.start)
    let line =
      #"find (.action | has("addTodo")) and (.action.addTodo.title | test("^Buy")) and "#
      + #"(.action.addTodo.id | length > 0) and (.seq > 0)"#
    #expect(line.count == 127)
    // Typed at once, as a paste: 100 columns leave 90 after the prompt, the last kept empty.
    try tmux.type(line)
    let tail = "(replay) " + line.suffix(89)
    try tmux.waitForScreen(["[0/240] initial state", tail])
    #expect(try tmux.value("cursor_x") == "98")
    try tmux.press("Home")
    try tmux.waitForScreen(["[0/240] initial state", "(replay) " + line.prefix(90)])
    #expect(try tmux.value("cursor_x") == "9")
    try tmux.press("Enter")
    let rows = try tmux.waitFor("the matches") { $0.last == "(replay)" }
    #expect(
      rows.prefix(5) == [
        "[0/240] initial state", tail, "17 entries match:",
        "    entry 1 (addTodo) at 2026-01-05T09:00:03.334Z",
        "    entry 9 (addTodo) at 2026-01-05T09:00:32.315Z",
      ])
    #expect(rows.count == 21)
    try tmux.press("Up")
    try tmux.waitForScreen(Array(rows.dropLast()) + [tail])
    try tmux.press("C-u", "C-d")
    try tmux.waitForScreen(Array(rows.dropLast()) + Self.quitRows)
    let history = try String(contentsOfFile: tmux.home + "/.replay_history", encoding: .utf8)
    #expect(history == line + "\n")
  }

  @Test(
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/task"), "needs Linux's /proc"),
    arguments: [(SIGTERM, 143), (SIGHUP, 129), (SIGINT, 130)])
  func aSignalAtThePromptRestoresTheTerminal(_ signal: Int32, _ status: Int) throws {
    let tmux = try Self.session()
    try tmux.waitForScreen(Self.start)
    try tmux.type("goto 3")
    try tmux.waitForScreen(["[0/240] initial state", "(replay) goto 3"])
    // The pane runs sh, and sh runs replay.
    let shell = try tmux.value("pane_pid")
    let children = try String(
      contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
    let replay = try #require(children.split(separator: " ").first.flatMap { Int32($0) })
    #expect(kill(replay, signal) == 0)
    // Between the prompt and the status, sh may report the signal ("Terminated").
    let rows = try tmux.waitFor("the shell after replay") { $0.last == "terminal restored" }
    #expect(rows.prefix(2) == ["[0/240] initial state", "(replay) goto 3"])
    #expect(rows.suffix(2) == ["exit \(status)", "terminal restored"])
  }

  @Test func throughAPipeTheStepperReadsLinesAsBefore() throws {
    let tmux = try TmuxSession { Self.stepper(home: $0, input: "printf 'n\\nq\\n' | ") }
    try tmux.waitForScreen([
      "[0/240] initial state", "(replay) [1/240] addTodo",
      #"  + /todos/0: {"id":"todo-001","isCompleted":false,"title":"Buy milk"}"#,
      "(replay) exit 0", "terminal restored",
    ])
    #expect(!FileManager.default.fileExists(atPath: tmux.home + "/.replay_history"))
  }

  static let bash = ["/bin/bash", "/usr/bin/bash"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  @Test(.enabled(if: bash != nil, "needs bash for job control"))
  func controlZSuspendsAndFgResumesTheLine() throws {
    let tmux = try TmuxSession(columns: 200) { _ in
      "env PS1='$ ' \(Self.bash!) --norc --noprofile -i"
    }
    try tmux.waitForScreen(["$"])
    let replay = TmuxSession.quoted(TmuxSession.replay!)
    try tmux.type(
      "S=$(stty -g); HOME=\(TmuxSession.quoted(tmux.home)) \(replay) \(TmuxSession.quoted(Repo.fixture)) --step"
    )
    try tmux.press("Enter")
    try tmux.waitFor("the prompt") { $0.last == "(replay)" }
    try tmux.type("go")
    try tmux.press("C-z")
    try tmux.waitFor("the job to stop") { $0.last == "$" && $0.contains { $0.contains("Stopped") } }
    try tmux.type(#"[ "$(stty -g)" = "$S" ] && echo restored"#)
    try tmux.press("Enter")
    try tmux.waitFor("the check") { $0.suffix(2) == ["restored", "$"] }
    try tmux.type("fg")
    try tmux.press("Enter")
    try tmux.waitFor("the line again") { $0.last == "(replay) go" }
    try tmux.type("to 2")
    try tmux.press("Enter")
    try tmux.waitFor("state 2") { $0.suffix(3).first == "[2/240] addTodo" && $0.last == "(replay)" }
    try tmux.press("C-d")
    try tmux.waitFor("the shell") { $0.suffix(2) == ["(replay) quit", "$"] }
  }
}
