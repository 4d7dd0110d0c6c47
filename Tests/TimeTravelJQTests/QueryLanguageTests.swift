import Foundation
import TestSupport
import Testing
import TimeTravel
import TimeTravelJQ
import TimeTravelJSON

@Suite struct QueryLanguageTests {
  @Test func construction() throws {
    #expect(
      try jq("{a: (1,2), b: (3,4)}") == [
        #"{"a":1,"b":3}"#, #"{"a":1,"b":4}"#, #"{"a":2,"b":3}"#, #"{"a":2,"b":4}"#,
      ])
    #expect(
      try jq(#"1 as $x | {$x, "y": 2, ("z" + "z"): 3, a}"#, #"{"a":0}"#) == [
        #"{"x":1,"y":2,"zz":3,"a":0}"#
      ])
    #expect(try jq(#""\(1,2) \(3,4)""#) == [#""1 3""#, #""2 3""#, #""1 4""#, #""2 4""#])
    #expect(try jq("[(1,2) + (10,20)]") == ["[11,12,21,22]"])
  }

  @Test func arithmetic() throws {
    #expect(
      try jq(#"null + 1, "a" + "b", [1,2,1] - [1], {"a":1} + {"b":2}, "ab" * 2, 7 % 3"#) == [
        "1", #""ab""#, "[2]", #"{"a":1,"b":2}"#, #""abab""#, "1",
      ])
    #expect(
      try jq(#"{"a":{"b":1}} * {"a":{"c":2}}, "a,b" / ",", -(1, -2)"#) == [
        #"{"a":{"b":1,"c":2}}"#, #"["a","b"]"#, "-1", "2",
      ])
    #expect(
      try jqRuntimeError("1 / 0")
        == "number (1) and number (0) cannot be divided because the divisor is zero")
  }

  @Test func controlFlow() throws {
    #expect(
      try jq("if . then 1 elif . == false then 2 else 3 end, if . then 4 end", "false") == [
        "2", "false",
      ])
    #expect(try jq("reduce .[] as $x (0; . + $x)", "[1,2,3]") == ["6"])
    #expect(try jq("[foreach .[] as $x (0; . + $x; [$x, .])]", "[1,2]") == ["[[1,1],[2,3]]"])
    #expect(
      try jq(#"try error("x") catch ., (.a // "d"), [.[]?]"#, "{}") == [#""x""#, #""d""#, "[]"])
    #expect(try jq("def f(g): [g, g]; def inc($n): . + $n; f(inc(1))", "1") == ["[2,2]"])
    #expect(try jq(". as [$a, {b: $c}] | [$a, $c]", #"[1, {"b": 2}]"#) == ["[1,2]"])
    #expect(try jq("[first(range(10; 0; -3)), limit(2; repeat(. * 2))]", "1") == ["[10,2,2]"])
  }

  @Test func pathsAndUpdates() throws {
    let doc = #"{"a":[1,2,3],"b":{"c":null}}"#
    #expect(try jq("del(.a[0], .b)", doc) == [#"{"a":[2,3]}"#])
    #expect(try jq("[paths]", doc) == [#"[["a"],["a",0],["a",1],["a",2],["b"],["b","c"]]"#])
    #expect(try jq("[paths(scalars)]", doc) == [#"[["a",0],["a",1],["a",2]]"#])
    #expect(try jq(".a[1:] = [9] | .a", doc) == ["[1,9]"])
    #expect(try jq(".a[] |= . * 10 | .a, (.b.c //= 5 | .b)", doc) == ["[10,20,30]", #"{"c":5}"#])
    #expect(
      try jq(#"to_entries, (to_entries | from_entries)"#, #"{"k":1}"#) == [
        #"[{"key":"k","value":1}]"#, #"{"k":1}"#,
      ])
    #expect(
      try jq(#"getpath(["a", 5]), setpath(["x", 1]; true) | tojson"#, doc) == [
        #""null""#, #""{\"a\":[1,2,3],\"b\":{\"c\":null},\"x\":[null,true]}""#,
      ])
    #expect(try jq(#".[2:4], .[-2:]"#, #""abcdé""#) == [#""cd""#, #""dé""#])
  }

  @Test func regex() throws {
    #expect(
      try jq(#"[match("(?<x>a)(b)?"; "g") | .captures | map(.name)]"#, #""aab""#) == [
        #"[["x",null],["x",null]]"#
      ])
    #expect(
      try jq(##"capture("(?<n>[0-9]+)"), sub("[0-9]+"; "#"), gsub("a"; "b")"##, #""a12a""#) == [
        #"{"n":"12"}"#, #""a#a""#, #""b12b""#,
      ])
    #expect(try jq(#"match("é+").offset"#, #""xéé""#) == ["1"])
  }
}
