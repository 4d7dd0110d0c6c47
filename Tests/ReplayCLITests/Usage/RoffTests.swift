import Testing

@testable import ReplayCLI

/// Text made into roff: what the formatter would read as a request, an escape or a
/// place to hyphenate is escaped, and what users type keeps its hyphen-minus.
@Suite struct RoffTests {
  static let roff = Roff(bold: ["--find", "--color"], italic: ["EXPR"], literals: ["json-patch"])

  @Test func aLineThatWouldBeARequestStartsWithAZeroWidthCharacter() {
    #expect(Roff.line(".todos | length") == #"\&.todos | length"#)
    #expect(Roff.line("'quoted'") == #"\&'quoted'"#)
    #expect(Roff.line("a .b 'c'") == "a .b 'c'")
    // `\%` first is no request either.
    #expect(Self.roff.prose(".todos[0].title is a path") == #"\%.todos[0].title is a path"#)
    #expect(Self.roff.prose(". is the input") == #"\&. is the input"#)
    #expect(Self.roff.prose("'help' at the prompt") == #"\&'help' at the prompt"#)
  }

  @Test func backslashesAndCharactersOutsideASCIIAreEscapes() {
    #expect(Roff.escaped(#"test("^\\s*$")"#, literal: false) == #"test("^\e\es*$")"#)
    #expect(
      Roff.escaped("\"…\" → é 𝄞", literal: false) == #""\[u2026]" \[u2192] \[u00E9] \[u1D11E]"#)
    #expect(Roff.escaped("a-b", literal: true) == #"a\-b"#)
    #expect(Roff.escaped("a-b", literal: false) == "a-b")
    #expect(Roff.escaped("'^a`~'", literal: true) == #"\(aq\(haa\(ga\(ti\(aq"#)
    #expect(Roff.escaped("'^a`~'", literal: false) == "'^a`~'")
    #expect(Self.roff.prose("it's in ~/.replay_history") == #"it's in \%\(ti/.replay_history"#)
  }

  /// Flags, values, paths and JSON keep a typed `\-`; English compounds a hyphen.
  @Test func onlyTheHyphensUsersTypeAreHyphenMinus() {
    #expect(
      Self.roff.prose("a whitespace-only title, 1-127 bad, jq -e, replay - --find")
        == #"a whitespace-only title, 1-127 bad, jq \-e, replay \- \%\fB\-\-find\fR"#)
    #expect(
      Self.roff.prose("json-patch, /to-do/0, a-b.md") == #"\%json\-patch, \%/to\-do/0, \%a\-b.md"#)
    #expect(
      Self.roff.prose(#"{"format":"replay-log"}, --color=never-x, never"#)
        == #"\%{"format":"replay\-log"}, \%\fB\-\-color\fR=never\-x, never"#)
  }

  @Test func flagsAreBoldAndPlaceholdersItalicWithoutTheirPunctuation() {
    #expect(
      Self.roff.prose("With --find: EXPR holds (--color).")
        == #"With \%\fB\-\-find\fR: \fIEXPR\fR holds \%(\fB\-\-color\fR)."#)
    #expect(Self.roff.prose("--findings and EXPRS") == #"\%\-\-findings and EXPRS"#)
    #expect(
      Self.roff.synopsis("replay LOG --find EXPR [--color[=auto|never]]")
        == #"\%replay LOG \%\fB\-\-find\fR \fIEXPR\fR \%[\fB\-\-color\fR[=auto|never]]"#)
  }

  /// The source lines of a paragraph are at most 80 columns, a longer word alone on its
  /// line; the text's own line breaks are not kept (the formatter fills anyway).
  @Test func proseIsWrappedAtEightyColumns() {
    let words = Array(repeating: "word", count: 40).joined(separator: "\n")
    let long = String(repeating: "x", count: 90)
    let lines = Self.roff.prose(words + " " + long + " end").split(separator: "\n")
    #expect(lines.map(\.count) == [79, 79, 39, 90, 3])
    #expect(lines[3] == long)
  }
}
