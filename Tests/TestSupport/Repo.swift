import Foundation

/// Paths inside the repository, found from this file's location.
public enum Repo {
  /// The repository's root folder.
  public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  /// The README's fixture: a to-do session of 240 entries.
  public static let fixture = root.appendingPathComponent("Fixtures/todo-session.jsonl").path
  /// A session whose reducer depended on something outside the action (`--verify` finds it).
  public static let nondeterministic = root.appendingPathComponent(
    "Fixtures/todo-nondeterministic.jsonl"
  ).path
  /// A session that ended inside the reducer (`--reproduce` turns it into a test).
  public static let crash = root.appendingPathComponent("Fixtures/todo-crash.jsonl").path
}

/// What some tests compare against but a user's clone may not have: the team's
/// `../shared/` folder beside the repository (present in CI) and the system jq.
/// Tests that need them are enabled only when they exist, so they are reported as
/// skipped, with the reason, instead of passing without testing anything.
public enum PeerResources {
  /// A file under `../shared/` beside the repository.
  public static func shared(_ relativePath: String) -> URL {
    Repo.root.deletingLastPathComponent().appendingPathComponent("shared")
      .appendingPathComponent(relativePath)
  }

  /// Whether `../shared/relativePath` exists and can be read.
  public static func hasShared(_ relativePath: String) -> Bool {
    FileManager.default.isReadableFile(atPath: shared(relativePath).path)
  }

  /// The system jq's path, or nil.
  public static let systemJQ = executable("jq")

  /// The first executable called `name` on `PATH`, or nil.
  public static func executable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    return path.split(separator: ":").lazy.map { "\($0)/\(name)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }
}
