import Foundation
import TestSupport
import Testing
import TodoReducer

@MainActor
struct VariantFixtureTests {
  @Test func regeneratingTheNondeterministicFixtureGivesTheCheckedInBytes() throws {
    let url = Scratch.folder
      .appendingPathComponent("todo-nondeterministic-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    try TodoVariantFixtures.recordNondeterministic(to: url)
    #expect(
      try Data(contentsOf: url) == Data(contentsOf: URL(fileURLWithPath: Repo.nondeterministic)),
      "run `swift run make-fixtures` and review the diff")
  }
}
