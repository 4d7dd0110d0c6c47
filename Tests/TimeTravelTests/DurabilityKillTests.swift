import Foundation
import Testing

@testable import TimeTravel

/// A recording process killed with SIGKILL mid-session leaves a log that reads back up to
/// its last completed entry. The child is `make-fixtures record-forever`, which
/// `swift build` and `swift test` build along with the tests (all products are built).
@Suite struct DurabilityKillTests {
  static let executable = Repo.root.appendingPathComponent(".build/debug/make-fixtures")

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: executable.path),
      "needs .build/debug/make-fixtures: run `swift build` (or `swift test`, which builds it)"))
  func aKilledRecorderLeavesEveryCompletedEntryReadable() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("durability-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let child = Process()
    child.executableURL = Self.executable
    child.arguments = ["record-forever", url.path]
    let output = Pipe()
    child.standardOutput = output
    child.standardError = FileHandle.nullDevice
    try child.run()

    // Each stdout line is a seq whose entry is already in the file.
    var reported = 0
    var pending = Data()
    let reader = output.fileHandleForReading
    while reported < 50 {
      let chunk = reader.availableData
      guard !chunk.isEmpty else { break }
      pending.append(chunk)
      while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        reported = Int(String(decoding: pending[..<newline], as: UTF8.self)) ?? reported
        pending.removeSubrange(...newline)
      }
    }
    kill(child.processIdentifier, SIGKILL)
    child.waitUntilExit()
    #expect(child.terminationReason == .uncaughtSignal)
    #expect(child.terminationStatus == SIGKILL)
    #expect(reported >= 50)

    let log = try LogFile(path: url.path)
    #expect(log.entryCount >= reported)
    // At most the last line is torn, and only that is warned about.
    #expect(log.warnings.count <= 1)
    if let warning = log.warnings.first {
      #expect(warning.message.hasPrefix("the last line is incomplete"))
    }
    let summary = try LogSummary(scanning: log)
    #expect(summary.warnings == log.warnings)  // the chain and seq hold throughout
    #expect(try log.positions.map { try log.entry($0).seq } == Array(1...log.entryCount))
  }
}
