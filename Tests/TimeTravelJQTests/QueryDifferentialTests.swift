import Foundation
import TestSupport
import Testing
import TimeTravel
import TimeTravelJQ
import TimeTravelJSON

/// Compares our evaluator with the system jq on pseudo-random to-do states.
/// The system jq is 1.6, so the filters avoid where 1.6 and 1.7 differ
/// (error wording, `limit(0)`, `@text` of numbers, `1.0` printing), and
/// outputs are compared by value, not text.
@Suite struct QueryDifferentialTests {

  static let filters: [String] = [
    ".", ".todos", ".todos[0]", ".todos[-1].title", ".todos[].id", "[.todos[] | .title]",
    ".todos | length", ".filter, .isLoading", #"any(.todos[]; .title | test("^\\s*$"))"#,
    #"all(.todos[]; .title | test("[a-z]"; "i"))"#, ".todos | map(select(.isCompleted))",
    ".todos | map(.priority) | add", ".todos | map(.priority) | sort",
    ".todos | sort_by(.priority)",
    ".todos | group_by(.isCompleted) | map(length)", ".todos | unique_by(.priority) | map(.id)",
    ".todos | min_by(.priority), max_by(.priority)", "keys", "[paths] | length",
    "[paths(scalars)] | length", "del(.todos[0], .count)", "to_entries | map(.key)",
    "with_entries(select(.value | type == \"boolean\"))", ".todos[]? | .tags | join(\",\")",
    "[.todos[].tags[]] | unique", ".count + 1, .count - 3, .count * 2", ".count % 7",
    "[.todos[] | .priority / 4]", ".todos | map(.title | ascii_downcase)",
    "[.todos[] | .title | length]", "[.todos[] | .meta // \"none\"]",
    "reduce .todos[] as $t (0; . + $t.priority)", "if .isLoading then \"busy\" else .filter end",
    "[.todos[] | {id, done: .isCompleted}]", ".todos | map(has(\"meta\"))",
    "[.. | numbers] | length", "[.. | strings] | sort | .[0:3]", ".todos[1:3] | map(.id)",
    "tojson | fromjson == .", ".todos | map(.tags | contains([\"work\"]))",
    ".todos | first, last", "[limit(2; .todos[])] | length", "[.todos[] | .title | split(\" \")]",
    ".todos | map(.title | startswith(\"B\"))", "[.todos[].meta | select(. != null) | keys]",
    ".todos as [$a, $b] | [$a.id, $b.id]", "[.todos[] | .priority | tostring]",
    "(.todos[0].title = \"x\") | .todos[0]", ".todos |= map(.priority *= 2) | .todos[0]",
  ]

  typealias Generator = SeededGenerator

  static func makeState(_ g: inout Generator) -> JSONValue {
    let words = ["Buy", "milk", "call", "Mom", "", " ", "walk dog", "Éclair", "tax", "work"]
    var todos: [JSONValue] = []
    for i in 0..<g.below(5) {
      var title = (0..<g.below(3)).map { _ in words[g.below(words.count)] }.joined(separator: " ")
      if g.below(6) == 0 { title = "   " }
      let bigRange = 1 << 53
      let priority: JSONValue =
        g.below(4) == 0
        ? .number(JSONNumber(g.below(2 * bigRange) - bigRange))
        : .number(JSONNumber(g.below(200) - 50))
      var todo: JSONObject = [
        "id": .string("todo-\(i)"), "title": .string(title), "isCompleted": .bool(g.below(2) == 0),
        "priority": priority,
        "tags": .array(JSONArray((0..<g.below(3)).map { _ in ["work", "home", "x"][g.below(3)] })),
      ]
      if g.below(3) == 0 {
        todo["meta"] =
          g.below(2) == 0 ? .null : ["due": .number(JSONNumber(g.below(30))), "note": "n"]
      }
      todos.append(.object(todo))
    }
    return [
      "filter": .string(["all", "active", "done"][g.below(3)]), "isLoading": .bool(g.below(2) == 0),
      "count": .number(JSONNumber(g.below(1000) - 500)), "todos": .array(JSONArray(todos)),
    ]
  }

  static func systemJQ(_ filter: String, _ input: String) async throws -> (
    lines: [String], errors: Int
  ) {
    let run = try await CompletedProcess.run(
      try #require(PeerResources.systemJQ), ["-c", filter], input: input)
    let lines = run.out.split(separator: "\n").map(String.init)
    let errors = run.err.components(separatedBy: "jq: error").count - 1
    return (lines, errors)
  }

  // Without a jq on PATH there is nothing to compare with: skipped, with the reason.
  @Test(.enabled(if: PeerResources.systemJQ != nil, "needs jq on PATH to compare with"))
  func matchesSystemJQ() async throws {
    var g = Generator(seed: 20_260_105)
    let states = (0..<60).map { _ in Self.makeState(&g) }
    let input = states.map { JSONPrinter.compact.print($0) }.joined(separator: "\n") + "\n"
    var compared = 0
    for source in Self.filters {
      let filter = try JQFilter(source)
      var ours: [JSONValue] = []
      var ourErrors = 0
      for state in states {
        do { ours += try filter.evaluate(state) } catch { ourErrors += 1 }
      }
      let theirs = try await Self.systemJQ(source, input)
      let theirValues = try theirs.lines.map { try JSONParser.parse($0) }
      compared += theirValues.count
      #expect(ourErrors == theirs.errors, "errors differ for \(source)")
      #expect(ours.count == theirValues.count, "output counts differ for \(source)")
      for (index, (a, b)) in zip(ours, theirValues).enumerated() where a != b {
        Issue.record(
          "\(source): output \(index): ours \(JSONPrinter.compact.print(a)), jq \(JSONPrinter.compact.print(b))"
        )
        break
      }
    }
    print("QueryDifferentialTests: \(Self.filters.count) filters, \(compared) jq outputs compared")
    #expect(compared > 1000)
  }
}
