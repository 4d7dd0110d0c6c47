import CLITestSupport
import Foundation
import TestSupport
import Testing

@testable import ReplayCLI

/// How a fleet's run reports what it could not read or answer: each problem is listed
/// with its log, in the order given, and the other logs are still answered.
@Suite struct FleetProblemTests {
  /// An expression that fails on an entry fails its log, which was read: it is listed as
  /// failed, not unreadable, and its error names it; the exit code is the expression's.
  @Test func aFailingExpressionIsListedAsFailedWithItsLog() throws {
    let folder = try LogFolder(["a.jsonl": ScanTestLogs.clean(2), "b.jsonl": ScanTestLogs.clean(1)])
    let (a, b) = (folder.path + "/a.jsonl", folder.path + "/b.jsonl")
    let message =
      "the --where expression failed on entry 1 (add): object ({\"add\":{\"n\":1}}) cannot be matched, as it is not a string"
    let summary = replay([a, b, "--where", ".action | test(\"a\")"], environment: [:])
    #expect(summary.code == ExitCode.evaluationError)
    #expect(
      summary.out == """
        0 sessions (logs), 0 entries, 2 failed
        ended in a pending record: 0
        logs:
          \(a): failed: \(message)
          \(b): failed: \(message)

        """)
    #expect(summary.err == "replay: \(a): \(message)\nreplay: \(b): \(message)\n")
    let find = replay(
      [a, b, "--find", ".action | test(\"a\")", "--format", "json"], environment: [:])
    #expect(find.code == ExitCode.evaluationError)
    let findMessage = message.replacingOccurrences(of: "--where", with: "--find")
    #expect(
      find.out
        == #"{"matches":[],"unreadable":[],"failed":[{"path":"\#(a)","message":"\#(a): \#(findMessage.replacingOccurrences(of: "\"", with: "\\\""))"},{"path":"\#(b)","message":"\#(b): \#(findMessage.replacingOccurrences(of: "\"", with: "\\\""))"}]}"#
        + "\n")
    let text = replay([a, b, "--find", ".action | test(\"a\")"], environment: [:])
    #expect(text.out == "no entry matches in 2 logs (2 failed)\n")
  }

  /// A log given twice is read twice and counted twice, its matches and its logs alike.
  @Test func aLogGivenTwiceCountsTwice() throws {
    let folder = try LogFolder(["a.jsonl": ScanTestLogs.clean(2)])
    let a = folder.path + "/a.jsonl"
    let run = replay([a, a, "--find", ".seq == 1"], environment: [:])
    #expect(run.code == 0)
    #expect(
      run.out == """
        2 entries match in 2 of 2 logs:
          \(a): entry 1 (add) at 2026-01-05T09:00:01.000Z {"n":1}
          \(a): entry 1 (add) at 2026-01-05T09:00:01.000Z {"n":1}

        """)
  }

  /// A folder that holds no log, beside a log, is listed as unreadable and the log is
  /// still summed up; alone, it is the command's error.
  @Test func aFolderWithoutLogsIsListedAndTheOthersRead() throws {
    let empty = try LogFolder(["notes.txt": ["not a log"]])
    let logs = try LogFolder(["a.jsonl": ScanTestLogs.clean(1)])
    let a = logs.path + "/a.jsonl"
    let message = "the folder \(empty.path) holds no log (no file ending in .jsonl or .ndjson)"
    let run = replay([empty.path, a], environment: [:])
    #expect(run.code == ExitCode.unreadableLog)
    #expect(
      run.out.hasSuffix(
        """
        logs:
          \(empty.path): unreadable: a folder that holds no log (no file ending in .jsonl or .ndjson)
          \(a): 1 entry

        """))
    #expect(run.out.hasPrefix("1 session (log), 1 entry, 1 unreadable\n"))
    #expect(run.err == "replay: \(message)\n")
    let alone = replay([empty.path], environment: [:])
    #expect(alone.code == ExitCode.unreadableLog)
    #expect(alone.out == "")
    #expect(alone.err == "replay: \(message)\n")
  }

  /// A FIFO among a folder's logs would block its read until a writer came: it is listed
  /// as not a regular file, and the logs beside it are read.
  @Test func aFIFOInAFolderIsListedNotWaitedOn() throws {
    let folder = try LogFolder(["a.jsonl": ScanTestLogs.clean(1)])
    let fifo = folder.path + "/f.jsonl"
    #expect(mkfifo(fifo, 0o600) == 0)
    let run = replay([folder.path, "--format", "json"], environment: [:])
    #expect(run.code == ExitCode.unreadableLog)
    #expect(
      run.out.hasSuffix(
        #""unreadable":[{"path":"\#(fifo)","message":"\#(fifo): not a regular file"}],"failed":[]}"#
          + "\n"))
    #expect(run.err == "replay: \(fifo): not a regular file\n")
  }

  /// A file of a folder whose name is not UTF-8 cannot be named to be opened: it is listed
  /// with that reason, not as missing. A log named in capitals is a log.
  @Test func aNameThatIsNotUTF8IsListedWithItsReason() throws {
    let folder = try LogFolder(["UPPER.JSONL": ScanTestLogs.clean(1)])
    var bytes = Array((folder.path + "/bad").utf8) + [0xFF, 0xFE] + Array(".jsonl".utf8)
    bytes.append(0)
    let descriptor = bytes.withUnsafeBufferPointer {
      $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o600) }
    }
    try #require(descriptor >= 0)
    close(descriptor)
    let shown = folder.path + "/bad\u{FFFD}\u{FFFD}.jsonl"
    let reason = "its name is not UTF-8 (shown with U+FFFD), so it cannot be opened; rename it"
    let run = replay([folder.path], environment: [:])
    #expect(run.code == ExitCode.unreadableLog)
    #expect(
      run.out.hasSuffix(
        """
        logs:
          \(folder.path)/UPPER.JSONL: 1 entry
          \(shown): unreadable: \(reason)

        """))
    #expect(run.err == "replay: \(shown): \(reason)\n")
  }

  /// A log that is read but cannot be answered (its states are needed and it records
  /// actions only) is failed, not unreadable, with its own exit code.
  @Test func aLogReadButNotAnsweredIsFailed() throws {
    let actions = Repo.root.appendingPathComponent("Fixtures/interop/counter-actions.jsonl").path
    let folder = try LogFolder(["a.jsonl": ScanTestLogs.clean(1)])
    let a = folder.path + "/a.jsonl"
    let run = replay([a, actions, "--watch", "/count"], environment: [:])
    #expect(run.code == ExitCode.usage)
    #expect(run.out.hasPrefix("1 entry changed /count in 1 of 2 logs (1 failed):\n"))
    #expect(run.err.hasPrefix("replay: \(actions) records actions only"))
    let summary = replay([a, actions, "--watch", "/count", "--format", "json"], environment: [:])
    #expect(
      summary.out.contains(
        #""failed":[{"path":"\#(actions)","message":"\#(actions) records actions only"#))
  }

  /// The exit code is 3 when a log could not be read, whatever the order of the logs;
  /// else the first failed log's.
  @Test func theExitCodeDoesNotHangOnTheOrderOfTheLogs() throws {
    let folder = try LogFolder([
      "good.jsonl": ScanTestLogs.clean(2), "bad.jsonl": ["garbage"],
      "odd.jsonl": [#"{"seq":1,"action":{"add":{"n":"x"}},"prior":{},"next":{}}"#],
    ])
    let (good, bad, odd) = (
      folder.path + "/good.jsonl", folder.path + "/bad.jsonl", folder.path + "/odd.jsonl"
    )
    let expression = ".action.add.n | . + 1 > 1"
    for order in [[good, odd, bad], [bad, good, odd], [odd, bad, good]] {
      let run = replay(order + ["--find", expression], environment: [:])
      #expect(run.code == ExitCode.unreadableLog, "\(order)")
      #expect(run.out.hasPrefix("2 entries match in 1 of 3 logs (1 unreadable, 1 failed):\n"))
    }
    let failedOnly = replay([odd, good, "--find", expression], environment: [:])
    #expect(failedOnly.code == ExitCode.evaluationError)
  }

  /// Folders that give no log, given together, are each listed: the JSON record is
  /// printed. One alone is the command's error.
  @Test func foldersWithoutLogsGivenTogetherAreEachListed() throws {
    let (one, two) = (try LogFolder([:]), try LogFolder([:]))
    let run = replay([one.path, two.path, "--format", "json"], environment: [:])
    #expect(run.code == ExitCode.unreadableLog)
    let reason = "holds no log (no file ending in .jsonl or .ndjson)"
    #expect(
      run.out.hasSuffix(
        #""unreadable":[{"path":"\#(one.path)","message":"the folder \#(one.path) \#(reason)"},{"path":"\#(two.path)","message":"the folder \#(two.path) \#(reason)"}],"failed":[]}"#
          + "\n"))
    #expect(
      run.err
        == "replay: the folder \(one.path) \(reason)\nreplay: the folder \(two.path) \(reason)\n")
  }

  /// A link to nothing in a folder says why it cannot be opened, not that it is no
  /// regular file.
  @Test func aLinkToNothingSaysWhy() throws {
    let folder = try LogFolder(["a.jsonl": ScanTestLogs.clean(1)])
    let link = folder.path + "/gone.jsonl"
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: folder.path + "/nothing")
    let run = replay([folder.path], environment: [:])
    #expect(run.code == ExitCode.unreadableLog)
    #expect(run.err == "replay: \(link): cannot be opened: no such file or directory\n")
  }

  /// A warning on the pending record's line other than how the session ended still goes
  /// to stderr.
  @Test func anotherWarningOnThePendingLineIsSaid() throws {
    var lines = ScanTestLogs.clean(3)
    lines.append(
      #"{"seq":2,"pending":true,"action":{"crash":{}},"prior":\#(ScanTestLogs.state(3))}"#)
    let folder = try LogFolder(["a.jsonl": lines, "b.jsonl": ScanTestLogs.clean(1)])
    let a = folder.path + "/a.jsonl"
    let single = replay([a], environment: [:])
    let fleet = replay([a, folder.path + "/b.jsonl"], environment: [:])
    let said = single.err.split(separator: "\n").filter { !$0.contains("the session ended during") }
    #expect(!said.isEmpty)
    #expect(fleet.err.split(separator: "\n") == said)
  }

  /// An unknown reducer is a usage error said once, before any log is read.
  @Test func anUnknownReducerIsSaidOnce() throws {
    let folder = try LogFolder(["a.jsonl": ScanTestLogs.clean(1), "b.jsonl": ScanTestLogs.clean(1)])
    let run = replay([folder.path, "--reducer", "nope"], environment: [:])
    #expect(run.code == ExitCode.usage)
    #expect(run.out == "")
    #expect(run.err.hasPrefix("replay: unknown reducer 'nope' ("))
    #expect(run.err.split(separator: "\n").count == 1)
  }

  /// Names in the fatal actions' and the actions' columns are aligned by the columns
  /// their escaped form takes, never cut; a pending record's warning stays out of stderr
  /// whatever its action's name holds.
  @Test func namesAreAlignedByTheirShownWidthAndNeverCut() throws {
    let header = #"{"format":"replay-log","version":1,"app":"G"}"#
    func pending(_ name: String) -> [String] {
      [
        header,
        #"{"seq":1,"time":"2026-01-01T00:00:00Z","pending":true,"action":{"\#(name)":{}},"prior":{}}"#,
      ]
    }
    let folder = try LogFolder([
      "1.jsonl": pending(#"\u001b[2J"#), "2.jsonl": pending("ab"),
      "3.jsonl": [
        header, #"{"seq":1,"time":"2026-01-01T00:00:00Z","action":{"日本":{}},"prior":{},"next":{}}"#,
        #"{"seq":2,"time":"2026-01-01T00:00:00Z","action":{"e\#u{301}x":{}},"prior":{},"next":{}}"#,
      ],
    ])
    let run = replay([folder.path], environment: [:])
    #expect(run.code == 0)
    #expect(run.err == "")
    #expect(
      run.out.contains(
        """
        fatal actions:
          \\u001b[2J  1
          ab         1
        actions:
          日本  1
          e\u{301}x    1

        """))
  }
}
