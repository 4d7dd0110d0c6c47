import Foundation
import TestSupport
import Testing

@testable import TerminalEditor

@Suite struct HistoryFileTests {
  /// A fresh directory, removed when the test ends.
  final class TemporaryDirectory {
    let path: String
    init() throws {
      path = Scratch.folder.path + "/replay-history-\(UUID().uuidString)"
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func file(_ name: String) -> String { path + "/" + name }
  }

  @Test func theFileIsInHomeUnlessReplayHistoryNamesAnother() {
    #expect(HistoryFile.path(environment: ["HOME": "/home/ada"]) == "/home/ada/.replay_history")
    #expect(HistoryFile.path(environment: ["HOME": "/"]) == "/.replay_history")
    #expect(
      HistoryFile.path(environment: ["HOME": "/home/ada", "REPLAY_HISTORY": "/tmp/h"]) == "/tmp/h")
    #expect(HistoryFile.path(environment: ["HOME": "/home/ada", "REPLAY_HISTORY": ""]) == nil)
    #expect(HistoryFile.path(environment: ["HOME": ""]) == nil)
    #expect(HistoryFile.path(environment: [:]) == nil)
  }

  @Test func entriesAreAppendedOneALineWithMode0600() throws {
    let directory = try TemporaryDirectory()
    let file = HistoryFile(path: directory.file("history"))
    file.append("goto 5")
    file.append("watch /todos/2/title")
    file.append("c .title == \"\u{1B}[2J\"")  // never written
    #expect(
      try String(contentsOfFile: file.path, encoding: .utf8) == "goto 5\nwatch /todos/2/title\n")
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions]
    #expect(mode as? Int == 0o600)
    #expect(file.load().entries == ["goto 5", "watch /todos/2/title"])
  }

  @Test func loadingSkipsLinesWithControlsOrBadUTF8AndCollapsesRepeats() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("history")
    var bytes = Array("n\nn\ngoto 3\r\nstate \u{1B}[31m\n\nstate\u{202E}x\nfind .a\n".utf8)
    bytes += [0xFF, 0x0A] + Array("p\n".utf8)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    #expect(HistoryFile(path: path).load().entries == ["n", "goto 3", "find .a", "p"])
    // Within the limit, the file is left as it was.
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes))
  }

  @Test func aFileOverTheLimitIsCutToTheNewestEntries() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("history")
    try (1...8).map { "goto \($0)\n" }.joined().write(
      toFile: path, atomically: true, encoding: .utf8)
    let history = HistoryFile(path: path).load(limit: 3)
    #expect(history.entries == ["goto 6", "goto 7", "goto 8"])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "goto 6\ngoto 7\ngoto 8\n")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(names == ["history"])
  }

  @Test func aHugeFileIsReadFromItsEndOnly() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("history")
    let line = String(repeating: "x", count: 999) + "\n"
    let text = String(repeating: line, count: 2000) + "goto 1\n"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let history = HistoryFile(path: path).load()
    // The repeats collapse; the entry cut by the read limit is dropped.
    #expect(history.entries == [String(repeating: "x", count: 999), "goto 1"])
    #expect(
      try String(contentsOfFile: path, encoding: .utf8)
        == String(repeating: "x", count: 999) + "\ngoto 1\n")
  }

  @Test func aMissingOrUnreadableFileIsAnEmptyHistory() throws {
    let directory = try TemporaryDirectory()
    #expect(HistoryFile(path: directory.file("absent")).load().entries == [])
    #expect(HistoryFile(path: directory.path).load().entries == [])
    // Appending where no file can be made does nothing, and does not fail.
    HistoryFile(path: directory.file("no/such/dir")).append("n")
    // A FIFO is neither waited on for a writer nor for a reader.
    let fifo = directory.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(HistoryFile(path: fifo).load().entries == [])
    HistoryFile(path: fifo).append("n")
  }
}
