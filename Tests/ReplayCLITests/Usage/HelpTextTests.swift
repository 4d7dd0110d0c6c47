import CLITestSupport
import Foundation
import TestSupport
import Testing

@testable import ReplayCLI

/// `--help` is generated from the flag table, and the README keeps up with it.
@Suite struct HelpTextTests {
  @Test func helpListsEveryFlagWithItsValueAndModes() {
    let (code, out, err) = replay("--help")
    #expect(code == 0)
    #expect(err == "")
    for flag in FlagTable.replay.flags {
      #expect(out.contains(flag.synopsis), "\(flag.name)")
      for alias in flag.names.dropFirst() { #expect(out.contains(alias), "\(alias)") }
    }
    #expect(
      out.contains(
        """
          --where EXPR                  With the summary, --find, --watch, --blame or
                                        --listen: only the entries on which EXPR holds,
                                        run on the whole entry.

        """))
    #expect(
      out.contains(
        """
            --linear                    With --bisect: scan from the initial state
                                        instead, to find the true first bad entry of a
                                        non-monotone predicate. A skipped state is never
                                        passed over as good: skipped states before the
                                        first bad one are listed as candidates.

        """))
    #expect(
      out.contains("  replay LOG --bisect (--predicate EXPR | --run CMD) [--linear] [--confirm]\n"))
    #expect(
      out.contains(
        """
        Entries and states are named by seq: entry K is the entry whose seq is K,
        state K the state after it, and init the state before the first entry (0 too,
        when no entry has seq 0). Every number replay prints can be typed back.

        """))
    #expect(
      out.contains(
        "patch that turns state A into state B.\n" + String(repeating: " ", count: 32)
          + "json-patch goes with --diff.\n"))
  }

  @Test func helpNamesTheRegisteredReducers() {
    func words(_ text: String) -> String {
      text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    #expect(
      words(replay("--help").out).contains(
        "it recomputes the states every mode needs. Registered: elm-counter, login, redux-counter, search, todo."
      ))
    let none = BufferIO()
    #expect(ReplayCommand.run(["--help"], io: none) == 0)
    #expect(
      words(none.stdout).contains(
        "recomputes the states every mode needs. None are registered in this replay."))
  }

  @Test func usageFollowsAUsageError() {
    let (code, out, err) = replay("--bogus")
    #expect(code == 2)
    #expect(out == "")
    #expect(
      err == """
        replay: unknown option '--bogus'
        usage: replay LOG [--show N | --diff A [B]
                           | --bisect (--predicate EXPR | --run CMD) [--linear]
                               [--confirm]
                           | --find EXPR | --watch PATH | --why K | --effects [K]
                           | --blame PATH | --step | --verify --reducer NAME
                           | --what-if EDIT… --reducer NAME
                           | --minimize --predicate EXPR --reducer NAME
                           | --races --window W --predicate EXPR --reducer NAME
                           | --reproduce | --html FILE [--plot PATH]
                           | --emit-test --reducer NAME [--live-effects] | --convert
                           | --export redux-devtools]
                          [--range A..B] [--module MODULE] [--where EXPR] [--follow]
                          [--until EXPR] [--format text|json|json-patch] [--id-key KEY]
                          [--color[=auto|always|never]] [--no-color] [--full] [-L DIR]
               replay LOG LOG… | DIR [--find EXPR | --watch PATH] [--where EXPR]
               replay --listen [HOST:]PORT [--save DIR] [--token TOKEN]
                      [--find EXPR | --watch PATH | --step]
               replay --eval EXPR [-L DIR]
               replay --completion bash|zsh|fish
               replay --help | --version
        Try 'replay --help' for more.

        """)
  }

  @Test func everyLineOfTheHelpFitsEightyColumns() {
    let help = replay("--help").out
    for line in help.split(separator: "\n") {
      #expect(line.count <= 80, "\(line)")
    }
  }

  /// A mode's line past the width is broken before its last options, as the usage lines
  /// are, and its help starts beside the last piece when there is room.
  @Test func aLongModeLineIsBrokenBeforeItsLastOption() {
    let label = "replay LOG --emit-test --reducer NAME [--module MODULE] [--effects replayed|live]"
    #expect(
      HelpText.entry(label, indent: 2, "Write a test.") == """
          replay LOG --emit-test --reducer NAME [--module MODULE]
            [--effects replayed|live]   Write a test.

        """)
  }

  /// Every spelling of every flag is named in the README, as a whole word.
  @Test func theReadmeNamesEveryFlag() throws {
    let readme = try String(
      contentsOf: Repo.root.appendingPathComponent("README.md"), encoding: .utf8)
    for flag in FlagTable.replay.flags {
      for name in flag.names where name.hasPrefix("--") {
        #expect(Self.mentions(readme, name), "README.md does not mention \(name)")
      }
    }
  }

  /// Whether `text` has `name` not followed by a letter, digit or `-` (so `--run` is not
  /// found in `--runner`).
  static func mentions(_ text: String, _ name: String) -> Bool {
    var rest = text[...]
    while let range = rest.range(of: name) {
      let next = rest[range.upperBound...].first
      if !(next.map { $0.isLetter || $0.isNumber || $0 == "-" } ?? false) { return true }
      rest = rest[range.upperBound...]
    }
    return false
  }
}
