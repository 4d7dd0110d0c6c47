import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import TimeTravel
@testable import TimeTravelJSON

/// A random `Encodable` tree that reaches every container API: typed and generic
/// encodes, nested containers, dictionaries, optionals, synthesized structs and enums.
indirect enum RandomValue: Encodable {
  case string(String)
  case int(Int)
  case double(Double)
  case float(Float)
  case bool(Bool)
  case null
  case small(Int8, UInt16, UInt64)
  case array([RandomValue])
  /// Members written in this order through `encode(_:forKey:)`; keys may repeat.
  case object([(String, RandomValue)])
  /// Members written through typed encodes and nested containers; keys unique.
  case nested([(String, RandomValue)])
  case dictionary([String: RandomValue])
  case intDictionary([Int: RandomValue])
  case optional(RandomValue?)
  case record(RandomRecord)
  case foundation(Data, Date, [Double])

  func encode(to encoder: any Encoder) throws {
    switch self {
    case .string(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .int(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .double(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .float(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .bool(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .small(let a, let b, let c):
      var container = encoder.unkeyedContainer()
      try container.encode(a)
      try container.encode(b)
      try container.encode(c)
    case .array(let elements):
      var container = encoder.unkeyedContainer()
      for element in elements { try container.encode(element) }
    case .object(let members):
      var container = encoder.container(keyedBy: AnyKey.self)
      for (key, value) in members { try container.encode(value, forKey: AnyKey(key)) }
    case .nested(let members):
      var container = encoder.container(keyedBy: AnyKey.self)
      try Self.write(members, into: &container)
    case .dictionary(let dictionary):
      try dictionary.encode(to: encoder)
    case .intDictionary(let dictionary):
      try dictionary.encode(to: encoder)
    case .optional(let value):
      var container = encoder.container(keyedBy: AnyKey.self)
      try container.encodeIfPresent(value, forKey: AnyKey("some"))
      try container.encode(value, forKey: AnyKey("value"))
    case .record(let record):
      try record.encode(to: encoder)
    case .foundation(let data, let date, let doubles):
      var container = encoder.unkeyedContainer()
      try container.encode(data)
      try container.encode(date)
      try container.encode(doubles)
    }
  }

  /// Writes members with the typed overloads, and objects and arrays through nested
  /// containers, recursively.
  private static func write(
    _ members: [(String, RandomValue)], into container: inout KeyedEncodingContainer<AnyKey>
  ) throws {
    for (name, value) in members {
      let key = AnyKey(name)
      switch value {
      case .string(let text): try container.encode(text, forKey: key)
      case .int(let number): try container.encode(number, forKey: key)
      case .double(let number): try container.encode(number, forKey: key)
      case .float(let number): try container.encode(number, forKey: key)
      case .bool(let flag): try container.encode(flag, forKey: key)
      case .null: try container.encodeNil(forKey: key)
      case .nested(let inner):
        var nested = container.nestedContainer(keyedBy: AnyKey.self, forKey: key)
        try write(inner, into: &nested)
      case .array(let elements):
        var nested = container.nestedUnkeyedContainer(forKey: key)
        for element in elements {
          if case .nested(let inner) = element {
            var object = nested.nestedContainer(keyedBy: AnyKey.self)
            try write(inner, into: &object)
          } else if case .array(let innerElements) = element {
            var array = nested.nestedUnkeyedContainer()
            for innerElement in innerElements { try array.encode(innerElement) }
          } else {
            try nested.encode(element)
          }
        }
      default: try container.encode(value, forKey: key)
      }
    }
  }
}

/// A synthesized-`Codable` struct with optionals and an enum.
struct RandomRecord: Encodable {
  enum Status: Encodable {
    case idle
    case busy(since: Int, note: String?)
    case failed(String, code: Int)
  }

  var id: String
  var count: Int
  var ratio: Double?
  var tags: [String]
  var status: Status
  var child: [RandomValue]?
}

/// Seeded generator of ``RandomValue`` trees.
struct RandomValueGenerator {
  var generator: SeededGenerator
  /// Whether to include shapes that fall back (escaped keys, canonically equivalent
  /// keys, a nested container reopened for a written key).
  var fallbackShapes = false

  mutating func int(_ bound: Int) -> Int { generator.below(bound) }
  mutating func chance(_ percent: Int) -> Bool { int(100) < percent }

  static let keys = ["a", "b", "", "a10", "a2", "B", "_x", "é", "ä", "Z", "ab", "a/b", "id", "日本"]
  static let strings = [
    "", "plain", "x/y", "quote\"", "back\\slash", "line\nbreak", "tab\t", "\u{1}\u{1F}", "\u{7F}",
    "é", "e\u{301}", "😀", "\u{2028}", "long text with spaces and more than eight bytes",
  ]

  mutating func key() -> String {
    if fallbackShapes, chance(3) { return ["\"", "\u{2}", "e\u{301}", "é"][int(4)] }
    return chance(80) ? Self.keys[int(Self.keys.count)] : "k\(int(40))"
  }

  mutating func string() -> String {
    if chance(70) { return Self.strings[int(Self.strings.count)] }
    var text = ""
    for _ in 0..<int(20) {
      text.unicodeScalars.append(Unicode.Scalar(UInt8(truncatingIfNeeded: 0x20 + int(0x5F))))
    }
    return text
  }

  mutating func double() -> Double {
    let special: [Double] = [
      0, -0.0, 1, -1, 0.1, 1e20, 1e-7, 123.456, 9_007_199_254_740_992, 1e300,
    ]
    if chance(50) { return special[int(special.count)] }
    let value = Double(bitPattern: generator.next())
    return value.isFinite ? value : Double(int(1000)) / 8
  }

  mutating func scalar() -> RandomValue {
    switch int(8) {
    case 0: return .string(string())
    case 1: return .int(Int(bitPattern: UInt(generator.next())) >> int(64))
    case 2: return .double(double())
    case 3: return .float(Float(double() / 1e280))
    case 4: return .bool(chance(50))
    case 5: return .null
    case 6:
      return .small(
        Int8(truncatingIfNeeded: generator.next()), UInt16(truncatingIfNeeded: generator.next()),
        generator.next())
    default: return .string(string())
    }
  }

  mutating func value(depth: Int) -> RandomValue {
    if depth == 0 || chance(30) { return scalar() }
    switch int(9) {
    case 0: return .array((0..<int(6)).map { _ in value(depth: depth - 1) })
    case 1: return .object((0..<int(7)).map { _ in (key(), value(depth: depth - 1)) })
    case 2: return .nested(nestedMembers(depth: depth))
    case 3:
      var dictionary: [String: RandomValue] = [:]
      for _ in 0..<int(6) { dictionary[key()] = value(depth: depth - 1) }
      return .dictionary(dictionary)
    case 4:
      var dictionary: [Int: RandomValue] = [:]
      for _ in 0..<int(5) { dictionary[int(200) - 100] = value(depth: depth - 1) }
      return .intDictionary(dictionary)
    case 5: return .optional(chance(50) ? nil : value(depth: depth - 1))
    case 6: return .record(record(depth: depth))
    case 7:
      return .foundation(
        Data((0..<int(12)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }),
        Date(timeIntervalSinceReferenceDate: double() / 1e290), (0..<int(4)).map { _ in double() })
    default: return scalar()
    }
  }

  mutating func nestedMembers(depth: Int) -> [(String, RandomValue)] {
    var seen = Set<String>()
    var members: [(String, RandomValue)] = []
    for _ in 0..<int(6) {
      let name = key()
      let repeatsNested = fallbackShapes && chance(10)
      guard seen.insert(name).inserted || repeatsNested else { continue }
      let member: RandomValue
      switch int(4) {
      case 0: member = .nested(depth > 1 ? nestedMembers(depth: depth - 1) : [])
      case 1:
        member = .array(
          (0..<int(4)).map { _ in
            chance(30)
              ? .nested(depth > 1 ? nestedMembers(depth: depth - 1) : [])
              : value(depth: depth - 1)
          })
      default: member = depth > 1 && chance(30) ? value(depth: depth - 1) : scalar()
      }
      members.append((name, member))
    }
    return members
  }

  mutating func record(depth: Int) -> RandomRecord {
    let status: RandomRecord.Status
    switch int(3) {
    case 0: status = .idle
    case 1: status = .busy(since: int(1000), note: chance(50) ? string() : nil)
    default: status = .failed(string(), code: int(600))
    }
    return RandomRecord(
      id: string(), count: int(1_000_000), ratio: chance(50) ? double() : nil,
      tags: (0..<int(4)).map { _ in string() }, status: status,
      child: chance(50) ? (0..<int(3)).map { _ in value(depth: depth - 1) } : nil)
  }
}

@Suite struct JSONBytesEncoderRandomTests {
  @Test(arguments: [UInt64(1), 2, 3, 4])
  func randomValuesTakeTheFastPathWithIdenticalBytes(seed: UInt64) throws {
    var random = RandomValueGenerator(generator: SeededGenerator(seed: seed))
    let reference = referenceEncoder()
    let encoder = JSONBytesEncoder(nils: .omitted)
    var compared = 0
    for _ in 0..<150 {
      let value = random.value(depth: 5)
      let expected = try reference.encode(value)
      let actual = try encoder.encode(value)
      #expect(
        String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
      compared += expected.count
    }
    #expect(encoder.fallbackCount == 0)
    #expect(compared > 10_000)
  }

  @Test(arguments: [UInt64(11), 12])
  func randomValuesWithFallbackShapesStillMatch(seed: UInt64) throws {
    var random = RandomValueGenerator(generator: SeededGenerator(seed: seed), fallbackShapes: true)
    let reference = referenceEncoder()
    let encoder = JSONBytesEncoder(nils: .omitted)
    var fellBack = 0
    for _ in 0..<150 {
      let value = random.value(depth: 5)
      let before = encoder.fallbackCount
      let expected = try reference.encode(value)
      let actual = try encoder.encode(value)
      #expect(
        String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
      fellBack += encoder.fallbackCount - before
    }
    #expect(fellBack > 0)
    #expect(fellBack < 150)
  }
}
