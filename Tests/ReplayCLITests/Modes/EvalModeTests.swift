import CLITestSupport
import Testing

@testable import ReplayCLI

/// `replay --eval EXPR`: jq over the JSON values on stdin, one compact output a line.
@Suite struct EvalModeTests {
  /// An empty regex matches, as in jq 1.7 (the library's regex tests say where).
  @Test func anEmptyRegexMatches() {
    let result = replay("--eval", #"test("")"#, stdin: "\"ab\"\n")
    #expect(result.code == 0)
    #expect(result.out == "true\n")
    #expect(result.err == "")
  }

  /// As jq's main loop: `input` and `inputs` read the values after the one EXPR runs
  /// on, which are then not run on by themselves.
  @Test func inputAndInputsReadTheValuesThatFollow() {
    let pairs = replay("--eval", "[., input]", stdin: "1 2\n3 4\n")
    #expect(pairs.code == 0)
    #expect(pairs.out == "[1,2]\n[3,4]\n")
    #expect(pairs.err == "")
    let all = replay("--eval", "[., inputs]", stdin: "1 2 3\n")
    #expect(all.out == "[1,2,3]\n")
    let sum = replay("--eval", "reduce inputs as $x (.; . + $x)", stdin: "1\n2\n3\n4\n")
    #expect(sum.out == "10\n")
    #expect(sum.code == 0)
  }

  /// `input` past the last value is jq 1.8's error `break`, reported for the value the
  /// run started on.
  @Test func inputPastTheEndIsAnError() {
    let result = replay("--eval", "[., input]", stdin: "1 2 3\n")
    #expect(result.code == ExitCode.evaluationError)
    #expect(result.out == "[1,2]\n")
    #expect(result.err == "replay: error (at input 3): break\n")
  }

  /// A value `input` reads that is not JSON is reported once, at its place, and ends
  /// the run as a malformed value on stdin does.
  @Test func inputOfTextThatIsNotJSON() {
    let result = replay("--eval", "[., input]", stdin: "1 2 3 {\n")
    #expect(result.code == ExitCode.unreadableLog)
    #expect(result.out == "[1,2]\n")
    #expect(
      result.err == "replay: stdin:2:1: not valid JSON: unexpected end of input in an object\n")
  }

  /// `debug` writes `["DEBUG:",value]` and a newline, `stderr` a string as it is and
  /// anything else as compact JSON, with no newline, as jq 1.8 does.
  @Test func debugAndStderrWriteToStderr() {
    let result = replay(
      "--eval", #"debug | debug("seen \(.)") | stderr | empty"#, stdin: #""x" {"a":1}"# + "\n")
    #expect(result.code == 0)
    #expect(result.out == "")
    #expect(
      result.err
        == #"["DEBUG:","x"]"# + "\n" + #"["DEBUG:","seen x"]"# + "\nx"
        + #"["DEBUG:",{"a":1}]"# + "\n" + #"["DEBUG:","seen {\"a\":1}"]"# + "\n" + #"{"a":1}"#)
  }

  /// `halt` and `halt_error` stop the run with their exit status; the outputs before
  /// them stand, and the inputs after them are not read.
  @Test func haltStopsWithItsStatus() {
    let stop = replay(
      "--eval", #"if . == 2 then "stop\n" | halt_error(3) else . end"#, stdin: "1 2 3\n")
    #expect(stop.code == 3)
    #expect(stop.out == "1\n")
    #expect(stop.err == "stop\n")
    let object = replay("--eval", "halt_error", stdin: #"{"a":1}"# + "\n")
    #expect(object.code == 5)
    #expect(object.err == #"{"a":1}"# + "\n")
    let quiet = replay("--eval", "., halt", stdin: "1 2\n")
    #expect(quiet.code == 0)
    #expect(quiet.out == "1\n")
    #expect(quiet.err == "")
  }

  /// Outputs print as jq 1.8 prints them: a literal in canonical form, a computed
  /// number in the shortest form that reads back, an infinity as the largest double.
  @Test func numbersPrintAsJQ18Prints() {
    let result = replay(
      "--eval", "., . + 10, 1e2, 1e17 + 0, 1.50, infinite, nan", stdin: "100000000000000000\n")
    #expect(result.code == 0)
    #expect(
      result.out
        == "100000000000000000\n100000000000000020\n1E+2\n1e+17\n1.50\n1.7976931348623157e+308\nnull\n"
    )
  }
}
