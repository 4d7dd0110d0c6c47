import Testing

/// `tojson` on hostile values, as jq 1.8.2 answers (recorded from libjq 1.8.2; the
/// oracle suite checks them again): escapes decoded and written again as jq writes them
/// (`\u00e9` → `é`, `\/` → `/`, DEL → `\u007f`), surrogate pairs, numbers in decNumber's
/// canonical form, whitespace dropped, keys in source order, a repeated key's last
/// value, and deep nesting. Each value is also given inside an object of more than 512
/// bytes, which is parsed lazily and printed from its bytes, so the bytes path and the
/// tree path give the same text.
@Suite struct JQ18ToJSONTests {
  /// `{"v":VALUE,"pad":"xxx…"}`: the value inside an object printed from its bytes.
  /// The padding is the last 530 code points of its `tojson`.
  static func padded(_ value: String) -> String {
    #"{"v":"# + value + #","pad":""# + String(repeating: "x", count: 520) + #""}"#
  }

  static let limits =
    "[9223372036854775807,-9223372036854775808,9223372036854775808,9007199254740992,"
    + "9007199254740993,1e17,100000000000000000,-0,-0.0,0.0,1.0,1e1000,-1e1000,5e-324,"
    + "1.7976931348623157e308]"
  static let limitsPrinted =
    "[9223372036854775807,-9223372036854775808,9223372036854775808,9007199254740992,"
    + "9007199254740993,1E+17,100000000000000000,-0,-0.0,0.0,1.0,1E+1000,-1E+1000,5E-324,"
    + "1.7976931348623157E+308]"

  static let deep = String(repeating: "[", count: 300) + "1" + String(repeating: "]", count: 300)

  static let cases: [JQ18Case] = [
    JQ18Case("tojson", #""\u00e9""#, [#""\"é\"""#]),
    JQ18Case("tojson | .[:-530]", padded(#""\u00e9""#), [#""{\"v\":\"é\"""#]),
    JQ18Case("tojson | length", padded(#""\u00e9""#), [#"538"#]),
    JQ18Case("tojson", #""\/""#, [#""\"/\"""#]),
    JQ18Case("tojson | .[:-530]", padded(#""\/""#), [#""{\"v\":\"/\"""#]),
    JQ18Case("tojson | length", padded(#""\/""#), [#"538"#]),
    JQ18Case("tojson", #""\u007f""#, [#""\"\\u007f\"""#]),
    JQ18Case("tojson | .[:-530]", padded(#""\u007f""#), [#""{\"v\":\"\\u007f\"""#]),
    JQ18Case("tojson | length", padded(#""\u007f""#), [#"543"#]),
    JQ18Case("tojson", #""\#u{7F}""#, [#""\"\\u007f\"""#]),
    JQ18Case("tojson | .[:-530]", padded(#""\#u{7F}""#), [#""{\"v\":\"\\u007f\"""#]),
    JQ18Case("tojson | length", padded(#""\#u{7F}""#), [#"543"#]),
    JQ18Case("tojson", #""\u0001\u001f\b\f\n\r\t""#, [#""\"\\u0001\\u001f\\b\\f\\n\\r\\t\"""#]),
    JQ18Case(
      "tojson | .[:-530]", padded(#""\u0001\u001f\b\f\n\r\t""#),
      [#""{\"v\":\"\\u0001\\u001f\\b\\f\\n\\r\\t\"""#]),
    JQ18Case("tojson | length", padded(#""\u0001\u001f\b\f\n\r\t""#), [#"559"#]),
    JQ18Case("tojson", #""\ud83d\ude00""#, [#""\"😀\"""#]),
    JQ18Case("tojson | .[:-530]", padded(#""\ud83d\ude00""#), [#""{\"v\":\"😀\"""#]),
    JQ18Case("tojson | length", padded(#""\ud83d\ude00""#), [#"538"#]),
    JQ18Case("tojson", #""\uD83D\uDE00""#, [#""\"😀\"""#]),
    JQ18Case("tojson | .[:-530]", padded(#""\uD83D\uDE00""#), [#""{\"v\":\"😀\"""#]),
    JQ18Case("tojson | length", padded(#""\uD83D\uDE00""#), [#"538"#]),
    JQ18Case("tojson", #""😀é""#, [#""\"😀é\"""#]),
    JQ18Case("tojson | .[:-530]", padded(#""😀é""#), [#""{\"v\":\"😀é\"""#]),
    JQ18Case("tojson | length", padded(#""😀é""#), [#"539"#]),
    JQ18Case("tojson", #""\"\\""#, [#""\"\\\"\\\\\"""#]),
    JQ18Case("tojson | .[:-530]", padded(#""\"\\""#), [#""{\"v\":\"\\\"\\\\\"""#]),
    JQ18Case("tojson | length", padded(#""\"\\""#), [#"541"#]),
    JQ18Case("tojson", #""\u0041""#, [#""\"A\"""#]),
    JQ18Case("tojson | .[:-530]", padded(#""\u0041""#), [#""{\"v\":\"A\"""#]),
    JQ18Case("tojson | length", padded(#""\u0041""#), [#"538"#]),
    JQ18Case(
      "tojson",
      #"[1.0,1e2,-0,1E+2,100000000000000000000,0.1e-5,1.50,0.0,-0.0,1e-7,0.000001,1.5e300,1e1000,12.3e-2,0e5,-0e-3,1e+2,1e-2,10,-10.0,9007199254740993]"#,
      [
        #""[1.0,1E+2,-0,1E+2,100000000000000000000,0.000001,1.50,0.0,-0.0,1E-7,0.000001,1.5E+300,1E+1000,0.123,0E+5,-0.000,1E+2,0.01,10,-10.0,9007199254740993]""#
      ]),
    JQ18Case(
      "tojson | .[:-530]",
      padded(
        #"[1.0,1e2,-0,1E+2,100000000000000000000,0.1e-5,1.50,0.0,-0.0,1e-7,0.000001,1.5e300,1e1000,12.3e-2,0e5,-0e-3,1e+2,1e-2,10,-10.0,9007199254740993]"#
      ),
      [
        #""{\"v\":[1.0,1E+2,-0,1E+2,100000000000000000000,0.000001,1.50,0.0,-0.0,1E-7,0.000001,1.5E+300,1E+1000,0.123,0E+5,-0.000,1E+2,0.01,10,-10.0,9007199254740993]""#
      ]),
    JQ18Case(
      "tojson | length",
      padded(
        #"[1.0,1e2,-0,1E+2,100000000000000000000,0.1e-5,1.50,0.0,-0.0,1e-7,0.000001,1.5e300,1e1000,12.3e-2,0e5,-0e-3,1e+2,1e-2,10,-10.0,9007199254740993]"#
      ), [#"683"#]),
    // The limits of Int64 and of a double's exact integers, 1e17, negative zeros, and
    // literals beyond a double's range, as written.
    JQ18Case("tojson", limits, [#""\#(limitsPrinted)""#]),
    JQ18Case("tojson | .[:-530]", padded(limits), [#""{\"v\":\#(limitsPrinted)""#]),
    JQ18Case("tojson | length", padded(limits), ["720"]),
    JQ18Case(
      "tojson", #"{ "b" : [ 1 , 2 ] , "a" : { } , "c" : [ ] }"#,
      [#""{\"b\":[1,2],\"a\":{},\"c\":[]}""#]),
    JQ18Case(
      "tojson | .[:-530]", padded(#"{ "b" : [ 1 , 2 ] , "a" : { } , "c" : [ ] }"#),
      [#""{\"v\":{\"b\":[1,2],\"a\":{},\"c\":[]}""#]),
    JQ18Case("tojson | length", padded(#"{ "b" : [ 1 , 2 ] , "a" : { } , "c" : [ ] }"#), [#"560"#]),
    JQ18Case("tojson", #"{"b":1,"a":2,"b":3}"#, [#""{\"b\":3,\"a\":2}""#]),
    JQ18Case(
      "tojson | .[:-530]", padded(#"{"b":1,"a":2,"b":3}"#), [#""{\"v\":{\"b\":3,\"a\":2}""#]),
    JQ18Case("tojson | length", padded(#"{"b":1,"a":2,"b":3}"#), [#"548"#]),
    JQ18Case("tojson", #"{"a\u0062":1,"c":2}"#, [#""{\"ab\":1,\"c\":2}""#]),
    JQ18Case(
      "tojson | .[:-530]", padded(#"{"a\u0062":1,"c":2}"#), [#""{\"v\":{\"ab\":1,\"c\":2}""#]),
    JQ18Case("tojson | length", padded(#"{"a\u0062":1,"c":2}"#), [#"549"#]),
    JQ18Case("tojson | length", deep, ["601"]),
    JQ18Case("tojson | length", padded(deep), ["1136"]),
    JQ18Case(".v | tojson | .[295:306]", padded(deep), [#""[[[[[1]]]]]""#]),
    JQ18Case(
      "tojson | length", padded(#"""# + String(repeating: "y", count: 600) + #"""#), ["1137"]),
  ]

  @Test func answersAsJQ18() {
    for c in Self.cases { c.check() }
  }
}
