import CLITestSupport
import Foundation
import TestSupport
import Testing
import TimeTravel

@testable import ReplayCLI

/// A scan setting in the environment that is not a positive integer is said, once, on
/// stderr, and the default is used; what is printed is the same.
@Suite struct ScanEnvironmentTests {
  static let log = Repo.root.appendingPathComponent("Fixtures/todo-crash.jsonl").path

  @Test func aThreadCountThatIsNoPositiveIntegerIsSaid() {
    let cores = ScanThreads.count(environment: [:])
    let plain = replay([Self.log, "--find", ".seq == 2"], environment: [:])
    for value in ["abc", "0", "-3", "2x"] {
      let run = replay([Self.log, "--find", ".seq == 2"], environment: ["REPLAY_THREADS": value])
      #expect(run.code == 0)
      #expect(run.out == plain.out)
      #expect(
        run.err
          == "replay: warning: REPLAY_THREADS is '\(value)', not a positive integer: scans use \(cores) \(cores == 1 ? "thread" : "threads"), one a core\n"
          + plain.err)
    }
    for value in ["", "1", "3", "64"] {
      let run = replay([Self.log, "--find", ".seq == 2"], environment: ["REPLAY_THREADS": value])
      #expect(run.err == plain.err, "\(value)")
    }
    // A positive integer, too large for the scan (or for an Int): said as such.
    for value in ["65", "99999999999999999999"] {
      let run = replay([Self.log, "--find", ".seq == 2"], environment: ["REPLAY_THREADS": value])
      #expect(run.out == plain.out)
      #expect(
        run.err
          == "replay: warning: REPLAY_THREADS is '\(value)', more than the 64 threads a scan starts: scans use 64\n"
          + plain.err)
    }
    #expect(ScanThreads.count(environment: ["REPLAY_THREADS": "99999999999999999999"]) == 64)
  }

  /// Both variables are read by one rule (decimal digits, not zero), and what is warned
  /// about is what is not used.
  @Test func bothVariablesAreReadByOneRule() {
    for text in ["+4", " 4", "4.0", "0x4", "0", "-1"] {
      #expect(ScanThreads.positiveInteger(text) == nil, "\(text)")
      #expect(
        ScanSettings(environment: ["REPLAY_SCAN_CHUNK_BYTES": text]).chunkBytes
          == ScanSettings.defaultChunkBytes, "\(text)")
    }
    #expect(ScanSettings(environment: ["REPLAY_SCAN_CHUNK_BYTES": "4096"]).chunkBytes == 4096)
    #expect(ScanThreads.count(environment: ["REPLAY_THREADS": "3"]) == 3)
  }

  @Test func aChunkSizeThatIsNoPositiveIntegerIsSaid() {
    let run = replay(
      [Self.log, "--find", ".seq == 2"],
      environment: ["REPLAY_SCAN_CHUNK_BYTES": "1MB", "REPLAY_THREADS": "2"])
    #expect(run.code == 0)
    #expect(
      run.err.hasPrefix(
        "replay: warning: REPLAY_SCAN_CHUNK_BYTES is '1MB', not a positive integer: scans read chunks of 1048576 bytes\n"
      ))
  }
}
