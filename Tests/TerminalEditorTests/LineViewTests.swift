import Testing

@testable import TerminalEditor

@Suite struct LineViewTests {
  @Test func drawsThePromptTheLineAndPlacesTheCursor() {
    #expect(
      LineView.redraw(prompt: "(replay) ", buffer: "goto 3", cursor: 2, columns: 80)
        == "\r(replay) goto 3\u{1B}[K\r\u{1B}[11C")
    #expect(LineView.redraw(prompt: "", buffer: "", cursor: 0, columns: 80) == "\r\u{1B}[K\r")
  }

  @Test func theColouredPromptsEscapesTakeNoColumns() {
    let prompt = "\u{1B}[1m(replay) \u{1B}[0m"
    #expect(DisplayWidth.of(prompt) == 9)
    #expect(
      LineView.redraw(prompt: prompt, buffer: "n", cursor: 1, columns: 80)
        == "\r\(prompt)n\u{1B}[K\r\u{1B}[10C")
  }

  @Test func aLongLineScrollsToKeepTheCursorInView() {
    let line = "find .action.addTodo.title | test(\"milk\")"  // 41 characters
    // 20 columns: 2 of prompt, 17 for text, the last left empty.
    #expect(
      LineView.redraw(prompt: "> ", buffer: line, cursor: 41, columns: 20)
        == "\r> e | test(\"milk\")\u{1B}[K\r\u{1B}[18C")
    #expect(
      LineView.redraw(prompt: "> ", buffer: line, cursor: 0, columns: 20)
        == "\r> find .action.addT\u{1B}[K\r\u{1B}[2C")
    #expect(
      LineView.redraw(prompt: "> ", buffer: line, cursor: 20, columns: 20)
        == "\r>  .action.addTodo.\u{1B}[K\r\u{1B}[18C")
  }

  @Test func aWideCharacterIsNeverCutAtTheEdge() {
    // 10 columns leave 7 for text: 日本語 is 6, and 日本語日 would be 8.
    #expect(
      LineView.redraw(prompt: "> ", buffer: "日本語日本", cursor: 0, columns: 10)
        == "\r> 日本語\u{1B}[K\r\u{1B}[2C")
    #expect(
      LineView.redraw(prompt: "> ", buffer: "日本語日本", cursor: 5, columns: 10)
        == "\r> 語日本\u{1B}[K\r\u{1B}[8C")
  }

  @Test func displayWidths() {
    #expect(DisplayWidth.of(Character("a")) == 1)
    #expect(DisplayWidth.of(Character("é")) == 1)
    #expect(DisplayWidth.of(Character("e\u{301}")) == 1)
    #expect(DisplayWidth.of(Character("日")) == 2)
    #expect(DisplayWidth.of(Character("ｱ")) == 1)  // halfwidth katakana
    #expect(DisplayWidth.of(Character("Ａ")) == 2)  // fullwidth A
    #expect(DisplayWidth.of(Character("한")) == 2)
    #expect(DisplayWidth.of(Character("👍🏽")) == 2)
    #expect(DisplayWidth.of(Character("🇫🇷")) == 2)
    #expect(DisplayWidth.of(Character("❤\u{FE0F}")) == 2)
    #expect(DisplayWidth.of(Character("\u{301}")) == 0)
    #expect(DisplayWidth.of(Character("\u{1B}")) == 6)  // drawn as \u001b
    #expect(DisplayWidth.of(Character("\u{202E}")) == 6)  // drawn as \u202e
    #expect(DisplayWidth.shown(Character("\u{202E}")) == #"\u202e"#)
    #expect(DisplayWidth.of("a日\u{1B}[31mb\u{1B}[0m") == 4)
  }
}
