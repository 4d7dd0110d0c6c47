import Foundation
import TestSupport
import Testing

/// Documentation describes what the code does now: no doc comment in `Sources` calls a
/// feature planned or not yet done (an effects system "planned" after it had landed sent
/// readers looking for a workaround).
@Suite struct DocCommentWordingTests {
  /// Phrases that promise rather than describe.
  static let promises = [
    "planned", "not yet implemented", "not yet supported", "coming soon", "will be added",
    "in a future version",
  ]

  /// The `///` lines of the Swift files under `Sources`, as `path:line: text`, that
  /// contain a promise.
  static func promising() throws -> [String] {
    let sources = Repo.root.appendingPathComponent("Sources")
    let files =
      FileManager.default.enumerator(atPath: sources.path)?
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted() ?? []
    var found: [String] = []
    for file in files {
      let text = try String(
        contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      where line.trimmingCharacters(in: .whitespaces).hasPrefix("///") {
        let lowered = line.lowercased()
        if promises.contains(where: { lowered.contains($0) }) {
          found.append("Sources/\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
        }
      }
    }
    return found
  }

  @Test func noDocCommentPromisesAFeature() throws {
    #expect(try Self.promising() == [])
  }
}
