import Foundation
import TimeTravelJQ

/// A temporary log file with the given content, removed when the last reference to it
/// goes (keep it in a local for as long as its path is used).
public final class TempLog: Sendable {
  /// The file's path.
  public let path: String

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// A log of `content`, as UTF-8.
  public convenience init(_ content: String) throws { try self.init(bytes: Array(content.utf8)) }

  /// A log of exactly `bytes`.
  public init(bytes: [UInt8]) throws {
    let url = Scratch.folder
      .appendingPathComponent("replay-test-\(UUID().uuidString).jsonl")
    try Data(bytes).write(to: url)
    path = url.path
  }

  /// Entries with only action, prior and next: a counter.
  public static func counterLines(_ n: Int) -> String {
    (1...n).map { #"{"action":"increment","prior":{"count":\#($0 - 1)},"next":{"count":\#($0)}}"# }
      .joined(separator: "\n") + "\n"
  }
}
