import Foundation
import TestSupport
import Testing

/// Following the README's tour, or running a sample, leaves nothing untracked in the
/// clone: every file a command of the README writes (`--html FILE`, `> FILE`) and every
/// log a sample records by default is ignored by git.
@Suite(
  .enabled(
    if: PeerResources.executable("git") != nil
      && FileManager.default.fileExists(atPath: Repo.root.appendingPathComponent(".git").path),
    "needs git and the repository's .git"))
struct GitIgnoreTests {
  /// The files the README's shell blocks write into the clone, in the order they appear;
  /// files the suite keeps (under `Tests/`) and devices are left out.
  static var writtenByTheTour: [String] {
    let readme =
      (try? String(contentsOf: Repo.root.appendingPathComponent("README.md"), encoding: .utf8))
      ?? ""
    let written = /(?:--html|>)\s+([A-Za-z0-9_.\/-]+\.(?:html|jsonl|json|swift))/
    return readme.matches(of: written).map { String($0.output.1) }
      .filter { !$0.hasPrefix("Tests/") && !$0.hasPrefix("/") }
  }

  /// The logs the samples record when given no path.
  static var writtenByTheSamples: [String] {
    let examples = Repo.root.appendingPathComponent("Examples")
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
    return folders.sorted().flatMap { folder -> [String] in
      let main = examples.appendingPathComponent(folder).appendingPathComponent("main.swift")
      guard let source = try? String(contentsOf: main, encoding: .utf8) else { return [] }
      return source.matches(of: /"([A-Za-z0-9_-]+\.jsonl)"/).map { String($0.output.1) }
    }
  }

  @Test func theToursAndTheSamplesFilesAreIgnored() async throws {
    let files = Self.writtenByTheTour + Self.writtenByTheSamples
    #expect(files.contains("report.html"))
    #expect(files.contains("live.jsonl"))
    #expect(files.contains("profile-session.jsonl"))
    let git = try #require(PeerResources.executable("git"))
    for file in Set(files).sorted() {
      let check = try await CompletedProcess.run(git, ["check-ignore", "-q", file], in: Repo.root)
      #expect(check.status == 0, "\(file) is not ignored by git")
    }
  }
}
