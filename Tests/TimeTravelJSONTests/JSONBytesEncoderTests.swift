import Foundation
import Synchronization
import TestSupport
import Testing
import TodoReducer

@_spi(Benchmarks) @testable import TimeTravel
@testable import TimeTravelJSON

/// `JSONBytesEncoder` against Foundation's `JSONEncoder` (`[.sortedKeys,
/// .withoutEscapingSlashes]`): same bytes, same errors, and the fast path where it
/// should be taken.
@Suite struct JSONBytesEncoderTests {
  // MARK: Exact output

  @Test func exactOutputForATodoState() throws {
    let state = TodoState(
      todos: [Todo(id: "t-1", title: "Buy milk/eggs"), Todo(id: "t-2", title: "Say \"hi\"\n")],
      filter: .active, isLoading: true)
    let text = try expectSameBytes(state)
    #expect(
      text
        == #"{"filter":"active","isLoading":true,"todos":[{"id":"t-1","isCompleted":false,"title":"Buy milk/eggs"},{"id":"t-2","isCompleted":false,"title":"Say \"hi\"\n"}]}"#
    )
  }

  @Test func exactOutputForActions() throws {
    #expect(
      try expectSameBytes(TodoAction.addTodo(id: "a", title: "b"))
        == #"{"addTodo":{"id":"a","title":"b"}}"#)
    #expect(
      try expectSameBytes(TodoAction.deleteTodos(atOffsets: [0, 2]))
        == #"{"deleteTodos":{"atOffsets":[0,2]}}"#)
    #expect(try expectSameBytes(TodoAction.setFilter(.all)) == #"{"setFilter":{"_0":"all"}}"#)
    #expect(
      try expectSameBytes(ActionOrigin(effect: "x", cause: 3)) == #"{"cause":3,"effect":"x"}"#)
  }

  @Test func keysSortByUTF8Bytes() throws {
    let keys = ["a10", "a2", "B", "a", "_x", "é", "Z", "", "f", "ä", "~", "Ω", "😀", "ab", "A"]
    let object = OrderedObject(members: keys.enumerated().map { ($1, $0) })
    #expect(
      try expectSameBytes(object)
        == #"{"":7,"A":14,"B":2,"Z":6,"_x":4,"a":3,"a10":0,"a2":1,"ab":13,"f":8,"~":10,"ä":9,"é":5,"Ω":11,"😀":12}"#
    )
    // Already sorted, reversed, and a longer object that takes the non-insertion sort.
    try expectSameBytes(OrderedObject(members: keys.sorted().map { ($0, 1) }))
    try expectSameBytes(OrderedObject(members: keys.sorted().reversed().map { ($0, 1) }))
    try expectSameBytes(OrderedObject(members: (0..<50).map { ("k\(($0 * 37) % 50)", $0) }))
  }

  @Test func repeatedKeyKeepsLastValue() throws {
    #expect(
      try expectSameBytes(OrderedObject(members: [("b", 1), ("a", 2), ("b", 3), ("b", 4)]))
        == #"{"a":2,"b":4}"#)
    #expect(try expectSameBytes(OrderedObject(members: [("a", 1), ("a", 2)])) == #"{"a":2}"#)
    try expectSameBytes(OrderedObject(members: (0..<40).map { ("k\($0 % 7)", $0) }))
  }

  @Test func stringEscaping() throws {
    var all = ""
    for scalar in 0..<0x20 { all.unicodeScalars.append(Unicode.Scalar(UInt8(scalar))) }
    all += "\"\\/\u{7F}\u{80}\u{2028}\u{2029}é😀e\u{301}\u{FEFF}"
    let text = try expectSameBytes(all)
    #expect(text.hasPrefix(#""\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r"#))
    #expect(text.contains(#"\u001f\"\\/"#))
    // Escapes inside and after the eight-byte words the fast scan copies.
    let wordSamples = [
      "abcdefgh\\ijklmnop", "abcdefghijklmno\"", "abcdefghi\u{1F}", "abcdefgh\u{7F}\u{80}é",
      "12345678123456781234567\n",
    ]
    #expect(try expectSameBytes(wordSamples[0]) == #""abcdefgh\\ijklmnop""#)
    #expect(try expectSameBytes(wordSamples[1]) == #""abcdefghijklmno\"""#)
    #expect(try expectSameBytes(wordSamples[2]) == #""abcdefghi\u001f""#)
    for sample in [
      "", "plain", "a\"", "\\", "tail\n", "\u{1}", "x/y/z", String(repeating: "ab\t", count: 100),
    ] + wordSamples {
      try expectSameBytes(sample)
      try expectSameBytes([sample, sample])
      try expectSameBytes(["k": sample])
    }
  }

  @Test func doubles() throws {
    let samples: [Double] = [
      0, -0.0, 1, -1, 0.1, 0.5, 2.5, -3.75, 1e20, 1e21, 1e22, 1e15, 1e16, 1e-5, 1e-4, 1e-7,
      123_456_789_012_345_680, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
      -.greatestFiniteMagnitude,
      .leastNormalMagnitude, 9_007_199_254_740_992, -9_007_199_254_740_992,
      9_007_199_254_740_994, 9_007_199_254_740_990, 4_503_599_627_370_497, 1e15 + 0.5,
      0.300_000_000_000_000_04, 100, 12345.678, 1.0 / 3, .pi, -1e-300, 2e-308,
    ]
    for value in samples { try expectSameBytes(value) }
    try expectSameBytes(samples)
    try expectSameBytes(OrderedObject(members: samples.enumerated().map { ("k\($0)", $1) }))
    #expect(try expectSameBytes([1.0, -0.0, 1e20]) == "[1,-0,1e+20]")
    var generator = SeededGenerator(seed: 0xD0B1E)
    for _ in 0..<2000 {
      let bits = Double(bitPattern: generator.next())
      let value = bits.isFinite ? bits : 0
      let integral = Double(Int64(bitPattern: generator.next()) >> Int64(generator.below(64)))
      let single = Double(Float(value))
      try expectSameBytes([value, integral, integral + 0.5, single.isFinite ? single : 1])
    }
  }

  @Test func floats() throws {
    let samples: [Float] = [
      0, -0.0, 1, 0.1, 1.1, 1e20, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 16_777_216,
      33_554_432,
      3.4e38, -2.5,
    ]
    for value in samples { try expectSameBytes(value) }
    try expectSameBytes(samples)
    var generator = SeededGenerator(seed: 0xF10A7)
    for _ in 0..<1000 {
      let value = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
      try expectSameBytes(value.isFinite ? value : 1)
    }
    try expectSameBytes(Float16(1.5))
  }

  @Test func integersOfEveryWidth() throws {
    try expectSameBytes([Int.min, Int.max, 0, -1, 9, 10, 99, 100, 999_999_999_999])
    try expectSameBytes([Int8.min, Int8.max])
    try expectSameBytes([Int16.min, Int16.max])
    try expectSameBytes([Int32.min, Int32.max])
    try expectSameBytes([Int64.min, Int64.max])
    try expectSameBytes([UInt.max, 0])
    try expectSameBytes([UInt8.max, 0])
    try expectSameBytes([UInt16.max])
    try expectSameBytes([UInt32.max])
    try expectSameBytes([UInt64.max, 10_000_000_000_000_000_000])
    try expectSameBytes([Int128.max, Int128.min])
    try expectSameBytes(UInt128.max)
    for power in 0..<20 {
      let value = (0..<power).reduce(UInt64(1)) { result, _ in result * 10 }
      try expectSameBytes([value - 1, value, value + 1])
    }
    try expectSameBytes(AllScalars())
  }

  @Test func boolsNilAndOptionals() throws {
    #expect(try expectSameBytes([true, false]) == "[true,false]")
    #expect(try expectSameBytes([Int?.none, 1]) == "[null,1]")
    #expect(try expectSameBytes(Int?.none) == "null")
    #expect(try expectSameBytes(Optionals(a: nil, b: "x", c: nil)) == #"{"b":"x"}"#)
    #expect(try expectSameBytes(Optionals(a: 1, b: nil, c: [nil, 2])) == #"{"a":1,"c":[null,2]}"#)
    let explicitNull = Custom { encoder in
      var container = encoder.container(keyedBy: AnyKey.self)
      try container.encodeNil(forKey: AnyKey("z"))
      try container.encode(Int?.none, forKey: AnyKey("y"))
      try container.encodeIfPresent(Int?.none, forKey: AnyKey("x"))
      try container.encodeIfPresent(Int?.some(3), forKey: AnyKey("w"))
    }
    #expect(try expectSameBytes(explicitNull) == #"{"w":3,"y":null,"z":null}"#)
  }

  @Test func foundationTypes() throws {
    #expect(try expectSameBytes(Date(timeIntervalSinceReferenceDate: 12.5)) == "12.5")
    #expect(try expectSameBytes(Data([1, 2, 3, 255])) == #""AQID/w==""#)
    #expect(try expectSameBytes(Data()) == #""""#)
    try expectSameBytes(URL(string: "https://example.com/a/b?c=d&e=%20#f")!)
    try expectSameBytes(URL(fileURLWithPath: "/tmp/x y"))
    try expectSameBytes([Decimal(string: "3.14159")!, Decimal(string: "-0.000100")!, Decimal(10)])
    try expectSameBytes(Decimal(string: "1e30")!)
    try expectSameBytes(
      FoundationBox(
        date: Date(timeIntervalSince1970: 1_700_000_000.25), data: Data("hi".utf8),
        url: URL(string: "http://x/y")!, decimal: 2.5,
        dates: [Date(timeIntervalSinceReferenceDate: 0)],
        optionalData: Data([0])))
    try expectSameBytes(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!)
  }

  @Test func dictionaries() throws {
    #expect(try expectSameBytes(["b": 1, "a": 2, "c": 3]) == #"{"a":2,"b":1,"c":3}"#)
    #expect(try expectSameBytes([10: "a", 2: "b", -1: "c"]) == #"{"-1":"c","10":"a","2":"b"}"#)
    #expect(try expectSameBytes([Point(x: 1, y: 2): "a"]) == #"[{"x":1,"y":2},"a"]"#)
    #expect(try expectSameBytes([Side.right: 1, Side.left: 2]) == #"{"left":2,"right":1}"#)
    try expectSameBytes([String: [String: Int]]())
    try expectSameBytes(["x": ["b": [1], "a": []]])
    try expectSameBytes(
      Dictionary(uniqueKeysWithValues: (0..<200).map { ("key\($0)", $0 % 3 == 0) }))
    try expectSameBytes([UInt8(1): 2.5, 0: -1])
    try expectSameBytes(["é": 1, "e": 2, "f": 3])
  }

  @Test func enumsAndNestedStructs() throws {
    let values: [Shape] = [
      .one(1, name: "n"), .two, .three(x: []), .four(Point(x: 3, y: 4), [Point(x: 0, y: 0)]),
      .five(nil), .five(.left),
    ]
    #expect(
      try expectSameBytes(values)
        == #"[{"one":{"_0":1,"name":"n"}},{"two":{}},{"three":{"x":[]}},{"four":{"_0":{"x":3,"y":4},"_1":[{"x":0,"y":0}]}},{"five":{}},{"five":{"_0":"left"}}]"#
    )
    try expectSameBytes(Tree.sample)
    try expectSameBytes([[String]]([["a"], []]))
    try expectSameBytes([[Int?]]([[1, nil], [nil]]))
    try expectSameBytes([[Point]]([[], [Point(x: 1, y: 1)]]))
  }

  @Test func valueThatEncodesNothingIsAnEmptyObjectWhenNested() throws {
    let nothing = Custom { _ in }
    #expect(try expectSameBytes([nothing, nothing]) == "[{},{}]")
    #expect(try expectSameBytes(["k": nothing]) == #"{"k":{}}"#)
    #expect(try expectSameBytes(Optional(nothing)) == "{}")
    let emptyContainers = Custom { encoder in
      var container = encoder.container(keyedBy: AnyKey.self)
      _ = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("o"))
      _ = container.nestedUnkeyedContainer(forKey: AnyKey("a"))
      try container.encode(nothing, forKey: AnyKey("n"))
    }
    #expect(try expectSameBytes(emptyContainers) == #"{"a":[],"n":{},"o":{}}"#)
    #expect(try expectSameBytes(Custom { _ = $0.unkeyedContainer() }) == "[]")
    #expect(try expectSameBytes(Custom { _ = $0.container(keyedBy: AnyKey.self) }) == "{}")
  }

  @Test func nestedContainers() throws {
    let value = Custom { encoder in
      var container = encoder.container(keyedBy: AnyKey.self)
      try container.encode(1, forKey: AnyKey("z"))
      var inner = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("m"))
      try inner.encode("b", forKey: AnyKey("y"))
      var deeper = inner.nestedUnkeyedContainer(forKey: AnyKey("x"))
      try deeper.encode(1)
      var object = deeper.nestedContainer(keyedBy: AnyKey.self)
      try object.encode(true, forKey: AnyKey("q"))
      try object.encode(false, forKey: AnyKey("p"))
      var array = deeper.nestedUnkeyedContainer()
      try array.encode(Point(x: 1, y: 2))
      try deeper.encode(2)
      try inner.encode(3, forKey: AnyKey("a"))
      try container.encode(4, forKey: AnyKey("b"))
      var list = container.nestedUnkeyedContainer(forKey: AnyKey("c"))
      try list.encode(5)
      #expect(list.count == 1)
      #expect(list.codingPath.map(\.stringValue) == ["c"])
    }
    #expect(
      try expectSameBytes(value)
        == #"{"b":4,"c":[5],"m":{"a":3,"x":[1,{"p":false,"q":true},[{"x":1,"y":2}],2],"y":"b"},"z":1}"#
    )
  }

  @Test func reopeningTheSameEncodersContainerMerges() throws {
    let value = Custom { encoder in
      var first = encoder.container(keyedBy: AnyKey.self)
      try first.encode(1, forKey: AnyKey("b"))
      var second = encoder.container(keyedBy: AnyKey.self)
      try second.encode(2, forKey: AnyKey("a"))
      try first.encode(3, forKey: AnyKey("c"))
    }
    #expect(try expectSameBytes(value) == #"{"a":2,"b":1,"c":3}"#)
    let list = Custom { encoder in
      var first = encoder.unkeyedContainer()
      try first.encode(1)
      var second = encoder.unkeyedContainer()
      try second.encode(2)
    }
    #expect(try expectSameBytes(list) == "[1,2]")
    #expect(try expectSameBytes(Derived()) == #"{"base":1,"derived":2}"#)
  }

  @Test func superEncoders() throws {
    #expect(try expectSameBytes(Child()) == #"{"c":2,"super":{"p":1}}"#)
    let keyed = Custom { encoder in
      var container = encoder.container(keyedBy: AnyKey.self)
      try Point(x: 5, y: 6).encode(to: container.superEncoder(forKey: AnyKey("parent")))
      try container.encode(0, forKey: AnyKey("a"))
      _ = container.superEncoder(forKey: AnyKey("empty"))
    }
    #expect(try expectSameBytes(keyed) == #"{"a":0,"empty":{},"parent":{"x":5,"y":6}}"#)
    let unkeyed = Custom { encoder in
      var container = encoder.unkeyedContainer()
      try container.encode(1)
      try "s".encode(to: container.superEncoder())
      _ = container.superEncoder()
      try container.encode(2)
    }
    #expect(try expectSameBytes(unkeyed) == #"[1,"s",{},2]"#)
  }

  @Test func codingPathsMatch() throws {
    let probe = PathProbe()
    let expected = try referenceEncoder().encode(probe)
    let actual = try JSONBytesEncoder().encode(probe)
    #expect(String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    // `JSONEncoder` leaves nested containers' keys ("a", "e") out of the paths of the
    // encoders for the values inside them.
    #expect(String(decoding: actual, as: UTF8.self).contains(#""inner":"b/Index 1/c""#))
  }

  @Test func reusedEncoderKeepsNoStaleBytes() throws {
    let encoder = JSONBytesEncoder()
    let reference = referenceEncoder()
    let big = Dictionary(
      uniqueKeysWithValues: (0..<5000).map { ("k\($0)", String(repeating: "v", count: $0 % 50)) })
    for value in [big, ["a": "b"], [:], big, ["z": ""]] {
      #expect(try encoder.encode(value) == reference.encode(value))
    }
    #expect(try encoder.encode("x") == reference.encode("x"))
    #expect(try encoder.encode(Point(x: 1, y: 2)) == reference.encode(Point(x: 1, y: 2)))
    #expect(encoder.fallbackCount == 0)
  }

  // MARK: Errors

  @Test func nonFiniteFloatsThrowJSONEncodersError() throws {
    let cases: [any Encodable] = [
      Double.nan, Double.infinity, -Double.infinity, Float.nan, Float.infinity,
      [1.0, .infinity], ["k": Double.nan], Point3(x: 1, y: .nan, z: 0), [[Float(1), -.infinity]],
      Shape.four(Point(x: 0, y: 0), [Point(x: 1, y: 1)]).withNaN,
      Date(timeIntervalSinceReferenceDate: .infinity),
    ]
    for value in cases {
      let expected = errorDescription { try referenceEncoder().encode(value) }
      let encoder = JSONBytesEncoder()
      let actual = errorDescription { try encoder.encode(value) }
      #expect(expected != nil)
      #expect(actual == expected, "\(value)")
      #expect(encoder.fallbackCount == 1)
    }
  }

  @Test func topLevelValueThatEncodesNothingThrows() throws {
    let nothing = Custom { _ in }
    let expected = errorDescription { try referenceEncoder().encode(nothing) }
    let actual = errorDescription { try JSONBytesEncoder().encode(nothing) }
    #expect(expected?.contains("did not encode any values") == true)
    #expect(actual == expected)
  }

  @Test func errorsFromEncodeToPropagateWithoutFallback() throws {
    struct Boom: Error, Equatable { let code: Int }
    let calls = Counter()
    let failing = Custom { encoder in
      calls.add()
      var container = encoder.container(keyedBy: AnyKey.self)
      try container.encode(1, forKey: AnyKey("a"))
      throw Boom(code: 7)
    }
    let encoder = JSONBytesEncoder()
    #expect(throws: Boom(code: 7)) { try encoder.encode(["x": [failing]]) }
    #expect(calls.value == 1)
    #expect(encoder.fallbackCount == 0)
    // The encoder is still usable.
    #expect(try encoder.encode(["x": 1]) == referenceEncoder().encode(["x": 1]))
  }

  @Test func swallowedErrorsStillGiveJSONEncodersOutput() throws {
    let swallowing = Custom { encoder in
      var container = encoder.container(keyedBy: AnyKey.self)
      try container.encode(1, forKey: AnyKey("a"))
      try? container.encode(Double.nan, forKey: AnyKey("b"))
      try? container.encode(Custom { _ in throw CancellationError() }, forKey: AnyKey("c"))
      try container.encode(2, forKey: AnyKey("d"))
    }
    #expect(try expectSameBytes(swallowing, path: .fallback) == #"{"a":1,"d":2}"#)
  }

  // MARK: Fallback

  @Test func interleavedNestedContainersFallBack() throws {
    let interleaved = Custom { encoder in
      var container = encoder.container(keyedBy: AnyKey.self)
      var first = container.nestedUnkeyedContainer(forKey: AnyKey("a"))
      try first.encode(1)
      try container.encode(2, forKey: AnyKey("b"))
      try first.encode(3)
      var second = container.nestedUnkeyedContainer(forKey: AnyKey("c"))
      try first.encode(4)
      try second.encode(9)
    }
    #expect(try expectSameBytes(interleaved, path: .fallback) == #"{"a":[1,3,4],"b":2,"c":[9]}"#)
  }

  @Test func reopenedNestedContainerForTheSameKeyFallsBack() throws {
    let merged = Custom { encoder in
      var container = encoder.container(keyedBy: AnyKey.self)
      var first = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("a"))
      try first.encode(1, forKey: AnyKey("b"))
      var again = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("a"))
      try again.encode(2, forKey: AnyKey("a"))
    }
    #expect(try expectSameBytes(merged, path: .fallback) == #"{"a":{"a":2,"b":1}}"#)
    let valueThenNested = Custom { encoder in
      var container = encoder.container(keyedBy: AnyKey.self)
      try container.encode(["x": 1], forKey: AnyKey("a"))
      var again = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("a"))
      try again.encode(2, forKey: AnyKey("y"))
    }
    #expect(try expectSameBytes(valueThenNested, path: .fallback) == #"{"a":{"x":1,"y":2}}"#)
  }

  @Test func superEncoderUsedAfterItsContainerMovedOnFallsBack() throws {
    let late = Custom { encoder in
      var container = encoder.unkeyedContainer()
      try container.encode(1)
      let later = container.superEncoder()
      try container.encode(2)
      var single = later.singleValueContainer()
      try single.encode("s")
      try container.encode(3)
    }
    #expect(try expectSameBytes(late, path: .fallback) == #"[1,"s",2,3]"#)
  }

  @Test func escapedOrCanonicallyEqualKeysFallBack() throws {
    #expect(
      try expectSameBytes(
        OrderedObject(members: [("b", 1), ("\"", 2), ("\u{1}", 3)]), path: .fallback)
        == #"{"\u0001":3,"\"":2,"b":1}"#)
    // Swift's String equality merges them; the first spelling stays, the last value wins.
    let equivalent = OrderedObject(members: [("x", 0), ("e\u{301}", 1), ("y", 2), ("é", 3)])
    let text = try expectSameBytes(equivalent, path: .fallback)
    #expect(Array(text.utf8).starts(with: Array(#"{"e\#u{301}":3,"#.utf8)))
    // Distinct non-ASCII keys stay on the fast path, sorted or not.
    try expectSameBytes(OrderedObject(members: [("é", 1), ("ä", 2), ("a", 3)]))
    try expectSameBytes(OrderedObject(members: [("a", 1), ("ä", 2), ("é", 3)]))
  }

  @Test func deepNestingFallsBackAndMatches() throws {
    // Three containers per level: {"node":{"_0":[…]}}.
    var deep = Tree.leaf(1)
    for _ in 0..<140 { deep = .node([deep]) }
    try expectSameBytes(deep, path: .fallback)
    var deeper = deep
    for _ in 0..<40 { deeper = .node([deeper]) }
    let expected = errorDescription { try referenceEncoder().encode(deeper) }
    #expect(expected != nil)
    #expect(errorDescription { try JSONBytesEncoder().encode(deeper) } == expected)
  }
}

/// `"\(error)"` of what `body` throws, or `nil`.
func errorDescription(_ body: () throws -> Any) -> String? {
  do {
    _ = try body()
    return nil
  } catch {
    return "\(error)"
  }
}

/// A thread-safe call counter for `@Sendable` closures.
final class Counter: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  func add() { count.withLock { $0 += 1 } }
}

struct Point: Codable, Hashable {
  var x: Int
  var y: Int
}

struct Point3: Encodable {
  var x: Double
  var y: Double
  var z: Double
}

enum Side: String, Codable, CodingKeyRepresentable {
  case right, left
}

enum Shape: Encodable {
  case one(Int, name: String)
  case two
  case three(x: [Int])
  case four(Point, [Point])
  case five(Side?)
  case six(Double)

  var withNaN: [Shape] { [self, .six(.nan)] }
}

indirect enum Tree: Encodable {
  case leaf(Int)
  case node([Tree])
  case named(String, Tree?)

  static let sample = Tree.node([.leaf(1), .named("n", .leaf(2)), .named("m", nil), .node([])])
}

struct Optionals: Encodable {
  var a: Int?
  var b: String?
  var c: [Int?]?
}

struct AllScalars: Encodable {
  var i = Int.min
  var i8 = Int8.min
  var i16 = Int16.min
  var i32 = Int32.min
  var i64 = Int64.min
  var i128 = Int128.min
  var u = UInt.max
  var u8 = UInt8.max
  var u16 = UInt16.max
  var u32 = UInt32.max
  var u64 = UInt64.max
  var u128 = UInt128.max
  var f = Float(0.1)
  var d = 0.1
  var b = true
  var s = "s"
  var list: [Int8] = [1, -1]
  var unsigned: [UInt] = [0, 7]
  var floats: [Float] = [0.5]
  var doubles: [Double] = [0.25, 1]
  var bools = [true]
  var strings = ["a", "b/c"]
}

struct FoundationBox: Encodable {
  var date: Date
  var data: Data
  var url: URL
  var decimal: Decimal
  var dates: [Date]
  var optionalData: Data?
}

class Parent: Encodable {
  var p = 1
}

final class Child: Parent {
  var c = 2
  enum CodingKeys: String, CodingKey { case c }
  override func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(c, forKey: .c)
    try super.encode(to: container.superEncoder())
  }
}

class Base: Encodable {
  var base = 1
}

final class Derived: Base {
  var derived = 2
  enum CodingKeys: String, CodingKey { case derived }
  override func encode(to encoder: any Encoder) throws {
    try super.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(derived, forKey: .derived)
  }
}

/// Writes the coding path it sees at several depths, so both encoders' paths compare.
struct PathProbe: Encodable {
  struct Leaf: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: AnyKey.self)
      let path = container.codingPath.map(\.stringValue).joined(separator: "/")
      try container.encode(path, forKey: AnyKey("path"))
      try container.encode(encoder.codingPath.map(\.intValue), forKey: AnyKey("ints"))
      var nested = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("c"))
      try nested.encode(
        nested.codingPath.map(\.stringValue).joined(separator: "/"), forKey: AnyKey("inner"))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: AnyKey.self)
    var a = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("a"))
    try a.encode([Leaf(), Leaf()], forKey: AnyKey("b"))
    try container.encode(["k": Leaf()], forKey: AnyKey("d"))
    var list = container.nestedUnkeyedContainer(forKey: AnyKey("e"))
    try list.encode(Optional(Leaf()))
    try Leaf().encode(to: list.superEncoder())
    try Leaf().encode(to: container.superEncoder())
  }
}

/// Wrapper types that delegate through a single value container, a common pattern.
struct Wrapped<Value: Encodable>: Encodable {
  var value: Value
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(value)
  }
}

@Suite struct JSONBytesEncoderDelegationTests {
  @Test func singleValueDelegationKeepsTheFastPath() throws {
    #expect(try expectSameBytes(Wrapped(value: Point(x: 1, y: 2))) == #"{"x":1,"y":2}"#)
    #expect(
      try expectSameBytes(Wrapped(value: Wrapped(value: [Point(x: 0, y: 1)])))
        == #"[{"x":0,"y":1}]"#)
    #expect(try expectSameBytes(["k": Wrapped(value: Custom { _ in })]) == #"{"k":{}}"#)
    #expect(try expectSameBytes(Wrapped(value: Data([7]))) == #""Bw==""#)
    #expect(try expectSameBytes([Wrapped(value: Double?.none)]) == "[null]")
  }

  @Test func secondSingleValueFallsBackLikeJSONEncodersMisuse() throws {
    // JSONEncoder keeps the object and ignores the single value written after it.
    let mixed = Custom { encoder in
      var keyed = encoder.container(keyedBy: AnyKey.self)
      try keyed.encode(1, forKey: AnyKey("a"))
      var single = encoder.singleValueContainer()
      try single.encode("ignored")
    }
    #expect(try expectSameBytes(mixed, path: .fallback) == #"{"a":1}"#)
  }
}
