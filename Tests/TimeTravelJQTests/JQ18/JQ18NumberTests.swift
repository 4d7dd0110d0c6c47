import Testing

/// Numbers as jq 1.8 makes, prints and compares them: computed doubles in the shortest
/// form that reads back, literals in decNumber's canonical form, infinities, NaN and exact
/// literals (recorded from libjq 1.8.2).
@Suite struct JQ18NumberTests {
  static let cases: [JQ18Case] = [
    // Computed doubles print in jq 1.8's shortest form
    JQ18Case("100000000000000000 + 10", ["100000000000000020"]),
    JQ18Case("1e17 + 0", ["1e+17"]),
    JQ18Case("1e16 + 0", ["1e+16"]),
    JQ18Case("1e15 + 1", ["1000000000000001"]),
    JQ18Case("0.1 + 0.2", ["0.30000000000000004"]),
    JQ18Case("0.00001 + 0", ["1e-05"]),
    JQ18Case("0.0001 + 0", ["0.0001"]),
    JQ18Case("1e-7 * 1", ["1e-07"]),
    JQ18Case("2e-308 / 1e10", ["2e-318"]),
    JQ18Case("5e-324 + 0", ["5e-324"]),
    JQ18Case("12345678912345.6789 + 0", ["12345678912345.68"]),
    JQ18Case("1e300 * 10", ["1e+301"]),
    JQ18Case("-1e300 * 10 | tostring", [#""-1e+301""#]),
    JQ18Case("123456789012345678901234567890 + 0", ["123456789012345680000000000000"]),
    JQ18Case("[1e17 + 0, 1e16 + 0, 1e15 + 1] | tostring", [#""[1e+17,1e+16,1000000000000001]""#]),
    JQ18Case("0 * -1", ["-0"]),
    JQ18Case("-(0 * -1)", ["0"]),
    JQ18Case("1 / 3", ["0.3333333333333333"]),
    JQ18Case("2 / 3 * 3", ["2"]),
    // Literals print in decNumber's canonical form
    JQ18Case(
      ".", "[1e2, 1.0, 1.50, 0.1e1, 100e-2, -0, 1E2, -0.0, 1e-5, 0.00001, 1.5e300, 1e1000]",
      ["[1E+2,1.0,1.50,1,1.00,-0,1E+2,-0.0,0.00001,0.00001,1.5E+300,1E+1000]"]),
    JQ18Case(
      ".",
      "[123456789012345678901234567890, 0.10, 1e17, 12e16, 0e10, -0e-3, 0.0000001, 123.456e-10, 10e-7]",
      ["[123456789012345678901234567890,0.10,1E+17,1.2E+17,0E+10,-0.000,1E-7,1.23456E-8,0.0000010]"]
    ),
    JQ18Case(
      ".", "[1e999999999, 1e1000000000, 1e-1000000000, 1.000000000000000000000000000000000000001]",
      [
        "[1E+999999999,1.7976931348623157e+308,1E-1000000000,1.000000000000000000000000000000000000001]"
      ]),
    JQ18Case("[1e2, 1.50, -0] | tojson", [#""[1E+2,1.50,0]""#]),
    JQ18Case(
      #"1e2 | tostring, @text, @json, "\(.)""#, [#""1E+2""#, #""1E+2""#, #""1E+2""#, #""1E+2""#]),
    JQ18Case("[1e2, 1.50] | @csv, @tsv", [#""1E+2,1.50""#, #""1E+2\t1.50""#]),
    JQ18Case(#"{"a": 1e2} | tostring"#, [#""{\"a\":1E+2}""#]),
    JQ18Case(#"error({"a": 1e2})"#, [#"error: {"a":1E+2} (not a string)"#]),
    JQ18Case("-(1e2), -(1.0), -(-0), -(0.0)", ["-1E+2", "-1.0", "0", "0.0"]),
    JQ18Case(
      "map(-.)", "[1e2, 1.0, 100000000000000000000000000001]",
      ["[-1E+2,-1.0,-100000000000000000000000000001]"]),
    JQ18Case(
      "map(length)", "[-1.50, -0, 100000000000000000000000000001]",
      ["[1.50,0,100000000000000000000000000001]"]),
    JQ18Case("map(floor)", "[1e2, 1.50, 100000000000000000000000000001, -0]", ["[100,1,1e+29,-0]"]),
    JQ18Case("tonumber", #""1.50""#, ["1.50"]),
    JQ18Case("tonumber", #""1e2""#, ["1E+2"]),
    JQ18Case("tonumber", #""00012""#, ["12"]),
    JQ18Case("tonumber", #"".5""#, ["0.5"]),
    JQ18Case("tonumber", #""5.""#, ["5"]),
    JQ18Case("tonumber", #""+5""#, ["5"]),
    JQ18Case("tonumber", #""nan""#, ["null"]),
    JQ18Case("tonumber", #""-Infinity""#, ["-1.7976931348623157e+308"]),
    JQ18Case("tonumber", #"" 5""#, [#"error: string (" 5") cannot be parsed as a number"#]),
    JQ18Case("tonumber", #""0x10""#, [#"error: string ("0x10") cannot be parsed as a number"#]),
    JQ18Case("tonumber", #""""#, [#"error: string ("") cannot be parsed as a number"#]),
    JQ18Case("fromjson", #""1e1000""#, ["1E+1000"]),
    JQ18Case("fromjson", #""nan""#, ["null"]),
    JQ18Case("fromjson", #""-Infinity""#, ["-1.7976931348623157e+308"]),
    JQ18Case("fromjson", #""{\"a\": 1e2}""#, [#"{"a":1E+2}"#]),
    // Infinities and NaN
    JQ18Case(
      "infinite, -infinite, nan", ["1.7976931348623157e+308", "-1.7976931348623157e+308", "null"]),
    JQ18Case(
      "[infinite, -infinite, nan] | tojson",
      [#""[1.7976931348623157e+308,-1.7976931348623157e+308,null]""#]),
    JQ18Case("infinite | isinfinite, isnormal, isnan", ["true", "false", "false"]),
    JQ18Case("-infinite | isinfinite", ["true"]),
    JQ18Case("nan | isnan, isnormal, isinfinite", ["true", "false", "false"]),
    JQ18Case("1e1000 | isinfinite", ["true"]),
    JQ18Case(#""a" | isinfinite, isnan, isnormal"#, ["false", "false", "false"]),
    JQ18Case("[infinite] == [1e1000]", ["true"]),
    JQ18Case("infinite == 1.7976931348623157e308", ["false"]),
    JQ18Case(
      "nan == nan, nan != nan, nan < nan, nan > nan, nan < 1",
      ["false", "true", "true", "false", "true"]),
    JQ18Case("[nan] == [nan], [nan] < [nan]", ["false", "true"]),
    JQ18Case("[nan, 1, nan, null] | sort", ["[null,null,null,1]"]),
    JQ18Case("[nan, nan] | unique | length", ["2"]),
    JQ18Case("[nan] | index(nan)", ["null"]),
    JQ18Case("[1, nan] | indices(nan)", ["[]"]),
    JQ18Case("[1, nan] - [nan]", ["[1,null]"]),
    JQ18Case("nan | contains(nan)", ["false"]),
    // Exact comparison of literals
    JQ18Case(
      "1 == 1.0, 1.000 == 1, 100000000000000000001 == 100000000000000000000",
      ["true", "true", "false"]),
    JQ18Case("(100000000000000000001 + 0) == 100000000000000000000", ["true"]),
    JQ18Case("[1, 1.0, 1.00] | unique", ["[1]"]),
    JQ18Case("[3, 1e0, 2.50, 2.5] | sort", ["[1,2.50,2.5,3]"]),
  ]

  @Test func answersAsJQ18() {
    for c in Self.cases { c.check() }
  }
}
