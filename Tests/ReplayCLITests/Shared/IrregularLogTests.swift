import Foundation
import ReplayCLI
import TestSupport
import Testing

@testable import TimeTravel

/// Every irregularity the reader tolerates gives the same answer in every mode, and
/// never shifts a number: blank and whitespace-only lines, CRLF, a byte order mark, a
/// last line without a newline; and each `seq` irregularity has one defined meaning.
@Suite struct IrregularLogTests {
  typealias L = NumberingLogs

  /// The clean log the tolerated variants are compared with: entries 1…4.
  static let lines = (1...4).map { L.line($0, $0 - 1, $0) }

  /// The commands run on each variant: every mode on a log but `--verify` (which needs
  /// a reducer of the app) and `--reproduce` (which needs a crash).
  static let commands: [(arguments: [String], stdin: String)] = [
    ([], ""),
    (["--show", "3"], ""), (["--show", "init"], ""), (["--show", "4", "--format", "json"], ""),
    (["--diff", "3"], ""), (["--diff", "1", "4"], ""), (["--diff", "2", "--format", "json"], ""),
    (["--watch", "/count", "--where", ".seq >= 2"], ""),
    (["--find", ".next.count == 3"], ""), (["--find", "$seq > 2", "--format", "json"], ""),
    (["--bisect", "--predicate", ".count >= 3"], ""),
    (["--bisect", "--predicate", ".count >= 3", "--linear"], ""),
    (["--step"], "goto 3\nn\nprev\ndiff\ndiff init 4\nlist 2\nrwatch /count\nq\n"),
    (["--show", "5"], ""), (["--diff", "0"], ""),
  ]

  /// The outputs of ``commands``: exit code, stdout and stderr.
  static func answers(_ text: String) throws -> [String] {
    let temp = try TempLog(text)
    return commands.map { command in
      let result = L.run(temp, command.arguments, stdin: command.stdin)
      return "\(command.arguments): \(result.code)\n\(result.out)\(result.err)"
    }
  }

  /// The tolerated variants, and the warning each gives (in every mode, on stderr).
  static let variants: [(name: String, text: String, warning: String?)] = [
    (
      "a blank line", lines[0] + "\n\n" + lines[1...].joined(separator: "\n") + "\n",
      "LOG:2: skipped a blank line: it is not an entry and takes no number (JSON Lines has no blank lines)"
    ),
    (
      "blank and whitespace-only lines",
      "\n" + lines[0] + "\n \t\n" + lines[1] + "\n\r\n\n" + lines[2...].joined(separator: "\n")
        + "\n\n\n",
      "LOG:1: skipped 4 blank lines, the first here: they are not entries and take no number (JSON Lines has no blank lines)"
    ),
    ("CRLF line endings", lines.joined(separator: "\r\n") + "\r\n", nil),
    ("a byte order mark", "\u{FEFF}" + lines.joined(separator: "\n") + "\n", nil),
    ("no final newline", lines.joined(separator: "\n"), nil),
    (
      "all of them",
      "\u{FEFF}" + lines[0] + "\r\n\r\n" + lines[1...].joined(separator: "\r\n"),
      "LOG:2: skipped a blank line: it is not an entry and takes no number (JSON Lines has no blank lines)"
    ),
  ]

  @Test(arguments: 0..<variants.count)
  func toleratedIrregularitiesAnswerAsTheCleanLogDoes(variant: Int) throws {
    let (name, text, warning) = Self.variants[variant]
    let clean = try Self.answers(Self.lines.joined(separator: "\n") + "\n")
    let answers = try Self.answers(text)
    let prefix = warning.map { "replay: warning: \($0)\n" } ?? ""
    for (expected, answer) in zip(clean, answers) {
      // The warning is the one difference, printed first on stderr, and the summary
      // lists it.
      var adjusted = answer.replacingOccurrences(of: prefix, with: "")
      if let warning {
        let listed = "warnings: 1\n  line " + warning.dropFirst("LOG:".count)
        adjusted = adjusted.replacingOccurrences(of: listed + "\n", with: "warnings: none\n")
      }
      #expect(adjusted == expected, "\(name)")
    }
    #expect(answers.allSatisfy { prefix.isEmpty || $0.contains(prefix) }, "\(name)")
  }

  /// The clean log's answers, exactly, so that the comparison above compares something.
  @Test func theCleanLogsAnswers() throws {
    let answers = try Self.answers(Self.lines.joined(separator: "\n") + "\n")
    #expect(
      answers[4] == """
        ["--diff", "3"]: 0
        entry 3 (inc)
        action: "inc"
        state 2 → state 3: 1 change
          {
        -   "count": 2
        +   "count": 3  // /count
          }

        """)
    #expect(
      answers[12] == """
        ["--step"]: 0
        [init/4] initial state
        [3/4] inc
          ~ /count: 2 → 3
        [4/4] inc
          ~ /count: 3 → 4
        [3/4] inc
          ~ /count: 2 → 3
        state 2 → state 3:
          ~ /count: 2 → 3
        state init → state 4:
          ~ /count: 0 → 4
          entry 2 (inc)
        > entry 3 (inc)
        [3/4] inc
          /count: 2 → 3

        """)
    #expect(
      answers[13]
        == "[\"--show\", \"5\"]: 2\nreplay: LOG: state 5 is out of range (the log has states init and 1…4)\n"
    )
    #expect(
      answers[14]
        == "[\"--diff\", \"0\"]: 2\nreplay: --diff 0: no entry led to the initial state; use --diff A B to compare two states\n"
    )
  }
}
