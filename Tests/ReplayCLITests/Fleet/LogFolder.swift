import Foundation
import TestSupport

/// A folder of the test run's scratch folder holding `files` (name → lines, each file
/// ending in a newline), removed when the last reference goes: the fleets the tests read.
final class LogFolder: Sendable {
  let path: String

  init(_ files: [String: [String]]) throws {
    path = Scratch.path("fleet-")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    for (name, lines) in files {
      try Data((lines.joined(separator: "\n") + "\n").utf8)
        .write(to: URL(fileURLWithPath: path + "/" + name))
    }
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}
