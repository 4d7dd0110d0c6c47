import BundledReducers
import CLITestSupport
import Foundation
import TestSupport
import Testing
import TimeTravel
import TimeTravelJQ

@testable import ReplayCLI

/// `--watch` and `--find` with `--format json` print each record as the scan consumes its
/// entry: `[` at once, one write per record, `]` at the end; the bytes of the whole
/// output record; after an error, the records before it and the array left open.
@Suite struct StreamingOutputTests {
  /// Streams that record each write to standard output with the last progress line
  /// written to standard error before it: the progress line names how many entries the
  /// scan had consumed (it is redrawn at each percent).
  final class RecordingIO: ReplayIO {
    struct Write: Equatable, CustomStringConvertible {
      var text: String
      var progress: String?
      var description: String { "\(text.debugDescription) after \(progress.debugDescription)" }
    }
    private(set) var writes: [Write] = []
    private(set) var stderr = ""
    private var progress: String?
    var isTerminal = false
    var errorIsTerminal = true
    var environment: [String: String] = [:]

    func out(_ text: String) { writes.append(Write(text: text, progress: progress)) }
    func out(bytes: UnsafeRawBufferPointer) {
      writes.append(Write(text: String(decoding: bytes, as: UTF8.self), progress: progress))
    }
    func err(_ text: String) {
      stderr += text
      // "\rwatching 10/1000 (1%)\e[K" → "watching 10/1000 (1%)"
      let line = text.trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
        .replacingOccurrences(of: "\u{1B}[K", with: "")
      progress = line.isEmpty ? nil : line
    }
    func readLine() -> String? { nil }
    func readAll() -> [UInt8] { [] }

    var stdout: String { writes.map(\.text).joined() }
  }

  /// 1,000 counter entries; the action `{"add":{"n":SEQ}}`.
  static let long = ScanTestLogs.clean(1000).joined(separator: "\n") + "\n"

  static func run(_ path: String, _ arguments: [String], io: RecordingIO) -> Int32 {
    ReplayCommand.run([path] + arguments, io: io, reducers: BundledReducers.registry)
  }

  static func record(_ log: LogFile, seq: Int, path: JSONPointer) throws -> String {
    let hit = try #require(Watch.hit(try log.entry(seq), at: path))
    var out: [UInt8] = []
    try WatchOutput.writeJSON(hit, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  @Test(arguments: [1, 2])
  func watchPrintsTheFirstHitWhenTheScanHasConsumedItsEntry(threads: Int) throws {
    let file = try TempLog(Self.long)
    let log = try ScanTestLogs.log(Self.long)
    let io = RecordingIO()
    io.environment = ["REPLAY_THREADS": "\(threads)", "REPLAY_SCAN_CHUNK_BYTES": "4000"]
    // /count/… changes on every entry; --where keeps entries 3 and 998.
    let code = Self.run(
      file.path, ["--watch", "/count", "--where", ".seq == 3 or .seq == 998", "--format", "json"],
      io: io)
    #expect(code == ExitCode.success)
    let path = try JSONPointer(parsing: "/count")
    #expect(
      io.writes == [
        .init(text: "[", progress: nil),
        .init(text: try Self.record(log, seq: 3, path: path), progress: "watching 1/1000 (0%)"),
        .init(
          text: "," + (try Self.record(log, seq: 998, path: path)),
          progress: "watching 990/1000 (99%)"),
        .init(text: "]\n", progress: nil),
      ])
  }

  @Test(arguments: [1, 2])
  func findPrintsTheFirstMatchWhenTheScanHasConsumedItsEntry(threads: Int) throws {
    let file = try TempLog(Self.long)
    let io = RecordingIO()
    io.environment = ["REPLAY_THREADS": "\(threads)", "REPLAY_SCAN_CHUNK_BYTES": "4000"]
    let code = Self.run(
      file.path, ["--find", ".action.add.n == 5 or .action.add.n == 994", "--format", "json"],
      io: io)
    #expect(code == ExitCode.success)
    func record(_ seq: Int) -> String {
      #"{"seq":\#(seq),"time":"2026-01-05T09:00:\#(String(format: "%02d", seq % 60)).000Z","action":{"add":{"n":\#(seq)}},"actionName":"add"}"#
    }
    #expect(
      io.writes == [
        .init(text: "[", progress: nil),
        .init(text: record(5), progress: "searching 1/1000 (0%)"),
        .init(text: "," + record(994), progress: "searching 990/1000 (99%)"),
        .init(text: "]\n", progress: nil),
      ])
  }

  /// A terminal on standard output gets the records and no progress line over them.
  @Test func aTerminalGetsNoProgressLineOverTheRecords() throws {
    let file = try TempLog(Self.long)
    for arguments in [["--watch", "/note", "--where", ".seq == 2"], ["--find", ".seq == 2"]] {
      let io = RecordingIO()
      io.isTerminal = true
      let code = Self.run(file.path, arguments + ["--format", "json"], io: io)
      #expect(code == ExitCode.success)
      #expect(io.stderr == "", "\(arguments)")
      #expect(io.writes.map(\.progress) == [nil, nil, nil], "\(arguments)")
    }
  }

  /// An error part-way: the records of the entries before it stay, the array is left open
  /// (a whole-document parser rejects it), the error goes to stderr with its exit code.
  @Test func anErrorPartWayLeavesTheRecordsBeforeItAndTheArrayOpen() throws {
    var lines = ScanTestLogs.clean(12)
    lines[8] = "not json"
    let file = try TempLog(lines.joined(separator: "\n") + "\n")
    let watch = replay(
      file.path, arguments: ["--watch", "/count", "--where", ".seq > 6", "--format", "json"])
    let log = try ScanTestLogs.log(ScanTestLogs.clean(12).joined(separator: "\n") + "\n")
    let count = try JSONPointer(parsing: "/count")
    #expect(
      watch.out
        == "[" + (try Self.record(log, seq: 7, path: count)) + ","
        + (try Self.record(log, seq: 8, path: count)) + "\n")
    #expect(watch.code == ExitCode.unreadableLog)
    #expect(watch.err == replay(file.path, arguments: ["--watch", "/count"]).err)
    #expect(watch.err.hasPrefix("replay: \(file.path):9:"))
    let find = replay(file.path, arguments: ["--find", ".seq == 2", "--format", "json"])
    #expect(
      find.out
        == #"[{"seq":2,"time":"2026-01-05T09:00:02.000Z","action":{"add":{"n":2}},"actionName":"add"}"#
        + "\n")
    #expect(find.code == ExitCode.unreadableLog)
    #expect(find.err == watch.err)
    #expect((try? JSONSerialization.jsonObject(with: Data(find.out.utf8))) == nil)
  }

  /// Runs each of `commands` on a log of four entries with a blank line after the second,
  /// by the scan that indexes it or by its index first (`REPLAY_INDEX_FIRST=1`), with no
  /// progress line: the recorded output, checked to exit 0 and to say the one warning on
  /// stderr; and that warning's line.
  static func runOnALogWithABlankLine(_ commands: [[String]], indexFirst: Bool) throws
    -> (runs: [(arguments: [String], io: RecordingIO)], warning: String)
  {
    var lines = ScanTestLogs.clean(4)
    lines.insert("", at: 2)
    let file = try TempLog(lines.joined(separator: "\n") + "\n")
    let warning =
      "replay: warning: \(file.path):3: skipped a blank line: it is not an entry and takes no "
      + "number (JSON Lines has no blank lines)\n"
    let runs = commands.map { arguments in
      let io = RecordingIO()
      io.errorIsTerminal = false
      if indexFirst { io.environment = ["REPLAY_INDEX_FIRST": "1"] }
      #expect(Self.run(file.path, arguments, io: io) == ExitCode.success, "\(arguments)")
      #expect(io.stderr == warning, "\(arguments)")
      return (arguments, io)
    }
    return (runs, warning)
  }

  /// The log's warnings are known when the scan that indexes it ends, so they follow the
  /// records on stderr; opened by its index first (`REPLAY_INDEX_FIRST=1`), they come
  /// before the array. Standard output is the same either way.
  @Test(arguments: [false, true])
  func theWarningsFollowTheRecordsOfTheScanThatIndexesTheLog(indexFirst: Bool) throws {
    let (runs, warning) = try Self.runOnALogWithABlankLine(
      [
        ["--find", ".seq == 2", "--format", "json"],
        ["--watch", "/count", "--where", ".seq == 2", "--format", "json"],
      ], indexFirst: indexFirst)
    for (arguments, io) in runs {
      // A write's `progress` is the last line said on stderr before it.
      let said: String? = indexFirst ? warning : nil
      #expect(io.writes.map(\.progress) == [said, said, said], "\(arguments)")
    }
  }

  /// The text listings and the summary wait for their scan's end, so the log's warnings,
  /// known then, still come before their output, whichever way the log is opened.
  @Test(arguments: [false, true])
  func theTextSaysTheWarningsBeforeItsOutput(indexFirst: Bool) throws {
    let (runs, warning) = try Self.runOnALogWithABlankLine(
      [[], ["--find", ".seq == 2"], ["--watch", "/count"], ["--blame", "/count"]],
      indexFirst: indexFirst)
    for (arguments, io) in runs {
      #expect(!io.writes.isEmpty, "\(arguments)")
      #expect(io.writes.allSatisfy { $0.progress == warning }, "\(arguments)")
    }
  }

  /// The paths and expressions checked on every log.
  static let watched = ["/todos", "/todos/0/title", "/count", "/items/1/done", "", "/filter"]
  static let found = [
    #".action | has("addTodo") or has("add")"#, "(.next | tojson | length) > 60", ".seq % 3 == 1",
  ]

  /// What the whole-output record prints: `record` of the values `hit` gives for the
  /// entries of a sequential read, entry by entry; when an entry does not read or `hit`
  /// throws on it, the records before it with the array left open.
  static func expected<Hit>(
    _ log: LogFile, hit: (LogEntry) throws -> Hit?, record: ([Hit]) throws -> JSONValue
  ) throws -> String {
    var hits: [Hit] = []
    for position in log.positions {
      do {
        if let found = try hit(try log.entry(position)) { hits.append(found) }
      } catch {
        return String(JSONPrinter.compact.print(try record(hits)).dropLast()) + "\n"
      }
    }
    return JSONPrinter.compact.print(try record(hits)) + "\n"
  }

  /// The output of each `--watch` and `--find` checked, as ``expected(_:hit:record:)``
  /// gives it; `nil` where the mode refuses the log before reading it (`--watch` on a log
  /// of actions alone, without a reducer).
  static func expected(_ path: String) throws -> [(arguments: [String], out: String?)] {
    let (log, _) = try LogOpener.open(path: path)
    var outputs: [([String], String?)] = []
    for text in watched {
      let pointer = try JSONPointer(parsing: text)
      let out =
        log.isActionOnly
        ? nil
        : try expected(log, hit: { Watch.hit($0, at: pointer) }) {
          try JSONValueEncoder().encode(WatchOutput(path: pointer, hits: $0).record)
        }
      outputs.append((["--watch", text], out))
    }
    for text in found {
      let filter = try JQPredicate.compile(text, modules: JQModuleSearch(paths: []))
      let out = try expected(
        log,
        hit: {
          try JQPredicate.holds(filter, onEntry: $0, in: log, what: "the --find expression")
            ? $0 : nil
        }
      ) { try JSONValueEncoder().encode(FindOutput(entries: $0).record) }
      outputs.append((["--find", text], out))
    }
    return outputs
  }

  static func checkAgainstTheWholeOutput(_ path: String, _ name: String) throws {
    for (arguments, output) in try expected(path) {
      for threads in ["1", "2"] {
        let run = replay(
          [path] + arguments + ["--format", "json"],
          environment: ["REPLAY_THREADS": threads, "REPLAY_SCAN_CHUNK_BYTES": "300"])
        let text = replay([path] + arguments, environment: ["REPLAY_THREADS": "1"])
        let label = "\(name) \(arguments) \(threads) threads"
        #expect(run.out == output ?? "", "\(label)")
        #expect(run.err == text.err, "\(label)")
        #expect(run.code == text.code, "\(label)")
      }
    }
  }

  @Test(arguments: ScanTestLogs.fixtures + ScanTestLogs.interopFixtures)
  func eachFixturePrintsTheWholeOutputsBytes(path: String) throws {
    try Self.checkAgainstTheWholeOutput(path, path)
  }

  @Test(arguments: ScanTestLogs.cases.indices)
  func eachIrregularLogPrintsTheWholeOutputsBytes(index: Int) throws {
    let (name, text) = ScanTestLogs.cases[index]
    let log = try TempLog(text)
    try Self.checkAgainstTheWholeOutput(log.path, name)
  }
}
