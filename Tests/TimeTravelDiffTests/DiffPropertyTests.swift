import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelDiff
@testable import TimeTravelJSON

/// Seeded pseudo-random documents and mutations of them.
struct DiffFuzzer {
  private var generator: SeededGenerator

  init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

  mutating func next() -> UInt64 { generator.next() }

  mutating func int(_ bound: Int) -> Int { generator.below(bound) }
  mutating func chance(_ percent: Int) -> Bool { int(100) < percent }

  mutating func scalar() -> JSONValue {
    switch int(7) {
    case 0: return .null
    case 1: return .bool(chance(50))
    case 2: return .number(JSONNumber(int(20)))
    case 3: return .number(JSONNumber(literal: "900719925474099\(int(10))")!)
    case 4: return .number(JSONNumber(literal: "\(int(3)).0")!)
    case 5: return .string(["a", "b", "", "x/y", "m~n", "\u{1B}"][int(6)])
    default: return .string("s\(int(5))")
    }
  }

  mutating func value(depth: Int) -> JSONValue {
    if depth == 0 || chance(35) { return scalar() }
    switch int(3) {
    case 0: return .array(JSONArray((0..<int(5)).map { _ in value(depth: depth - 1) }))
    case 1: return todoList()
    default:
      var object = JSONObject()
      for _ in 0..<int(5) {
        object[["a", "b", "c", "d", "", "x/y"][int(6)]] = value(depth: depth - 1)
      }
      return .object(object)
    }
  }

  private var nextID = 0
  mutating func todo() -> JSONValue {
    nextID += 1
    return .object([
      "id": .string("todo-\(nextID)"), "title": .string("t\(int(4))"), "done": .bool(chance(50)),
    ])
  }

  mutating func todoList() -> JSONValue { .array(JSONArray((0..<int(8)).map { _ in todo() })) }

  /// A mutated copy: edits, inserts, deletes and moves throughout, iteratively.
  mutating func mutate(_ value: JSONValue, depth: Int = 0) -> JSONValue {
    if chance(15) || depth > 6 { return chance(50) ? value : self.value(depth: 2) }
    switch value {
    case .array(let array):
      var elements = array.elements.map { chance(70) ? $0 : mutate($0, depth: depth + 1) }
      for _ in 0..<int(3) {
        switch int(4) {
        case 0 where !elements.isEmpty: elements.remove(at: int(elements.count))
        case 1:
          let isTodos = elements.allSatisfy { $0["id"] != nil }
          elements.insert(isTodos ? todo() : self.value(depth: 1), at: int(elements.count + 1))
        case 2 where elements.count > 1:
          let moved = elements.remove(at: int(elements.count))
          elements.insert(moved, at: int(elements.count + 1))
        default: break
        }
      }
      return .array(JSONArray(elements))
    case .object(var object):
      for key in object.keys where chance(40) {
        object[key] = chance(20) ? nil : mutate(object[key]!, depth: depth + 1)
      }
      if chance(30) { object[["a", "b", "e", "id", "title"][int(5)]] = scalar() }
      return .object(object)
    default:
      return chance(50) ? scalar() : value
    }
  }
}

@Suite struct DiffPropertyTests {
  @Test func patchTurnsOldIntoNew() throws {
    var fuzzer = DiffFuzzer(seed: 20_240_601)
    var changedPairs = 0
    for round in 0..<500 {
      let a = fuzzer.value(depth: 4)
      let b = round % 10 == 0 ? a : fuzzer.mutate(a)
      let changes = JSONDiff.changes(from: a, to: b)
      #expect(changes.isEmpty == (a == b), "round \(round)")
      let patch = JSONDiff.patch(from: a, to: b)
      let applied = try patch.apply(to: a)
      #expect(
        applied == b,
        "round \(round): \(a) → \(b) via \(JSONPrinter.compact.print(patch.jsonValue))")
      // The patch survives a trip through its JSON form.
      #expect(try JSONPatch(parsing: patch.jsonValue) == patch)
      if !changes.isEmpty { changedPairs += 1 }
    }
    #expect(changedPairs > 150)
  }
}
