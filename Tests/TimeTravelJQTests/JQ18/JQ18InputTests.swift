import Testing

/// `input` and `inputs` reading the stream the main loop reads, `halt` and `halt_error`
/// (recorded from libjq 1.8.2).
@Suite struct JQ18InputTests {
  static let cases: [JQ18Case] = [
    // input and inputs read the same stream as the main loop
    JQ18Case(". , input", inputs: ["1", "2", "3"], ["1", "2", "3", "error: break"]),
    JQ18Case("[., input]", inputs: ["1", "2", "3", "4"], ["[1,2]", "[3,4]"]),
    JQ18Case("[inputs]", inputs: ["1", "2", "3"], ["[2,3]"]),
    JQ18Case("[., inputs]", inputs: ["1", "2", "3"], ["[1,2,3]"]),
    JQ18Case("input", "1", ["error: break"]),
    JQ18Case("try input catch .", "1", [#""break""#]),
    JQ18Case(
      #"[., (try input catch "none")]"#, inputs: ["1", "2", "3"], ["[1,2]", #"[3,"none"]"#]),
    JQ18Case("reduce inputs as $x (.; . + $x)", inputs: ["1", "2", "3"], ["6"]),
    JQ18Case("first(inputs)", inputs: ["1", "2", "3"], ["2"]),
    JQ18Case("[limit(1; inputs)], .", inputs: ["1", "2", "3", "4"], ["[2]", "1", "[4]", "3"]),
    JQ18Case("[inputs | select(. > 1)]", inputs: ["1", "2", "0", "3"], ["[2,3]"]),
    // halt and halt_error
    JQ18Case("1, halt, 2", inputs: ["5", "6"], ["1", "halt 0: null"]),
    JQ18Case("halt_error", #""bye\n""#, [#"halt 5: "bye\n""#]),
    JQ18Case("halt_error(1)", #"{"a":1}"#, [#"halt 1: "{\"a\":1}""#]),
    JQ18Case(#""x" | halt_error(0)"#, [#"halt 0: "x""#]),
    JQ18Case(#"try halt_error catch "caught""#, #""m""#, [#"halt 5: "m""#]),
    JQ18Case(#"halt_error("a")"#, "1", ["error: number (1) halt_error/1: number required"]),
    JQ18Case(".[] | if . == 2 then halt else . end", "[1,2,3]", ["1", "halt 0: null"]),
  ]

  @Test func answersAsJQ18() {
    for c in Self.cases { c.check() }
  }
}
