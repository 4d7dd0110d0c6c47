import Testing

/// jq 1.8's syntax: `label`/`break`, destructuring alternatives `?//`, unary minus before
/// any term, `reduce`/`foreach` over any expression, `{$k: v}` and `$__loc__` (recorded from
/// libjq 1.8.2).
@Suite struct JQ18SyntaxTests {
  static let cases: [JQ18Case] = [
    // label and break
    JQ18Case("[label $f | 1, break $f, 2]", ["[1]"]),
    JQ18Case("[label $f | .[] | if . == 2 then break $f else . end]", "[1,2,3]", ["[1]"]),
    JQ18Case("label $f | try break $f catch .", [#"{"__jq":0}"#]),
    JQ18Case("[label $a | label $b | 1, break $a, 2]", ["[1]"]),
    JQ18Case("[label $a | label $b | 1, break $b, 2]", ["[1]"]),
    JQ18Case("break $x", ["compile error"]),
    JQ18Case("[label $f | def g: break $f; 1, g, 2]", ["[1]"]),
    JQ18Case("[(label $f | 1, break $f), 3]", ["[1,3]"]),
    JQ18Case("[.[] | label $f | ., break $f, 9]", "[1,2]", ["[1,2]"]),
    JQ18Case(
      "[label $f | reduce .[] as $x (0; if $x == 2 then break $f else . + $x end)]", "[1,2]", ["[]"]
    ),
    JQ18Case(
      "[label $out | foreach .[] as $item (0; . + $item; if . > 1 then ., break $out else . end)]",
      "[1,2,3]", ["[1,3]"]),
    JQ18Case(#"[label $f | try (break $f) catch "c"]"#, [#"["c"]"#]),
    JQ18Case("[label $f | (break $f)?]", ["[]"]),
    JQ18Case("[label $f | first(break $f)]", ["[]"]),
    JQ18Case("path(label $f | .[0], break $f)", "[1,2]", ["[0]"]),
    JQ18Case("label $f | $f", ["compile error"]),
    JQ18Case("[1 + label $f | 2]", ["compile error"]),
    // Destructuring alternatives
    JQ18Case("[.[] as [$a] ?// $a | $a]", "[[1,2],3]", ["[1,3]"]),
    JQ18Case("[.[] as [$a, $b] ?// $a | [$a, $b]]", "[[1,2],3]", ["[[1,2],[3,null]]"]),
    JQ18Case("[.[] as [$a] ?// $b | [$a, $b]]", "[[1,2],3]", ["[[1,null],[null,3]]"]),
    JQ18Case("[.[] as {a: $x} ?// [$x] ?// $x | $x]", #"[{"a":1},[2],3]"#, ["[1,2,3]"]),
    JQ18Case(
      #".[] as [$a] ?// [$b] | if $a != null then error("err: \($a)") else {$a, $b} end"#, "[[3]]",
      [#"{"a":null,"b":3}"#]),
    JQ18Case(
      #"try (.[] as [$a] ?// $a | $a, error("y")) catch ."#, "[[1,2],3]", ["1", "[1,2]", #""y""#]),
    JQ18Case(
      #"[(.[] as [$a] ?// $a | $a) | if . == 1 then error("x") else . end]"#, "[[1,2],3]",
      ["[[1,2],3]"]),
    JQ18Case(". as [$a] ?// [$a, $b] ?// $c | [$a, $b, $c]", "[[1,2],3]", ["[[1,2],null,null]"]),
    JQ18Case("reduce .[] as [$a] ?// $a (0; . + $a)", "[[1],2]", ["3"]),
    JQ18Case("[foreach .[] as {a: $a} ?// $a (0; . + $a)]", #"[{"a":1},2]"#, ["[1,3]"]),
    // Unary minus before any term
    JQ18Case("-.", ["error: null (null) cannot be negated"]),
    JQ18Case("-.", "[1,2]", ["error: array ([1,2]) cannot be negated"]),
    JQ18Case("try -. catch .", #""a""#, [#""string (\"a\") cannot be negated""#]),
    JQ18Case("-reduce .[] as $x (0; . + $x)", "[1,2]", ["-3"]),
    JQ18Case("-1 as $x | 2", ["2"]),
    JQ18Case("[-1 as $x | $x, 3]", ["[-1,3]"]),
    JQ18Case("[-1 - 2, -2 * 3, - 2 + 1, 1 - -1]", ["[-3,-6,-1,2]"]),
    JQ18Case("[-(1, 2)]", ["[-1,-2]"]),
    JQ18Case("-.[0] + 5", "[1,2]", ["4"]),
    JQ18Case("-.[1:]", "[1,2]", ["error: array ([2]) cannot be negated"]),
    JQ18Case("[-(.[0])?]", "[1,2]", ["[-1]"]),
    JQ18Case("- try error(1) catch .", ["-1"]),
    JQ18Case("-if true then 1 else 2 end", ["-1"]),
    JQ18Case("[.[] | -.] ", "[1,-2]", ["[-1,2]"]),
    JQ18Case("- - 1", ["1"]),
    JQ18Case("{a: -1}", [#"{"a":-1}"#]),
    JQ18Case("-.a?", #"{"a": 2}"#, ["-2"]),
    // reduce and foreach over any expression without , or |
    JQ18Case("reduce .[] / .[] as $i (0; . + $i)", "[1,2]", ["4.5"]),
    JQ18Case("[foreach .[] * 2 as $i (0; . + $i)]", "[1,2]", ["[2,6]"]),
    JQ18Case("reduce .[] // 5 as $x (0; . + $x)", "[1,2]", ["3"]),
    JQ18Case("reduce .[] and true as $x (0; [., $x])", "[1,2]", ["[[0,true],true]"]),
    JQ18Case("reduce .[] = 3 as $x (0; [., $x])", "[1,2]", ["[0,[3,3]]"]),
    JQ18Case("reduce -.[] as $x (0; . + $x)", "[1,2]", ["-3"]),
    JQ18Case("reduce .[], 10 as $x (0; . + $x)", "[1,2]", ["compile error"]),
    JQ18Case("reduce .[] | . as $x (0; . + $x)", "[1,2]", ["compile error"]),
    JQ18Case("reduce (.[] as $y | $y) as $x (0; . + $x)", "[1,2]", ["3"]),
    // What `as` binds: everything left of it up to `,`, `|` or a bracket
    JQ18Case("1 + . as $x | [$x]", "5", ["[6]"]),
    JQ18Case("1 < . as $x | [$x]", "5", ["[true]"]),
    JQ18Case("1 // . as $x | [$x]", "5", ["[1]"]),
    JQ18Case(
      ". <= . as {a: $v} | $v", #"{"a":1}"#, [#"error: Cannot index boolean with string ("a")"#]),
    JQ18Case("[1, . as $x | [$x], 7]", "5", ["[1,[5],7]"]),
    JQ18Case("1 + . as $x | $x + 2", "5", ["8"]),
    JQ18Case("[1 + -. as $x | $x]", "5", ["[-4]"]),
    JQ18Case("1 + reduce (1, 2) as $x (0; . + $x) as $y | [$y]", ["[4]"]),
    JQ18Case("{a: . as $x | $x}", ["compile error"]),
    // `//` binds looser than assignment
    JQ18Case("{} | .a = .b // 1", [#"{"a":null}"#]),
    JQ18Case("{} | .a |= . // 1", [#"{"a":null}"#]),
    JQ18Case("{} | .a += 1 // 2", [#"{"a":1}"#]),
    // A definition or a label starts a pipe: at the start, or after `,`
    JQ18Case("[1, def f: 3; f]", ["[1,3]"]),
    JQ18Case("[1, label $out | 2]", ["[1,2]"]),
    JQ18Case(". * def f(g): 1; f(.)", ["compile error"]),
    JQ18Case("1 + def f: 3; f", ["compile error"]),
    JQ18Case("(def f: 3; f) + 1", ["4"]),
    // Object construction
    JQ18Case(#""a" as $k | {$k: 1}"#, [#"{"a":1}"#]),
    JQ18Case("{$__loc__}", [#"{"__loc__":{"file":"<top-level>","line":1}}"#]),
    JQ18Case(#"1 as $x | {$x, "y": 2}"#, [#"{"x":1,"y":2}"#]),
    JQ18Case(#"{"a": 1} as $o | {$o: 2}"#, [#"error: Cannot use object ({"a":1}) as object key"#]),
    JQ18Case("{if: 1, then: 2, and: 3, reduce: 4}", [#"{"if":1,"then":2,"and":3,"reduce":4}"#]),
    JQ18Case(#"{("a", "b"): 1}"#, [#"{"a":1}"#, #"{"b":1}"#]),
    // $__loc__
    JQ18Case("$__loc__", [#"{"file":"<top-level>","line":1}"#]),
    JQ18Case("1 |\n  $__loc__", [#"{"file":"<top-level>","line":2}"#]),
    JQ18Case(#""\($__loc__.line)""#, [#""1""#]),
    JQ18Case("def f: $__loc__; \n\n f", [#"{"file":"<top-level>","line":1}"#]),
    JQ18Case("[1,\n2] | $__loc__.line", ["2"]),
  ]

  @Test func answersAsJQ18() {
    for c in Self.cases { c.check() }
  }
}
