import TestSupport
import Testing
import TimeTravelJSON

@testable import TimeTravelJQ

/// `JQFilter.holds` computes a filter of one-output steps without the evaluator
/// (``PureExpression``); it must answer as the evaluator does, error for error, on inputs
/// of every kind, and leave every other filter to the evaluator.
@Suite struct PureExpressionTests {
  /// Filters that are pure expressions: paths, `has`, comparisons, `and`/`or`, builtins
  /// called with such arguments, and the steps that fail on some inputs (`.a` of a
  /// string, `has` of a number, `1 - "a"`).
  static let pure = [
    ".", ".action", ".action | has(\"addTodo\")", ".action.type == \"toggle\"",
    ".a.b.c", ".[\"a\"]", ".a[0]", ".a[.k]", ".seq > 3 and .seq <= 10", ".x or .y",
    "(.a | length) > 1", ".a | startswith(\"ab\")", ".a | type == \"object\"",
    ".a | has(0)", "has(\"a\") and (.a | has(\"b\"))", ".n - 1 < 0", "1 - .a", ".n > -1", "-.n",
    ".a | ascii_downcase == \"x\"", ".a | tojson | length", ".a | contains(\"b\")",
    ".a == null", "false or .a.b", "$__loc__ | has(\"file\")",
    "any(.a[]; . > 1)", "all(.a[]; . == 1)", "any(.[]; .b == 1)", "all(.a[]; has(\"b\"))",
    "any(.todos[]; .title == \"\")", "all(.todos[]; .title | length > 0) == false",
  ]

  /// Filters that are not: they have several outputs or none, catch errors, bind or read
  /// variables, or call builtins with effects.
  static let notPure = [
    ".a?", ".[]", "empty", ".a, .b", "select(.a)", ". as $x | $x",
    "error(\"x\")", "input", "if .a then 1 else 2 end", ".a // 1", "[.a]", "{a: 1}",
    "not", "try .a catch 1", "debug", "any(.a; . > 1)", "any(.a[]?; .)", "any(.[]; .a, .b)",
    "all(.[]; select(.))", "any(.[] | .a; .)",
  ]

  static let inputs: [JSONValue] = [
    .null, true, 0, -1.5, "ab", "AB", [], [1, 2], ["a": 1], ["a": "abc"], ["a": ["b": 1]],
    ["action": ["addTodo": ["id": "t1"]], "seq": 4], ["action": ["type": "toggle"]],
    ["action": "toggle"], ["a": [1, 2, 3], "k": 1], ["a": ["b": ["c": false]]],
    ["seq": 11], ["x": false, "y": 0], ["n": "s"], ["a": ["b": 2], "k": "b"],
    ["todos": [["title": "a"], ["title": ""], ["title": 1]]], ["todos": [["title": 1], 2]],
    ["todos": [["title": "a"]]], ["todos": [2, ["title": ""]]], ["a": [2, "x"]], ["a": ["x", 2]],
    ["a": [["b": 1], ["c": 1]]], ["a": [1, 1]], ["a": []], ["todos": []],
  ]

  @Test func pureFiltersAreRecognisedAndOthersAreNot() throws {
    for source in Self.pure {
      #expect(try JQFilter(source).pure != nil, "\(source)")
    }
    for source in Self.notPure {
      #expect(try JQFilter(source).pure == nil, "\(source)")
    }
  }

  /// `holds` on every input is what the evaluator's last output says, or its error.
  @Test func holdsAnswersAsTheEvaluatorDoes() throws {
    for source in Self.pure {
      let filter = try JQFilter(source)
      for input in Self.inputs {
        let expected = Result { () throws(JQRuntimeError) in
          try filter.evaluate(input).last?.isTruthy ?? false
        }
        let held = Result { () throws(JQRuntimeError) in try filter.holds(on: input) }
        #expect(held == expected, "\(source) on \(input)")
      }
    }
  }

  /// Random paths and comparisons over random values: the expression's value is the
  /// evaluator's only output, and it gives none exactly where the evaluator fails.
  @Test func randomExpressionsAgreeWithTheEvaluator() throws {
    var rng = SeededGenerator(seed: 2412)
    let keys = ["a", "b", "action", "\"0\""]
    func path() -> String {
      (0..<(1 + rng.below(3))).map { step in
        rng.below(4) == 0
          ? "\(step == 0 ? "." : "")[\(rng.below(3))]" : ".\(keys[rng.below(keys.count)])"
      }.joined()
    }
    let literals = ["null", "1", "\"x\"", "true", "-2.5", "\"\""]
    for _ in 0..<400 {
      let source: String
      switch rng.below(4) {
      case 0: source = path()
      case 1: source = "\(path()) | has(\"\(["a", "b", "0"][rng.below(3)])\")"
      case 2:
        let ops = ["==", "!=", "<", ">=", "+", "-"]
        source = "\(path()) \(ops[rng.below(ops.count)]) \(literals[rng.below(literals.count)])"
      default: source = "\(path()) and (\(path()) | length > 0) or \(path())"
      }
      let filter = try JQFilter(source)
      let pure = try #require(filter.pure, "\(source)")
      var value = rng.below(2) == 0 ? JSONValue.null : ["a": ["b": [1, "x"]], "action": "s"]
      if rng.below(3) == 0 { value = ["a": [["action": ["0": 1]], ["b": []]], "b": "text"] }
      let outputs = Result { () throws(JQRuntimeError) in try filter.evaluate(value) }
      switch outputs {
      case .success(let values):
        #expect(values.count == 1, "\(source)")
        #expect(pure.value(on: value) == values.first, "\(source) on \(value)")
      case .failure:
        #expect(pure.value(on: value) == nil, "\(source) on \(value)")
      }
    }
  }
}
