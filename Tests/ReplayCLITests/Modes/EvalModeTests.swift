import CLITestSupport
import Testing

/// `replay --eval EXPR`: jq over the JSON values on stdin, one compact output a line.
@Suite struct EvalModeTests {
  /// An empty regex matches, as in jq 1.7 (the library's regex tests say where).
  @Test func anEmptyRegexMatches() {
    let result = replay("--eval", #"test("")"#, stdin: "\"ab\"\n")
    #expect(result.code == 0)
    #expect(result.out == "true\n")
    #expect(result.err == "")
  }
}
