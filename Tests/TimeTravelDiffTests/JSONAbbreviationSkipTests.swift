import TestSupport
import Testing
import TimeTravelJSON

@testable import TimeTravelDiff

/// The window around a late difference of two long containers is the same whether the
/// long shared beginning is stepped over by its bytes or walked character by character.
@Suite struct JSONAbbreviationSkipTests {
  static let pieces = [
    #"{"id":"t1","title":"Buy milk","done":false}"#, #""é\u0301 é""#, #""\"quoted\"""#,
    #""tab\there""#, "123", "null", #"["a",["b",{"c":"d,e:f"}]]"#, #""\u001b[31m""#,
    #""😀 emoji""#, #"{"k:":"v,"}"#,
  ]

  @Test func skippingTheSharedStartGivesTheSameWindows() throws {
    var rng = SeededGenerator(seed: 2406)
    for _ in 0..<120 {
      let count = 50 + rng.below(300)
      let items = (0..<count).map { _ in Self.pieces[rng.below(Self.pieces.count)] }
      var changed = items
      let at = rng.below(count)
      changed[at] = Self.pieces[rng.below(Self.pieces.count)]
      if rng.below(4) == 0 { changed.append("true") }
      let old = try JSONParser.parse("[" + items.joined(separator: ",") + "]")
      let new = try JSONParser.parse("[" + changed.joined(separator: ",") + "]")
      for limit in [8, 40, 120] {
        let skipped = JSONAbbreviation.pair(old, new, limit: limit, skipping: true)
        let walked = JSONAbbreviation.pair(old, new, limit: limit, skipping: false)
        #expect(skipped == walked, "limit \(limit), change at \(at) of \(count)")
      }
    }
  }
}
