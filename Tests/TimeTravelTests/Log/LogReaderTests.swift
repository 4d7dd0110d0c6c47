import Foundation
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelJSON

@Suite struct LogReaderTests {
  @Test func readsTheFixture() throws {
    let log = try LogFile(path: Repo.fixture)
    #expect(log.entryCount == 240)
    #expect(log.header?.app == "TodoApp")
    #expect(log.header?.stateType == "TodoState")
    #expect(log.warnings == [])
    let first = try log.entry(1)
    #expect(first.seq == 1)
    #expect(first.line == 2)
    #expect(first.time == "2026-01-05T09:00:03.334Z")
    #expect(first.actionName == "addTodo")
    #expect(try log.state(0) == JSONParser.parse(#"{"filter":"all","isLoading":false,"todos":[]}"#))
  }

  @Test func headerlessEntriesWithoutSeqOrTime() throws {
    let temp = try TempLog(TempLog.counterLines(3))
    let log = try LogFile(path: temp.path)
    #expect(log.header == nil)
    #expect(log.entryCount == 3)
    let entry = try log.entry(2)
    #expect(entry.seq == 2)
    #expect(entry.time == nil)
    #expect(entry.line == 2)
    #expect(try log.state(3) == ["count": 3])
  }

  @Test func crlfLineEndings() throws {
    let temp = try TempLog(TempLog.counterLines(2).replacingOccurrences(of: "\n", with: "\r\n"))
    let log = try LogFile(path: temp.path)
    #expect(log.entryCount == 2)
    #expect(try log.state(2) == ["count": 2])
  }

  @Test func missingFile() {
    #expect(
      throws: LogError(kind: .cannotOpen, path: "/nonexistent/x.jsonl", message: "no such file")
    ) {
      try LogFile(path: "/nonexistent/x.jsonl")
    }
  }

  @Test func directoryIsNotALog() {
    let dir = Scratch.folder.path
    #expect(
      throws: LogError(kind: .cannotOpen, path: dir, message: "is a directory, not a log file")
    ) {
      try LogFile(path: dir)
    }
  }

  @Test func lineThatIsNotJSONNamesLineAndColumn() throws {
    var text = TempLog.counterLines(4)
    text = text.replacingOccurrences(of: #"{"count":2}}"#, with: #"{"count":2}, oops}"#)
    let temp = try TempLog(text)
    let log = try LogFile(path: temp.path)
    #expect(try log.entry(1).seq == 1)
    #expect(
      throws: LogError(
        kind: .malformedLine, path: temp.path, line: 2, column: 63,
        message: "not valid JSON: expected a string key, found 'o'")
    ) { try log.entry(2) }
    #expect(throws: LogError.self) { try LogSummary(scanning: log) }
  }

  @Test func truncatedLastLineIsDroppedWithAWarning() throws {
    let text = TempLog.counterLines(3) + #"{"action":"increment","prior":{"count":3},"next":{"cou"#
    let temp = try TempLog(text)
    let log = try LogFile(path: temp.path)
    #expect(log.entryCount == 3)
    #expect(
      log.warnings == [
        LogWarning(
          line: 4,
          message:
            "the last line is incomplete (unterminated string starting at column 51); ignored it and read the 3 complete entries before it"
        )
      ])
    #expect(try log.state(3) == ["count": 3])
  }

  @Test func entryMissingAMember() throws {
    let temp = try TempLog(
      #"{"action":"a","prior":{},"next":{}}"# + "\n" + #"{"action":"a","prior":{}}"# + "\n")
    let log = try LogFile(path: temp.path)
    #expect(!log.isActionOnly)
    #expect(
      throws: LogError(
        kind: .invalidEntry, path: temp.path, line: 2, message: "the entry has no /next member")
    ) { try log.entry(2) }
  }

  /// A first entry without `next` makes the log action-only (docs/log-format.md): its
  /// `prior` is the initial state, and states need a reducer.
  @Test func aFirstEntryWithoutNextMakesTheLogActionOnly() throws {
    let temp = try TempLog(#"{"action":"a","prior":{"n":1}}"# + "\n" + #"{"action":"b"}"# + "\n")
    let log = try LogFile(path: temp.path)
    #expect(log.isActionOnly)
    #expect(!log.hasStates)
    #expect(log.recordedInitialState == ["n": 1])
    #expect(try log.entry(2).jsonValue == ["seq": 2, "action": "b"])
  }

  /// A blank line is skipped with a warning and shifts no number.
  @Test func blankLineInTheMiddle() throws {
    let lines = TempLog.counterLines(3).split(separator: "\n")
    let temp = try TempLog(lines[0] + "\n\n" + lines[1] + "\n")
    let log = try LogFile(path: temp.path)
    #expect(log.entryCount == 2)
    #expect(try log.entry(2).seq == 2)
    #expect(try log.entry(2).line == 3)
    #expect(
      log.warnings == [
        LogWarning(
          line: 2,
          message:
            "skipped a blank line: it is not an entry and takes no number (JSON Lines has no blank lines)"
        )
      ])
  }

  @Test func outOfRange() throws {
    let temp = try TempLog(TempLog.counterLines(2))
    let log = try LogFile(path: temp.path)
    #expect(
      throws: LogError(
        kind: .outOfRange, path: temp.path,
        message: "state 3 is out of range (the log has states 0…2)")
    ) { try log.state(3) }
  }

  @Test func summaryFindsChainBreaksAndSeqGaps() throws {
    let text = """
      {"seq":1,"action":"a","prior":{"n":0},"next":{"n":1}}
      {"seq":2,"action":"b","prior":{"n":1},"next":{"n":2,"m":[1,2]}}
      {"seq":4,"action":"a","prior":{"n":2,"m":[1,3]},"next":{"n":3}}

      """
    let temp = try TempLog(text)
    let summary = try LogSummary(scanning: LogFile(path: temp.path))
    #expect(summary.actionCounts.map(\.name) == ["a", "b"])
    #expect(summary.actionCounts.map(\.count) == [2, 1])
    #expect(
      summary.warnings == [
        LogWarning(
          line: 3,
          message: "seq 4 follows seq 2 (line 2): no entry has seq 3, and no gap record says why"),
        LogWarning(
          line: 3,
          message:
            "entry 4's prior differs from entry 2's next, state 2 (first at \"/m/1\"); every mode counts what entry 4 changed from its own prior, and --diff 2 4 compares the two states"
        ),
      ])
  }

  @Test func actionNames() {
    #expect(ActionName.of(["type": "todos/add", "payload": 1]) == "todos/add")
    #expect(ActionName.of(["addTodo": ["_0": "Buy milk"]]) == "addTodo")
    #expect(ActionName.of("increment") == "increment")
    #expect(ActionName.of(["a": 1, "b": 2]) == "<object>")
    #expect(ActionName.of(42) == "<number>")
  }
}
