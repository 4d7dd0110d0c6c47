import Foundation
import TestSupport
import Testing

/// Ctrl-C while `--watch` or `--find` streams JSON: the process ends at once, by SIGINT as
/// any filter ends, and what it printed stays: `[` and whole records, a prefix of the
/// output of the whole scan.
@Suite(.enabled(if: TmuxSession.replay != nil, "needs the replay executable the tests built"))
struct StreamingInterruptTests {
  /// `replay` writes to a FIFO that the test reads only the first 4 KB of: with more than
  /// a megabyte to print, `replay` cannot end before Ctrl-C, however loaded the machine.
  @Test(arguments: [
    ["--watch", "/count"], ["--find", ".action | has(\"add\")"],
  ])
  func ctrlCLeavesTheRecordsPrintedSoFar(mode: [String]) async throws {
    let folder = try LiveLogFolder()
    try folder.write(ScanTestLogs.clean(20000).joined(separator: "\n") + "\n")
    let text = try await Self.interrupt([folder.log] + mode + ["--format", "json"], in: folder)
    #expect(text.hasPrefix(#"[{"seq":1,"#))
    // Only whole records: each is one write, smaller than a pipe's atomic write.
    #expect(text.hasSuffix("}"))
    let records = try #require(
      try JSONSerialization.jsonObject(with: Data((text + "]").utf8)) as? [[String: Any]])
    #expect(records.map { $0["seq"] as? Int } == Array(1...records.count))
    #expect(records.count < 20000)
  }

  /// The same for a fleet: Ctrl-C while the first of two logs streams its records ends
  /// the process at once, leaving the record's opening and whole records of the first log.
  @Test func ctrlCStopsAFleetLeavingTheRecordsPrintedSoFar() async throws {
    let folder = try LiveLogFolder(name: "a.jsonl")
    let log = ScanTestLogs.clean(20000).joined(separator: "\n") + "\n"
    try folder.write(log)
    try folder.write(log, to: folder.path + "/b.jsonl")
    let text = try await Self.interrupt(
      [folder.log, folder.path + "/b.jsonl", "--watch", "/count", "--format", "json"],
      in: folder)
    #expect(text.hasPrefix(#"{"changes":[{"log":"\#(folder.log)","seq":1,"#))
    #expect(text.hasSuffix("}"))
    let record = try #require(
      try JSONSerialization.jsonObject(with: Data((text + "]}").utf8)) as? [String: Any])
    let records = try #require(record["changes"] as? [[String: Any]])
    #expect(records.map { $0["seq"] as? Int } == Array(1...records.count))
    #expect(records.allSatisfy { $0["log"] as? String == folder.log })
    #expect(records.count < 20000)
  }

  /// Runs `replay arguments` in `folder` with its output to a FIFO, reads the first 4 KB
  /// of it, sends Ctrl-C (SIGINT), expects the process to end by it, and returns all it
  /// printed.
  private static func interrupt(_ arguments: [String], in folder: LiveLogFolder) async throws
    -> String
  {
    let fifo = folder.path + "/out"
    #expect(mkfifo(fifo, 0o600) == 0)
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    #expect(reader >= 0)
    defer { close(reader) }
    let replay = try SpawnedProcess(
      "/bin/sh", ["-c", #"exec "$0" "$@" > out"#, try #require(TmuxSession.replay)] + arguments,
      directory: folder.path, output: .null)
    var printed: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    func read(upTo limit: Int) -> Int {
      let count = Foundation.read(reader, &buffer, min(limit, buffer.count))
      if count > 0 { printed += buffer[..<count] }
      return count
    }
    while printed.count < 4096 {
      if read(upTo: 4096 - printed.count) <= 0 {
        // A `replay` that ended (an error) fails the expectations below instead of hanging.
        guard replay.isRunning else { break }
        try await Task.sleep(for: .milliseconds(10))
      }
    }
    replay.signal(SIGINT)
    #expect(await replay.termination() == .init(status: SIGINT, signaled: true))
    // What is left in the FIFO, up to its end (no writer is left).
    while read(upTo: buffer.count) != 0 {}
    return String(decoding: printed, as: UTF8.self)
  }
}
