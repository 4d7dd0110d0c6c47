import Foundation
import TestSupport
import Testing

@testable import TimeTravelDiff
@testable import TimeTravelJSON

/// The on-demand cursor against the parser: a text read with a cursor is rejected
/// exactly when the parser rejects it, with the parser's error; a projected read gives the
/// parsed value pruned as ``JSONProjection`` says; a pointer's range holds the value the
/// pointer resolves to.
@Suite struct JSONCursorTests {
  /// `value` pruned as the documentation of ``JSONProjection`` says: the reference the
  /// cursor is checked against.
  static func pruned(_ value: JSONValue, _ projection: JSONProjection) -> JSONValue {
    if projection.isWhole { return value }
    switch value {
    case .object(let object):
      var result = JSONObject()
      for (key, member) in object {
        if let part = projection.member(key) {
          result[key] = pruned(member, part)
        } else if projection.keepsEveryMember {
          result[key] = .null
        }
      }
      return .object(result)
    case .array(let array):
      return .array(
        JSONArray(
          array.enumerated().map { index, element in
            projection.element(index).map { pruned(element, $0) } ?? .null
          }))
    default:
      return value
    }
  }

  static func randomProjection(_ rng: inout SeededGenerator, depth: Int = 0) -> JSONProjection {
    switch depth > 3 ? rng.below(3) : rng.below(9) {
    case 0: return .whole
    case 1: return .nothing
    case 2: return .shape
    case 3, 4:
      let key = ["id", "title", "ab", "é", "a long key name of many bytes", "zz"][rng.below(6)]
      return .member(key, randomProjection(&rng, depth: depth + 1))
    case 5: return .element(rng.below(4), randomProjection(&rng, depth: depth + 1))
    case 6: return .each(randomProjection(&rng, depth: depth + 1))
    case 7:
      return .members(
        [(key: "id", part: randomProjection(&rng, depth: depth + 1))],
        others: rng.below(2) == 0 ? nil : randomProjection(&rng, depth: depth + 1))
    default:
      return randomProjection(&rng, depth: depth + 1).union(
        randomProjection(&rng, depth: depth + 1))
    }
  }

  static func read(_ bytes: [UInt8], _ projection: JSONProjection) -> Result<
    JSONValue, JSONParseError
  > {
    bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONParseError) in
        var cursor = try JSONCursor(buffer)
        let value = try cursor.value(reading: projection)
        try cursor.finish()
        return value
      }
    }
  }

  static func parsed(_ bytes: [UInt8]) -> Result<JSONValue, JSONParseError> {
    bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONParseError) in try JSONParser.parse(eagerly: buffer) }
    }
  }

  @Test func projectedReadsArePrunedParses() {
    var rng = SeededGenerator(seed: 2401)
    for _ in 0..<3000 {
      let bytes = Array(JSONLazyParseTests.randomDocument(&rng).utf8)
      let projection = Self.randomProjection(&rng)
      let expected = Self.parsed(bytes).map { Self.pruned($0, projection).description }
      let read = Self.read(bytes, projection).map(\.description)
      #expect(read == expected, "\(String(decoding: bytes, as: UTF8.self)) read as \(projection)")
    }
  }

  @Test func malformedTextsGiveTheParsersError() {
    var rng = SeededGenerator(seed: 2402)
    let hostile = JSONLazyParseStressTests.hostileBytes
    for _ in 0..<3000 {
      var bytes = Array(JSONLazyParseTests.randomDocument(&rng).utf8)
      for _ in 0..<(1 + rng.below(3)) {
        let at = rng.below(bytes.count + 1)
        switch rng.below(3) {
        case 0: bytes.insert(contentsOf: hostile[rng.below(hostile.count)], at: at)
        case 1 where at < bytes.count: bytes.remove(at: at)
        default: bytes = Array(bytes.prefix(at))
        }
      }
      let expected = Self.parsed(bytes).map { _ in "ok" }
      for projection in [JSONProjection.whole, .nothing, .shape, Self.randomProjection(&rng)] {
        let read = Self.read(bytes, projection).map { _ in "ok" }
        #expect(read == expected, "\(bytes) read as \(projection)")
      }
    }
  }

  /// Members read whole: a scalar parsed without a scratch, a small container without a
  /// key cache or shared key arrays, a large one lazily; the parser's values and errors.
  @Test func membersReadWholeAreTheParsersValues() {
    let large = "[" + (0..<100).map { #"{"id":\#($0),"k":"v"}"# }.joined(separator: ",") + "]"
    let texts = [
      #"{"a":-1.5e3,"b":"x\u00e9y","c":true,"d":null,"e":{"k":[1,{"k":2}],"k2":{}},"f":[],"g":false}"#,
      #"{"s":"a longer string than fifteen bytes","n":0,"o":{"k":1,"k":2},"l":\#(large)}"#,
      #"{"a":01}"#, #"{"a":tru}"#, #"{"a":"\x"}"#, #"{"a":-}"#, #"{"a":{"k":}}"#, #"{"a":nul"#,
    ]
    for text in texts {
      let bytes = Array(text.utf8)
      let projection = JSONProjection.members(
        ["a", "b", "c", "d", "e", "f", "g", "s", "n", "o", "l"].map { ($0, .whole) })
      #expect(
        Self.read(bytes, projection).map(\.description)
          == Self.parsed(bytes).map(\.description), "\(text)")
    }
    #expect(
      (try? Self.read(Array(texts[0].utf8), .member("e", .whole)).get())?.description
        == #"{"e":{"k":[1,{"k":2}],"k2":{}}}"#)
  }

  /// A member container of fewer than `JSONLazyDocument.minimumLazyBytes` bytes is
  /// validated by a skip of at most that many bytes and built at once; one of that many
  /// or more is left to a lazy document. Either way the value and the errors are the
  /// parser's, on both sides of the boundary, with bytes after the container, and with
  /// a fault in its last bytes (a cut, a control character, bad UTF-8).
  @Test func containersAroundTheLazySizeAreTheParsersValues() {
    let limit = JSONLazyDocument.minimumLazyBytes
    for size in (limit - 3)...(limit + 2) {
      // {"a":"x…x"}: 8 bytes around the string's content.
      let container = #"{"a":""# + String(repeating: "x", count: size - 8) + #""}"#
      #expect(container.utf8.count == size)
      var badUTF8 = Array(container.utf8)
      badUTF8[badUTF8.count - 3] = 0xFF
      let texts = [
        Array(container.utf8), Array(container.dropLast().utf8),
        Array((container.dropLast(3) + "\u{1}\"}").utf8), badUTF8,
      ]
      for text in texts {
        for after in ["", #","z":1"#, #","z":[1,2,3]"#] {
          let bytes = Array(#"{"m":"#.utf8) + text + Array(after.utf8) + [UInt8(ascii: "}")]
          let projection = JSONProjection.member("m", .whole)
          #expect(
            Self.read(bytes, projection).map(\.description)
              == Self.parsed(bytes).map { Self.pruned($0, projection).description },
            "\(size): \(text) \(after)")
        }
        #expect(
          Self.read(text, .whole).map(\.description) == Self.parsed(text).map(\.description),
          "\(size) alone: \(text)")
      }
      let bytes = Array(#"{"m":"#.utf8) + Array(container.utf8) + [UInt8(ascii: "}")]
      guard case .object(let object)? = try? Self.read(bytes, .member("m", .whole)).get(),
        case .object(let member)? = object["m"]
      else {
        Issue.record("\(size): not read")
        continue
      }
      #expect(member.storage.isFullyBuiltLeaf == (size < limit), "\(size)")
    }
  }

  @Test func emptyAndWhitespaceTextsAreTheParsersErrors() {
    for text in ["", " ", "\n\t", "[1] x", "1 2"] {
      let bytes = Array(text.utf8)
      #expect(
        Self.read(bytes, .whole).map(\.description) == Self.parsed(bytes).map(\.description),
        "\(text)")
    }
  }

  @Test func rangesHoldThePointersValues() throws {
    var rng = SeededGenerator(seed: 2403)
    for _ in 0..<2000 {
      let bytes = Array(JSONLazyParseTests.randomDocument(&rng).utf8)
      guard case .success(let value) = Self.parsed(bytes) else { continue }
      let tokens = (0..<rng.below(4)).map { _ in
        ["0", "1", "2", "id", "title", "ab", "é", "01", "-"][rng.below(9)]
      }
      let expected = JSONPointer(tokens: tokens).resolve(in: value)
      let range = try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in
        var cursor = try JSONCursor(buffer)
        let range = try cursor.range(at: tokens[...])
        try cursor.finish()
        return range
      }
      let found = try range.map { try JSONParser.parse(bytes: bytes[$0]) }
      #expect(found == expected, "\(tokens) in \(value)")
      if let range {
        #expect(!JSONSkipper.isWhitespace(bytes[range.lowerBound]))
        #expect(!JSONSkipper.isWhitespace(bytes[range.upperBound - 1]))
      }
    }
  }

  @Test func aPointersProjectionReadsWhatItResolvesTo() throws {
    let text = #"{"todos":[{"id":"a","done":false},{"id":"b","done":true}],"7":{"done":1}}"#
    let bytes = Array(text.utf8)
    for tokens in [["todos", "1", "done"], ["7", "done"], ["todos", "7"], []] {
      let value = try Self.read(bytes, JSONProjection(tokens: tokens)).get()
      let whole = try JSONParser.parse(text)
      #expect(
        JSONPointer(tokens: tokens).resolve(in: value)
          == JSONPointer(tokens: tokens).resolve(in: whole))
    }
    #expect(
      try Self.read(bytes, JSONProjection(tokens: ["todos", "1", "done"])).get().description
        == #"{"todos":[null,{"done":true}]}"#)
  }

  @Test func keysCompareByTheirScalars() throws {
    let text = #"{"se\u0071":1,"é":2,"e\u0301":3}"#
    let bytes = Array(text.utf8)
    let read = try Self.read(
      bytes, .members([(key: "seq", part: .whole), (key: "e\u{301}", part: .whole)])
    ).get()
    #expect(read.description == #"{"seq":1,"é":3}"#)
  }
}
