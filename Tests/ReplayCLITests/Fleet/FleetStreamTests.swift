import BundledReducers
import CLITestSupport
import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing
import TimeTravel
import TimeTravelJQ

@testable import ReplayCLI

/// `replay LOG LOG… --find`/`--watch` with `--format json` print each log's records as its
/// scan consumes them once the logs before it are done, in path order, then log order;
/// the bytes are those of the whole record.
@Suite struct FleetStreamTests {
  /// Streams that record each write to standard output, with whether `closed` was set
  /// when it was made.
  final class RecordingIO: ReplayIO, @unchecked Sendable {
    struct Write: Equatable {
      var text: String
      var afterClose: Bool
    }
    private(set) var writes: [Write] = []
    private(set) var stderr = ""
    let closed = Atomic<Bool>(false)
    /// Signalled at the first write after the record's opening.
    let firstRecord = DispatchSemaphore(value: 0)
    var isTerminal = false
    var errorIsTerminal = false
    var environment: [String: String] = [:]

    func out(_ text: String) {
      // `closed` is read before the signal: the writer sets it as soon as it wakes.
      writes.append(Write(text: text, afterClose: closed.load(ordering: .sequentiallyConsistent)))
      if writes.count == 2 { firstRecord.signal() }
    }
    func out(bytes: UnsafeRawBufferPointer) { out(String(decoding: bytes, as: UTF8.self)) }
    func err(_ text: String) { stderr += text }
    func readLine() -> String? { nil }
    func readAll() -> [UInt8] { [] }

    var stdout: String { writes.map(\.text).joined() }
  }

  /// A counter log of `n` entries, as text.
  static func log(_ n: Int) -> String { ScanTestLogs.clean(n).joined(separator: "\n") + "\n" }

  /// The `--find` record of entry `seq` of a counter log at `path`.
  static func found(_ path: String, _ seq: Int) -> String {
    #"{"log":"\#(path)","seq":\#(seq),"time":"2026-01-05T09:00:\#(String(format: "%02d", seq % 60)).000Z","action":{"add":{"n":\#(seq)}},"actionName":"add"}"#
  }

  /// The whole record of `--find` over `logs`, from each entry read on its own: `{"log":…`
  /// and the fields of the entry's record, the records in path order, then log order.
  static func expected(
    _ paths: [String], find text: String, unreadable: String = "[]"
  ) throws -> String {
    let filter = try JQPredicate.compile(text, modules: JQModuleSearch(paths: []))
    var records: [String] = []
    for path in paths {
      let (log, _) = try LogOpener.open(path: path)
      for position in log.positions {
        var entry = try log.entry(position)
        guard try JQPredicate.holds(filter, onEntry: entry, in: log, what: "the expression")
        else { continue }
        (entry.prior, entry.next) = (.null, .null)
        let record = JSONPrinter.compact.print(try JSONValueEncoder().encode(EntryRecord(entry)))
        records.append(
          #"{"log":"# + JSONPrinter.compact.print(.string(path)) + "," + record.dropFirst())
      }
    }
    return #"{"matches":["# + records.joined(separator: ",") + #"],"unreadable":"#
      + unreadable + #","failed":[]}"# + "\n"
  }

  static func run(_ arguments: [String], threads: Int) -> (code: Int32, out: String, err: String) {
    replay(
      arguments,
      environment: ["REPLAY_THREADS": "\(threads)", "REPLAY_SCAN_CHUNK_BYTES": "300"])
  }

  /// The fixtures as one fleet: the record has the bytes it had when it was printed
  /// whole, on one thread and on several.
  @Test(arguments: [".seq % 3 == 1", #".action | has("addTodo")"#, "false"])
  func theFixturesRecordIsTheWholeRecordsBytes(expression: String) throws {
    let paths = ScanTestLogs.fixtures
    let expected = try Self.expected(paths, find: expression)
    for threads in [1, 2, 3] {
      let run = Self.run(paths + ["--find", expression, "--format", "json"], threads: threads)
      #expect(run.out == expected, "\(threads) threads")
      #expect(run.err == "")
      #expect(run.code == (expression == "false" ? ExitCode.notFound : ExitCode.success))
    }
  }

  /// The first log's first record is printed while a later log is still being written
  /// (a FIFO whose writer closes it only once that record has been printed).
  @Test(arguments: [1, 2])
  func theFirstRecordIsPrintedBeforeALaterLogIsRead(threads: Int) throws {
    let folder = try LiveLogFolder(name: "a.jsonl")
    try folder.write(Self.log(3))
    let fifo = folder.path + "/b.jsonl"
    #expect(mkfifo(fifo, 0o600) == 0)
    let io = RecordingIO()
    io.environment = ["REPLAY_THREADS": "\(threads)"]
    let writer = DispatchGroup()
    writer.enter()
    DispatchQueue.global().async {
      defer { writer.leave() }
      // Blocks until `replay` opens the FIFO to read it.
      let fd = open(fifo, O_WRONLY)
      guard fd >= 0 else { return }
      _ = Self.log(2).withCString { write(fd, $0, strlen($0)) }
      // Without a streamed record this waits out its guard, then the check below fails.
      if io.firstRecord.wait(timeout: .now() + 600) == .timedOut {
        Issue.record("no record was printed while the FIFO was open")
      }
      io.closed.store(true, ordering: .sequentiallyConsistent)
      close(fd)
    }
    let code = ReplayCommand.run(
      [folder.log, fifo, "--find", ".seq >= 1", "--format", "json"], io: io,
      reducers: BundledReducers.registry)
    writer.wait()
    #expect(code == ExitCode.success)
    #expect(io.writes.count >= 3)
    #expect(
      Array(io.writes.prefix(2)) == [
        .init(text: #"{"matches":["#, afterClose: false),
        .init(text: Self.found(folder.log, 1), afterClose: false),
      ])
    #expect(
      io.stdout
        == #"{"matches":["#
        + ([1, 2, 3].map { Self.found(folder.log, $0) } + [1, 2].map { Self.found(fifo, $0) })
        .joined(separator: ",") + #"],"unreadable":[],"failed":[]}"# + "\n")
    #expect(io.stderr == "")
  }

  /// A long first log and a short second one read at once: the second finishes first,
  /// and its records still come after all of the first's.
  @Test func aLaterLogThatFinishesFirstWaitsForTheLogsBeforeIt() throws {
    let long = try TempLog(Self.log(3000))
    let short = try TempLog(Self.log(2))
    let arguments = [long.path, short.path, "--find", ".seq % 500 == 1", "--format", "json"]
    let expected =
      #"{"matches":["#
      + ([1, 501, 1001, 1501, 2001, 2501].map { Self.found(long.path, $0) }
      + [Self.found(short.path, 1)]).joined(separator: ",") + #"],"unreadable":[],"failed":[]}"#
      + "\n"
    for threads in [1, 2, 4] {
      let run = Self.run(arguments, threads: threads)
      #expect(run.out == expected, "\(threads) threads")
      #expect(run.code == ExitCode.success)
    }
  }

  /// The stream itself, driven in an order the scans may take: the third log finishes
  /// first, the second is half-way when the first ends. Each log's records and standard
  /// error come in path order; the head's records are printed as they come.
  @Test func theStreamPrintsInPathOrderWhateverOrderTheLogsFinishIn() throws {
    let io = RecordingIO()
    let stream = FleetStream(io, logs: 3, live: true)
    func item(_ text: String) -> [UInt8] { Array(("," + text).utf8) }
    func answer(_ path: String, failure: String? = nil) -> FleetRun.Answer {
      FleetRun.Answer(
        path: path,
        result: failure.map { .failure(FleetFailure(message: $0, code: 3)) }
          ?? .success(.matches),
        stderr: "replay: warning: \(path)\n")
    }
    stream.append(item("c1"), of: 2)
    stream.finish(2, answer("c"))
    stream.append(item("b1"), of: 1)
    #expect(io.writes.isEmpty)
    #expect(io.stderr == "")
    stream.append(item("a1"), of: 0)
    stream.append(item("a2"), of: 0)
    #expect(io.writes.map(\.text) == ["a1", ",a2"])
    stream.finish(0, answer("a"))
    #expect(io.writes.map(\.text) == ["a1", ",a2", ",b1"])
    #expect(io.stderr == "replay: warning: a\n")
    stream.append(item("b2"), of: 1)
    #expect(io.writes.map(\.text) == ["a1", ",a2", ",b1", ",b2"])
    stream.finish(1, answer("b", failure: "b: broken"))
    #expect(io.writes.map(\.text) == ["a1", ",a2", ",b1", ",b2", ",c1"])
    #expect(
      io.stderr
        == "replay: warning: a\nreplay: warning: b\nreplay: b: broken\nreplay: warning: c\n")
    #expect(stream.answers.map(\.path) == ["a", "b", "c"])
  }

  /// A log that fails part-way, between two that read: its records before the error stay,
  /// in the text as in JSON, it is listed as unreadable, its error goes to stderr, the logs
  /// after it are still answered, and the exit code is its.
  @Test func aLogThatFailsPartWayKeepsItsRecordsBeforeTheError() throws {
    let first = try TempLog(Self.log(3))
    var lines = ScanTestLogs.clean(12)
    lines[8] = "not json"
    let broken = try TempLog(lines.joined(separator: "\n") + "\n")
    let last = try TempLog(Self.log(4))
    let message = "\(broken.path):9:1: not valid JSON: unexpected 'n'; expected a JSON value"
    let single = replay(broken.path, arguments: ["--find", ".seq % 2 == 0"])
    #expect(single.err == "replay: \(message)\n")
    let paths = [first.path, broken.path, last.path]
    let expected =
      #"{"matches":["#
      + ([Self.found(first.path, 2)] + [2, 4, 6, 8].map { Self.found(broken.path, $0) }
      + [2, 4].map { Self.found(last.path, $0) }).joined(separator: ",")
      + #"],"unreadable":[{"path":"\#(broken.path)","message":"\#(message)"}],"failed":[]}"# + "\n"
    for threads in [1, 2, 3] {
      let json = Self.run(
        paths + ["--find", ".seq % 2 == 0", "--format", "json"], threads: threads)
      #expect(json.out == expected, "\(threads) threads")
      #expect(json.err == "replay: \(message)\n")
      #expect(json.code == ExitCode.unreadableLog)
      let text = Self.run(paths + ["--find", ".seq % 2 == 0"], threads: threads)
      #expect(
        text.out == """
          7 entries match in 3 of 3 logs (1 unreadable):
            \(first.path): entry 2 (add) at 2026-01-05T09:00:02.000Z {"n":2}
            \(broken.path): entry 2 (add) at 2026-01-05T09:00:02.000Z {"n":2}
            \(broken.path): entry 4 (add) at 2026-01-05T09:00:04.000Z {"n":4}
            \(broken.path): entry 6 (add) at 2026-01-05T09:00:06.000Z {"n":6}
            \(broken.path): entry 8 (add) at 2026-01-05T09:00:08.000Z {"n":8}
            \(last.path): entry 2 (add) at 2026-01-05T09:00:02.000Z {"n":2}
            \(last.path): entry 4 (add) at 2026-01-05T09:00:04.000Z {"n":4}

          """, "\(threads) threads")
      #expect(text.err == json.err)
      #expect(text.code == ExitCode.unreadableLog)
    }
  }

  /// `--watch` streams the same way: each change after its log, in path order.
  @Test func watchStreamsInPathOrder() throws {
    let first = try TempLog(Self.log(3))
    let second = try TempLog(Self.log(2))
    let log = try ScanTestLogs.log(Self.log(3))
    let pointer = try JSONPointer(parsing: "/count")
    func record(_ path: String, _ seq: Int) throws -> String {
      var out: [UInt8] = []
      try WatchOutput.writeJSON(try #require(Watch.hit(try log.entry(seq), at: pointer)), to: &out)
      return #"{"log":"\#(path)","# + String(decoding: out.dropFirst(), as: UTF8.self)
    }
    let expected =
      #"{"changes":["#
      + ([try record(first.path, 1), try record(first.path, 2), try record(first.path, 3)]
      + [try record(second.path, 1), try record(second.path, 2)]).joined(separator: ",")
      + #"],"unreadable":[],"failed":[]}"# + "\n"
    for threads in [1, 2] {
      let run = Self.run(
        [first.path, second.path, "--watch", "/count", "--format", "json"], threads: threads)
      #expect(run.out == expected, "\(threads) threads")
      #expect(run.code == ExitCode.success)
    }
  }
}
