import CLITestSupport
import Foundation
import TestSupport
import Testing

/// `replay LOG LOG…` and `replay DIR`: the summary, `--find` and `--watch` across logs.
@Suite struct FleetRunTests {
  /// A folder of three sessions (two ended in the same crash), a log that is not JSON,
  /// and a file that is not a log.
  static func fleet() throws -> LogFolder {
    let crash = #","site":{"file":"App/Cart.swift","line":42}"#
    func pending(_ seq: Int) -> String {
      #"{"seq":\#(seq),"pending":true,"action":{"crash":{}}\#(crash),"prior":\#(ScanTestLogs.state(seq - 1))}"#
    }
    return try LogFolder([
      "a.jsonl": ScanTestLogs.clean(3),
      "b.jsonl": ScanTestLogs.clean(2) + [pending(3)],
      "c.jsonl": ScanTestLogs.clean(1) + [pending(2)],
      "d.jsonl": ["nope"],
      "notes.txt": ["not a log"],
    ])
  }

  @Test func theSummaryOfAFolderCountsSessionsAndGroupsTheFatalActions() throws {
    let fleet = try Self.fleet()
    let run = replay([fleet.path], environment: [:])
    #expect(run.code == 3)
    #expect(
      run.out == """
        3 sessions (logs), 6 entries, 1 unreadable
        time: 2026-01-05T09:00:01.000Z … 2026-01-05T09:00:03.000Z (2s)
        ended in a pending record: 2
        fatal actions:
          crash  2 — from App/Cart.swift:42
        actions:
          add  6
        logs:
          \(fleet.path)/a.jsonl: 3 entries
          \(fleet.path)/b.jsonl: 2 entries, ended during entry 3 (crash)
          \(fleet.path)/c.jsonl: 1 entry, ended during entry 2 (crash)
          \(fleet.path)/d.jsonl: unreadable: line 1, column 1: not valid JSON: unexpected 'n'; expected a JSON value

        """)
    #expect(
      run.err == """
        replay: \(fleet.path)/d.jsonl:1:1: not valid JSON: unexpected 'n'; expected a JSON value

        """)
  }

  /// A log that cannot be opened is listed with its error, without its path twice.
  @Test func aMissingLogIsListedWithItsError() throws {
    let fleet = try Self.fleet()
    let missing = fleet.path + "/missing.jsonl"
    let run = replay([fleet.path + "/a.jsonl", missing], environment: [:])
    #expect(run.code == 3)
    #expect(run.out.hasSuffix("\n  \(missing): unreadable: no such file\n"))
    #expect(run.err == "replay: \(missing): no such file\n")
  }

  @Test func theSummaryRecordListsEachLog() throws {
    let fleet = try Self.fleet()
    let a = fleet.path + "/a.jsonl"
    let c = fleet.path + "/c.jsonl"
    let run = replay([a, c, "--where", ".seq == 1", "--format", "json"], environment: [:])
    #expect(run.code == 0)
    #expect(
      run.out
        == #"{"sessions":2,"entries":2,"total":4,"firstTime":"2026-01-05T09:00:01.000Z","lastTime":"2026-01-05T09:00:01.000Z","pendingEnd":1,"fatalActions":[{"action":"crash","site":{"file":"App/Cart.swift","line":42},"count":1,"logs":["\#(c)"]}],"actions":[{"name":"add","count":2}],"logs":[{"path":"\#(a)","entries":1,"total":3,"firstTime":"2026-01-05T09:00:01.000Z","lastTime":"2026-01-05T09:00:01.000Z"},{"path":"\#(c)","entries":1,"total":1,"firstTime":"2026-01-05T09:00:01.000Z","lastTime":"2026-01-05T09:00:01.000Z","pending":{"seq":2,"action":{"crash":{}},"site":{"file":"App/Cart.swift","line":42}}}],"unreadable":[],"failed":[]}"#
        + "\n")
  }

  @Test func withWhereTheSummaryCountsTheMatchingEntriesOfAll() throws {
    let fleet = try Self.fleet()
    let (a, b) = (fleet.path + "/a.jsonl", fleet.path + "/b.jsonl")
    let run = replay([a, b, "--where", ".seq >= 2"], environment: [:])
    #expect(run.code == 0)
    #expect(
      run.out == """
        2 sessions (logs), 3 entries matching --where (of 5)
        time: 2026-01-05T09:00:02.000Z … 2026-01-05T09:00:03.000Z (1s)
        ended in a pending record: 1
        fatal actions:
          crash  1 — from App/Cart.swift:42
        actions:
          add  3
        logs:
          \(a): 2 entries of 3
          \(b): 1 entry of 2, ended during entry 3 (crash)

        """)
  }

  @Test func findPrefixesEachMatchWithItsLog() throws {
    let fleet = try Self.fleet()
    let (a, b, c) = (fleet.path + "/a.jsonl", fleet.path + "/b.jsonl", fleet.path + "/c.jsonl")
    let run = replay([a, b, c, "--find", ".next.count == 2"], environment: [:])
    #expect(run.code == 0)
    #expect(
      run.out == """
        2 entries match in 2 of 3 logs:
          \(a): entry 2 (add) at 2026-01-05T09:00:02.000Z {"n":2}
          \(b): entry 2 (add) at 2026-01-05T09:00:02.000Z {"n":2}

        """)
    let none = replay([a, c, "--find", ".seq > 10", "--format", "json"], environment: [:])
    #expect(none.code == 1)
    #expect(none.out == #"{"matches":[],"unreadable":[],"failed":[]}"# + "\n")
    let noneText = replay([a, c, "--find", ".seq > 10"], environment: [:])
    #expect(noneText.code == 1)
    #expect(noneText.out == "no entry matches in 2 logs\n")
    let unreadable = replay([a, fleet.path + "/d.jsonl", "--find", ".seq > 10"], environment: [:])
    #expect(unreadable.code == 3)
    #expect(unreadable.out == "no entry matches in 2 logs (1 unreadable)\n")
    let syntax = replay([a, c, "--find", ".seq >"], environment: [:])
    #expect(syntax.code == 2)
    #expect(syntax.err.hasPrefix("replay: --find expression syntax error at "))
    #expect(syntax.err.components(separatedBy: "syntax error").count == 2)
  }

  @Test func watchPrefixesEachChangeWithItsLog() throws {
    let fleet = try Self.fleet()
    let (a, c) = (fleet.path + "/a.jsonl", fleet.path + "/c.jsonl")
    let text = replay([a, c, "--watch", "/items/1"], environment: [:])
    #expect(text.code == 0)
    #expect(
      text.out == """
        1 entry changed /items/1 in 1 of 2 logs:
          \(a): entry 2 (add) {"n":2}: (absent) → {"id":"i1","done":false}

        """)
    let json = replay([a, c, "--watch", "/items/0", "--format", "json"], environment: [:])
    #expect(
      json.out
        == #"{"changes":[{"log":"\#(a)","seq":1,"time":"2026-01-05T09:00:01.000Z","action":{"add":{"n":1}},"actionName":"add","new":{"id":"i0","done":true}},{"log":"\#(c)","seq":1,"time":"2026-01-05T09:00:01.000Z","action":{"add":{"n":1}},"actionName":"add","new":{"id":"i0","done":true}}],"unreadable":[],"failed":[]}"#
        + "\n")
  }

  /// The logs are read at once on several threads; the report is the same as on one.
  @Test func theReportIsTheSameOnEveryThreadCount() throws {
    let fleet = try Self.fleet()
    for arguments in [[], ["--find", ".seq >= 1"], ["--watch", "/count", "--format", "json"]] {
      let one = replay([fleet.path] + arguments, environment: ["REPLAY_THREADS": "1"])
      let three = replay(
        [fleet.path] + arguments,
        environment: ["REPLAY_THREADS": "3", "REPLAY_SCAN_CHUNK_BYTES": "1"])
      #expect(one.out == three.out)
      #expect(one.err == three.err)
      #expect(one.code == three.code)
    }
  }

  @Test func otherModesReadOneLog() throws {
    let fleet = try Self.fleet()
    let a = fleet.path + "/a.jsonl"
    let show = replay([a, a, "--show", "1"], environment: [:])
    #expect(show.code == 2)
    #expect(
      show.err.hasPrefix(
        "replay: --show reads one log file at a time (got '\(a)' and '\(a)'); several logs go with the summary, --find and --watch\n"
      ))
    let folder = replay([fleet.path, "--show", "1"], environment: [:])
    #expect(folder.code == 2)
    #expect(
      folder.err
        == "replay: --show reads one log file at a time; '\(fleet.path)' is a folder (several logs go with the summary, --find and --watch)\n"
    )
    let follow = replay([a, a, "--follow"], environment: [:])
    #expect(follow.code == 2)
    #expect(follow.err.hasPrefix("replay: --follow reads one log file at a time"))
    let stdin = replay([a, "-"], environment: [:])
    #expect(stdin.code == 2)
    #expect(stdin.err.hasPrefix("replay: stdin ('-') cannot be one of several logs"))
    let empty = try TempFolder()
    let none = replay([empty.path], environment: [:])
    #expect(none.code == 3)
    #expect(
      none.err
        == "replay: the folder \(empty.path) holds no log (no file ending in .jsonl or .ndjson)\n")
  }

  final class TempFolder: Sendable {
    let path: String
    init() throws {
      path =
        Scratch.folder
        .appendingPathComponent("replay-empty-\(UUID().uuidString)").path
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
  }
}
