import TerminalEditor
import TimeTravel
import TimeTravelJQ

/// `replay --eval EXPR`: reads JSON values from stdin and prints each output
/// compactly, one per line, like `jq -c EXPR`, so the two can be compared.
///
/// As jq's main loop: EXPR runs on each value in turn, and `input` and `inputs` read
/// the values after it, which are then not run on by themselves; `debug` and `stderr`
/// write to stderr as jq does; `halt` and `halt_error` stop with their exit status.
/// Outputs print as `jq -c` prints them (``JSONPrinter/jq``).
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
        "Read JSON values from stdin and print each output of EXPR on one line, like jq -c EXPR. input and inputs read the values that follow."
    ), opensLog: false, options: [OptionFlags.libraryPath], stdin: "reads JSON from stdin")

  /// The jq expression.
  var expression: String
  /// `-L DIR`, each, in order.
  var libraryPaths: [String] = []

  init(expression: String, libraryPaths: [String] = []) {
    self.expression = expression
    self.libraryPaths = libraryPaths
  }

  init(_ arguments: ModeArguments) {
    expression = arguments.values[0]
    libraryPaths = arguments.options.libraryPaths
  }

  func run(io: any ReplayIO, reducers: ReducerRegistry) -> Int32 {
    var options = Options()
    options.libraryPaths = libraryPaths
    let filter: JQFilter
    do {
      // No variables are bound: an unknown one is a syntax error naming its column, as
      // jq reports it when compiling, not an error on every input.
      filter = try JQFilter(expression, variableNames: [String](), modules: options.modules)
    } catch {
      // An error inside a module names its file and line; the caret shows the program.
      io.errText("replay: syntax error at \(error.description)\n\(error.caretLine)\n")
      return ExitCode.usage
    }
    var input = io.readAll()
    if let format = InputSignature.foreignFormat(of: input) {
      io.errText("replay: stdin \(format); --eval reads UTF-8 JSON text\n")
      return ExitCode.unreadableLog
    }
    input.removeFirst(InputSignature.byteOrderMarkLength(of: input))
    return input.withUnsafeBufferPointer { buffer in
      EvalRun(filter: filter, io: io, parser: JSONParser(bytes: buffer)).run()
    }
  }
}

/// One `--eval` run over the values of stdin: the main loop, and the `input` callback
/// that reads from the same stream.
private final class EvalRun {
  let filter: JQFilter
  let io: any ReplayIO
  var parser: JSONParser
  /// How many values have been read (the position `error (at input N)` names).
  var index = 0
  /// The first value that was not valid JSON; reading stops there.
  var parseError: JSONParseError?
  var code = ExitCode.success

  init(filter: JQFilter, io: any ReplayIO, parser: JSONParser) {
    self.filter = filter
    self.io = io
    self.parser = parser
  }

  /// The next value of stdin, or `nil` at its end or after a value that is not JSON.
  func next() -> JSONValue? {
    guard parseError == nil, !parser.isAtEnd else { return nil }
    do throws(JSONParseError) {
      let value = try parser.parseNext()
      index += 1
      return value
    } catch {
      parseError = error
      return nil
    }
  }

  /// How a value that is not JSON is named: path:line:column, as a log's errors are, so
  /// editors can jump to it.
  static func describe(_ error: JSONParseError) -> String {
    "stdin:\(error.line):\(error.column): not valid JSON: \(error.message)"
  }

  func run() -> Int32 {
    let context = JQContext(
      nextInput: { [unowned self] () throws(JQRuntimeError) in
        // `input` on a value that is not JSON fails with the parse error.
        if let value = self.next() { return value }
        if let error = self.parseError { throw JQRuntimeError(message: Self.describe(error)) }
        return nil
      },
      debug: { [io] value in
        io.errText(JSONPrinter.jq.print(.array([.string("DEBUG:"), value])) + "\n")
      },
      stderr: { [io] value in
        // jq 1.8 writes a string as it is and anything else as compact JSON, with no newline.
        io.errText(value.stringValue ?? JSONPrinter.jq.print(value))
      })
    while let value = next() {
      let at = index
      do {
        try filter.evaluate(value, context: context) {
          self.io.out(JSONPrinter.jq.print($0) + "\n")
        }
      } catch {
        if let halt = error.haltCode {
          // `halt_error`: a string as it is, anything else as JSON and a newline.
          if error.value != .null || error.message != "halt" {
            io.errText(error.value.stringValue ?? (JSONPrinter.jq.print(error.value) + "\n"))
          }
          return halt
        }
        // jq reports the error and goes on with the next input; a parse error `input`
        // met is reported once, below.
        if let parseError, error.message == Self.describe(parseError) { break }
        io.errText("replay: error (at input \(at)): \(error)\n")
        code = ExitCode.evaluationError
      }
    }
    if let parseError {
      io.errText("replay: \(Self.describe(parseError))\n")
      return ExitCode.unreadableLog
    }
    return code
  }
}
