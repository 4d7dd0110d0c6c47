import Testing
import TimeTravelJSON

@testable import TimeTravelJQ

/// ``ByteSearch`` finds what a comparison at every offset finds, and the builtins built on
/// it (`indices`, `split/1`, `contains`, `/`) give jq's answers.
@Suite struct ByteSearchTests {
  /// Every offset where `needle` starts in `haystack`, compared byte by byte.
  static func naive(_ needle: [UInt8], _ haystack: [UInt8], overlapping: Bool) -> [Int] {
    var found: [Int] = []
    var i = 0
    while i + needle.count <= haystack.count {
      if haystack[i..<(i + needle.count)].elementsEqual(needle) {
        found.append(i)
        i += overlapping ? 1 : needle.count
      } else {
        i += 1
      }
    }
    return found
  }

  @Test func agreesWithAComparisonAtEveryOffset() {
    // Every needle of up to 4 bytes over {a, b} in every haystack of up to 9.
    func words(_ length: Int) -> [[UInt8]] {
      length == 0 ? [[]] : words(length - 1).flatMap { [$0 + [0x61], $0 + [0x62]] }
    }
    let haystacks = (0...9).flatMap(words)
    for needle in (1...4).flatMap(words) {
      let search = ByteSearch(needle)
      for haystack in haystacks {
        for overlapping in [true, false] {
          var found: [Int] = []
          search.forEachMatch(in: haystack, overlapping: overlapping) {
            found.append($0)
            return true
          }
          #expect(
            found == Self.naive(needle, haystack, overlapping: overlapping),
            "\(needle) in \(haystack)")
        }
        #expect(
          search.occurs(in: haystack) == !Self.naive(needle, haystack, overlapping: true).isEmpty)
      }
    }
  }

  @Test func theBuiltinsOnIt() throws {
    let program = try JQFilter(
      #"("aéaéa" | indices("aéa")), ("a, b, , c" | split(", ")), ("x€y€" / "€"), ("héllo" | contains("él")), ("aaaa" | indices("aa")), ("abc" | contains("abd"))"#
    )
    #expect(
      try program.evaluate(.null).map(JSONPrinter.compact.print) == [
        "[0,3]", #"["a","b","","c"]"#, #"["x","y",""]"#, "true", "[0,1,2]", "false",
      ])
  }
}

/// ``Describe/truncated(_:)`` prints a prefix of a value, never all of it, and says
/// exactly what printing it whole and cutting it said.
@Suite struct DescribeTruncatedTests {
  /// The message as it was made before: the whole value printed, then cut.
  static func printedWholeThenCut(_ v: JSONValue) -> String {
    Describe.cut(JSONPrinter.jq.print(v), of: v)
  }

  @Test(arguments: [
    #""""#, #""0123456789012345678901234567""#, #""01234567890123456789012345678""#,
    #""ééééééééééééééééééééééééééééééé""#, #""\n\u0000\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"""#,
    "[]", "[1,2,3,4,5,6,7,8,9,10,11,12,13,14]", "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]",
    "[[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[]]",
    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[0]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
    #"{"a":1}"#, #"{"abcdefghijklmnopqrstuvwxyz0123456789":1}"#,
    #"{"a":"b","c":"d","e":"f","g":"h","i":"j","k":"l"}"#, #"[{"a":[{"b":"ééééééééé"}]},1,2,3]"#,
    "123456789012345678901234567890123", "null", "true",
  ])
  func saysWhatPrintingTheWholeValueSaid(json: String) throws {
    let value = try JSONParser.parse(json)
    #expect(Describe.truncated(value) == Self.printedWholeThenCut(value))
  }

  @Test func aValueOfAMillionLeavesIsDescribedFromItsFirstOnes() throws {
    let value = try #require(
      try JQFilter("last(limit(21; recurse([., .])))").evaluate(0).first)
    #expect(Describe.truncated(value) == "[[[[[[[[[[[[[[[[[[[[0,0],...]")
    #expect(Describe.truncated(value) == Self.printedWholeThenCut(value))
  }
}
