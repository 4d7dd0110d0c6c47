import Foundation

/// A private folder with a log in it (`log.jsonl` unless named), removed with the value:
/// where tests of following a log write as an app would.
public final class LiveLogFolder {
  /// The folder.
  public let path: String
  /// The log's file name.
  public let name: String
  /// The log's path.
  public var log: String { path + "/" + name }

  /// A new folder; the log is not created.
  public init(name: String = "log.jsonl") throws {
    path =
      Scratch.folder
      .appendingPathComponent("replay-follow-\(UUID().uuidString)").path
    self.name = name
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// Writes `text` as the whole of `file` (the log by default), replacing it in place.
  public func write(_ text: String, to file: String? = nil) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: file ?? log))
  }

  /// Appends `text` to the log.
  public func append(_ text: String) throws {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(text.utf8))
    try handle.close()
  }
}
