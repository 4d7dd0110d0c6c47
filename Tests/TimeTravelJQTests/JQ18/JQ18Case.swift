import Foundation
import TestSupport
import Testing
import TimeTravelJQ
import TimeTravelJSON

/// A program, its inputs, and what jq 1.8.2 answers, line by line: each output as
/// `jq -c` prints it, `error: MESSAGE` for an error that ends an input's outputs,
/// `compile error` when the program does not compile, `halt N: TEXT` for `halt` and
/// `halt_error`, `debug: …` and `stderr: …` for those messages. The answers were
/// recorded from libjq 1.8.2; ``JQ18OracleTests`` checks them against it again wherever
/// it is installed.
struct JQ18Case: Sendable, CustomStringConvertible {
  var program: String
  /// The input texts, in order: the program runs on each, and `input` reads the next.
  var inputs: [String]
  var expected: [String]
  /// Whether the program imports from ``JQ18Case/moduleDirectory``.
  var usesModules = false

  init(_ program: String, _ expected: [String]) {
    self.init(program, "null", expected)
  }

  init(_ program: String, _ input: String, _ expected: [String]) {
    self.program = program
    self.inputs = [input]
    self.expected = expected
  }

  init(_ program: String, inputs: [String], _ expected: [String]) {
    self.program = program
    self.inputs = inputs
    self.expected = expected
  }

  init(modules program: String, _ expected: [String]) {
    self.program = program
    self.inputs = ["null"]
    self.expected = expected
    self.usesModules = true
  }

  var description: String { "\(program) on \(inputs.joined(separator: " "))" }

  /// The modules the module cases import: `Fixtures/jq/modules`.
  static let moduleDirectory = Repo.root.appendingPathComponent("Fixtures/jq/modules").path

  /// What replay answers, in the same lines.
  func run() -> [String] {
    let filter: JQFilter
    do {
      filter =
        usesModules
        ? try JQFilter(
          program, variableNames: [String](),
          modules: JQModuleSearch(paths: [Self.moduleDirectory]))
        : try JQFilter(program, variableNames: [])
    } catch {
      return ["compile error"]
    }
    var lines: [String] = []
    var pending = inputs[...]
    func next() throws(JQRuntimeError) -> JSONValue? {
      guard let text = pending.popFirst() else { return nil }
      do { return try JSONParser.parse(text) } catch {
        throw JQRuntimeError(message: "input: \(error)")
      }
    }
    let context = JQContext(
      nextInput: next, debug: { lines.append("debug: " + JSONPrinter.jq.print($0)) },
      stderr: { lines.append("stderr: " + JSONPrinter.jq.print($0)) })
    while let input = try? next() {
      do {
        try filter.evaluate(input, context: context) { lines.append(JSONPrinter.jq.print($0)) }
      } catch {
        if let code = error.haltCode {
          let text: String =
            error.value == .null
            ? "null"
            : JSONPrinter.compact.print(
              .string(error.value.stringValue ?? JSONPrinter.jq.print(error.value)))
          lines.append("halt \(code): \(text)")
          return lines
        }
        lines.append("error: " + error.message)
      }
    }
    return lines
  }

  /// Records an issue unless replay answers as jq 1.8 did.
  func check(sourceLocation: SourceLocation = #_sourceLocation) {
    let actual = run()
    #expect(actual == expected, "\(self)", sourceLocation: sourceLocation)
  }
}
