import Foundation
import TimeTravelJQ

/// Paths inside the repository, found from this file's location.
enum Repo {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let fixture = root.appendingPathComponent("Fixtures/todo-session.jsonl").path
}

/// A temporary log file with the given content; removed by the caller's scope end.
struct TempLog {
  let path: String

  init(_ content: String) throws { try self.init(bytes: Array(content.utf8)) }

  init(bytes: [UInt8]) throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("replay-test-\(UUID().uuidString).jsonl")
    try Data(bytes).write(to: url)
    path = url.path
  }

  /// Entries with only action, prior and next: a counter.
  static func counterLines(_ n: Int) -> String {
    (1...n).map { #"{"action":"increment","prior":{"count":\#($0 - 1)},"next":{"count":\#($0)}}"# }
      .joined(separator: "\n") + "\n"
  }
}
