import TestSupport
import Testing
import TimeTravelDiff
import TimeTravelJSON

/// Abbreviation keeps what changed in view: a window around the first difference for the
/// two sides of a change, a prefix for one value; never a cut inside an escape.
@Suite struct JSONAbbreviationTests {
  static func a(_ n: Int) -> String { String(repeating: "a", count: n) }

  /// A 254-character URL whose last query value changes.
  static let url =
    "https://shop.example.com/search?q=" + String(repeating: "x", count: 145) + "&"
    + (1...12).map { "k\($0)=v1" }.joined(separator: "&")

  @Test func shortValuesArePrintedWhole() {
    #expect(JSONAbbreviation.prefix("abc", limit: 10) == #""abc""#)
    #expect(JSONAbbreviation.prefix(["a": [1, 2]], limit: 13) == #"{"a":[1,2]}"#)
    let pair = JSONAbbreviation.pair("Buy milk", "Buy oat milk", limit: 14)
    #expect(pair.old == #""Buy milk""#)
    #expect(pair.new == #""Buy oat milk""#)
  }

  @Test func oneValueIsCutToAPrefix() throws {
    #expect(JSONAbbreviation.prefix(.string(Self.a(20)), limit: 10) == #""aaaaaaa…""#)
    #expect(
      JSONAbbreviation.prefix(["id": "todo-001", "title": "Buy milk"], limit: 12)
        == #"{"id":"todo…"#)
    let number = try #require(JSONNumber(literal: "12345678901234567890"))
    #expect(JSONAbbreviation.prefix(.number(number), limit: 10) == "123456789…")
    // A limit below the minimum is raised to it.
    #expect(JSONAbbreviation.prefix(.string(Self.a(20)), limit: 1) == #""aaaaa…""#)
  }

  @Test func aChangeAtTheEndOfALongURLIsInView() {
    #expect(Self.url.count == 254)
    let new = String(Self.url.dropLast()) + "2"
    let (old, shown) = JSONAbbreviation.pair(.string(Self.url), .string(new), limit: 120)
    // 116 characters before the change, since nothing follows it.
    let tail = String(Self.url.suffix(117).dropLast())
    #expect(old == "\"…" + tail + "1\"")
    #expect(shown == "\"…" + tail + "2\"")
    #expect(old.count == 120)
    #expect(
      shown
        == #""…xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx&k1=v1&k2=v1&k3=v1&k4=v1&k5=v1&k6=v1&k7=v1&k8=v1&k9=v1&k10=v1&k11=v1&k12=v2""#
    )
  }

  @Test func aChangeAtTheStartShowsTheStart() {
    let (old, new) = JSONAbbreviation.pair(
      .string("X" + Self.a(300)), .string("Y" + Self.a(300)), limit: 20)
    #expect(old == "\"X" + Self.a(16) + "…\"")
    #expect(new == "\"Y" + Self.a(16) + "…\"")
  }

  @Test func aChangeInTheMiddleHasAThirdOfTheWindowBeforeIt() {
    let (old, new) = JSONAbbreviation.pair(
      .string(Self.a(100) + "b" + Self.a(100)), .string(Self.a(100) + "c" + Self.a(100)),
      limit: 20)
    // Budget 18 inside the quotes: 5 before the change, then 11, and the markers.
    #expect(old == #""…aaaaabaaaaaaaaaa…""#)
    #expect(new == #""…aaaaacaaaaaaaaaa…""#)
    #expect(old.count == 20)
  }

  /// A one-megabyte string changed in its middle: compared and cut in one pass.
  @Test func aMegabyteStringChangedInTheMiddle() {
    let half = Self.a(500_000)
    let (old, new) = JSONAbbreviation.pair(
      .string(half + "a" + half), .string(half + "B" + half), limit: 120)
    #expect(old == "\"…" + Self.a(116) + "…\"")
    #expect(new == "\"…" + Self.a(38) + "B" + Self.a(77) + "…\"")
  }

  @Test func anInsertionShowsWhereTheTextsPart() {
    let (old, new) = JSONAbbreviation.pair(
      .string(Self.a(200)), .string(Self.a(200) + "b"), limit: 20)
    // The same window on both sides: the old one ends where the new one goes on.
    #expect(old == "\"…" + Self.a(16) + "\"")
    #expect(new == "\"…" + Self.a(16) + "b\"")
  }

  /// An escape sequence is one unit: it is shown whole or not at all.
  @Test func escapesAreNeverCut() {
    let text = "abcdefghijklmnop\u{1B}qrstuvwxyz0123"
    #expect(JSONAbbreviation.prefix(.string(text), limit: 20) == #""abcdefghijklmnop…""#)
    #expect(JSONAbbreviation.prefix(.string(text), limit: 25) == #""abcdefghijklmnop\u001b…""#)
    // At the start of a window: the escape before the change is kept whole or dropped.
    let (old, new) = JSONAbbreviation.pair(
      .string(Self.a(50) + "\n\t" + "1" + Self.a(50)),
      .string(Self.a(50) + "\n\t" + "2" + Self.a(50)), limit: 20)
    #expect(old == #""…a\n\t1aaaaaaaaaa…""#)
    #expect(new == #""…a\n\t2aaaaaaaaaa…""#)
    // A quote and a backslash are escapes too.
    let quotes = JSONAbbreviation.prefix(.string(Self.a(14) + "\"\\" + Self.a(10)), limit: 18)
    #expect(quotes == #""aaaaaaaaaaaaaa…""#)
    #expect(
      JSONAbbreviation.prefix(.string(Self.a(13) + "\"\\" + Self.a(10)), limit: 18)
        == #""aaaaaaaaaaaaa\"…""#)
  }

  /// A character the printer writes as a surrogate pair (a tag character, beyond U+FFFF)
  /// is twelve characters wide and never split between its halves.
  @Test func surrogatePairsStayTogether() {
    let tag = "\u{E0041}"
    #expect(JSONAbbreviation.prefix(.string(tag + "z"), limit: 20) == #""\udb40\udc41z""#)
    #expect(
      JSONAbbreviation.prefix(.string("abcd" + tag + Self.a(20)), limit: 20)
        == #""abcd\udb40\udc41a…""#)
    #expect(
      JSONAbbreviation.prefix(.string("abcdef" + tag + Self.a(20)), limit: 20) == #""abcdef…""#)
  }

  /// A combining mark stays with the character it modifies.
  @Test func combiningMarksStayWithTheirBase() {
    let accented = String(repeating: "e\u{301}", count: 20)
    let cut = JSONAbbreviation.prefix(.string(accented), limit: 10)
    #expect(cut == "\"" + String(repeating: "e\u{301}", count: 7) + "…\"")
    #expect(cut.unicodeScalars.count == 2 + 14 + 1)
  }

  @Test func valuesOfOtherTypesAreCutInTheirPrintedText() {
    let old: JSONValue = ["name": .string(Self.a(40)), "n": 1]
    let new: JSONValue = ["name": .string(Self.a(40)), "n": 2]
    let (before, after) = JSONAbbreviation.pair(old, new, limit: 20)
    // 57 characters, the change at 55: 17 before it, and the end.
    #expect(before == #"…aaaaaaaaaaa","n":1}"#)
    #expect(after == #"…aaaaaaaaaaa","n":2}"#)
    // A string against a number: compared in their printed text.
    let mixed = JSONAbbreviation.pair(.string(Self.a(30)), 7, limit: 12)
    #expect(mixed.old == #""aaaaaaaaaa…"#)
    #expect(mixed.new == "7")
  }

  @Test func equalTextsAreCutLikeOneValue() {
    let (old, new) = JSONAbbreviation.pair(.string(Self.a(30)), .string(Self.a(30)), limit: 12)
    #expect(old == "\"" + Self.a(9) + "…\"")
    #expect(new == old)
  }

  /// The renderers of `--diff`, `--watch` and the stepper share the window.
  @Test func theDiffRendererShowsTheWindow() throws {
    let new = String(Self.url.dropLast()) + "2"
    let changes = JSONDiff.changes(from: ["url": .string(Self.url)], to: ["url": .string(new)])
    let renderer = DiffTextRenderer(maxValueLength: 40)
    #expect(
      renderer.renderLines(changes) == [
        #"~ /url: "…7=v1&k8=v1&k9=v1&k10=v1&k11=v1&k12=v1" → "…7=v1&k8=v1&k9=v1&k10=v1&k11=v1&k12=v2""#
      ])
    #expect(
      renderer.renderStructural(
        old: ["url": .string(Self.url)], new: ["url": .string(new)], changes: changes)
          == """
            {
          -   "url": "…7=v1&k8=v1&k9=v1&k10=v1&k11=v1&k12=v1"
          +   "url": "…7=v1&k8=v1&k9=v1&k10=v1&k11=v1&k12=v2"  // /url
            }
          """)
  }
}
