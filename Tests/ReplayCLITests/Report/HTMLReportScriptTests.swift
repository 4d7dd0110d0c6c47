import Foundation
import TestSupport
import Testing
import TimeTravel

@testable import ReplayCLI

/// The report's JavaScript under node: it parses, and its core gives what the Swift
/// library gives: the same RFC 6902 patch from its id-aware diff (the page's "compare two
/// states"), and the same lines from its rendering (every diff pane), pair by pair.
@Suite(.enabled(if: ReduxPeer.node != nil, "needs node on PATH to run the report's JavaScript"))
struct HTMLReportScriptTests {
  static let assets = Repo.root.appendingPathComponent("Sources/ReplayCLI/Report/Assets")

  @Test(arguments: ["report-core.js", "report-view.js"])
  func theScriptParses(_ name: String) async throws {
    let result = try await ReduxPeer.node(
      ["--check", Self.assets.appendingPathComponent(name).path], in: Self.assets)
    #expect(result.status == 0, "\(result.err)")
  }

  /// Runs `core_differential.js` on `pairs` and returns its summary.
  private func differential(_ pairs: [(JSONValue, JSONValue)]) async throws -> JSONValue {
    try await differential(lines: Self.differentialLines(pairs))
  }

  /// The lines `core_differential.js` reads for `pairs`.
  static func differentialLines(_ pairs: [(JSONValue, JSONValue)]) -> String {
    var text = ""
    let renderer = DiffTextRenderer(color: false, maxValueLength: 120)
    for (old, new) in pairs {
      let changes = JSONDiff.changes(from: old, to: new)
      let patch = JSONDiff.patch(from: old, to: new)
      let line: JSONValue = [
        old, new, .string(JSONPrinter.compact.print(patch.jsonValue)),
        .string(renderer.renderStructural(old: old, new: new, changes: changes)),
        .bool(HTMLReportBuilder.reproducesExactly(patch, prior: old, next: new)),
      ]
      text += JSONPrinter.compact.print(line) + "\n"
    }
    return text
  }

  /// Runs `core_differential.js` on `text` (see ``differentialLines(_:)``).
  private func differential(lines text: String) async throws -> JSONValue {
    let file = HTMLReportSupport.temporaryPath("pairs.jsonl")
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    defer { try? FileManager.default.removeItem(atPath: file) }
    let script = Repo.root.appendingPathComponent("Tests/Report/core_differential.js").path
    let result = try await ReduxPeer.node(
      [script, Self.assets.appendingPathComponent("report-core.js").path, file], in: Self.assets)
    #expect(result.status == 0, "\(result.err)")
    return try JSONParser.parse(result.out)
  }

  @Test func theFixturesConsecutiveAndDistantStatesDiffAlike() async throws {
    let log = try LogFile(path: Repo.fixture)
    var pairs: [(JSONValue, JSONValue)] = []
    for k in 1...240 { pairs.append((try log.state(k - 1), try log.state(k))) }
    for (a, b) in [(0, 240), (100, 173), (173, 100), (50, 51), (17, 203), (240, 0)] {
      pairs.append((try log.state(a), try log.state(b)))
    }
    let summary = try await differential(pairs)
    #expect(summary["checked"] == 246)
    #expect(summary["mismatches"] == 0, "\(JSONPrinter.pretty.print(summary["first"] ?? .null))")
  }

  /// States 10,000 levels deep (objects, arrays, an id-matched array at the bottom) diff,
  /// patch and render as the Swift library does them.
  @Test func statesTenThousandLevelsDeepDiffAndRenderAlike() async throws {
    let depth = 10_000
    let open: String = String(repeating: "[", count: depth)
    let close: String = String(repeating: "]", count: depth)
    let halfOpen: String = String(repeating: "[", count: depth / 2)
    let halfClose: String = String(repeating: "]", count: depth / 2)
    let objects: String = String(repeating: #"{"a":"#, count: depth)
    let braces: String = String(repeating: "}", count: depth)
    // An element added halfway down; three elements matched by id, moved and changed.
    let added: String = [halfOpen, halfOpen, "1", halfClose, #","x""#, halfClose].joined()
    let todos: String = objects + #"[{"id":1},{"id":2},{"id":3}]"# + braces
    let moved: String = objects + #"[{"id":3},{"id":1},{"id":2,"v":0}]"# + braces
    let texts: [(String, String)] = [
      (DeepStateLog.state(0, depth: depth), DeepStateLog.state(1, depth: depth)),
      (open + "1" + close, open + "2" + close), (open + "1" + close, added), (todos, moved),
    ]
    // Deep values are built and released on the command line's big-stack thread.
    let lines = try onWorkThread {
      Self.differentialLines(
        try texts.map { (try JSONParser.parse($0.0), try JSONParser.parse($0.1)) })
    }
    let summary = try await differential(lines: lines)
    #expect(summary["checked"] == 4)
    #expect(summary["mismatches"] == 0, "\(JSONPrinter.pretty.print(summary["first"] ?? .null))")
  }

  /// The page's tree, diff, patch and search on a state 10,000 levels deep: the tree lists
  /// the levels down to `openDepth` and folds the rest, opening a folded node lists only
  /// its next levels, and a search finds the leaf and lists its path.
  @Test func aStateTenThousandLevelsDeepListsFoldedAndItsLeafIsFound() async throws {
    let script = Repo.root.appendingPathComponent("Tests/Report/deep_checks.js").path
    let result = try await ReduxPeer.node(
      [script, Self.assets.appendingPathComponent("report-core.js").path, "10000"],
      in: Self.assets)
    #expect(result.status == 0, "\(result.err)")
    let out = try JSONParser.parse(result.out)
    // Compared as compact JSON text: exact, and cheap for the type checker.
    let shown = { (key: String) in JSONPrinter.compact.print(out[key] ?? .null) }
    #expect(shown("roundTrip") == "true")
    #expect(shown("fromPlain") == "true")
    #expect(shown("equal") == "[true,false]")
    #expect(shown("diff") == #"[["replace","/label"],["replace","(the leaf)"]]"#)
    #expect(shown("patchGivesAfter") == "true")
    // Opening and closing braces for 10,000 levels, the two changes, the root's braces.
    #expect(shown("lines") == "20006")
    #expect(
      shown("folded")
        == #"{"count":27,"first":[[0,null,"open",false,true,""],[1,"\"label\"","\"v1\"",true,false,"/label"],[1,"\"deep\"","open",false,true,"/deep"],[2,"\"a\"","open",false,true,"/deep/a"]],"last":[[24,"\"a\"","open",false,true,"/deep/a/a/a/…16 more…/a/a/a/a"],[25,"\"a\"","folded",false,true,"/deep/a/a/a/…17 more…/a/a/a/a"]]}"#
    )
    #expect(
      shown("opened")
        == #"{"count":26,"first":[25,"\"a\"","open",false,true,"/deep/a/a/a/…17 more…/a/a/a/a"],"last":[50,"\"a\"","folded",false,true,"/deep/a/a/a/…42 more…/a/a/a/a"]}"#
    )
    #expect(
      shown("search")
        == #"{"complete":true,"matches":[["key","\"leaf\"",10001,"/deep/a/a/a/…9,993 more…/a/a/a/leaf"]],"pointerIsLeaf":true}"#
    )
    #expect(
      shown("revealed")
        == #"{"count":10003,"last":[10001,"\"leaf\"","1",true,false,"/deep/a/a/a/…9,993 more…/a/a/a/leaf"]}"#
    )
    #expect(out["pointer"]?[0]?[0] == .string("pointer"))
    #expect(out["pointer"]?[0]?[2] == .string("/deep/a/a"))
    #expect(
      shown("limited")
        == #"{"complete":false,"matches":[["key","\"label\"",1],["key","\"a\"",2],["key","\"a\"",3],["key","\"a\"",4],["key","\"a\"",5]]}"#
    )
    #expect(
      shown("paged")
        == #"[[0,null,"open",false,true,""],[1,"[49]","49",false,false,"/49"],["more",1,50,100],[1,"[100]","\"x\"",true,false,"/100"],["more",1,101,120]]"#
    )
  }

  @Test func randomDocumentsDiffAndRenderAlike() async throws {
    var random = SeededGenerator(seed: 0x5EED_0F_2026)
    let pairs = (0..<500).map { _ in RandomDocuments.pair(using: &random) }
    let summary = try await differential(pairs)
    #expect(summary["checked"] == 500)
    #expect(summary["mismatches"] == 0, "\(JSONPrinter.pretty.print(summary["first"] ?? .null))")
  }
}

/// Pairs of documents that exercise every branch of the diff: arrays matched by id (with
/// moves, insertions and deletions), by position (Myers), with repeated ids; members
/// added mid-object; numbers equal by value but not by text; strings that must be escaped
/// or abbreviated; keys that need `~0`, `~1` or quoting.
enum RandomDocuments {
  static let strings = [
    "Buy milk", "é", "e\u{301}", "\u{202E}gnp.exe", "😀 party", "a\"b\\c", "tab\tnew\nline",
    "", "   ", "<script>", String(repeating: "long text ", count: 16),
    String(repeating: "é", count: 130), "zero\u{200B}width",
  ]
  static let keys = ["a", "b", "id", "a/b", "m~n", "", "é", "\u{202E}k", "x y", "0", "10", "9"]
  static let numbers = [
    "0", "1", "1.0", "-0", "2.50", "1e2", "100", "12345678901234567890", "-3.25",
  ]

  static func pick<T>(_ items: [T], _ random: inout SeededGenerator) -> T {
    items[Int.random(in: 0..<items.count, using: &random)]
  }

  static func scalar(_ random: inout SeededGenerator) -> JSONValue {
    switch Int.random(in: 0..<5, using: &random) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &random))
    case 2: return .number(JSONNumber(literal: pick(numbers, &random))!)
    default: return .string(pick(strings, &random))
    }
  }

  static func value(_ depth: Int, _ random: inout SeededGenerator) -> JSONValue {
    guard depth > 0 else { return scalar(&random) }
    switch Int.random(in: 0..<4, using: &random) {
    case 0:
      var object = JSONObject()
      for _ in 0..<Int.random(in: 0...4, using: &random) {
        object[pick(keys, &random)] = value(depth - 1, &random)
      }
      return .object(object)
    case 1:
      return .array(
        JSONArray(
          (0..<Int.random(in: 0...5, using: &random)).map { _ in value(depth - 1, &random) }))
    default: return scalar(&random)
    }
  }

  static func todo(_ id: Int, _ random: inout SeededGenerator) -> JSONValue {
    [
      "id": .string("t\(id)"), "title": .string(pick(strings, &random)),
      "done": .bool(Bool.random(using: &random)),
      "n": .number(JSONNumber(literal: pick(numbers, &random))!),
    ]
  }

  static func pair(using random: inout SeededGenerator) -> (JSONValue, JSONValue) {
    let count = Int.random(in: 0...14, using: &random)
    let todos = (0..<count).map { todo($0, &random) }
    var oldObject: JSONObject = [
      "todos": .array(JSONArray(todos)),
      "tags": .array(
        JSONArray((0..<Int.random(in: 0...8, using: &random)).map { _ in scalar(&random) })),
      "dupes": .array(JSONArray([["id": 1, "v": 1], ["id": 1, "v": 2], ["id": 2, "v": 3]])),
    ]
    for key in keys.shuffled(using: &random).prefix(4) { oldObject[key] = value(2, &random) }
    var newTodos = todos
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      guard !newTodos.isEmpty else { break }
      switch Int.random(in: 0..<5, using: &random) {
      case 0: newTodos.remove(at: Int.random(in: 0..<newTodos.count, using: &random))
      case 1:
        newTodos.insert(
          todo(100 + Int.random(in: 0...50, using: &random), &random),
          at: Int.random(in: 0...newTodos.count, using: &random))
      case 2:
        newTodos.swapAt(
          Int.random(in: 0..<newTodos.count, using: &random),
          Int.random(in: 0..<newTodos.count, using: &random))
      case 3:
        let i = Int.random(in: 0..<newTodos.count, using: &random)
        var element = newTodos[i].objectValue!
        element["title"] = .string(pick(strings, &random))
        newTodos[i] = .object(element)
      default:
        let i = Int.random(in: 0..<newTodos.count, using: &random)
        var element = newTodos[i].objectValue!
        element["n"] = .number(JSONNumber(literal: pick(numbers, &random))!)
        newTodos[i] = .object(element)
      }
    }
    // Ids must stay unique for the id-aware path; an inserted duplicate takes the
    // positional path instead, which is worth covering too.
    var newObject = oldObject
    newObject["todos"] = .array(JSONArray(newTodos))
    var tags = oldObject["tags"]!.arrayValue!.elements
    if !tags.isEmpty, Bool.random(using: &random) {
      tags.remove(at: Int.random(in: 0..<tags.count, using: &random))
    }
    if Bool.random(using: &random) {
      tags.insert(scalar(&random), at: Int.random(in: 0...tags.count, using: &random))
    }
    newObject["tags"] = .array(JSONArray(tags))
    for key in keys.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random)) {
      switch Int.random(in: 0..<3, using: &random) {
      case 0: newObject[key] = nil
      case 1: newObject[key] = value(2, &random)
      default:
        // A member added mid-object: rebuild with the key in second place.
        var rebuilt = JSONObject()
        for (i, (k, v)) in zip(newObject.keys, newObject.values).enumerated() {
          if i == 1 { rebuilt[key] = scalar(&random) }
          rebuilt[k] = v
        }
        newObject = rebuilt
      }
    }
    if Int.random(in: 0..<10, using: &random) == 0 {
      return (.object(oldObject), value(2, &random))
    }
    return (.object(oldObject), .object(newObject))
  }
}
