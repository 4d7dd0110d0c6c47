import CLITestSupport
import Foundation
import TestSupport
import Testing

/// Every full scan prints the same bytes and exits with the same code on several threads,
/// with chunks of any size, as on one thread in order (`REPLAY_THREADS=1`): on every
/// fixture and on every irregular log.
@Suite struct ParallelOutputTests {
  /// The modes that scan, with paths into the fixtures' to-dos and into the irregular
  /// logs' counters.
  static let modes: [[String]] = [
    [], ["--format", "json"], ["--where", ".seq % 3 == 0"],
    ["--find", #".action | has("addTodo") or has("add")"#],
    ["--find", "(.next | tojson | length) > 60", "--format", "json"],
    ["--watch", "/todos"], ["--watch", "/todos/0/title"],
    ["--watch", "/todos", "--format", "json"],
    ["--watch", "/count"], ["--watch", "/items/1/done", "--where", ".seq > 5"],
    ["--watch", ".items", "--format", "json"],
    ["--convert"], ["--verify", "--reducer", "todo"],
    ["--blame", "/todos"], ["--blame", ".todos[0].title", "--format", "json"],
    ["--blame", "/count", "--range", "2..7"], ["--blame", "/items/1/done", "--where", ".seq > 5"],
    ["--blame", "/total", "--format", "json"],
  ]

  /// Threads and chunks: one line per chunk, and a few lines per chunk.
  static let parallel: [[String: String]] = [
    ["REPLAY_THREADS": "3", "REPLAY_SCAN_CHUNK_BYTES": "1"],
    ["REPLAY_THREADS": "2", "REPLAY_SCAN_CHUNK_BYTES": "2000"],
  ]

  static func check(_ path: String, _ name: String, modes: [[String]] = modes) {
    for arguments in modes {
      let sequential = replay([path] + arguments, environment: ["REPLAY_THREADS": "1"])
      for environment in parallel {
        let run = replay([path] + arguments, environment: environment)
        let label = "\(name) \(arguments) \(environment)"
        #expect(run.code == sequential.code, "\(label)")
        #expect(run.out == sequential.out, "\(label)")
        #expect(run.err == sequential.err, "\(label)")
      }
    }
  }

  @Test(arguments: ScanTestLogs.fixtures + ScanTestLogs.interopFixtures)
  func eachFixturePrintsTheSameOnEveryThreadCount(path: String) {
    Self.check(path, path, modes: Self.modes + [["--html", "-"]])
  }

  /// The checkout log: sites, origins and effect records between the entries.
  @Test func theCheckoutLogPrintsTheSameOnEveryThreadCount() {
    Self.check(
      CheckoutFixture.path, "checkout",
      modes: Self.modes + [
        ["--blame", "/total", "--where", ".origin != null"],
        ["--blame", "/receipt", "--range", "..5"],
        ["--watch", "/total"], ["--effects"],
      ])
  }

  @Test(arguments: ScanTestLogs.cases.indices)
  func eachIrregularLogPrintsTheSameOnEveryThreadCount(index: Int) throws {
    let (name, text) = ScanTestLogs.cases[index]
    let log = try TempLog(text)
    Self.check(log.path, name)
  }
}
