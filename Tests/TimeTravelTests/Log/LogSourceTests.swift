import Foundation
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelJSON

/// Reading a log in chunks and by `pread(2)`: the result must not depend on where the
/// chunks fall, and a pipe or a file changed under the reader must be handled.
@Suite struct LogSourceTests {
  /// Every kind of line: a header, `\r\n` endings, a keyframe, patches, a completed and a
  /// final pending record, a gap record, and an unterminated last line.
  static let mixed = [
    #"{"format":"replay-log","version":1,"app":"t","stateType":"S","actionType":"A","created":"2026-01-01T00:00:00.000Z","encoding":"compact","keyframeInterval":3}"#
      + "\r\n",
    #"{"seq":1,"time":"2026-01-01T00:00:00.001Z","action":{"inc":{}},"prior":{"n":0},"next":{"n":1}}"#
      + "\r\n",
    #"{"seq":2,"time":"2026-01-01T00:00:00.002Z","patch":[{"op":"replace","path":"/n","value":2}],"action":{"inc":{}}}"#
      + "\n",
    #"{"seq":3,"time":"2026-01-01T00:00:00.003Z","pending":true,"action":{"inc":{}},"prior":{"n":2}}"#
      + "\n",
    #"{"seq":3,"time":"2026-01-01T00:00:00.003Z","patch":[{"op":"replace","path":"/n","value":3}],"action":{"inc":{}}}"#
      + "\n",
    #"{"dropped":2,"seq":4}"# + "\n",
    #"{"seq":6,"time":"2026-01-01T00:00:00.006Z","action":{"inc":{}},"prior":{"n":5},"next":{"n":6}}"#
      + "\n",
    #"{"seq":7,"time":"2026-01-01T00:00:00.007Z","pending":true,"action":{"boom":{}},"prior":{"n":6}}"#,
  ]

  struct Reading: Equatable {
    var entryCount: Int
    var warnings: [LogWarning]
    var gaps: [LogGap]
    var pending: PendingEntry?
    var isCompact: Bool
    var entries: [LogEntry]
    var states: [JSONValue]
    var rawLines: [Data]
  }

  static func read(_ log: LogFile) throws -> Reading {
    Reading(
      entryCount: log.entryCount, warnings: log.warnings, gaps: log.gaps,
      pending: log.pendingEntry, isCompact: log.isCompact,
      entries: try log.positions.map { try log.entry($0) },
      states: try (0...log.entryCount).map { try log.state($0) },
      rawLines: try log.positions.map { try log.rawLine(ofEntry: $0) })
  }

  @Test func readsEveryKindOfLine() throws {
    let temp = try TempLog(Self.mixed.joined())
    let reading = try Self.read(LogFile(path: temp.path))
    #expect(reading.entryCount == 4)
    #expect(reading.isCompact)
    #expect(reading.entries.map(\.seq) == [1, 2, 3, 6])
    #expect(reading.entries.map(\.line) == [2, 3, 5, 7])
    #expect(reading.states == [["n": 0], ["n": 1], ["n": 2], ["n": 3], ["n": 6]])
    #expect(reading.gaps == [LogGap(dropped: 2, firstSeq: 4, line: 6, beforeEntry: 4)])
    #expect(reading.pending?.line == 8)
    #expect(reading.pending?.seq == 7)
    // Without the `\r` of `\r\n`.
    #expect(reading.rawLines.first == Data(Self.mixed[1].utf8.dropLast(2)))
  }

  /// Lines straddle chunks at every possible place, including between `\r` and `\n` and
  /// inside the members that tell a line's kind.
  @Test(arguments: [1, 2, 3, 5, 7, 11, 16, 64, 100, 1000])
  func chunkSizeDoesNotChangeTheReading(chunkSize: Int) throws {
    let temp = try TempLog(Self.mixed.joined())
    let expected = try Self.read(LogFile(path: temp.path))
    let chunked = try Self.read(LogFile(path: temp.path, chunkSize: chunkSize))
    #expect(chunked == expected)
  }

  /// Page-sized chunks over a longer log: many lines straddle them.
  @Test(arguments: [4096, 8192])
  func pageSizedChunksDoNotChangeTheReading(chunkSize: Int) throws {
    let temp = try TempLog(TempLog.counterLines(500))
    let expected = try Self.read(LogFile(path: temp.path))
    #expect(expected.entryCount == 500)
    let chunked = try Self.read(LogFile(path: temp.path, chunkSize: chunkSize))
    #expect(chunked == expected)
  }

  /// A prefix of a line either leaves its kind open or tells the same kind as the whole
  /// line, at every length.
  @Test func kindOfAPrefixNeverContradictsTheWholeLine() {
    let lines =
      Self.mixed.map { $0.trimmingCharacters(in: .newlines) } + [
        #"  {  "seq" : 1 , "pending" : true , "prior" : {} }"#,
        #"{"seq":1,"pending":false,"action":{}}"#,
        #"{"a\"b":"x\"}","patch":[]}"#,
        #"[1,2]"#,
        #"{"seq":1"#,
      ]
    let expected: [LineKindScan.Kind] = [
      .entry, .entry, .patch, .pending, .patch, .gap, .entry, .pending,
      .pending, .entry, .patch, .entry, .entry,
    ]
    for (line, kind) in zip(lines, expected) {
      let bytes = Array(line.utf8)
      let whole = bytes.withUnsafeBytes { LineKindScan.kind($0, isPrefix: false) }
      #expect(whole == kind, "\(line)")
      for length in 0..<bytes.count {
        let partial = bytes[..<length].withUnsafeBytes { LineKindScan.kind($0, isPrefix: true) }
        #expect(partial == nil || partial == kind, "\(line) cut at \(length)")
      }
    }
  }

  @Test func readsAPipe() throws {
    let temp = try TempLog(Self.mixed.joined())
    let expected = try Self.read(LogFile(path: temp.path))
    let pipe = Pipe()
    pipe.fileHandleForWriting.write(Data(Self.mixed.joined().utf8))
    try pipe.fileHandleForWriting.close()
    let log = try LogFile(path: "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)")
    #expect(try Self.read(log) == expected)
  }

  @Test func aPipeLongerThanTheLimitIsAnError() throws {
    let pipe = Pipe()
    pipe.fileHandleForWriting.write(Data(TempLog.counterLines(40).utf8))
    try pipe.fileHandleForWriting.close()
    let path = "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)"
    #expect(
      throws: LogError(
        kind: .cannotOpen, path: path,
        message:
          "is a pipe of more than 1000 bytes; a pipe is held in memory, so save the log to a file and open that"
      )
    ) { try LogFile(path: path, chunkSize: 4096, pipeLimit: 1000) }
  }

  @Test func aDeviceIsNotALog() {
    #expect(
      throws: LogError(
        kind: .cannotOpen, path: "/dev/zero",
        message: "is a device, not a log file (a log is a regular file or a pipe)")
    ) { try LogFile(path: "/dev/zero") }
  }

  @Test func aFileTruncatedWhileOpenIsAnErrorNamingTheLine() throws {
    let text = TempLog.counterLines(3)
    let temp = try TempLog(text)
    let log = try LogFile(path: temp.path)
    let keep = text.utf8.count - 10
    #expect(truncate(temp.path, off_t(keep)) == 0)
    #expect(try log.entry(1).next == ["count": 1])
    // Shorter than the start of line 3: the message gives the file's size, not where
    // the read stopped.
    #expect(truncate(temp.path, off_t(keep / 2)) == 0)
    let lineEnd = text.utf8.count - 1
    #expect(
      throws: LogError(
        kind: .cannotOpen, path: temp.path, line: 3,
        message:
          "the file changed while open: line 3 should end at byte \(lineEnd), but the file is now \(keep / 2) bytes long (truncated or rewritten); open it again"
      )
    ) { try log.entry(3) }
  }
}
