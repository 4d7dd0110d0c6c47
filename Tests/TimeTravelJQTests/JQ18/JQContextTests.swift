import Foundation
import Testing
import TimeTravelJQ
import TimeTravelJSON

/// ``JQContext``, the streaming `evaluate`, `halt`, and ``JSONPrinter/jq``: the library API
/// a command line builds jq's main loop on.
@Suite struct JQContextTests {
  @Test func inputsComeFromTheContextAndAreConsumed() throws {
    var pending: ArraySlice<JSONValue> = [2, 3, 4]
    // `popFirst()` gives `JSONValue?`; a bare `nil` would be JSON null (JSONValue is
    // ExpressibleByNilLiteral), an input that never ends.
    let context = JQContext(nextInput: { pending.popFirst() })
    #expect(try JQFilter("[., input]").evaluate(1, context: context) == [[1, 2]])
    #expect(pending == [3, 4])
    #expect(try JQFilter("[inputs]").evaluate(.null, context: context) == [[3, 4]])
    #expect(throws: JQRuntimeError(message: "break")) {
      try JQFilter("input").evaluate(.null, context: context)
    }
    // Without a context there are no inputs.
    #expect(try JQFilter("[inputs]").evaluate(.null) == [[]])
    #expect(
      try JQFilter("[inputs]").evaluate(.null, context: JQContext(inputs: [1, 2])) == [[1, 2]])
  }

  @Test func anInputErrorIsRaisedByInputAndEndsInputs() throws {
    var calls = 0
    let context = JQContext(nextInput: {
      calls += 1
      if calls == 2 { throw JQRuntimeError(message: "stdin:2:1: not valid JSON") }
      return calls < 4 ? .number(JSONNumber(calls)) : nil
    })
    #expect(throws: JQRuntimeError(message: "stdin:2:1: not valid JSON")) {
      try JQFilter("[inputs]").evaluate(.null, context: context)
    }
    #expect(try JQFilter("[inputs]").evaluate(.null, context: context) == [[3]])
  }

  @Test func debugStderrAndInputFilenameGoThroughTheContext() throws {
    var debug: [JSONValue] = []
    var stderr: [JSONValue] = []
    let context = JQContext(debug: { debug.append($0) }, stderr: { stderr.append($0) })
    context.inputFilename = "log.jsonl"
    let outputs = try JQFilter(#"debug, debug("a", "b"), stderr, input_filename"#)
      .evaluate(1, context: context)
    #expect(outputs == [1, 1, 1, "log.jsonl"])
    #expect(debug == [1, "a", "b"])
    #expect(stderr == [1])
  }

  @Test func haltKeepsTheOutputsBeforeIt() throws {
    var outputs: [JSONValue] = []
    let context = JQContext()
    let program = try JQFilter(#"1, 2, ("bye\n" | halt_error(3)), 4"#)
    do {
      try program.evaluate(.null, context: context) { outputs.append($0) }
      Issue.record("halt_error did not stop the program")
    } catch {
      #expect(error.haltCode == 3)
      #expect(error.value == "bye\n")
    }
    #expect(outputs == [1, 2])
    let halt = try JQFilter("halt")
    do {
      _ = try halt.evaluate(.null, context: context)
    } catch {
      #expect(error.haltCode == 0 && error.value == .null && error.message == "halt")
    }
    let haltError = try JQFilter(#"{"a": 1} | halt_error"#)
    do {
      _ = try haltError.evaluate(.null)
    } catch {
      #expect(error.haltCode == 5 && error.value == ["a": 1])
    }
    #expect(JQRuntimeError(message: "x").haltCode == nil)
  }

  @Test func theStreamingEvaluateHonoursAStepLimit() throws {
    var count = 0
    #expect(throws: JQRuntimeError(message: "the program took more than 500 evaluation steps")) {
      try JQFilter("repeat(1)").evaluate(.null, context: JQContext(), stepLimit: 500) { _ in
        count += 1
      }
    }
    #expect(count > 0)
  }

  @Test func theJQPrinterPrintsNumbersAsJQ18() throws {
    let value = try JSONParser.parse(#"{"a": [1e2, 1.50, -0, 100000000000000000001, 1e+17]}"#)
    #expect(JSONPrinter.compact.print(value) == #"{"a":[1e2,1.50,-0,100000000000000000001,1e+17]}"#)
    #expect(JSONPrinter.jq.print(value) == #"{"a":[1E+2,1.50,-0,100000000000000000001,1E+17]}"#)
    let computed = try JQFilter(".a | map(. + 0)").evaluate(value)
    #expect(computed.map(JSONPrinter.jq.print) == ["[100,1.5,0,1e+20,1e+17]"])
    let pretty = JSONPrinter.pretty.printingNumbersAsJQ()
    #expect(pretty.print(["x": .number(JSONNumber(literal: "1e2")!)]) == "{\n  \"x\": 1E+2\n}")
  }
}
