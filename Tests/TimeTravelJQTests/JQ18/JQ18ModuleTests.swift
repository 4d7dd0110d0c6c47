import Testing

/// `import` and `include` from a search path, as jq 1.8 resolves them (recorded from libjq
/// 1.8.2 with `-L Fixtures/jq/modules`). The exact messages of the errors are in
/// ``JQModuleErrorTests``.
@Suite struct JQ18ModuleTests {
  static let cases: [JQ18Case] = [
    // import and include
    JQ18Case(modules: #"import "math" as m; 1 | m::inc, m::twice(. * 3)"#, ["2", "9"]),
    JQ18Case(modules: #"include "math"; 1 | inc"#, ["2"]),
    JQ18Case(modules: #"import "uses_math" as u; 1 | u::add2"#, ["3"]),
    JQ18Case(
      modules: #"import "uses_math" as u; u::where | [(.file | endswith("/uses_math.jq")), .line]"#,
      ["[true,3]"]),
    JQ18Case(modules: #"import "includes_math" as i; 1 | i::inc3"#, ["4"]),
    JQ18Case(modules: #"import "includes_math" as i; 1 | i::inc"#, ["compile error"]),
    JQ18Case(modules: #"import "math" as m; import "other_inc" as m; 1 | m::inc"#, ["100"]),
    JQ18Case(modules: #"import "other_inc" as m; import "math" as m; 1 | m::inc"#, ["2"]),
    JQ18Case(modules: #"include "math"; include "other_inc"; 1 | inc"#, ["100"]),
    JQ18Case(modules: #"include "other_inc"; def inc: 5; 1 | inc"#, ["5"]),
    JQ18Case(modules: #"include "other_inc"; [1] | length, inc"#, ["1", "100"]),
    JQ18Case(modules: #"import "math" as m; def f: m::inc; 1 | f"#, ["2"]),
    JQ18Case(modules: #"import "math" as m; 1 | m::twice(. + 10)"#, ["21"]),
    JQ18Case(
      modules: #"import "math" as m; "x" | m::inc"#,
      [#"error: string ("x") and number (1) cannot be added"#]),
    JQ18Case(
      modules:
        #"import "todos" as t; {todos: [{title: " ", isCompleted: false}, {title: "a", isCompleted: true}]} | t::has_blank_title, (t::open | length), t::count(.todos[])"#,
      ["true", "1", "2"]),
    JQ18Case(modules: #"import "math" as foo::bar; 1"#, ["1"]),
    JQ18Case(modules: #"import "math" as m; import "math" as m; 1 | m::inc"#, ["2"]),
    // Where modules are found
    JQ18Case(modules: #"import "greeting" as g; g::hello"#, [#""hi""#]),
    JQ18Case(modules: #"import "lib/pkg" as p; p::main"#, [#""pkg main""#]),
    JQ18Case(modules: #"import "lib/deep" as d; d::deep"#, [#""deep""#]),
    JQ18Case(modules: #"import "math" as m {search: "./lib"}; 1"#, ["compile error"]),
    JQ18Case(modules: #"import "relative_search" as r; r::g"#, ["2"]),
    JQ18Case(modules: #"import "bad_search" as b; 1"#, ["compile error"]),
    JQ18Case(modules: #"import "math" as m {search: []}; 1"#, ["compile error"]),
    JQ18Case(modules: #"import "math" as m {search: 1}; 1"#, ["compile error"]),
    // Data modules
    JQ18Case(
      modules: #"import "config" as $c; $c, $c::c"#,
      [#"[{"limit":3,"names":["a","b"]}]"#, #"[{"limit":3,"names":["a","b"]}]"#]),
    JQ18Case(modules: #"import "two_values" as $t; $t"#, [#"[{"a":1},{"b":2}]"#]),
    JQ18Case(modules: #"import "imports_data" as i; i::limit_from_data"#, ["3"]),
    JQ18Case(modules: #"import "broken_data" as $d; 1"#, ["compile error"]),
    JQ18Case(modules: #"import "config" as c; 1"#, ["compile error"]),
    JQ18Case(modules: #"import "math" as $m; 1"#, ["compile error"]),
    // Errors
    JQ18Case(modules: #"import "missing" as n; 1"#, ["compile error"]),
    JQ18Case(modules: #"import "cycle_a" as c; 1"#, ["compile error"]),
    JQ18Case(modules: #"import "broken" as b; 1"#, ["compile error"]),
    JQ18Case(modules: #"import "has_main" as h; 1"#, ["compile error"]),
    JQ18Case(modules: #"import "../etc/passwd" as x; 1"#, ["compile error"]),
    JQ18Case(modules: #"import "greeting/greeting" as g; 1"#, ["compile error"]),
    JQ18Case(modules: #"import "a\\b" as x; 1"#, ["compile error"]),
    JQ18Case(modules: #"import "math.jq" as m; 1"#, ["compile error"]),
    JQ18Case(modules: #"import "/etc/passwd" as x; 1"#, ["compile error"]),
    JQ18Case(modules: #"import "math" as m; m::nope"#, ["compile error"]),
    JQ18Case(modules: #"import "math" as m; inc"#, ["compile error"]),
    JQ18Case(modules: #"1 | import "math" as m; m::inc"#, ["compile error"]),
    JQ18Case(modules: #"def f: import "math" as m; 1; f"#, ["compile error"]),
    JQ18Case(modules: "import 1 as m; 1", ["compile error"]),
    JQ18Case(modules: #"import "math" as m {x: now}; 1"#, ["compile error"]),
    JQ18Case(modules: #"import "math"; 1"#, ["compile error"]),
    JQ18Case(modules: #"include "math" as m; 1"#, ["compile error"]),
    // Module metadata
    JQ18Case(
      modules: #""greeting" | modulemeta"#,
      [#"{"name":"greeting","version":1,"deps":[],"defs":["hello/0"]}"#]),
    JQ18Case(
      modules: #""uses_math" | modulemeta"#,
      [#"{"deps":[{"as":"m","is_data":false,"relpath":"math"}],"defs":["add2/0","where/0"]}"#]),
    JQ18Case(
      modules: #""bad_search" | modulemeta"#,
      [#"{"deps":[{"search":"./lib","as":"m","is_data":false,"relpath":"math"}],"defs":["f/0"]}"#]),
    JQ18Case(modules: #""missing" | modulemeta"#, ["error: module not found: missing"]),
    JQ18Case(modules: "1 | modulemeta", ["error: modulemeta input module name must be a string"]),
    JQ18Case(
      modules: #""includes_math" | modulemeta"#,
      [#"{"deps":[{"is_data":false,"relpath":"math"}],"defs":["inc3/0"]}"#]),
    JQ18Case(modules: #"module {"x": 1}; 1"#, ["1"]),
    JQ18Case(modules: "get_search_list | length", ["1"]),
  ]

  @Test func answersAsJQ18() {
    for c in Self.cases { c.check() }
  }
}
