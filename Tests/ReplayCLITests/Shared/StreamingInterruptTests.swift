import Foundation
import TestSupport
import Testing

/// Ctrl-C while `--watch` or `--find` streams JSON: the process ends at once, by SIGINT as
/// any filter ends, and what it printed stays: `[` and whole records, a prefix of the
/// output of the whole scan.
@Suite(.enabled(if: TmuxSession.replay != nil, "needs the replay executable the tests built"))
struct StreamingInterruptTests {
  /// 4,000 counter entries in chunks of about 16, each read behind a `--where` that costs
  /// a few milliseconds, so that the scan is still running long after its first record
  /// is printed.
  static let slowWhere = "([range(3000)] | length) > 0"

  @Test(arguments: [
    ["--watch", "/count"], ["--find", ".action | has(\"add\")"],
  ])
  func ctrlCLeavesTheRecordsPrintedSoFar(mode: [String]) async throws {
    let folder = try LiveLogFolder()
    try folder.write(ScanTestLogs.clean(4000).joined(separator: "\n") + "\n")
    let arguments = [folder.log] + mode + ["--where", Self.slowWhere, "--format", "json"]
    let replay = try SpawnedProcess(
      try #require(TmuxSession.replay), arguments, directory: folder.path,
      environment: ProcessInfo.processInfo.environment.merging(
        ["REPLAY_SCAN_CHUNK_BYTES": "4000"]) { $1 })
    let output = try #require(replay.output)
    // The first record, whole: its comma or the second record's start follows it.
    var waited = 0
    while !output.text.contains("},{"), !output.hasEnded, waited < 9000 {
      try await Task.sleep(for: .milliseconds(10))
      waited += 1
    }
    replay.signal(SIGINT)
    let termination = await replay.termination()
    #expect(termination == .init(status: SIGINT, signaled: true))
    while !output.hasEnded { try await Task.sleep(for: .milliseconds(10)) }
    let printed = output.text
    #expect(printed.hasPrefix(#"[{"seq":1,"#))
    // Only whole records: each is one write, smaller than a pipe's atomic write.
    #expect(printed.hasSuffix("}"))
    #expect(!printed.hasSuffix("]\n"))
    let records = try #require(
      try JSONSerialization.jsonObject(with: Data((printed + "]").utf8)) as? [[String: Any]])
    #expect(records.map { $0["seq"] as? Int } == (1...records.count).map { $0 })
  }
}
