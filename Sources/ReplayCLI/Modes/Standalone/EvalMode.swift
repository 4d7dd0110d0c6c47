import TerminalEditor
import TimeTravel
import TimeTravelJQ

/// `replay --eval EXPR`: reads JSON values from stdin and prints each output
/// compactly, one per line, like `jq -c EXPR`, so the two can be compared.
struct EvalMode: StandaloneMode {
  static let declaration = ModeDeclaration(
    EvalMode.self,
    flag: Flag(
      names: ["--eval"],
      value: FlagValue(
        placeholder: "EXPR", meaning: nil, choices: [], form: .required,
        validate: { expression, _ throws(UsageError) in
          // `replay --eval -c .`, a jq habit: `-c` would be read as the expression. Only
          // option-like words: `-1` and `-length` are expressions.
          if expression.wholeMatch(of: /-[A-Za-z]{1,3}|--[A-Za-z][A-Za-z-]*/) != nil {
            throw UsageError(
              message:
                "--eval takes a jq expression, not the option '\(TerminalText.sanitize(expression))' (its output is always compact, as with jq -c)"
            )
          }
        }),
      help:
        "Read JSON values from stdin and print each output of EXPR on one line, like jq -c EXPR."
    ), opensLog: false, stdin: "reads JSON from stdin")

  /// The jq expression.
  var expression: String

  init(expression: String) { self.expression = expression }
  init(_ arguments: ModeArguments) { expression = arguments.values[0] }

  func run(io: any ReplayIO, reducers: ReducerRegistry) -> Int32 {
    let filter: JQFilter
    do {
      // No variables are bound: an unknown one is a syntax error naming its column, as
      // jq reports it when compiling, not an error on every input.
      filter = try JQFilter(expression, variableNames: [])
    } catch {
      io.errText("replay: syntax error at \(error.description)\n\(error.caretLine)\n")
      return ExitCode.usage
    }
    var input = io.readAll()
    if let format = InputSignature.foreignFormat(of: input) {
      io.errText("replay: stdin \(format); --eval reads UTF-8 JSON text\n")
      return ExitCode.unreadableLog
    }
    input.removeFirst(InputSignature.byteOrderMarkLength(of: input))
    var code = ExitCode.success
    input.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(bytes: buffer)
      var index = 0
      while true {
        let value: JSONValue
        do throws(JSONParseError) {
          if parser.isAtEnd { return }
          value = try parser.parseNext()
        } catch {
          // Named as a log's errors are, path:line:column, so editors can jump to it.
          io.errText(
            "replay: stdin:\(error.line):\(error.column): not valid JSON: \(error.message)\n")
          code = ExitCode.unreadableLog
          return
        }
        index += 1
        do {
          for output in try filter.evaluate(value) {
            io.out(JSONPrinter.compact.print(output) + "\n")
          }
        } catch {
          // jq reports the error and goes on with the next input.
          io.errText("replay: error (at input \(index)): \(error)\n")
          code = ExitCode.evaluationError
        }
      }
    }
    return code
  }
}
