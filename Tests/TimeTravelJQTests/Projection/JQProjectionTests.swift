import Foundation
import TestSupport
import Testing
import TimeTravelJQ
import TimeTravelJSON

/// The static analysis of what a jq program reads: exact projections for the programs
/// users write, and, on generated programs and values, the same outputs (or the same
/// error) on the values read with the projection as on the whole values.
@Suite struct JQProjectionTests {
  @Test(arguments: [
    (#".action | has("addTodo")"#, #"{"action":{shape}}"#),
    (".next.todos[7].isCompleted", #"{"next":{"todos":{[7]:{"isCompleted":{}}}}}"#),
    (#"any(.todos[]; .title == "")"#, #"{"todos":{shape,[]:{"title":.}}}"#),
    (".seq >= 2", #"{"seq":.}"#),
    ("$seq > 2", "nil"),
    (".next.todos | length > 120", #"{"next":{"todos":{shape}}}"#),
    ("select(.a) | .b", #"{"a":{},"b":{}}"#),
    (".a // .b", #"{"a":{},"b":{}}"#),
    ("(.next | tojson | length) < 0", #"{"next":.}"#),
    (".a as $x | $x.b", #"{"a":{"b":{}}}"#),
    ("[.items[] | .id]", #"{"items":{shape,[]:{"id":.}}}"#),
    ("map(.id)", #"{shape,[]:{"id":.}}"#),
    (".[0].x", #"{[0]:{"x":{}}}"#),
    (".a | keys", #"{"a":{shape}}"#),
    ("reduce .items[] as $i (0; . + $i)", "."),
    ("..", "."),
    ("def f: .a; f", "."),
  ])
  func projectionsOfCommonPrograms(source: String, expected: String) throws {
    let filter = try JQFilter(source, variableNames: ["seq", "action", "prior"])
    let projection = filter.projection(reading: .truthiness)
    #expect(projection.input.map(\.description) ?? "nil" == expected, "\(source)")
  }

  /// A module's function named as one of jq's own (`first`, `any`, `values`, `map(f)`) is
  /// another function: what it reads is not what jq's reads, so its input is read whole.
  @Test func aModulesFunctionNamedAsJqsOwnIsReadWhole() throws {
    let folder = Scratch.folder.appendingPathComponent(
      "projection-module-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try """
    def first: .action.x.y;
    def any: .action.x.y == 1;
    def values: .action.x.y;
    def map(f): .action.x.y | f;
    """.write(to: folder.appendingPathComponent("m.jq"), atomically: true, encoding: .utf8)
    let modules = JQModuleSearch(paths: [folder.path])
    for source in [
      #"include "m"; first == 1"#, #"include "m"; any"#, #"include "m"; values | not"#,
      #"include "m"; map(not) == false"#, #"import "m" as m; m::first == 1"#,
    ] {
      let filter = try JQFilter(source, modules: modules)
      #expect(filter.projection(reading: .truthiness).input?.description == ".", "\(source)")
    }
    // jq's own are still followed.
    let own = try JQFilter(".action | first", modules: modules)
    #expect(own.projection(reading: .truthiness).input?.description == #"{"action":{[0]:{}}}"#)
  }

  @Test func variablesAreProjectedLikeTheInput() throws {
    let filter = try JQFilter(
      #"$prior.count < .next.count and $action.type == "add""#,
      variableNames: ["seq", "action", "prior"])
    let projection = filter.projection(reading: .truthiness)
    #expect(projection.input?.description == #"{"next":{"count":.}}"#)
    #expect(projection.variables["prior"]?.description == #"{"count":.}"#)
    #expect(projection.variables["action"]?.description == #"{"type":.}"#)
    #expect(projection.variables["seq"] == nil)
    #expect(!projection.readsEverything)
  }

  @Test func outputsUsedAsValuesAreReadWhole() throws {
    let filter = try JQFilter(".next.todos[0]")
    #expect(
      filter.projection(reading: .values).input?.description == #"{"next":{"todos":{[0]:.}}}"#)
    #expect(
      filter.projection(reading: .truthiness).input?.description == #"{"next":{"todos":{[0]:{}}}}"#)
  }

  @Test func aProgramOfItsOwnFunctionsReadsEverything() throws {
    let filter = try JQFilter("def f: $prior.a; f", variableNames: ["prior", "seq"])
    let projection = filter.projection(reading: .values)
    #expect(projection.readsEverything)
    #expect(projection.input == .whole)
    #expect(projection.variables == ["prior": .whole])
  }

  // MARK: - Generated programs

  static let keys = ["a", "b", "items", "n"]

  static func randomValue(_ random: inout SeededGenerator, depth: Int = 0) -> JSONValue {
    switch Int.random(in: 0..<(depth > 3 ? 4 : 7), using: &random) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &random))
    case 2: return .number(JSONNumber(Int.random(in: -2...5, using: &random)))
    case 3: return .string(["", "x", "abc", "é"].randomElement(using: &random)!)
    case 4, 5:
      var object = JSONObject()
      for key in keys where Bool.random(using: &random) {
        object[key] = randomValue(&random, depth: depth + 1)
      }
      return .object(object)
    default:
      return .array(
        JSONArray(
          (0..<Int.random(in: 0...3, using: &random)).map { _ in
            randomValue(&random, depth: depth + 1)
          }))
    }
  }

  static let atoms = [
    ".", ".a", ".b", ".items", ".n", ".[0]", ".[1]", ".[]", ".a?", ".[]?", "$x", "$x.a", "null",
    "1", #""x""#, "true", "length", "keys", "type", #"has("a")"#, "tojson", "not", "empty",
    "first", "values", "objects", "arrays", "map(.a)", "any", "all",
  ]

  static func randomProgram(_ random: inout SeededGenerator, depth: Int = 0) -> String {
    if depth > 2 || Int.random(in: 0..<3, using: &random) == 0 {
      return atoms.randomElement(using: &random)!
    }
    let a = randomProgram(&random, depth: depth + 1)
    let b = randomProgram(&random, depth: depth + 1)
    switch Int.random(in: 0..<14, using: &random) {
    case 0, 1, 2: return "\(a) | \(b)"
    case 3: return "\(a), \(b)"
    case 4: return "select(\(a)) | \(b)"
    case 5: return "if \(a) then \(b) else . end"
    case 6: return "(\(a)) // (\(b))"
    case 7: return "(\(a)) == (\(b))"
    case 8: return "try (\(a)) catch ."
    case 9: return "[\(a)]"
    case 10: return "\(a) as $x | \(b)"
    case 11: return "any(\(a); \(b))"
    case 12: return "(\(a)) and (\(b))"
    default: return "first(\(a))"
    }
  }

  /// `value` read with `projection`, as a scan reads a line.
  static func read(_ value: JSONValue, _ projection: JSONProjection?) throws -> JSONValue {
    guard let projection else { return .object(JSONObject()) }
    let bytes = Array(JSONPrinter.compact.print(value).utf8)
    return try bytes.withUnsafeBufferPointer { buffer in
      var cursor = try JSONCursor(buffer)
      let read = try cursor.value(reading: projection)
      try cursor.finish()
      return read
    }
  }

  static func outcome(_ filter: JQFilter, _ input: JSONValue, _ x: JSONValue) -> String {
    do {
      return try filter.evaluate(input, variables: ["x": x]).map(\.description).joined(
        separator: " ")
    } catch {
      return "error: \(error)"
    }
  }

  @Test func generatedProgramsGiveTheSameOutputsOnTheProjectedValues() throws {
    var random = SeededGenerator(seed: 24)
    var checked = 0
    for _ in 0..<3000 {
      let source = Self.randomProgram(&random)
      let program = "\(source) as $y | $y"
      guard let filter = try? JQFilter(program, variableNames: ["x"]) else { continue }
      let projection = filter.projection(reading: .values)
      for _ in 0..<4 {
        let input = Self.randomValue(&random)
        let x = Self.randomValue(&random)
        let expected = Self.outcome(filter, input, x)
        let projected = Self.outcome(
          filter, try Self.read(input, projection.input),
          try Self.read(x, projection.variables["x"]))
        #expect(
          projected == expected,
          "\(program) on \(input), $x = \(x), read as \(String(describing: projection.input))")
        checked += 1
      }
    }
    #expect(checked > 10000)
  }

  @Test func generatedPredicatesHoldAsOnTheWholeValues() throws {
    var random = SeededGenerator(seed: 7)
    for _ in 0..<3000 {
      let source = Self.randomProgram(&random)
      guard let filter = try? JQFilter(source, variableNames: ["x"]) else { continue }
      let projection = filter.projection(reading: .truthiness)
      for _ in 0..<4 {
        let input = Self.randomValue(&random)
        let x = Self.randomValue(&random)
        let expected = Result { try filter.holds(on: input, variables: ["x": x]) }
        let read = Result {
          try filter.holds(
            on: try Self.read(input, projection.input),
            variables: ["x": try Self.read(x, projection.variables["x"])])
        }
        #expect("\(read)" == "\(expected)", "\(source) on \(input), $x = \(x)")
      }
    }
  }
}
