import Foundation
import Testing
import TimeTravelJSON

/// Records encoded to JSON values in the order they declare their members, with the
/// states and actions they hold taken as they are.
@Suite struct JSONValueEncoderTests {
  struct Hit: Encodable {
    var seq: Int
    var recordedSeq: Int?
    var time: String?
    var action: JSONValue
    var actionName: String
  }

  private func compact(_ value: some Encodable) throws -> String {
    JSONPrinter.compact.print(try JSONValueEncoder().encode(value))
  }

  @Test func membersKeepTheirDeclaredOrderAndNilOptionalsAreLeftOut() throws {
    let hit = Hit(
      seq: 117, time: "2026-01-05T09:06:17.136Z", action: ["addTodo": [:]], actionName: "addTodo")
    #expect(
      try compact(hit)
        == #"{"seq":117,"time":"2026-01-05T09:06:17.136Z","action":{"addTodo":{}},"actionName":"addTodo"}"#
    )
    #expect(
      try compact([Hit(seq: 1, recordedSeq: 9, action: .null, actionName: "x")])
        == #"[{"seq":1,"recordedSeq":9,"action":null,"actionName":"x"}]"#)
  }

  struct Explicit: Encodable {
    var seq: Int?
    var first: Int
    enum CodingKeys: String, CodingKey { case seq, first }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(seq, forKey: .seq)  // Optional.encode writes null for nil
      try container.encode(first, forKey: .first)
      try container.encode(first + 1, forKey: .seq)
    }
  }

  @Test func aKeyWrittenTwiceKeepsItsFirstPlaceAndItsLastValue() throws {
    #expect(try compact(Explicit(seq: nil, first: 1)) == #"{"seq":2,"first":1}"#)
  }

  enum Outcome: Encodable {
    case firstBad(seq: Int)
    case neverHolds
  }

  @Test func numbersScalarsAndNestedContainers() throws {
    #expect(try compact(UInt64.max) == "18446744073709551615")
    #expect(try compact(Int8(-3)) == "-3")
    #expect(try compact([0.1, 1e20, -0.0, 2.5]) == "[0.1,1e+20,-0,2.5]")
    #expect(
      try JSONValueEncoder().encode(["b": [true], "a": [false]]) == ["a": [false], "b": [true]])
    #expect(try compact(Outcome.firstBad(seq: 3)) == #"{"firstBad":{"seq":3}}"#)
    #expect(try compact(Outcome.neverHolds) == #"{"neverHolds":{}}"#)
    #expect(
      try compact(JSONNumber(literal: "1.000000000000000000001")!) == "1.000000000000000000001")
    #expect(try compact([String?.none, "x"]) == #"[null,"x"]"#)
  }

  @Test func nonFiniteNumbersAndValuesThatEncodeNothingAreErrors() {
    #expect(throws: EncodingError.self) { try JSONValueEncoder().encode([Double.nan]) }
    #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(Float.infinity) }
    struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
    #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(Nothing()) }
  }

  @Test func aStateOfAnyDepthIsTakenAsItIs() throws {
    var deep = JSONValue.number(JSONNumber(1))
    for _ in 0..<100_000 { deep = .array([deep]) }
    let encoded = try JSONValueEncoder().encode(["state": deep])
    #expect(encoded["state"] == deep)
  }

  @Test func otherEncodersGetTheValuesStructure() throws {
    let value: JSONValue = ["b": [1, 2.5, "x", nil, true], "a": [:]]
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(value)
    #expect(String(decoding: data, as: UTF8.self) == #"{"a":{},"b":[1,2.5,"x",null,true]}"#)
  }
}
