import Testing

/// jq 1.8's builtins: the math library, the builtins 1.8 added or changed, regular
/// expressions with several replacements, formats, paths and deletion, dates (recorded from
/// libjq 1.8.2).
@Suite struct JQ18BuiltinTests {
  static let cases: [JQ18Case] = [
    // The math library
    JQ18Case(
      "[sin, cos, tan, asin, acos, atan, sinh, cosh, tanh, asinh, atanh, cbrt, exp, exp2, exp10, expm1, log, log2, log10, log1p, logb]",
      "0.5",
      [
        "[0.479425538604203,0.8775825618903728,0.5463024898437905,0.5235987755982989,1.0471975511965979,0.4636476090008061,0.5210953054937474,1.1276259652063807,0.46211715726000974,0.48121182505960347,0.5493061443340548,0.7937005259840998,1.6487212707001282,1.4142135623730951,3.1622776601683795,0.6487212707001282,-0.6931471805599453,-1,-0.3010299956639812,0.4054651081081644,-1]"
      ]),
    JQ18Case(
      "[erf, erfc, tgamma, lgamma, gamma, j0, j1, y0, y1, nearbyint, rint, round, trunc, floor, ceil, fabs, sqrt, significand]",
      "0.5",
      [
        "[0.5204998778130465,0.4795001221869535,1.772453850905516,0.5723649429247001,0.5723649429247001,0.9384698072408129,0.2422684576748739,-0.44451873350670656,-1.4714723926702433,0,0,1,0,0,1,0.5,0.7071067811865476,1]"
      ]),
    JQ18Case(
      "[acosh, lgamma_r, frexp, modf]", "2.5",
      ["[1.566799236972411,[0.2846828704729192,1],[0.625,2],[0.5,2]]"]),
    JQ18Case(
      "[atan2(.; 1), copysign(.; -1), drem(.; 1), fdim(.; 1), fmax(.; 1), fmin(.; 1), fmod(.; 1), hypot(.; 1), nextafter(.; 1), nexttoward(.; 1), pow(.; 2), remainder(.; 1), scalb(.; 2), scalbln(.; 2), ldexp(.; 2), jn(2; .), yn(2; .)]",
      "0.5",
      [
        "[0.4636476090008061,-0.5,0.5,0,1,0.5,0.5,1.118033988749895,0.5000000000000001,0.5000000000000001,0.25,0.5,2,2,2,0.03060402345868264,-5.441370837174267]"
      ]),
    JQ18Case("fma(2; 3; 4)", ["10"]),
    JQ18Case("sin", #""a""#, [#"error: string ("a") number required"#]),
    JQ18Case(#"pow("a"; 1)"#, [#"error: string ("a") number required"#]),
    JQ18Case(#"pow(1; "a")"#, [#"error: string ("a") number required"#]),
    JQ18Case(#"fma(1; 2; "a")"#, [#"error: string ("a") number required"#]),
    JQ18Case("frexp", #""a""#, [#"error: string ("a") number required"#]),
    JQ18Case("null | floor", ["error: null (null) number required"]),
    JQ18Case("[.[] | round]", "[-2.5, -0.5, 0.5, 1.5, 2.5]", ["[-3,-1,1,2,3]"]),
    JQ18Case("[.[] | nearbyint, rint]", "[-2.5, 0.5, 1.5, 2.5]", ["[-2,-2,0,0,2,2,2,2]"]),
    JQ18Case("[.[] | trunc, ceil]", "[-1.5, 1.5]", ["[-1,-1,1,2]"]),
    JQ18Case("[.[] | isfinite]", #"[1, "a", null]"#, ["[true,false,false]"]),
    JQ18Case("infinite, nan | isfinite", ["false", "true"]),
    // abs, toboolean, trim
    JQ18Case("map(abs)", "[1, -2.5, -0, 0]", ["[1,2.5,-0,0]"]),
    JQ18Case("abs", #""a""#, [#""a""#]),
    JQ18Case("abs", ["error: null (null) cannot be negated"]),
    JQ18Case("nan | abs", ["null"]),
    JQ18Case("-infinite | abs", ["1.7976931348623157e+308"]),
    JQ18Case(
      "map(abs)", "[-1.50, -100000000000000000000000000001]",
      ["[1.50,100000000000000000000000000001]"]),
    JQ18Case("toboolean", "true", ["true"]),
    JQ18Case("map(toboolean)", #"["true", "false", false]"#, ["[true,false,false]"]),
    JQ18Case("toboolean", #""abc""#, [#"error: string ("abc") cannot be parsed as a boolean"#]),
    JQ18Case("toboolean", "1", ["error: number (1) cannot be parsed as a boolean"]),
    JQ18Case("toboolean", ["error: null (null) cannot be parsed as a boolean"]),
    JQ18Case("toboolean", "[1]", ["error: array ([1]) cannot be parsed as a boolean"]),
    JQ18Case("trim, ltrim, rtrim", #""  abc  ""#, [#""abc""#, #""abc  ""#, #""  abc""#]),
    JQ18Case("trim", #""\u00a0x\u2003""#, [#""x""#]),
    JQ18Case("trim", #""\u000bx\f\r\n""#, [#""x""#]),
    JQ18Case("trim", "1", ["error: trim input must be a string"]),
    JQ18Case("ltrim", ["error: trim input must be a string"]),
    // ltrimstr, rtrimstr and trimstr
    JQ18Case(
      #"ltrimstr("a"), rtrimstr("c"), trimstr("a")"#, #""abca""#, [#""bca""#, #""abca""#, #""bc""#]),
    JQ18Case("ltrimstr(1)", #""x""#, ["error: startswith() requires string inputs"]),
    JQ18Case(#"ltrimstr("a")"#, "1", ["error: startswith() requires string inputs"]),
    JQ18Case(#"rtrimstr("a")"#, "1", ["error: endswith() requires string inputs"]),
    JQ18Case(#"ltrimstr("a")"#, ["error: startswith() requires string inputs"]),
    JQ18Case(#"ltrimstr("abc")"#, #""abc""#, [#""""#]),
    JQ18Case("trimstr(1)", #""x""#, ["error: startswith() requires string inputs"]),
    // pick, getpath, paths, del
    JQ18Case("pick(.b.c)", #"{"a": 1, "b": {"c": 2, "d": 3}}"#, [#"{"b":{"c":2}}"#]),
    JQ18Case("pick(.[1])", "[1,2,3]", ["[null,2]"]),
    JQ18Case("pick(.[-1])", "[1,2,3]", ["error: Out of bounds negative array index"]),
    JQ18Case("pick(.a)", [#"{"a":null}"#]),
    JQ18Case("pick(.a, .b)", #"{"a": 1}"#, [#"{"a":1,"b":null}"#]),
    JQ18Case("pick(.[1][0])", "[1,[2]]", ["[null,[2]]"]),
    JQ18Case("pick(first(.a, .b))", #"{"a":1,"b":2}"#, [#"{"a":1}"#]),
    JQ18Case(#"getpath(["a", 0, "b"])"#, ["null"]),
    JQ18Case(#"getpath(["a", 0, "b"])"#, "{}", ["null"]),
    JQ18Case("getpath([])", "5", ["5"]),
    JQ18Case(#"[[1]] | getpath([0, {"start": 0, "end": 1}])"#, ["[1]"]),
    JQ18Case(#""abc" | getpath([{"start": 1, "end": null}])"#, [#""bc""#]),
    JQ18Case(#"try getpath(["a"]) catch "failed""#, "[1]", [#""failed""#]),
    JQ18Case("[paths]", #"{"a":{"b":null},"c":[1]}"#, [#"[["a"],["a","b"],["c"],["c",0]]"#]),
    JQ18Case(#"[paths(type == "number")]"#, "[[0,1],[2]]", ["[[0,0],[0,1],[1,0]]"]),
    JQ18Case("null | [paths]", ["[]"]),
    JQ18Case("1 | [paths]", ["[]"]),
    JQ18Case("[paths(..)]", "[[0,1],[2]]", ["[[0],[0],[0],[0,0],[0,1],[1],[1],[1,0]]"]),
    JQ18Case("del(.[0, 1])", "[1,2,3]", ["[3]"]),
    JQ18Case("del(.[])", "[1,2,3]", ["[]"]),
    JQ18Case("del(.[5])", "[1,2,3]", ["[1,2,3]"]),
    JQ18Case("del(.[0], .[0])", "[1,2,3]", ["[2,3]"]),
    JQ18Case("del(.[0:1], .[2])", "[1,2,3]", ["[2]"]),
    JQ18Case("del(.[1:], .[0])", "[1,2,3]", ["[]"]),
    JQ18Case("del(.[-5])", "[1,2,3]", ["[1,2,3]"]),
    JQ18Case("del(.[-1])", "[1,2,3]", ["[1,2]"]),
    JQ18Case("del(.a, .b)", #"{"a":1}"#, ["{}"]),
    JQ18Case("del(.a[0], .a)", #"{"a":[1,2]}"#, ["{}"]),
    JQ18Case("del(.)", "1", ["null"]),
    JQ18Case("del(empty)", "1", ["1"]),
    JQ18Case("del(..)", "[1]", ["null"]),
    JQ18Case("null | del(.a)", ["null"]),
    JQ18Case("delpaths([[]])", "[1]", ["null"]),
    JQ18Case("delpaths([])", "[1]", ["[1]"]),
    JQ18Case("delpaths(5)", "[1]", ["error: Paths must be specified as an array"]),
    JQ18Case("delpaths([5])", "[1]", ["error: Path must be specified as array, not number"]),
    JQ18Case("delpaths([[0]])", #"{"a":1}"#, ["error: Cannot delete number field of object"]),
    JQ18Case(#"delpaths([["a"]])"#, "[1]", ["error: Cannot delete string element of array"]),
    JQ18Case("delpaths([[true]])", "[1]", ["error: Cannot delete boolean element of array"]),
    JQ18Case("delpaths([[null]])", "{}", ["error: Cannot delete null field of object"]),
    JQ18Case("delpaths([[{}]])", "[1]", ["error: Array/string slice indices must be integers"]),
    JQ18Case("1 | delpaths([[0]])", ["error: Cannot delete fields from number"]),
    JQ18Case(#""abc" | delpaths([[0]])"#, ["error: Cannot delete fields from string"]),
    JQ18Case("delpaths([[0, 0], [1]])", "[[1,2],3]", ["[[2]]"]),
    JQ18Case(#"delpaths([["a", 0], ["a", 1]])"#, #"{"a":[1,2,3]}"#, [#"{"a":[3]}"#]),
    JQ18Case("to_entries", "[10,20]", [#"[{"key":0,"value":10},{"key":1,"value":20}]"#]),
    JQ18Case("with_entries(.value += 1)", #"{"a":1}"#, [#"{"a":2}"#]),
    // from_entries: key, Key, name or Name; value or Value (jq 1.8 dropped k, K and v)
    JQ18Case(
      "from_entries", #"[{"name":"x"},{"Name":"y","Value":2},{"Key":"z","value":false}]"#,
      [#"{"x":null,"y":2,"z":false}"#]),
    JQ18Case(
      "from_entries", #"[{"k":"a","v":1}]"#, ["error: Cannot use null (null) as object key"]),
    JQ18Case(
      "from_entries", #"[{"key":false,"value":1}]"#, ["error: Cannot use null (null) as object key"]
    ),
    JQ18Case(
      "from_entries", #"[{"key":1,"value":1}]"#, ["error: Cannot use number (1) as object key"]),
    // min, max and the _by builtins on what is not an array
    JQ18Case(
      "[min, max]", #"{"a":1}"#,
      [#"error: object ({"a":1}) and object ({"a":1}) cannot be iterated over"#]),
    JQ18Case(
      "min", #""abc""#, [#"error: string ("abc") and string ("abc") cannot be iterated over"#]),
    JQ18Case("[min, max]", "[]", ["[null,null]"]),
    JQ18Case(
      "min_by(.)", #"{"a":1}"#,
      [#"error: object ({"a":1}) and array ([[1]]) cannot be iterated over"#]),
    JQ18Case(
      "max_by(.)", #"{"a":2}"#,
      [#"error: object ({"a":2}) and array ([[2]]) cannot be iterated over"#]),
    JQ18Case(
      "sort_by(.)", #"{"a":1}"#,
      [#"error: object ({"a":1}) and array ([[1]]) cannot be sorted, as they are not both arrays"#]),
    JQ18Case(
      "group_by(.)", #"{"a":1}"#,
      [#"error: object ({"a":1}) and array ([[1]]) cannot be sorted, as they are not both arrays"#]),
    JQ18Case("sort_by(.)", "3", ["error: Cannot iterate over number (3)"]),
    JQ18Case("min_by(.)", "null", ["error: Cannot iterate over null (null)"]),
    JQ18Case(
      "sort", #"{"a":1}"#, [#"error: object ({"a":1}) cannot be sorted, as it is not an array"#]),
    // Updates that delete
    JQ18Case("(.[] | select(. > 1)) |= empty", "[0,1,2,3,4]", ["[0,1]"]),
    JQ18Case(".[] |= empty", "[1,2,3]", ["[]"]),
    JQ18Case(".[][] |= empty", "[[1,2],[3,4]]", ["[[],[]]"]),
    JQ18Case("(.[1], .[0]) |= empty", "[1,2,3]", ["[3]"]),
    JQ18Case(".a[0] |= empty", #"{"a":[1,2]}"#, [#"{"a":[2]}"#]),
    JQ18Case(".[1:] |= empty", "[1,2,3]", ["[1]"]),
    JQ18Case("(.[] | select(. > 1)) |= empty", #"{"a":1,"b":2}"#, [#"{"a":1}"#]),
    JQ18Case(".[0] |= (10, 20)", "[1,2]", ["[10,2]"]),
    JQ18Case(".a |= empty", #"{"a":1,"b":2}"#, [#"{"b":2}"#]),
    // limit, skip, nth, first, last, repeat
    JQ18Case("[limit(0; 1, 2)], [limit(1; 1, 2)], [limit(1.5; 1, 2, 3)]", ["[]", "[1]", "[1,2]"]),
    JQ18Case(#"[limit("a"; 1, 2)]"#, [#"error: string ("a") and number (1) cannot be subtracted"#]),
    JQ18Case(#"[limit(2; 1, error("x"))]"#, ["error: x"]),
    JQ18Case("[skip(1; 1, 2, 3)], [skip(0; 1, 2)], [skip(5; 1, 2)]", ["[2,3]", "[1,2]", "[]"]),
    JQ18Case(#"[skip("a"; 1, 2)]"#, [#"error: string ("a") and number (1) cannot be subtracted"#]),
    JQ18Case("path(skip(1; .[]))", "[1,2]", ["[1]"]),
    JQ18Case(
      #"[nth(1; 1, 2, 3)], [nth(5; empty)], [nth(0; 1, error("x"))]"#, ["[2]", "[]", "[1]"]),
    JQ18Case(#"[nth("a"; 1, 2)]"#, [#"error: string ("a") and number (1) cannot be subtracted"#]),
    JQ18Case("nth(1), nth(-1)", "[1,2,3]", ["2", "3"]),
    JQ18Case(
      "[first(empty)], [last(empty)], [last(1, 2)], first, last", "[1,2]",
      ["[]", "[]", "[2]", "1", "2"]),
    JQ18Case("path(last(.[]))", "[1,2]", ["error: Invalid path expression with result 2"]),
    JQ18Case("path(first(.[]))", "[1,2]", ["[0]"]),
    JQ18Case("[limit(5; repeat(. + 1))]", "0", ["[1,1,1,1,1]"]),
    JQ18Case("[limit(5; repeat(1, 2))]", ["[1,2,1,2,1]"]),
    JQ18Case("[repeat(.*2, error)?]", "1", ["[2]"]),
    JQ18Case("[limit(3; repeat(1))]", #"{"a":1}"#, ["[1,1,1]"]),
    JQ18Case("path(limit(2; repeat(.a)))", #"{"a":1}"#, [#"["a"]"#, #"["a"]"#]),
    // Regular expressions
    JQ18Case(#"[sub("b"; "1", "2")]"#, #""abab""#, [#"["a1ab","a2ab"]"#]),
    JQ18Case(#"[gsub("b"; "1", "2")]"#, #""abab""#, [#"["a1a1","a2a2"]"#]),
    JQ18Case(#"[sub("b"; "1", "2"; "g")]"#, #""abab""#, [#"["a1a1","a2a2"]"#]),
    JQ18Case(#"[sub("x"; "1", "2")]"#, #""abab""#, [#"["abab"]"#]),
    JQ18Case(#"[sub("b"; empty)]"#, #""abab""#, [#"["abab"]"#]),
    JQ18Case(#"[gsub("(?<x>a)"; .x, "-")]"#, #""abab""#, [#"["abab","-b-b"]"#]),
    JQ18Case(#"[gsub(""; "-")]"#, #""abc""#, [#"["-a-b-c-"]"#]),
    JQ18Case(#"sub("(?<x>b)"; "[\(.x)]")"#, #""abc""#, [#""a[b]c""#]),
    JQ18Case(
      #"[gsub("a"; 1)]"#, #""aba""#, [#"error: string ("") and number (1) cannot be added"#]),
    JQ18Case(#"[splits("[0-9]")]"#, #""a1b2c""#, [#"["a","b","c"]"#]),
    JQ18Case(#"[splits("[A-Z]"; "i")]"#, #""a1b2c""#, [#"["","1","2",""]"#]),
    JQ18Case(#"[splits("x"; "gi")]"#, #""aXbxc""#, [#"["a","b","c"]"#]),
    JQ18Case(#"[splits("x"; null)]"#, #""aXbxc""#, [#"["aXb","c"]"#]),
    JQ18Case(
      #"[splits("a"; 1)]"#, #""bab""#, [#"error: number (1) and string ("g") cannot be added"#]),
    JQ18Case(#"[scan("[a-z]"; "g")], [scan("c")]"#, #""abc""#, [#"["a","b","c"]"#, #"["c"]"#]),
    JQ18Case(#"[scan("a"; 1)]"#, #""a""#, [#"error: string ("g") and number (1) cannot be added"#]),
    JQ18Case(#"split("a"; null)"#, #""bab""#, [#"["b","b"]"#]),
    JQ18Case(#"test("A"; "i"), test("a"; "x")"#, #""a""#, ["true", "true"]),
    JQ18Case(#"test("a"; 1)"#, #""a""#, ["error: number (1) is not a string"]),
    JQ18Case(#"capture("(?<y>[0-9]+)-(?<m>[0-9]+)")"#, #""2024-05""#, [#"{"y":"2024","m":"05"}"#]),
    // Formats
    JQ18Case("@urid", #""a%20b%C3%A9""#, [#""a bé""#]),
    JQ18Case(
      "@urid", #""%41%42%zz%""#, [#"error: string ("%41%42%zz%") is not a valid uri encoding"#]),
    JQ18Case("@urid", #""%4""#, [#"error: string ("%4") is not a valid uri encoding"#]),
    JQ18Case("@urid", #""%%41""#, [#"error: string ("%%41") is not a valid uri encoding"#]),
    JQ18Case("@urid", #""%E9""#, [#"error: string ("%E9") is not a valid uri encoding"#]),
    JQ18Case("@urid", #""a+b""#, [#""a+b""#]),
    JQ18Case("@urid", #""%00""#, [#""\u0000""#]),
    JQ18Case("@urid", "[1,2]", [#""[1,2]""#]),
    JQ18Case("@urid", "1", [#""1""#]),
    JQ18Case("@uri", #""héllo wörld/?&=""#, [#""h%C3%A9llo%20w%C3%B6rld%2F%3F%26%3D""#]),
    JQ18Case("@base64d", #""YWJj""#, [#""abc""#]),
    JQ18Case("@base64d", #""YW""#, [#""a""#]),
    JQ18Case("@base64d", #""Y""#, [#"error: string ("Y") trailing base64 byte found"#]),
    JQ18Case("@base64d", #""!!!!""#, [#"error: string ("!!!!") is not valid base64 data"#]),
    JQ18Case("@base64d", #""YWJj=""#, [#""abc""#]),
    JQ18Case("@base64d", #""YW==YW""#, [#""a""#]),
    JQ18Case("@base64d", #""null""#, [#""��""#]),
    JQ18Case("@base64d", #""/w==""#, [#""�""#]),
    JQ18Case("@base64d", #""4KA=""#, [#""�""#]),
    JQ18Case("@base64d", #""4KBh""#, [#""�a""#]),
    JQ18Case("@base64d", #""8J+Y""#, [#""�""#]),
    JQ18Case("@base32", #""a""#, ["error: base32 is not a valid format"]),
    JQ18Case("@base32d", #""ME======""#, ["error: base32d is not a valid format"]),
    JQ18Case(
      "@text, @json, @html, @sh", #""<&'\">""#,
      [#""<&'\">""#, #""\"<&'\\\">\"""#, #""&lt;&amp;&apos;&quot;&gt;""#, #""'<&'\\''\">'""#]),
    JQ18Case(#"format("base64"), format("csv")?"#, #""abc""#, [#""YWJj""#]),
    JQ18Case(#"format("foo")"#, #""abc""#, ["error: foo is not a valid format"]),
    JQ18Case("format(1)", "[1]", ["error: number (1) is not a valid format"]),
    JQ18Case("@foo", #""abc""#, ["error: foo is not a valid format"]),
    // SQL-style builtins
    JQ18Case(
      "INDEX(.id)", #"[{"id":1,"v":"a"},{"id":2,"v":"b"}]"#,
      [#"{"1":{"id":1,"v":"a"},"2":{"id":2,"v":"b"}}"#]),
    JQ18Case("INDEX(.[]; .id) | keys", #"[{"id":"x"},{"id":"y"}]"#, [#"["x","y"]"#]),
    JQ18Case(
      #"[JOIN({"1": "one", "2": "two"}; .id | tostring)]"#, #"[{"id":1},{"id":3}]"#,
      [#"[[[{"id":1},"one"],[{"id":3},null]]]"#]),
    JQ18Case(
      #"[JOIN({"1": "one"}; .[]; .id | tostring)]"#, #"[{"id":1},{"id":2}]"#,
      [#"[[{"id":1},"one"],[{"id":2},null]]"#]),
    JQ18Case(
      #"[JOIN({"1": "one"}; .[]; .id | tostring; add)]"#, #"[{"id":1}]"#,
      [#"error: object ({"id":1}) and string ("one") cannot be added"#]),
    JQ18Case("IN(1, 2), IN(5)", "2", ["true", "false"]),
    JQ18Case("IN(.[]; 2, 3)", "[1,2]", ["true"]),
    JQ18Case("[.[] | IN(2, 3)]", "[1,2,3]", ["[false,true,true]"]),
    // debug, stderr, input_filename, have_decnum, builtins
    JQ18Case(#"debug("m")"#, "[1,2]", [#"debug: "m""#, "[1,2]"]),
    JQ18Case(#"debug("x", "y")"#, "1", [#"debug: "x""#, #"debug: "y""#, "1"]),
    JQ18Case(#"debug(error("z"))"#, "1", ["error: z"]),
    JQ18Case("debug", "1", ["debug: 1", "1"]),
    JQ18Case("stderr", #""a""#, [#"stderr: "a""#, #""a""#]),
    JQ18Case("have_decnum, have_literal_numbers", ["true", "true"]),
    JQ18Case(
      #"[builtins[] | select(startswith("leaf") or startswith("getpath_or") or . == "toarray/0" or startswith("date"))]"#,
      ["[]"]),
    JQ18Case(
      #"["sin/0", "atan2/2", "fma/3", "toboolean/0", "trim/0", "pick/1", "skip/2", "JOIN/4", "halt_error/1", "modulemeta/0", "get_search_list/0", "splits/2", "localtime/0", "strflocaltime/1"] - builtins"#,
      ["[]"]),
    // Dates
    JQ18Case("[2024,0,0,0,0,0,0,0] | todate", [#""2023-12-31T00:00:00Z""#]),
    JQ18Case(#"[2024,0,1,0,0,0,3,100] | strftime("%Y %j %a")"#, [#""2024 001 Mon""#]),
    JQ18Case(#"[2024,13,1] | strftime("%Y-%m-%d")"#, [#""2025-02-01""#]),
    JQ18Case(#"[2024,0,1,25,61,61] | strftime("%c")"#, [#""Tue Jan  2 02:02:01 2024""#]),
    JQ18Case(#"[0,0] | strftime("%Y")"#, [#""-1""#]),
    JQ18Case(#""10:20" | strptime("%H:%M")"#, ["[1900,0,0,10,20,0,8,367]"]),
    JQ18Case(#""a" | mktime"#, ["error: mktime requires array inputs"]),
    JQ18Case("[2024,0,1] | gmtime", ["error: gmtime() requires numeric inputs"]),
    JQ18Case(#""x" | localtime"#, ["error: localtime() requires numeric inputs"]),
    JQ18Case("0 | strftime(1)", ["error: strftime/1 requires a string format"]),
    JQ18Case(#""2015-03-05T23:51:47Z" | fromdate"#, ["1425599507"]),
    JQ18Case("1425599507.5 | gmtime", ["[2015,2,5,23,51,47.5,4,63]"]),
    JQ18Case("1425599507 | todate", [#""2015-03-05T23:51:47Z""#]),
    JQ18Case(#""x" | strptime("%H")"#, [#"error: date "x" does not match format "%H""#]),
    JQ18Case(#"1 | strptime("%H")"#, ["error: strptime/1 requires string inputs and arguments"]),
    JQ18Case("[2024,0,1,0,0,0.5] | mktime", ["1704067200"]),
    JQ18Case("[] | mktime", ["-2209075200"]),
    JQ18Case(#"["a"] | mktime"#, ["error: mktime requires parsed datetime inputs"]),
    // Indexing with numbers
    JQ18Case(".[1.7], .[-0.5], getpath([-0.5])", "[1,2,3]", ["2", "1", "1"]),
    JQ18Case("has(-0.5), has(4.9), has(1.5)", "[1,2,3,4,5]", ["true", "true", "true"]),
    JQ18Case("{} | has(1)", ["error: Cannot check whether object has a number key"]),
    JQ18Case(#"[1] | has("a")"#, ["error: Cannot check whether array has a string key"]),
    // Misc
    JQ18Case("[.[] | tojson]", #"["x", 1.50, null]"#, [#"["\"x\"","1.50","null"]"#]),
    JQ18Case("splits(1)", #""a""#, ["error: number (1) is not a string"]),
    JQ18Case(#""abc" | indices("")"#, ["[]"]),
    JQ18Case(#"[range(5)] | .[2:4] = ["x"]"#, [#"[0,1,"x",4]"#]),
    // Index and iteration errors name the key's type and value (jq 1.7: `with "a"`)
    JQ18Case(".a", "1", [#"error: Cannot index number with string ("a")"#]),
    JQ18Case(".[0]", "{}", ["error: Cannot index object with number (0)"]),
    JQ18Case(".[null]", "null", ["error: Cannot index null with null (null)"]),
    JQ18Case(".[true]", "[1]", ["error: Cannot index array with boolean (true)"]),
    JQ18Case(".[[1]]", "{}", ["error: Cannot index object with array ([1])"]),
    JQ18Case(
      ".[[1,2,3,4,5,6,7,8,9,10,11,12,13,14]]", #""x""#,
      ["error: Cannot index string with array ([1,2,3,4,5,6,7,8,9,10,11,...])"]),
    JQ18Case(
      #".["abcdefghijklmnopqrstuvwxyz0123456789"]"#, "5",
      [#"error: Cannot index number with string ("abcdefghijklmnopqrstuvwx...")"#]),
    JQ18Case(
      #"getpath(["a","b"])"#, #"{"a":1}"#, [#"error: Cannot index number with string ("b")"#]),
    JQ18Case("del(.[0])", "{}", ["error: Cannot index object with number (0)"]),
    JQ18Case(". as [$a] | $a", "{}", ["error: Cannot index object with number (0)"]),
    JQ18Case(". as {$a} | $a", "[1]", [#"error: Cannot index array with string ("a")"#]),
    JQ18Case(". as {(.x): $a} | $a", #"{"x":1}"#, ["error: Cannot index object with number (1)"]),
    JQ18Case(".[]", "null", ["error: Cannot iterate over null (null)"]),
    JQ18Case("map(.)", "null", ["error: Cannot iterate over null (null)"]),
    JQ18Case(#"join("-")"#, "null", ["error: Cannot iterate over null (null)"]),
    // limit's count must not be negative (jq 1.7 let every output through)
    JQ18Case("[limit(-1; 1, 2)]", ["error: limit doesn't support negative count"]),
    JQ18Case("[limit(nan; 1, 2)]", ["error: limit doesn't support negative count"]),
    JQ18Case("[limit(null; 1, 2)]", ["error: limit doesn't support negative count"]),
    JQ18Case("[limit(0; 1, 2)], [limit(1; 1, 2)]", ["[]", "[1]"]),
    // paths(f) runs f on the input itself first, as jq 1.8's `path(.. | select(f))`
    JQ18Case(
      #"[paths(splits("a"))]"#, #"{"b":[1]}"#,
      [#"error: object ({"b":[1]}) cannot be matched, as it is not a string"#]),
    JQ18Case(#"[paths(type == "number")]"#, "[1,[2]]", ["[[0],[1,0]]"]),
    JQ18Case("ascii_downcase", "[null]", ["error: explode input must be a string"]),
    JQ18Case("ascii_upcase", "1.50", ["error: explode input must be a string"]),
    // jq 1.8 removed ascii/0
    JQ18Case("65 | ascii", ["compile error"]),
    // Bytes that cannot start a UTF-8 sequence (C0, C1, F5–FF) are one U+FFFD each
    JQ18Case("@base64d", #""900=""#, ["\"\u{FFFD}M\""]),
    JQ18Case("@base64d", #""wIA=""#, ["\"\u{FFFD}\u{FFFD}\""]),
    JQ18Case("@base64d", #""9YCAgA==""#, ["\"\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\""]),
    JQ18Case("@csv", "1.5", ["error: number (1.5) cannot be csv-formatted, only array"]),
    JQ18Case("@tsv", "1", ["error: number (1) cannot be tsv-formatted, only array"]),
    // transpose works on any container of containers, as jq 1.8's definition does
    JQ18Case("transpose", "[[1],[2,3]]", ["[[1,2],[null,3]]"]),
    JQ18Case("transpose", "[]", ["[]"]),
    JQ18Case("transpose", "{}", ["[]"]),
    JQ18Case("transpose", #"{"a":[1,2],"b":[3]}"#, ["[[1,3],[2,null]]"]),
    JQ18Case("transpose", #"{"a":1}"#, ["error: Cannot index number with number (0)"]),
    JQ18Case("transpose", "[null,[1]]", ["[[null,1]]"]),
  ]

  @Test func answersAsJQ18() {
    for c in Self.cases { c.check() }
  }
}
