import BundledReducers
import CLITestSupport
import Foundation
import TestSupport
import Testing

@testable import ReplayCLI

/// The manual page says what `--help` says (it is generated from the same flag table and
/// prose), and groff, mandoc and man read it without a warning.
@Suite struct ManualPageTests {
  /// 2026-01-05, the day of the fixture's session.
  static let date = Date(timeIntervalSince1970: 1_767_571_200)
  static let page = ReplayCommand.manualPage(reducers: BundledReducers.registry, date: date)
  static let help = HelpText(table: .replay, reducers: BundledReducers.registry.names)

  @Test func headerAndSectionsInOrder() {
    let lines = Self.page.split(separator: "\n")
    #expect(lines[2] == #".TH REPLAY 1 "2026-01-05" "replay 0.1.0" "User Commands""#)
    #expect(
      lines.filter { $0.hasPrefix(".SH ") }.map { String($0.dropFirst(4)) } == [
        "NAME", "SYNOPSIS", "DESCRIPTION", "MODES", "MODES WITHOUT A LOG", "OPTIONS",
        "EXPRESSIONS", "EXIT CODES", "LOG FORMAT", "ENVIRONMENT", "FILES", "EXAMPLES",
        "SEE ALSO",
      ])
    #expect(
      Self.page.contains(
        """
        .SH NAME
        replay \\- open a JSON Lines log of (action, prior state, next state) entries and
        find the action that broke the state
        .SH SYNOPSIS
        .SY replay
        \\fILOG\\fR \\%[\\fIOPTION\\fR]...
        .YS

        """))
    #expect(Self.page.hasSuffix(".SH SEE ALSO\n.BR jq (1),\n.BR git\\-bisect (1)\n"))
    let ascii = Self.page.unicodeScalars.allSatisfy(\.isASCII)
    #expect(ascii)
  }

  /// Every spelling of every flag of the table is in the page in bold, each `-` typed
  /// (`\-`), as it is in `--help`.
  @Test func everySpellingOfEveryFlagIsInThePage() {
    let out = replay("--help").out
    for flag in FlagTable.replay.flags {
      for name in flag.names {
        let roff = "\\fB" + Roff.escaped(name, literal: true) + "\\fR"
        #expect(Self.page.contains(roff), "\(name)")
        #expect(out.contains(name), "\(name)")
      }
    }
    #expect(!Self.page.contains("\\fB--"))
  }

  /// A mode comes with its synopsis, its help and, indented under it, the options
  /// that go with it alone, as in `--help`.
  @Test func aModeWithItsOwnOptions() {
    #expect(
      Self.page.contains(
        #"""
        .TP
        \%\fBreplay\fR \fILOG\fR \%\fB\-\-bisect\fR \%(\fB\-\-predicate\fR \fIEXPR\fR | \%\fB\-\-run\fR \fICMD\fR) \%[\fB\-\-linear\fR] \%[\fB\-\-confirm\fR]
        Binary search, as git bisect does, for the first entry after which the state is
        bad. Checks both ends first, then checks its answer: a \%\fB\-\-predicate\fR is
        judged on every earlier state, so a predicate that heals and breaks again is
        reported with its true first bad entry and its flips; with \%\fB\-\-run\fR,
        \%\fB\-\-confirm\fR does the same. When both ends are good, or the predicate
        reads \%$action or \%$prior (it is about transitions), it checks entry by entry
        instead and says so.
        .RS
        .TP
        \%\fB\-\-run\fR \fICMD\fR
        With \%\fB\-\-bisect\fR: judge each state by a shell command, as git bisect run
        does. The state's JSON goes to its stdin and \%REPLAY_STATE (init or the entry's
        """#))
    #expect(
      Self.page.contains(
        #"""
        .TP
        \%\fB\-\-linear\fR
        With \%\fB\-\-bisect\fR: scan from the initial state instead, to find the true
        first bad entry of a non-monotone predicate. A skipped state is never passed
        over as good: skipped states before the first bad one are listed as candidates.
        .TP
        """#))
    #expect(
      Self.page.contains(
        #"""
        an Elm history), it recomputes the states every mode needs. Registered:
        \%elm\-counter, login, \%redux\-counter, search, todo.
        """#))
  }

  /// EXIT CODES lists the same codes with the same words as `--help`, which are
  /// ``ExitCode``'s values.
  @Test func exitCodesAreTheHelps() throws {
    let out = replay("--help").out
    let helpSection = try #require(out.range(of: "EXIT CODES\n")).upperBound
    var inHelp: [(String, String)] = []
    for line in out[helpSection...].split(separator: "\n") {
      guard line.hasPrefix("  ") else { break }
      if let match = line.wholeMatch(of: /\ \ (\d+)\ \ (.*)/) {
        inHelp.append((String(match.1), String(match.2)))
      } else if line.hasPrefix("     "), !inHelp.isEmpty {
        inHelp[inHelp.count - 1].1 += " " + line.dropFirst(5)
      }
    }
    let section = try #require(Self.page.components(separatedBy: ".SH EXIT CODES\n").last)
    let inPage = section.matches(of: /\.TP\n\\fB(\d+)\\fR\n((?:[^.\n][^\n]*\n)+)/).map {
      (
        String($0.1),
        Self.plain(String($0.2)).split(whereSeparator: \.isWhitespace).joined(separator: " ")
      )
    }
    let codes: [Int32] = [
      ExitCode.success, ExitCode.notFound, ExitCode.usage, ExitCode.unreadableLog,
      ExitCode.evaluationError, ExitCode.holdsAtStart, ExitCode.diverged, ExitCode.inconclusive,
      ExitCode.incompatibleLog,
    ]
    #expect(inHelp.map(\.0) == codes.map(String.init))
    #expect(inPage.map(\.0) == codes.map(String.init))
    #expect(inPage.map(\.1) == inHelp.map(\.1))
    #expect(
      inPage[3].1
        == "the log cannot be read: missing or unreadable file, a malformed line, a file truncated or rewritten while it is read; --follow: Ctrl-C before the log appeared"
    )
  }

  /// Several logs at once have their synopsis and their entry under MODES, as in `--help`.
  @Test func severalLogsHaveTheirSynopsisAndMode() throws {
    let page = Self.plain(Self.page)
    #expect(
      page.contains(
        ".SY replay\nLOG LOG\\[u2026] | DIR [--find EXPR | --watch PATH] [--where EXPR] [OPTION]...\n.YS"
      ))
    #expect(page.contains(".TP\nreplay LOG LOG\\[u2026] | DIR\nSeveral logs, or a folder's .jsonl"))
  }

  /// ENVIRONMENT names every variable replay's code reads (`environment["…"]`) and the
  /// one it sets for `--run`; FILES the history file.
  @Test func environmentIsWhatTheCodeReads() throws {
    var reads: Set<String> = []
    var sets: Set<String> = []
    let modules = [
      "ReplayCLI", "TerminalEditor", "TimeTravel", "TimeTravelJSON", "TimeTravelDiff",
      "TimeTravelJQ", "BundledReducers", "replay",
    ]
    for module in modules {
      let folder = Repo.root.appendingPathComponent("Sources/\(module)")
      let files = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]
      for file in try #require(files) where file.hasSuffix(".swift") {
        let source = try String(
          contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        for match in source.matches(of: /environment\["([A-Z_][A-Z0-9_]*)"\](\s*=[^=])?/) {
          if match.2 == nil { reads.insert(String(match.1)) } else { sets.insert(String(match.1)) }
        }
      }
    }
    #expect(
      reads == [
        "HOME", "NO_COLOR", "REPLAY_HISTORY", "REPLAY_INDEX_FIRST", "REPLAY_SCAN_CHUNK_BYTES",
        "REPLAY_THREADS", "REPLAY_TOKEN", "TERM",
      ])
    #expect(sets == ["REPLAY_STATE"])
    let section = try #require(
      Self.page.components(separatedBy: ".SH ENVIRONMENT\n").last?
        .components(separatedBy: ".SH FILES\n"))
    let terms = section[0].matches(of: /\.TP\n\\fB([^\\]+)\\fR\n/).map { String($0.1) }
    #expect(
      terms == [
        "NO_COLOR", "REPLAY_HISTORY", "HOME", "TERM", "REPLAY_THREADS", "REPLAY_SCAN_CHUNK_BYTES",
        "REPLAY_INDEX_FIRST", "REPLAY_TOKEN", "REPLAY_STATE",
      ])
    #expect(Set(terms) == reads.union(sets))
    #expect(section[1].hasPrefix(".TP\n\\fB\\(ti/.replay_history\\fR\n"))
  }

  /// Each example, shown as the shell reads it, exits as declared on the fixture.
  @Test func examplesRunOnTheFixture() {
    #expect(
      Self.page.contains(
        #"""
        .RS 4
        .nf
        replay session.jsonl \-\-bisect \-\-predicate \(aqany(.todos[]; .title | test("\(ha\e\es*$"))\(aq
        .fi
        .RE
        """#))
    #expect(
      Self.page.contains(#"replay session.jsonl \-\-watch /filter \-\-where \(aq.seq < 40\(aq"#))
    for example in ManualProse.examples {
      #expect(example.arguments[0] == "session.jsonl")
      let (code, out, err) = replay(Repo.fixture, arguments: Array(example.arguments.dropFirst()))
      #expect(code == example.status, "\(example.arguments): \(err)")
      #expect(!out.isEmpty)
    }
    #expect(ManualPage.shellQuoted("it's") == #"'it'\''s'"#)
    #expect(ManualPage.shellQuoted("1..117") == "1..117")
    #expect(ManualPage.shellQuoted("") == "''")
  }

  // MARK: - Formatters

  static let groff = PeerResources.executable("groff")
  static let mandoc = PeerResources.executable("mandoc")
  static let man = PeerResources.executable("man")

  /// The page in a temporary file, for the formatters.
  static func pageFile() throws -> URL {
    let file = Scratch.folder
      .appendingPathComponent("replay-\(UUID().uuidString).1")
    try Self.page.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  @Test(.enabled(if: groff != nil, "needs groff on PATH (apt-get install groff)"))
  func groffRendersItWithoutWarnings() async throws {
    let file = try Self.pageFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let run = try await CompletedProcess.run(
      Self.groff!, ["-man", "-Tutf8", "-ww", "-z", file.path])
    #expect(run.status == 0)
    #expect(run.err == "")
    #expect(run.out == "")
  }

  /// As rendered by groff (on one line per paragraph, so nothing is hyphenated), the page
  /// holds every flag's help word for word, and the help's prose.
  @Test(.enabled(if: groff != nil, "needs groff on PATH (apt-get install groff)"))
  func theRenderedPageSaysWhatTheHelpSays() async throws {
    let file = try Self.pageFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let run = try await CompletedProcess.run(
      Self.groff!, ["-man", "-Tutf8", "-rLL=2000n", "-P-cbou", file.path])
    #expect(run.status == 0)
    let text = Self.words(run.out)
    for flag in FlagTable.replay.flags {
      // Without its first letter, which is lower case after "With --bisect: ".
      #expect(text.contains(Self.words(String(Self.help.help(flag).dropFirst()))), "\(flag.name)")
      #expect(text.contains(Self.words(flag.synopsis)), "\(flag.name)")
    }
    for section in HelpProse.sections + [ManualProse.environment, ManualProse.files] {
      for case .text(let lines) in section.blocks {
        #expect(text.contains(Self.words(lines)), "\(section.title)")
      }
    }
    #expect(text.contains(Self.words(HelpProse.naming)))
    #expect(text.contains(#"--predicate 'any(.todos[]; .title | test("^\\s*$"))'"#))
    #expect(text.contains(#"{"seq":1,"time":"…","action":…,"prior":…,"next":…}."#))
    #expect(text.contains("replay LOG --bisect (--predicate EXPR | --run CMD) [--linear]"))
  }

  @Test(.enabled(if: mandoc != nil, "needs mandoc on PATH (apt-get install mandoc)"))
  func mandocFindsNothingToWarnAbout() async throws {
    let file = try Self.pageFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let run = try await CompletedProcess.run(
      Self.mandoc!, ["-T", "lint", "-W", "warning", file.path], mergingOutput: true)
    #expect(run.status == 0)
    #expect(run.out == "")
  }

  @Test(
    .enabled(if: man != nil && groff != nil, "needs man and groff on PATH (apt-get install man-db)")
  )
  func manShowsTheFile() async throws {
    let file = try Self.pageFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let run = try await CompletedProcess.run(
      Self.man!, ["--warnings", "-l", file.path],
      environment: ["MANWIDTH": "80", "LC_ALL": "C.UTF-8"])
    #expect(run.status == 0)
    #expect(run.err == "")
    let lines = run.out.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines.first?.split(separator: " ") == ["REPLAY(1)", "User", "Commands", "REPLAY(1)"])
    #expect(
      lines.last { !$0.isEmpty }?.split(separator: " ") == [
        "replay", "0.1.0", "2026-01-05", "REPLAY(1)",
      ])
    #expect(lines.contains("       replay LOG --bisect (--predicate EXPR | --run CMD) [--linear]"))
    #expect(lines.allSatisfy { $0.count <= 80 || $0.hasPrefix("           replay session.jsonl") })
  }

  /// The `replay-manual` executable the build made prints the same page, dated by
  /// SOURCE_DATE_EPOCH.
  @Test(
    .enabled(if: replayManual != nil, "needs replay-manual beside the test binary (swift build)"))
  func replayManualPrintsThePage() async throws {
    let run = try await CompletedProcess.run(
      Self.replayManual!, [], environment: ["SOURCE_DATE_EPOCH": "1767571200"])
    #expect(run.status == 0)
    #expect(run.err == "")
    #expect(run.out == Self.page)
  }

  /// `replay-manual` beside the test binary (Linux), or a few folders up (macOS).
  static let replayManual: String? = {
    let me =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    var folder = URL(fileURLWithPath: me).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent("replay-manual").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      folder.deleteLastPathComponent()
    }
    return nil
  }()

  // MARK: - Helpers

  /// `text` with its runs of white space as one space, the minus sign or hyphen a
  /// formatter may print for `\-` as `-`, and its apostrophe for `'` as `'`.
  static func words(_ text: String) -> String {
    text.replacingOccurrences(of: "\u{2212}", with: "-")
      .replacingOccurrences(of: "\u{2010}", with: "-")
      .replacingOccurrences(of: "\u{2019}", with: "'")
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// Roff source as the text it prints, for the escapes the generator writes.
  static func plain(_ roff: String) -> String {
    var text = roff
    for (escape, character) in [
      (#"\fB"#, ""), (#"\fI"#, ""), (#"\fR"#, ""), (#"\%"#, ""), (#"\&"#, ""), (#"\-"#, "-"),
      (#"\(aq"#, "'"), (#"\(ti"#, "~"), (#"\(ha"#, "^"), (#"\e"#, #"\"#),
    ] {
      text = text.replacingOccurrences(of: escape, with: character)
    }
    return text
  }
}
