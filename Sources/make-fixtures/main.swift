import Foundation
import TodoReducer

// Usage: swift run make-fixtures [output-path]
// Without a path, writes the checked-in fixture, located from this file so the working
// directory does not matter.
let repository = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let output =
  CommandLine.arguments.dropFirst().first.map { URL(fileURLWithPath: $0) }
  ?? repository.appendingPathComponent("Fixtures/todo-session.jsonl")

do {
  try FileManager.default.createDirectory(
    at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
  try TodoSessionFixture.record(to: output)
  print("wrote \(TodoSessionFixture.entryCount) entries to \(output.path)")
} catch {
  FileHandle.standardError.write(Data("make-fixtures: \(error)\n".utf8))
  exit(1)
}
