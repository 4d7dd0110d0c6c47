import TestSupport
import Testing
import TimeTravel

@testable import ReplayCLI
@testable import TerminalEditor

@Suite struct StepCompletionTests {
  static let state: JSONValue = [
    "filter": "all",
    "todos": [
      ["id": "a", "title": "Buy milk", "isCompleted": false],
      ["id": "b", "title": "Call mom", "isCompleted": true],
      ["id": "c", "title": "Book", "isCompleted": false],
    ],
    "a/b": 1, "a~c": ["x": 1, "y": [] as JSONValue], "ab": 2, "empty": [:] as JSONValue,
  ]

  /// An editor completing against ``state`` with the stepper's completer.
  static func editor(_ state: JSONValue = state) -> LineEditor {
    LineEditor(completer: { StepCompletion.complete($0, state: { state }) })
  }

  @Test func tabCompletesAUniqueCommandWithASpace() {
    var editor = Self.editor()
    editor.type("wa")
    #expect(editor.press(.tab) == .redraw)
    #expect(editor.buffer == "watch " && editor.cursor == 6)
    editor.press(.control("u"))
    editor.type("  rev")
    editor.press(.tab)
    #expect(editor.buffer == "  reverse-continue " && editor.cursor == 19)
  }

  @Test func aSecondTabListsAmbiguousCommands() {
    var editor = Self.editor()
    editor.type("r")
    #expect(editor.press(.tab) == .bell)
    #expect(editor.press(.tab) == .list(["redo", "resume", "reverse-continue", "rwatch"]))
    #expect(editor.buffer == "r")
    // A prefix the candidates share is inserted at once; the second Tab lists.
    editor.press(.backspace)
    editor.type("f")
    #expect(editor.press(.tab) == .redraw)
    #expect(editor.buffer == "fi")
    // As readline: a Tab that changed the line is a first Tab for the next one.
    #expect(editor.press(.tab) == .bell)
    #expect(editor.press(.tab) == .list(["find", "first"]))
    // Any other key in between starts over.
    editor.press(.end)
    #expect(editor.press(.tab) == .bell)
  }

  @Test func tabOnNothingCompletableRingsTheBell() {
    var editor = Self.editor()
    editor.type("frob")
    #expect(editor.press(.tab) == .bell)
    editor.press(.control("u"))
    editor.type("goto ")
    #expect(editor.press(.tab) == .bell)
    editor.press(.control("u"))
    editor.type("watch .todos")
    #expect(editor.press(.tab) == .bell)
    #expect(editor.buffer == "watch .todos")
  }

  @Test func watchCompletesJSONPointerPathsOfTheState() {
    var editor = Self.editor()
    editor.type("watch /todos/2/ti")
    editor.press(.tab)
    #expect(editor.buffer == "watch /todos/2/title" && editor.cursor == 20)
    editor.press(.control("u"))
    editor.type("rwatch /fi")
    editor.press(.tab)
    #expect(editor.buffer == "rwatch /filter")
    editor.press(.control("u"))
    editor.type("state /todos/1/i")
    editor.press(.tab, .tab)
    #expect(editor.buffer == "state /todos/1/i")
    #expect(editor.press(.tab) == .list(["id", "isCompleted"]))
  }

  @Test func aCompletedContainerGoesInsideOnTheNextTab() {
    var editor = Self.editor()
    editor.type("watch /to")
    editor.press(.tab)
    #expect(editor.buffer == "watch /todos")
    editor.press(.tab)
    #expect(editor.buffer == "watch /todos/")
    #expect(editor.press(.tab) == .bell)
    #expect(editor.press(.tab) == .list(["0", "1", "2"]))
    editor.type("1")
    editor.press(.tab)
    #expect(editor.buffer == "watch /todos/1/")
    // An empty container has nothing inside to go to.
    editor.press(.control("u"))
    editor.type("watch /em")
    editor.press(.tab, .tab)
    #expect(editor.buffer == "watch /empty")
  }

  @Test func keysAreEscapedAsRFC6901Tokens() {
    let completion = StepCompletion.complete("watch /a", state: { Self.state })
    #expect(
      completion
        == LineCompletion(
          wordStart: 6, candidates: ["/ab", "/a~0c", "/a~1b"], labels: ["ab", "a~0c", "a~1b"]))
    var editor = Self.editor()
    editor.type("watch /a~")
    editor.press(.tab, .tab)
    #expect(editor.buffer == "watch /a~")
    editor.type("1")
    editor.press(.tab)
    #expect(editor.buffer == "watch /a~1b")
    editor.press(.control("u"))
    editor.type("watch /a~0c/")
    editor.press(.tab)
    #expect(editor.buffer == "watch /a~0c/")
    #expect(editor.press(.tab) == .list(["x", "y"]))
    // A path with a bad escape completes nothing.
    #expect(StepCompletion.complete("watch /a~2/", state: { Self.state }) == nil)
  }

  @Test func anEmptyArgumentListsTheTopLevel() {
    let completion = StepCompletion.complete("state ", state: { Self.state })
    #expect(completion?.wordStart == 6)
    #expect(completion?.candidates == ["/ab", "/a~0c", "/a~1b", "/empty", "/filter", "/todos"])
  }

  @Test func completionInTheMiddleKeepsTheRestOfTheLine() {
    var editor = Self.editor()
    editor.type("wat /filter")
    editor.press(.home, .right, .right, .right)
    editor.press(.tab)
    #expect(editor.buffer == "watch  /filter" && editor.cursor == 6)
  }

  @Test func aStateThatIsNoContainerHasNoPaths() {
    #expect(StepCompletion.complete("watch /", state: { 42 }) == nil)
    #expect(StepCompletion.complete("watch /x/", state: { ["x": 1] }) == nil)
  }

  @Test func aKeyHoldingControlCharactersIsListedEscaped() {
    let state: JSONValue = ["a\u{1B}[2Jb": 1, "a\nc": 2]
    var editor = Self.editor(state)
    editor.type("watch /a")
    editor.press(.tab)
    guard case .list(let labels) = editor.press(.tab) else {
      Issue.record("expected a list")
      return
    }
    #expect(labels == ["a\nc", "a\u{1B}[2Jb"])
    #expect(
      CompletionList.rows(labels, columns: 80) == [
        #"a\nc"# + String(repeating: " ", count: 9) + #"a\u001b[2Jb"#
      ])
    // Completed, the key is in the line as it is in the state, and drawn escaped.
    editor.type("\u{1B}")
    editor.press(.tab)
    #expect(editor.buffer == "watch /a\u{1B}[2Jb")
    #expect(
      LineView.redraw(prompt: "> ", buffer: editor.buffer, cursor: editor.cursor, columns: 80)
        == "\r> watch /a\\u001b[2Jb\u{1B}[K\r\u{1B}[20C")
  }
}
