import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelDiff
@testable import TimeTravelJSON

@Suite struct DiffTests {
  func json(_ text: String) throws -> JSONValue { try JSONParser.parse(text) }
  func ptr(_ text: String) throws -> JSONPointer { try JSONPointer(parsing: text) }

  func todos(_ count: Int, titled title: (Int) -> String = { "Task \($0)" }) -> [JSONValue] {
    (0..<count).map { i in
      .object([
        "id": .string("todo-\(i)"), "isCompleted": .bool(i % 3 == 0), "title": .string(title(i)),
      ])
    }
  }

  @Test func equalValuesHaveNoChanges() throws {
    #expect(JSONDiff.changes(from: try json("1.0"), to: try json("1")).isEmpty)
    #expect(
      JSONDiff.changes(from: try json(#"{"a":1,"b":[1,2]}"#), to: try json(#"{"b":[1,2.0],"a":1}"#))
        .isEmpty)
  }

  @Test func oneFieldInsideElementThree() throws {
    let old = JSONValue.object(["todos": .array(JSONArray(todos(6)))])
    var list = todos(6)
    list[3] = .object(["id": "todo-3", "isCompleted": true, "title": "Buy oat milk"])
    let new = JSONValue.object(["todos": .array(JSONArray(list))])
    #expect(
      JSONDiff.changes(from: old, to: new) == [
        JSONChange(
          op: .replace, path: try ptr("/todos/3/title"), old: "Task 3", new: "Buy oat milk")
      ])
    // Without ids, positional Myers pairs the two versions and diffs inside.
    let noIDs = DiffOptions(idKeys: [])
    #expect(
      JSONDiff.changes(from: old, to: new, options: noIDs) == [
        JSONChange(
          op: .replace, path: try ptr("/todos/3/title"), old: "Task 3", new: "Buy oat milk")
      ])
  }

  @Test func nullVersusMissingKey() throws {
    let changes = JSONDiff.changes(
      from: try json(#"{"a":null,"b":1,"c":2}"#), to: try json(#"{"c":3,"b":1,"d":null}"#))
    #expect(
      changes == [
        JSONChange(op: .replace, path: try ptr("/c"), old: 2, new: 3),
        JSONChange(op: .add, path: try ptr("/d"), new: .null),
        JSONChange(op: .remove, path: try ptr("/a"), old: .null),
      ])
  }

  @Test func deleteFromFrontOfTenThousand() throws {
    let list = todos(10_000)
    let old = JSONValue.object(["todos": .array(JSONArray(list))])
    let new = JSONValue.object(["todos": .array(JSONArray(list.dropFirst()))])
    let expected = [JSONChange(op: .remove, path: try ptr("/todos/0"), old: list[0])]
    #expect(JSONDiff.changes(from: old, to: new) == expected)
    #expect(JSONDiff.changes(from: old, to: new, options: DiffOptions(idKeys: [])) == expected)
  }

  @Test func movedElementIsOneMove() throws {
    let list = todos(5)
    let old = JSONValue.object(["todos": .array(JSONArray(list))])
    let new = JSONValue.object(["todos": .array([list[2], list[0], list[1], list[3], list[4]])])
    let changes = JSONDiff.changes(from: old, to: new)
    #expect(
      changes == [
        JSONChange(
          op: .move, path: try ptr("/todos/0"), from: try ptr("/todos/2"), new: list[2])
      ])
    #expect(try JSONDiff.patch(from: old, to: new).apply(to: old) == new)
  }

  @Test func removesThenInsertsThenMovesInPatchOrder() throws {
    let list = todos(6)
    let old = JSONValue.array(JSONArray(list))
    let extra = JSONValue.object(["id": "todo-new", "title": "New"])
    let new = JSONValue.array([list[5], list[0], extra, list[2], list[3], list[1]])
    #expect(
      JSONDiff.changes(from: old, to: new) == [
        JSONChange(op: .remove, path: try ptr("/4"), old: list[4]),
        // The patch moves the element now at 4 (`from`), which was at 5 (`oldPath`).
        JSONChange(
          op: .move, path: try ptr("/0"), from: try ptr("/4"), oldPath: try ptr("/5"),
          newPath: nil, new: list[5]),
        JSONChange(op: .add, path: try ptr("/2"), new: extra),
        JSONChange(
          op: .move, path: try ptr("/5"), from: try ptr("/3"), oldPath: try ptr("/1"),
          newPath: nil, new: list[1]),
      ])
    #expect(try JSONDiff.patch(from: old, to: new).apply(to: old) == new)
  }

  @Test func bigIntegers() throws {
    let changes = JSONDiff.changes(
      from: try json(#"{"n":9007199254740993,"m":1.0}"#),
      to: try json(#"{"n":9007199254740992,"m":1}"#))
    #expect(
      changes == [
        JSONChange(
          op: .replace, path: try ptr("/n"), old: try json("9007199254740993"),
          new: try json("9007199254740992"))
      ])
    #expect(
      DiffTextRenderer().renderLines(changes) == ["~ /n: 9007199254740993 → 9007199254740992"])
  }

  /// `value` inside `depth` one-element arrays.
  static func nested(_ value: JSONValue, depth: Int) -> JSONValue {
    var result = value
    for _ in 0..<depth { result = .array([result]) }
    return result
  }

  @Test func hundredThousandDeep() throws {
    let depth = 100_000
    let (old, new) = (Self.nested(1, depth: depth), Self.nested(2, depth: depth))
    let changes = JSONDiff.changes(from: old, to: new)
    #expect(changes.count == 1)
    #expect(changes.first?.path.tokens == Array(repeating: "0", count: depth))
    #expect(changes.first?.old == 1)
    #expect(changes.first?.new == 2)
    #expect(try JSONDiff.patch(from: old, to: new).apply(to: old) == new)
  }

  /// Indentation stops at 100 levels, so a deep change prints in output linear in its
  /// depth (uncapped, 100,000 levels printed 10^10 spaces and ran out of memory).
  @Test func deepChangesRenderStructurallyWithCappedIndentation() throws {
    let depth = 2_000
    let (old, new) = (Self.nested(1, depth: depth), Self.nested(2, depth: depth))
    let changes = JSONDiff.changes(from: old, to: new)
    let lines = DiffTextRenderer().renderStructural(old: old, new: new, changes: changes)
      .split(separator: "\n")
    #expect(lines.count == 2 * depth + 2)
    #expect(lines[0] == "  [")
    #expect(lines[1] == "    [0]: [")
    #expect(lines[100] == "  " + String(repeating: "  ", count: 100) + "[0]: [")
    #expect(lines[1000] == lines[100])
    #expect(lines[depth] == "- " + String(repeating: "  ", count: 100) + "[0]: 1")
    #expect(
      lines[depth + 1]
        == "+ " + String(repeating: "  ", count: 100) + "[0]: 2  // /"
        + Array(repeating: "0", count: depth).joined(separator: "/"))
    #expect(lines.last == "  ]")
  }

  @Test func typeChangesAndScalarsReplaceWhole() throws {
    #expect(
      JSONDiff.changes(from: try json(#"{"a":[1]}"#), to: try json(#"{"a":{"0":1}}"#)) == [
        JSONChange(op: .replace, path: try ptr("/a"), old: [1], new: ["0": 1])
      ])
    #expect(
      JSONDiff.changes(from: 1, to: "1") == [
        JSONChange(op: .replace, path: .root, old: 1, new: "1")
      ])
  }

  @Test func myersMinimalScript() throws {
    let changes = JSONDiff.changes(
      from: try json(#"["a","b","c","d","e"]"#), to: try json(#"["a","x","c","e","f"]"#))
    #expect(
      changes == [
        JSONChange(op: .remove, path: try ptr("/3"), old: "d"),
        JSONChange(op: .add, path: try ptr("/4"), new: "f"),
        JSONChange(op: .replace, path: try ptr("/1"), old: "b", new: "x"),
      ])
  }

  @Test func renderLinesExactly() throws {
    let changes = [
      JSONChange(
        op: .replace, path: try ptr("/todos/3/title"), old: "Buy milk", new: "Buy oat milk"),
      JSONChange(
        op: .add, path: try ptr("/todos/5"),
        new: ["id": "todo-006", "isCompleted": false, "title": "   "]),
      JSONChange(op: .remove, path: try ptr("/todos/0"), old: ["id": "todo-001"]),
      JSONChange(op: .move, path: try ptr("/todos/0"), from: try ptr("/todos/2"), new: 1),
    ]
    #expect(
      DiffTextRenderer().renderLines(changes) == [
        #"~ /todos/3/title: "Buy milk" → "Buy oat milk""#,
        #"+ /todos/5: {"id":"todo-006","isCompleted":false,"title":"   "}"#,
        #"- /todos/0: {"id":"todo-001"}"#,
        "↷ /todos/2 → /todos/0",
      ])
    let short = DiffTextRenderer(maxValueLength: 10)
    #expect(
      short.renderLines([changes[2], JSONChange(op: .add, path: .root, new: "abcdefghijklmnop")])
        == [#"- /todos/0: {"id":"to…"#, #"+ (root): "abcdefg…""#])
    #expect(
      DiffTextRenderer(color: true).renderLines([changes[3]]) == [
        "\u{1B}[36m↷ /todos/2 → /todos/0\u{1B}[0m"
      ])
  }

  @Test func controlCharactersArePrintedEscaped() throws {
    let evil = "\u{1B}[2J\u{1B}]0;pwned\u{07}\u{202E}txt"
    let changes = JSONDiff.changes(
      from: .object([evil: "a"]), to: .object([evil: .string(evil)]))
    let lines = DiffTextRenderer().renderLines(changes)
    #expect(
      lines == [
        #"~ "/\u001b[2J\u001b]0;pwned\u0007\u202etxt": "a" → "\u001b[2J\u001b]0;pwned\u0007\u202etxt""#
      ])
    for line in lines + DiffTextRenderer(maxValueLength: 8).renderLines(changes) {
      #expect(!line.unicodeScalars.contains("\u{1B}"))
      #expect(!line.unicodeScalars.contains("\u{202E}"))
    }
  }
}
