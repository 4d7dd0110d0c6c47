import Foundation
import ReplayCLI
import Testing

@testable import TimeTravel

/// What the fuzzers found (docs/fuzzing.md), kept tested without libFuzzer: every saved
/// input under Fuzz/findings/ passes its target's check, and each finding has a test
/// with its exact values.
@Suite struct FuzzFindingTests {
  /// The saved findings as (target, file name).
  static let findings: [(String, String)] = {
    let root = PeerResources.repositoryRoot.appendingPathComponent("Fuzz/findings")
    var found: [(String, String)] = []
    for target in FuzzChecks.targets.keys.sorted() {
      let names =
        (try? FileManager.default.contentsOfDirectory(
          atPath: root.appendingPathComponent(target).path)) ?? []
      found += names.sorted().map { (target, $0) }
    }
    return found
  }()

  @Test(arguments: findings)
  func savedFindingPassesItsCheck(target: String, name: String) throws {
    let url = PeerResources.repositoryRoot.appendingPathComponent("Fuzz/findings/\(target)/\(name)")
    let bytes = Array(try Data(contentsOf: url))
    let check = try #require(FuzzChecks.targets[target])
    #expect(check(bytes) == nil)
  }
}
