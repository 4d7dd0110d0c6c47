import Foundation
import TestSupport
import Testing

@testable import TimeTravel

/// `LogFollower` on a stream (a pipe), `LogFileWaiter`, rotation through a symbolic link,
/// and `LogFile` reading NUL bytes before a line. Blocking calls have a generous watchdog
/// that stops them, so a follower that never wakes fails instead of hanging.
@Suite struct LogFollowerStreamTests {
  static let header = LogFollowerTests.header
  static func line(_ seq: Int, _ action: String = "increment") -> String {
    LogFollowerTests.line(seq, action)
  }
  static func summary(_ events: [LogFollower.Event]) -> [String] {
    LogFollowerTests.summary(events)
  }

  /// A pipe: its read end, and a way to write to and close its write end.
  final class TestPipe {
    let pipe = Pipe()
    var descriptor: Int32 { pipe.fileHandleForReading.fileDescriptor }
    func write(_ text: String) { pipe.fileHandleForWriting.write(Data(text.utf8)) }
    func close() { try? pipe.fileHandleForWriting.close() }
  }

  @Test func aStreamIsReadToItsEndWithNoRotation() throws {
    let pipe = TestPipe()
    let follower = try LogFollower(streamingFrom: pipe.descriptor, name: "stdin")
    #expect(follower.path == "stdin")
    #expect(try follower.available() == [])
    pipe.write(Self.header + "\n" + Self.line(1) + "\n\u{0}\u{0}" + Self.line(2) + "\n")
    #expect(
      Self.summary(try follower.available()) == [
        "header Counter", "entry 1 increment line 2",
        "warning 3: 2 NUL bytes before this line (left by a copytruncate rotation: the writer went on at its old offset in the emptied file); skipped them and kept the line",
        "entry 2 increment line 3",
      ])
    pipe.write(Self.line(3).prefix(20) + "")
    pipe.close()
    DispatchQueue.global().asyncAfter(deadline: .now() + 90) { follower.stop() }
    var events: [LogFollower.Event] = []
    while let event = try follower.next() { events.append(event) }
    #expect(Self.summary(events) == ["incomplete 4", "ended"])
    #expect(try follower.next() == nil)
  }

  /// A last line that is a whole record is handed over at the stream's end, and a log
  /// of actions only is told by its first entry, as `LogFile` tells it.
  @Test func aLastRecordWithoutItsNewlineEndsAStreamOfActionsOnly() throws {
    let pipe = TestPipe()
    let follower = try LogFollower(streamingFrom: pipe.descriptor, name: "stdin")
    pipe.write(#"{"seq":1,"action":"increment"}"# + "\n" + #"{"seq":2,"action":"reset"}"#)
    pipe.close()
    DispatchQueue.global().asyncAfter(deadline: .now() + 90) { follower.stop() }
    var entries: [LogEntry] = []
    var others: [LogFollower.Event] = []
    while let event = try follower.next() {
      if case .entry(let entry) = event { entries.append(entry) } else { others.append(event) }
    }
    #expect(entries.map(\.seq) == [1, 2])
    #expect(entries.map(\.actionName) == ["increment", "reset"])
    #expect(entries.map(\.hasStates) == [false, false])
    #expect(others == [.ended])
  }

  @Test func theWaiterReturnsOnceTheFileAppearsOrWhenStopped() throws {
    let folder = try LiveLogFolder()
    let waiter = try LogFileWaiter(path: folder.log)
    #expect(!waiter.exists)
    let path = folder.log
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
      FileManager.default.createFile(atPath: path, contents: Data((Self.line(1) + "\n").utf8))
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + 90) { waiter.stop() }
    #expect(waiter.wait())
    #expect(waiter.exists)

    let never = try LogFileWaiter(path: folder.path + "/never.jsonl")
    DispatchQueue.global().async { never.stop() }
    #expect(!never.wait())
  }

  /// `log.jsonl` links to `logs/app.jsonl`; the target is renamed away, then a new file
  /// is made at its name: inotify says so although neither name is the link's.
  @Test func aTargetRotatedBehindASymbolicLinkIsNoticed() throws {
    let folder = try LiveLogFolder()
    let logs = folder.path + "/logs"
    try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
    try folder.write(Self.line(1) + "\n", to: logs + "/app.jsonl")
    try FileManager.default.createSymbolicLink(
      atPath: folder.log, withDestinationPath: "logs/app.jsonl")
    let follower = try LogFollower(following: try LogFile(path: folder.log))
    DispatchQueue.global().asyncAfter(deadline: .now() + 90) { follower.stop() }
    try FileManager.default.moveItem(atPath: logs + "/app.jsonl", toPath: logs + "/app.jsonl.1")
    #expect(Self.summary([try #require(try follower.next())]) == ["removed"])
    try folder.write(Self.line(1, "reset") + "\n", to: logs + "/new.jsonl")
    try FileManager.default.moveItem(atPath: logs + "/new.jsonl", toPath: logs + "/app.jsonl")
    var events: [LogFollower.Event] = []
    while events.count < 2, let event = try follower.next() { events.append(event) }
    #expect(Self.summary(events) == ["replaced", "entry 1 reset line 1"])
  }

  /// `skipAvailable()`, which `--step --follow` uses, takes in a last entry without its
  /// newline once the file has not grown for the quiet period.
  @Test func skippingCountsALastEntryWithoutItsNewlineOnceTheWriterIsQuiet() throws {
    let folder = try LiveLogFolder()
    try folder.write(Self.line(1) + "\n")
    let follower = try LogFollower(
      following: try LogFile(path: folder.log), quiet: .milliseconds(20))
    try folder.append(Self.line(2))
    var lines = 0
    for _ in 0..<9000 where lines == 0 {
      lines = try follower.skipAvailable().lines
      if lines == 0 { usleep(10_000) }
    }
    #expect(lines == 1)
    try folder.append("\n" + Self.line(3) + "\n")
    #expect(try follower.skipAvailable().lines == 1)
  }

  /// `LogFile` skips NUL bytes before a line with one warning, also when they span the
  /// chunks it reads, and reads the line after them.
  @Test(arguments: [4 << 20, 7])
  func aLogFileSkipsNULBytesBeforeALine(chunkSize: Int) throws {
    let folder = try LiveLogFolder()
    try folder.write(
      Self.header + "\n" + Self.line(1) + "\n" + String(repeating: "\0", count: 20) + Self.line(2)
        + "\n" + Self.line(3) + "\n")
    let log = try LogFile(path: folder.log, chunkSize: chunkSize)
    #expect(log.entryCount == 3)
    #expect(try log.entry(2).seq == 2)
    #expect(try log.entry(2).next == ["count": 2])
    #expect(
      log.warnings == [
        LogWarning(
          line: 3,
          message:
            "20 NUL bytes before this line (left by a copytruncate rotation: the writer went on at its old offset in the emptied file); skipped them and kept the line"
        )
      ])
  }

  /// A session that has written only its header (what `--follow` may find when a log it
  /// waited for appears) is summarised, not a crash.
  @Test func aLogOfAHeaderAloneIsSummarised() throws {
    let log = try LogFile(contents: Array((Self.header + "\n").utf8), name: "log.jsonl")
    #expect(log.entryCount == 0)
    let summary = try LogSummary(fastScanning: log)
    #expect(summary.entryCount == 0)
    #expect(summary.actionCounts.isEmpty)
  }
}
