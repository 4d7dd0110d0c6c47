import Testing

@testable import TerminalEditor

@Suite struct LineEditorHistoryTests {
  @Test func upAndDownWalkTheHistoryKeepingTheLineBeingEdited() {
    var editor = LineEditor(history: LineHistory(["n", "goto 5", "watch /filter"]))
    editor.type("sta")
    editor.press(.up)
    #expect(editor.buffer == "watch /filter" && editor.cursor == 13)
    editor.press(.up, .up)
    #expect(editor.buffer == "n" && editor.cursor == 1)
    #expect(editor.press(.up) == .none)
    #expect(editor.buffer == "n")
    editor.press(.down, .down, .down)
    #expect(editor.buffer == "sta" && editor.cursor == 3)
    #expect(editor.press(.down) == .none)
    editor.press(.control("p"))
    #expect(editor.buffer == "watch /filter")
    editor.press(.control("n"))
    #expect(editor.buffer == "sta")
  }

  @Test func editsToARecalledEntryLastUntilALineIsEntered() {
    var editor = LineEditor(history: LineHistory(["n", "goto 5"]))
    editor.press(.up, .backspace)
    editor.type("7")
    #expect(editor.buffer == "goto 7")
    editor.press(.up, .down)
    #expect(editor.buffer == "goto 7")
    #expect(editor.press(.enter) == .submit(line: "goto 7", newEntry: "goto 7"))
    #expect(editor.history.entries == ["n", "goto 5", "goto 7"])
    // The next line sees the entries as entered, not as edited.
    editor.press(.up, .up)
    #expect(editor.buffer == "goto 5")
  }

  @Test func historyIsBoundedWithoutConsecutiveDuplicates() {
    var history = LineHistory(limit: 3)
    #expect(history.add("n") == "n")
    #expect(history.add(" n ") == nil)
    #expect(history.add("   ") == nil)
    #expect(history.add("p") == "p")
    #expect(history.add("n") == "n")
    #expect(history.add("goto 2") == "goto 2")
    #expect(history.entries == ["p", "n", "goto 2"])
  }

  @Test func reverseSearchFindsNewerEntriesFirst() {
    var editor = LineEditor(history: LineHistory(["goto 5", "watch /filter", "state /todos"]))
    editor.type("draft")
    #expect(editor.press(.control("r")) == .redraw)
    #expect(editor.searchPrompt == "(reverse-i-search)`': ")
    editor.type("o")
    #expect(editor.buffer == "state /todos" && editor.cursor == 8)
    #expect(editor.searchPrompt == "(reverse-i-search)`o': ")
    editor.press(.control("r"))
    #expect(editor.buffer == "goto 5" && editor.cursor == 1)
    editor.press(.control("r"))
    #expect(editor.searchPrompt == "(failed reverse-i-search)`o': ")
    #expect(editor.buffer == "goto 5")
    editor.press(.backspace)
    editor.type("fil")
    #expect(editor.buffer == "watch /filter" && editor.cursor == 7)
    // Enter leaves the search and enters the line found.
    #expect(editor.press(.enter) == .submit(line: "watch /filter", newEntry: "watch /filter"))
    #expect(editor.searchPrompt == nil)
  }

  @Test func reverseSearchEndsOnAMoveAndWalksOnFromTheMatch() {
    var editor = LineEditor(history: LineHistory(["n", "goto 5", "p"]))
    editor.type("draft")
    editor.press(.control("r"))
    editor.type("got")
    editor.press(.end)
    #expect(editor.searchPrompt == nil)
    #expect(editor.buffer == "goto 5" && editor.cursor == 6)
    editor.press(.up)
    #expect(editor.buffer == "n")
    editor.press(.down, .down, .down)
    #expect(editor.buffer == "draft")
  }

  @Test func reverseSearchStartsAtTheEntryShown() {
    var editor = LineEditor(history: LineHistory(["goto 1", "goto 2", "goto 3"]))
    editor.press(.up, .up, .control("r"))
    editor.type("goto")
    #expect(editor.buffer == "goto 2")
    editor.press(.control("r"))
    #expect(editor.buffer == "goto 1")
    editor.press(.control("r"))
    #expect(editor.buffer == "goto 1" && editor.searchPrompt == "(failed reverse-i-search)`goto': ")
  }

  @Test func controlGLeavesTheSearchRestoringTheLine() {
    var editor = LineEditor(history: LineHistory(["goto 5"]))
    editor.type("dr")
    editor.press(.left, .control("r"))
    editor.type("5")
    #expect(editor.buffer == "goto 5")
    editor.press(.control("g"))
    #expect(editor.buffer == "dr" && editor.cursor == 1 && editor.searchPrompt == nil)
  }

  @Test func controlRWithAnEmptyQueryRepeatsTheLastSearch() {
    var editor = LineEditor(history: LineHistory(["watch /a", "n", "watch /b"]))
    editor.press(.control("r"))
    editor.type("wat")
    editor.press(.escape)
    #expect(editor.buffer == "watch /b" && editor.searchPrompt == nil)
    editor.press(.enter, .control("r"), .control("r"))
    #expect(editor.buffer == "watch /b")
    #expect(editor.searchPrompt == "(reverse-i-search)`wat': ")
  }
}
