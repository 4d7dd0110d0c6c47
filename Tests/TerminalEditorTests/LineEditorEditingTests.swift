import TestSupport
import Testing

@testable import TerminalEditor

@Suite struct LineEditorEditingTests {
  @Test func typingInsertsAtTheCursor() {
    var editor = LineEditor()
    editor.type("goto 3")
    #expect(editor.buffer == "goto 3" && editor.cursor == 6)
    #expect(editor.press(.home) == .redraw)
    editor.type("x")
    #expect(editor.buffer == "xgoto 3" && editor.cursor == 1)
    editor.press(.end, .left, .left)
    editor.type("1")
    #expect(editor.buffer == "xgoto1 3" && editor.cursor == 6)
    editor.press(.control("a"), .delete, .control("e"), .backspace)
    #expect(editor.buffer == "goto1 " && editor.cursor == 6)
    editor.press(.control("b"), .control("b"), .control("f"))
    #expect(editor.cursor == 5)
  }

  @Test func movingPastEitherEndChangesNothing() {
    var editor = LineEditor()
    #expect(editor.press(.left) == .none)
    #expect(editor.press(.backspace) == .none)
    editor.type("ab")
    #expect(editor.press(.right) == .none)
    #expect(editor.press(.delete) == .none)
    #expect(editor.buffer == "ab" && editor.cursor == 2)
  }

  @Test func multiByteCharactersMoveAndDeleteWhole() {
    var editor = LineEditor()
    // Decomposed é: the combining accent joins the e typed before it.
    editor.type("cafe")
    editor.press(.text("\u{301}"))
    #expect(editor.buffer == "cafe\u{301}" && editor.buffer.count == 4 && editor.cursor == 4)
    editor.press(.left)
    editor.type("x")
    #expect(editor.buffer == "cafxe\u{301}" && editor.cursor == 4)
    editor.press(.end, .backspace)
    #expect(editor.buffer == "cafx" && editor.cursor == 4)
    // A flag and an emoji with a skin tone are one character each.
    editor.press(.control("u"))
    editor.type("🇫🇷👍🏽ü")
    #expect(editor.buffer == "🇫🇷👍🏽ü" && editor.cursor == 3)
    editor.press(.left, .backspace)
    #expect(editor.buffer == "🇫🇷ü" && editor.cursor == 1)
    // Regional indicators arrive one scalar at a time and pair up into flags.
    editor.press(.control("u"), .end)
    for scalar in ["\u{1F1EB}", "\u{1F1F7}", "\u{1F1E9}", "\u{1F1EA}"] {
      editor.press(.text(scalar))
    }
    #expect(editor.buffer == "ü🇫🇷🇩🇪" && editor.characters.count == 3 && editor.cursor == 3)
    // One inserted between two flags re-pairs them as the whole line would be.
    editor.press(.home, .right, .right, .text("\u{1F1EF}"))
    #expect(editor.characters == ["ü", "🇫🇷", "🇯🇩", "\u{1F1EA}"])
    #expect(editor.characters == Array(editor.buffer))
  }

  @Test func wideCharactersTakeTwoColumnsWhenDrawn() {
    var editor = LineEditor()
    editor.type("日本語")
    editor.press(.left)
    editor.type("x")
    #expect(editor.buffer == "日本x語" && editor.cursor == 3)
    let drawn = LineView.redraw(
      prompt: "(replay) ", buffer: editor.buffer, cursor: editor.cursor, columns: 80)
    // 9 columns of prompt, then 日 and 本 (2 each) and x.
    #expect(drawn == "\r(replay) 日本x語\u{1B}[K\r\u{1B}[14C")
  }

  @Test func controlWKillsTheWhitespaceDelimitedWordAsReadlineDoes() {
    var editor = LineEditor()
    editor.type("c .todos|length>2  ")
    editor.press(.control("w"))
    #expect(editor.buffer == "c " && editor.cursor == 2)
    editor.press(.control("w"))
    #expect(editor.buffer == "" && editor.cursor == 0)
    // Consecutive kills accumulate; Ctrl-Y yanks them back in order.
    #expect(editor.killBuffer == "c .todos|length>2  ")
    editor.press(.control("y"))
    #expect(editor.buffer == "c .todos|length>2  " && editor.cursor == 19)
    // From the middle, only what is before the cursor goes.
    editor.press(.control("a"), .meta("f"), .meta("f"), .control("w"))
    #expect(editor.buffer == "c |length>2  " && editor.cursor == 2)
    #expect(editor.killBuffer == ".todos")
  }

  @Test func altBackspaceAndAltDStopAtNonWordCharacters() {
    var editor = LineEditor()
    editor.type("state .todos[0].title")
    editor.press(.meta("\u{7F}"))
    #expect(editor.buffer == "state .todos[0]." && editor.killBuffer == "title")
    editor.press(.meta("\u{7F}"))
    #expect(editor.buffer == "state .todos[" && editor.killBuffer == "0].title")
    editor.press(.home, .meta("d"))
    #expect(editor.buffer == " .todos[" && editor.cursor == 0 && editor.killBuffer == "state")
  }

  @Test func wordMotionsSkipPunctuationThenTheWord() {
    var editor = LineEditor()
    editor.type("watch /todos/2/title")
    editor.press(.wordLeft)
    #expect(editor.cursor == 15)
    editor.press(.meta("b"), .meta("b"))
    #expect(editor.cursor == 7)
    editor.press(.wordRight)
    #expect(editor.cursor == 12)
    editor.press(.home, .meta("f"))
    #expect(editor.cursor == 5)
  }

  @Test func killToEndAndToStartThenYank() {
    var editor = LineEditor()
    editor.type("goto 120")
    editor.press(.left, .left, .control("k"))
    #expect(editor.buffer == "goto 1" && editor.killBuffer == "20")
    editor.press(.left, .control("u"))
    #expect(editor.buffer == "1" && editor.cursor == 0 && editor.killBuffer == "goto ")
    editor.press(.end, .control("y"))
    #expect(editor.buffer == "1goto " && editor.cursor == 6)
  }

  @Test func controlTTransposesAsReadlineDoes() {
    var editor = LineEditor()
    editor.type("gotp")
    editor.press(.control("t"))
    #expect(editor.buffer == "gopt" && editor.cursor == 4)
    editor.press(.home, .right, .control("t"))
    #expect(editor.buffer == "ogpt" && editor.cursor == 2)
  }

  @Test func controlCAbandonsTheLineAndKeepsItOutOfTheHistory() {
    var editor = LineEditor(history: LineHistory(["n"]))
    editor.type("goto 9")
    #expect(editor.press(.control("c")) == .cancel(line: "goto 9"))
    #expect(editor.buffer == "" && editor.cursor == 0)
    #expect(editor.history.entries == ["n"])
  }

  @Test func controlDEndsInputOnlyOnAnEmptyLine() {
    var editor = LineEditor()
    #expect(editor.press(.control("d")) == .endOfInput)
    editor.type("next")
    editor.press(.home)
    #expect(editor.press(.control("d")) == .redraw)
    #expect(editor.buffer == "ext" && editor.cursor == 0)
    #expect(editor.press(.end, .control("d")) == .none)
    #expect(editor.buffer == "ext")
  }

  @Test func enterSubmitsAndStartsAFreshLine() {
    var editor = LineEditor()
    editor.type("  goto 5 ")
    #expect(editor.press(.enter) == .submit(line: "  goto 5 ", newEntry: "goto 5"))
    #expect(editor.buffer == "" && editor.cursor == 0)
    editor.type("goto 5")
    #expect(editor.press(.enter) == .submit(line: "goto 5", newEntry: nil))
    #expect(editor.press(.enter) == .submit(line: "", newEntry: nil))
    #expect(editor.history.entries == ["goto 5"])
  }

  @Test func otherKeysDoNothing() {
    var editor = LineEditor()
    editor.type("n")
    for key in [EditorKey.unbound, .escape, .control("o"), .meta("x")] {
      #expect(editor.press(key) == .none)
    }
    #expect(editor.press(.control("l")) == .clearScreen)
    #expect(editor.press(.control("z")) == .suspend)
    #expect(editor.buffer == "n" && editor.cursor == 1)
  }
}
