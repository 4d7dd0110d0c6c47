import Foundation
import TestSupport
import Testing
import TimeTravel
import TimeTravelJQ
import TimeTravelJSON

/// Runs jq's own manual examples (tests/man.test) against our implementation.
@Suite struct QueryManTests {
  struct Case {
    var line: Int
    var program: String
    var input: String
    var expected: [String]
    var expectsCompileError: Bool
  }

  enum Outcome {
    case passed, unsupported
    case failed(String)
  }

  /// Programs known to give a different answer, with the reason.
  static let knownFailures: [String: String] = [
    "$ENV.PAGER": "depends on the environment: the test expects PAGER=less",
    "env.PAGER": "depends on the environment: the test expects PAGER=less",
  ]

  /// Raise this as support grows; the supported count may only climb.
  static let supportedFloor = 231

  static func loadCases(_ text: String) -> [Case] {
    var cases: [Case] = []
    var block: [(Int, String)] = []
    func flush() {
      defer { block = [] }
      guard !block.isEmpty else { return }
      if block[0].1.hasPrefix("%%FAIL") {
        guard block.count >= 2 else { return }
        cases.append(
          Case(
            line: block[1].0, program: block[1].1, input: "", expected: [],
            expectsCompileError: true))
      } else if block.count >= 2 {
        cases.append(
          Case(
            line: block[0].0, program: block[0].1, input: block[1].1,
            expected: block.dropFirst(2).map(\.1), expectsCompileError: false))
      }
    }
    for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if line.hasPrefix("#") { continue }
      if line.trimmingCharacters(in: .whitespaces).isEmpty {
        flush()
      } else {
        block.append((i + 1, String(line)))
      }
    }
    flush()
    return cases
  }

  static func run(_ c: Case) -> Outcome {
    if knownFailures[c.program]?.hasSuffix("not run") == true { return .failed("not run") }
    let filter: JQFilter
    do {
      filter = try JQFilter(c.program)
    } catch {
      if c.expectsCompileError { return .passed }
      if error.message.contains("is not defined") || error.message.contains("not supported") {
        return .unsupported
      }
      return .failed("compile error: \(error)")
    }
    if c.expectsCompileError { return .failed("compiled, expected a compile error") }
    do {
      let input = try JSONParser.parse(c.input)
      let expected = try c.expected.map { JSONPrinter.compact.print(try JSONParser.parse($0)) }
      let actual = try filter.evaluate(input).map { JSONPrinter.compact.print($0) }
      if actual == expected { return .passed }
      return .failed("got \(actual), expected \(expected)")
    } catch {
      return .failed("error: \(error)")
    }
  }

  static let manualPath = "peer-tests/jq/man.test"

  // jq's manual examples live in the team's ../shared folder (CI has it); a user's
  // clone has none, so the test is skipped there, not failed.
  @Test(
    .enabled(
      if: PeerResources.hasShared(Self.manualPath),
      "needs ../shared/\(Self.manualPath), which a user's clone does not have"))
  func manualExamples() throws {
    let text = try String(contentsOf: PeerResources.shared(Self.manualPath), encoding: .utf8)
    let cases = Self.loadCases(text)
    var passed = 0
    var supported = 0
    var unexpected: [String] = []
    for c in cases {
      if ProcessInfo.processInfo.environment["MAN_TRACE"] != nil {
        FileHandle.standardError.write(Data("\(c.line): \(c.program)\n".utf8))
      }
      switch Self.run(c) {
      case .passed:
        passed += 1
        supported += 1
      case .unsupported:
        if ProcessInfo.processInfo.environment["MAN_TRACE"] != nil {
          print("man.test UNSUPPORTED \(c.program)")
        }
      case .failed(let why):
        supported += 1
        if Self.knownFailures[c.program] == nil {
          unexpected.append("line \(c.line): \(c.program) — \(why)")
        }
      }
    }
    print("man.test: \(passed) passed of \(supported) supported (\(cases.count) total)")
    for failure in unexpected { print("man.test FAIL \(failure)") }
    #expect(unexpected.isEmpty)
    #expect(passed == supported - Self.knownFailures.count)
    #expect(supported >= Self.supportedFloor)
  }
}
