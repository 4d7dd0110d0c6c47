import TimeTravel
import TimeTravelJQ

/// `replay --eval EXPR`: reads JSON values from stdin and prints each output
/// compactly, one per line, like `jq -c EXPR`, so the two can be compared.
enum EvalMode {
  static func run(_ expression: String, io: any ReplayIO) -> Int32 {
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
