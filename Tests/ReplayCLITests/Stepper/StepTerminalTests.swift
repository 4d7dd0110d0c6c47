import Foundation
import TestSupport
import Testing

/// `replay --step` at a real terminal, typed at through tmux as a person would.
/// Each test has its own tmux server and home folder, and checks whole screens,
/// polling until they appear (no test depends on timing). One at a time, to keep
/// the load they add to a shared machine low.
@Suite(
  .serialized,
  .enabled(
    if: TmuxSession.isAvailable,
    "needs tmux on PATH and the replay executable beside the test binary (swift build)"))
struct StepTerminalTests {
  /// A shell command that runs `replay` on the fixture with `home` as HOME,
  /// then prints its exit status and whether the terminal's settings are as
  /// they were before (`stty -g` before and after).
  static func stepper(home: String, input: String = "", arguments: String = "") -> String {
    let replay = TmuxSession.quoted(TmuxSession.replay!)
    return """
      S=$(stty -g); \(input)env -u REPLAY_HISTORY HOME=\(TmuxSession.quoted(home)) \
      \(replay) \(TmuxSession.quoted(Repo.fixture)) --step\(arguments); echo "exit $?"; \
      if [ "$(stty -g)" = "$S" ]; then echo "terminal restored"; else echo "terminal changed"; fi
      """
  }

  static func session(home: String? = nil, arguments: String = "") async throws -> TmuxSession {
    try await TmuxSession(home: home) { stepper(home: $0, arguments: arguments) }
  }

  static let start = ["[init/240] initial state", "(replay)"]
  static let atState3 = [
    "[init/240] initial state", "(replay) goto 3", "[3/240] addTodo",
    #"  + /todos/2: {"id":"todo-003","isCompleted":false,"title":"Book dentist appointment"}"#,
  ]
  static let quitRows = ["(replay) quit", "exit 0", "terminal restored"]

  @Test func upAndDownRecallLinesAndTheHistoryFileKeepsThem() async throws {
    let tmux = try await Self.session()
    try await tmux.waitForScreen(Self.start)
    try await tmux.type("goto 3")
    try await tmux.press("Enter")
    try await tmux.waitForScreen(Self.atState3 + ["(replay)"])
    try await tmux.type("n")
    try await tmux.press("Enter")
    let atState4 =
      Self.atState3 + [
        "(replay) n", "[4/240] addTodo",
        #"  + /todos/3: {"id":"todo-004","isCompleted":false,"title":"Renew passport"}"#,
      ]
    try await tmux.waitForScreen(atState4 + ["(replay)"])
    try await tmux.type("goto 1")
    try await tmux.press("Up")
    try await tmux.waitForScreen(atState4 + ["(replay) n"])
    try await tmux.press("Up")
    try await tmux.waitForScreen(atState4 + ["(replay) goto 3"])
    try await tmux.press("Down")
    try await tmux.waitForScreen(atState4 + ["(replay) n"])
    // Below the newest entry, the line that was being typed comes back.
    try await tmux.press("Down")
    try await tmux.waitForScreen(atState4 + ["(replay) goto 1"])
    try await tmux.press("C-u")
    try await tmux.waitForScreen(atState4 + ["(replay)"])
    try await tmux.press("C-d")
    try await tmux.waitForScreen(atState4 + Self.quitRows)
    let history = try String(contentsOfFile: tmux.home + "/.replay_history", encoding: .utf8)
    #expect(history == "goto 3\nn\n")
  }

  @Test func theNextSessionRecallsAndSearchesTheHistory() async throws {
    let home = Scratch.folder.path + "/home-" + UUID().uuidString.prefix(8)
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: home) }
    // An entry holding an escape sequence is skipped, never drawn.
    try "goto 3\nstate \u{1B}[2J\nn\n".write(
      toFile: home + "/.replay_history", atomically: true, encoding: .utf8)
    let tmux = try await Self.session(home: home)
    try await tmux.waitForScreen(Self.start)
    try await tmux.press("Up")
    try await tmux.waitForScreen(["[init/240] initial state", "(replay) n"])
    try await tmux.press("Up")
    try await tmux.waitForScreen(["[init/240] initial state", "(replay) goto 3"])
    try await tmux.press("C-u", "C-r")
    try await tmux.waitForScreen(["[init/240] initial state", "(reverse-i-search)`':"])
    try await tmux.type("ot")
    try await tmux.waitForScreen(["[init/240] initial state", "(reverse-i-search)`ot': goto 3"])
    try await tmux.press("Enter")
    try await tmux.waitForScreen(Self.atState3 + ["(replay)"])
    try await tmux.press("C-d")
    try await tmux.waitForScreen(Self.atState3 + Self.quitRows)
    let history = try String(contentsOfFile: home + "/.replay_history", encoding: .utf8)
    #expect(history == "goto 3\nstate \u{1B}[2J\nn\ngoto 3\n")
  }

  @Test func tabCompletesCommandsAndPathsOfTheCurrentState() async throws {
    let tmux = try await Self.session()
    try await tmux.waitForScreen(Self.start)
    try await tmux.type("goto 3")
    try await tmux.press("Enter")
    try await tmux.waitForScreen(Self.atState3 + ["(replay)"])
    try await tmux.type("wa")
    try await tmux.press("Tab")
    try await tmux.waitForScreen(Self.atState3 + ["(replay) watch"])
    // The completion ends with a space: the cursor is after it.
    #expect(try await tmux.value("cursor_x") == "15")
    try await tmux.type("/todos/2/ti")
    try await tmux.press("Tab")
    try await tmux.waitForScreen(Self.atState3 + ["(replay) watch /todos/2/title"])
    try await tmux.press("Enter")
    let watched =
      Self.atState3 + [
        "(replay) watch /todos/2/title", "[89/240] deleteTodos",
        #"  /todos/2/title: "Book dentist appointment" → "Renew passport""#,
      ]
    try await tmux.waitForScreen(watched + ["(replay)"])
    try await tmux.type("r")
    try await tmux.press("Tab", "Tab")
    try await tmux.waitForScreen(
      watched + [
        "(replay) r", "redo              resume            reverse-continue  rwatch", "(replay) r",
      ])
    try await tmux.press("C-u")
    try await tmux.type("state /todos/2/")
    try await tmux.press("Tab", "Tab")
    let listed =
      watched + [
        "(replay) r", "redo              resume            reverse-continue  rwatch",
        "(replay) state /todos/2/",
        "id           isCompleted  title",
      ]
    try await tmux.waitForScreen(listed + ["(replay) state /todos/2/"])
    try await tmux.press("C-u", "C-d")
    try await tmux.waitForScreen(listed + Self.quitRows)
  }

  @Test func thePromptSaysWhenAForkIsStepped() async throws {
    let tmux = try await Self.session(arguments: " --reducer todo")
    try await tmux.waitForScreen(Self.start)
    try await tmux.type("skip 117")
    try await tmux.press("Enter")
    let forked = [
      "[init/240] initial state", "(replay) skip 117",
      "what if --skip 117: a fork of 239 entries, first diverging from the recording at entry 118",
      "[init/240] initial state",
    ]
    try await tmux.waitForScreen(forked + ["(what-if)"])
    try await tmux.type("back to recorded")
    try await tmux.press("Enter")
    let back =
      forked + [
        "(what-if) back to recorded", "back to the recorded history", "[init/240] initial state",
      ]
    try await tmux.waitForScreen(back + ["(replay)"])
    try await tmux.press("C-d")
    try await tmux.waitForScreen(back + Self.quitRows)
  }

  @Test func controlCCancelsTheLineAsGdbDoes() async throws {
    let tmux = try await Self.session()
    try await tmux.waitForScreen(Self.start)
    try await tmux.type("goto 3")
    try await tmux.press("Left", "C-c")
    try await tmux.waitForScreen(["[init/240] initial state", "(replay) goto 3^C", "(replay)"])
    #expect(try await tmux.value("cursor_x") == "9")
    try await tmux.press("C-d")
    try await tmux.waitForScreen(["[init/240] initial state", "(replay) goto 3^C"] + Self.quitRows)
    // A cancelled line is not history.
    #expect(!FileManager.default.fileExists(atPath: tmux.home + "/.replay_history"))
  }

  @Test func editingKeysMoveByCharactersWordsAndColumns() async throws {
    let tmux = try await Self.session()
    try await tmux.waitForScreen(Self.start)
    try await tmux.type("oto 2")
    try await tmux.press("Home")
    try await tmux.type("g")
    try await tmux.press("End")
    try await tmux.type("0")
    try await tmux.waitForScreen(["[init/240] initial state", "(replay) goto 20"])
    try await tmux.press("Left", "BSpace")
    try await tmux.waitForScreen(["[init/240] initial state", "(replay) goto 0"])
    #expect(try await tmux.value("cursor_x") == "14")
    try await tmux.press("C-a", "C-k")
    try await tmux.waitForScreen(["[init/240] initial state", "(replay)"])
    try await tmux.press("C-y", "C-w")
    try await tmux.waitForScreen(["[init/240] initial state", "(replay) goto"])
    try await tmux.type(" 5")
    try await tmux.press("C-a", "Right", "Right", "C-e", "Enter")
    try await tmux.waitFor("state 5") { $0.count > 2 && $0[2] == "[5/240] addTodo" }
    // Wide characters: two columns each, and the cursor lands between them.
    try await tmux.type("日本語")
    try await tmux.press("Left")
    try await tmux.type("x")
    let rows = try await tmux.waitFor("the wide characters") { $0.last == "(replay) 日本x語" }
    #expect(rows.count == 5)
    #expect(try await tmux.value("cursor_x") == "14")
    try await tmux.press("C-e")
    try await tmux.waitFor("the cursor at the end") { _ in try await tmux.value("cursor_x") == "16"
    }
    try await tmux.press("C-u", "C-d")
    try await tmux.waitFor("the end") { $0.suffix(3) == ArraySlice(Self.quitRows) }
  }

  @Test func aLineWiderThanTheTerminalScrollsSideways() async throws {
    let tmux = try await Self.session()
    try await tmux.waitForScreen(Self.start)
    let line =
      #"find (.action | has("addTodo")) and (.action.addTodo.title | test("^Buy")) and "#
      + #"(.action.addTodo.id | length > 0) and (.seq < 70)"#
    #expect(line.count == 128)
    // Typed at once, as a paste: 100 columns leave 90 after the prompt, the last kept empty.
    try await tmux.type(line)
    let tail = "(replay) " + line.suffix(89)
    try await tmux.waitForScreen(["[init/240] initial state", tail])
    #expect(try await tmux.value("cursor_x") == "98")
    try await tmux.press("Home")
    try await tmux.waitForScreen(["[init/240] initial state", "(replay) " + line.prefix(90)])
    #expect(try await tmux.value("cursor_x") == "9")
    try await tmux.press("Enter")
    let rows = try await tmux.waitFor("the matches") { $0.last == "(replay)" }
    #expect(
      rows.prefix(5) == [
        "[init/240] initial state", tail, "5 entries match:",
        // Output wraps at 100 columns, as a terminal's does.
        #"    entry 1 (addTodo) at 2026-01-05T09:00:03.334Z {"id":"todo-001","title":"Buy milk"} — from TodoRe"#,
        "ducer/TodoSessionFixture.swift:126",
      ])
    #expect(rows.count == 14)
    try await tmux.press("Up")
    try await tmux.waitForScreen(Array(rows.dropLast()) + [tail])
    try await tmux.press("C-u", "C-d")
    try await tmux.waitForScreen(Array(rows.dropLast()) + Self.quitRows)
    let history = try String(contentsOfFile: tmux.home + "/.replay_history", encoding: .utf8)
    #expect(history == line + "\n")
  }

  @Test(
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/task"), "needs Linux's /proc"),
    arguments: [(SIGTERM, 143), (SIGHUP, 129), (SIGINT, 130)])
  func aSignalAtThePromptRestoresTheTerminal(_ signal: Int32, _ status: Int) async throws {
    let tmux = try await Self.session()
    try await tmux.waitForScreen(Self.start)
    try await tmux.type("goto 3")
    try await tmux.waitForScreen(["[init/240] initial state", "(replay) goto 3"])
    // The pane runs sh, and sh runs replay.
    let shell = try await tmux.value("pane_pid")
    let children = try String(
      contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
    let replay = try #require(children.split(separator: " ").first.flatMap { Int32($0) })
    #expect(kill(replay, signal) == 0)
    // Between the prompt and the status, sh may report the signal ("Terminated").
    let rows = try await tmux.waitFor("the shell after replay") { $0.last == "terminal restored" }
    #expect(rows.prefix(2) == ["[init/240] initial state", "(replay) goto 3"])
    #expect(rows.suffix(2) == ["exit \(status)", "terminal restored"])
  }

  @Test func throughAPipeTheStepperReadsLinesAsBefore() async throws {
    let tmux = try await TmuxSession { Self.stepper(home: $0, input: "printf 'n\\nq\\n' | ") }
    try await tmux.waitForScreen([
      "[init/240] initial state", "(replay) [1/240] addTodo",
      #"  + /todos/0: {"id":"todo-001","isCompleted":false,"title":"Buy milk"}"#,
      "(replay) exit 0", "terminal restored",
    ])
    #expect(!FileManager.default.fileExists(atPath: tmux.home + "/.replay_history"))
  }

  static let bash = ["/bin/bash", "/usr/bin/bash"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  @Test(.enabled(if: bash != nil, "needs bash for job control"))
  func controlZSuspendsAndFgResumesTheLine() async throws {
    let tmux = try await TmuxSession(columns: 200) { _ in
      "env PS1='$ ' \(Self.bash!) --norc --noprofile -i"
    }
    try await tmux.waitForScreen(["$"])
    let replay = TmuxSession.quoted(TmuxSession.replay!)
    try await tmux.type(
      "S=$(stty -g); HOME=\(TmuxSession.quoted(tmux.home)) \(replay) \(TmuxSession.quoted(Repo.fixture)) --step"
    )
    try await tmux.press("Enter")
    try await tmux.waitFor("the prompt") { $0.last == "(replay)" }
    try await tmux.type("go")
    try await tmux.press("C-z")
    try await tmux.waitFor("the job to stop") {
      $0.last == "$" && $0.contains { $0.contains("Stopped") }
    }
    try await tmux.type(#"[ "$(stty -g)" = "$S" ] && echo restored"#)
    try await tmux.press("Enter")
    try await tmux.waitFor("the check") { $0.suffix(2) == ["restored", "$"] }
    try await tmux.type("fg")
    try await tmux.press("Enter")
    try await tmux.waitFor("the line again") { $0.last == "(replay) go" }
    try await tmux.type("to 2")
    try await tmux.press("Enter")
    try await tmux.waitFor("state 2") {
      $0.suffix(3).first == "[2/240] addTodo" && $0.last == "(replay)"
    }
    try await tmux.press("C-d")
    try await tmux.waitFor("the shell") { $0.suffix(2) == ["(replay) quit", "$"] }
  }
}
