import Foundation
import TestSupport
import Testing
import TimeTravelDiff

@testable import TimeTravelJSON

/// Text from a log never reaches a terminal as something else: every character a terminal
/// would not show as itself is printed escaped, and printed JSON Pointers are unambiguous
/// and can be typed back.
@Suite struct TerminalSafetyTests {
  func printed(_ text: String) -> String { JSONPrinter.compact.print(.string(text)) }

  @Test(arguments: [
    ("\u{85}", #""\u0085""#, "Cc: NEL, a C1 control"),
    ("\u{7F}", #""\u007f""#, "Cc: DEL"),
    ("a\u{200B}b", #""a\u200bb""#, "Cf: zero-width space"),
    ("\u{200D}", #""\u200d""#, "Cf: zero-width joiner"),
    ("\u{FEFF}", #""\ufeff""#, "Cf: byte order mark"),
    ("\u{061C}", #""\u061c""#, "Cf: Arabic letter mark"),
    ("\u{202E}", #""\u202e""#, "Cf: right-to-left override"),
    ("\u{2066}", #""\u2066""#, "Cf: left-to-right isolate"),
    ("\u{E0001}", #""\udb40\udc01""#, "Cf beyond U+FFFF: a language tag, as a surrogate pair"),
    ("\u{2028}", #""\u2028""#, "Zl: line separator"),
    ("\u{2029}", #""\u2029""#, "Zp: paragraph separator"),
    ("a\u{A0}b", #""a\u00a0b""#, "Zs: no-break space"),
    ("\u{3000}", #""\u3000""#, "Zs: ideographic space"),
    ("\u{0378}", #""\u0378""#, "Cn: unassigned"),
    ("\u{115F}", #""\u115f""#, "default ignorable: Hangul choseong filler"),
    ("\u{3164}", #""\u3164""#, "default ignorable: Hangul filler"),
    ("\u{FE0F}", #""\ufe0f""#, "default ignorable: variation selector"),
    ("\u{180B}", #""\u180b""#, "default ignorable: Mongolian free variation selector"),
  ])
  func invisibleCharactersAreEscaped(text: String, expected: String, what: String) throws {
    #expect(printed(text) == expected, "\(what)")
    #expect(try JSONParser.parse(printed(text)) == .string(text), "\(what) parses back")
  }

  @Test func visibleCharactersStayAsTheyAre() {
    #expect(printed("é 日本 😀 ñ Ω a b") == #""é 日本 😀 ñ Ω a b""#)
  }

  @Test func keysThatOnlyLookAlikePrintDifferently() {
    let a = JSONPointer(tokens: ["user", "name"])
    let b = JSONPointer(tokens: ["user", "na\u{200B}me"])
    #expect(a.displayText == "/user/name")
    #expect(b.displayText == #""/user/na\u200bme""#)
  }

  @Test func aKeyWithNULAndAKeyWithTheTextBackslashU0000AreDistinctAndRoundTrip() throws {
    let nul = JSONPointer(tokens: ["a\u{0}b"])
    let text = JSONPointer(tokens: [#"a\u0000b"#])
    #expect(nul.displayText == #""/a\u0000b""#)
    #expect(text.displayText == #""/a\\u0000b""#)
    #expect(try JSONPointer(parsingDisplayed: nul.displayText) == nul)
    #expect(try JSONPointer(parsingDisplayed: text.displayText) == text)
  }

  @Test func plainPointersPrintAsRFC6901TextAndEveryFormRoundTrips() throws {
    let pointers = [
      JSONPointer(tokens: ["todos", "3", "title"]), JSONPointer(tokens: ["a/b", "c~d"]),
      JSONPointer(tokens: [""]), JSONPointer(tokens: ["say \"hi\""]), JSONPointer.root,
      JSONPointer(tokens: ["\u{1B}[31m"]),
    ]
    #expect(
      pointers.map(\.displayText) == [
        "/todos/3/title", "/a~1b/c~0d", "/", #""/say \"hi\"""#, #""""#, #""/\u001b[31m""#,
      ])
    for pointer in pointers {
      #expect(try JSONPointer(parsingDisplayed: pointer.displayText) == pointer)
      #expect(try JSONPointer(parsingDisplayed: pointer.quotedText) == pointer)
    }
  }

  @Test func aMalformedQuotedPointerIsAClearError() {
    #expect {
      try JSONPointer(parsingDisplayed: #""/a\x""#)
    } throws: { error in
      (error as? JSONPointerError)?.message
        == #""\"/a\\x\"" is not a JSON string literal holding a JSON Pointer"#
    }
  }
}
