import CLITestSupport
import Foundation
import TestSupport
import Testing
import TimeTravel

@testable import ReplayCLI

/// `replay LOG --what-if EDIT… --reducer NAME --html FILE` and `--minimize … --html FILE`:
/// the report of the edited history, beside the recording, with the diff of the two at
/// each entry.
@Suite struct HTMLReportEditedTests {
  static let blankUnderCompleted = MinimizeCLITests.blankUnderCompleted

  private func report(_ log: String = Repo.fixture, _ arguments: String...) throws -> (
    index: JSONValue, states: [JSONValue], code: Int32, out: String, err: String
  ) {
    let path = HTMLReportSupport.temporaryPath("edited.html")
    let result = replay(log, arguments: arguments + ["--html", path])
    let page = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    try? FileManager.default.removeItem(atPath: path)
    let (index, segments) = HTMLReportSupport.dataElements(page)
    let states = segments.isEmpty ? [] : try HTMLReportSupport.rebuiltStates(segments)
    return (
      index, states, result.code, result.out.replacingOccurrences(of: path, with: "FILE"),
      result.err
    )
  }

  @Test func aSkipShowsTheEditedHistoryAndItsDiffAgainstTheRecordingAtEachEntry() throws {
    let r = try report(Repo.fixture, "--what-if", "--skip", "117", "--reducer", "todo")
    #expect(r.code == 0)
    #expect(r.err == "")
    #expect(r.out.hasPrefix("wrote FILE: 239 entries (seq 1…240), "))
    let seqs = try #require(r.index["rows"]?["seq"]?.arrayValue?.elements)
    #expect(seqs.count == 239)
    #expect(Array(seqs[114...117]) == [115, 116, 118, 119])
    // The seq the edited history skips is an entry it left out, not a log's fault.
    #expect(r.index["log"]?["warnings"] == [])
    let edited = try #require(r.index["edited"])
    #expect(edited["kind"] == "what-if")
    #expect(edited["edits"] == ["--skip 117"])
    #expect(edited["reducer"] == "todo")
    #expect(edited["recorded"] == ["path": .string(Repo.fixture), "entries": 240])
    #expect(edited["firstDivergence"] == 118)
    #expect(edited["removed"] == [["seq": 117, "name": "addTodo", "row": 116]])
    let against = try #require(edited["rows"]?["against"]?.arrayValue?.elements)
    #expect(against.count == 239)
    // As recorded up to 116; from 118 on, without the to-do entry 117 added.
    #expect(against[..<116].allSatisfy { $0 == [] })
    let withoutTodo35: JSONValue = [
      "op": "remove", "path": "/todos/24",
      "old": ["id": "todo-035", "isCompleted": false, "title": "   "],
    ]
    #expect(against[116] == [withoutTodo35])
    #expect(
      against[117] == [
        [
          "op": "remove", "path": "/todos/22",
          "old": ["id": "todo-035", "isCompleted": false, "title": "   "],
        ]
      ])
    #expect(edited["rows"]?["recordedSeq"]?.arrayValue?.elements[116] == 118)
    #expect(edited["rows"]?["change"]?.arrayValue?.elements.allSatisfy { $0 == .null } == true)
    // The states embedded are the edited history's.
    #expect(r.states.count == 240)
    #expect(r.states[117]["todos"]?.arrayValue?.count == 24)
    #expect(r.states[239] == (try LogFile(path: Repo.fixture).state(240)).removingTodo35)
  }

  @Test func aMoveMarksTheMovedEntryAndRenumbers() throws {
    let r = try report(
      WhatIfCLITests.search, "--what-if", "--move", "2:3", "--reducer", "search")
    #expect(r.code == 0)
    let edited = try #require(r.index["edited"])
    #expect(r.index["rows"]?["seq"] == [1, 2, 3, 4, 5, 6])
    #expect(edited["rows"]?["recordedSeq"] == [1, 3, 2, 4, 5, 6])
    #expect(edited["rows"]?["change"] == [nil, nil, "moved", nil, nil, nil])
    #expect(edited["firstDivergence"] == 2)
    #expect(edited["removed"] == [])
    // Entry 3 before the response to "s" gives the state the recording has after it;
    // the response after it shows its results under the query "sw".
    #expect(
      edited["rows"]?["against"] == [
        [], [], [["op": "replace", "path": "/query", "old": "s", "new": "sw"]], [], [], [],
      ])
  }

  @Test func aMinimisationShowsTheKeptEntriesAgainstTheRecording() throws {
    let r = try report(
      Repo.fixture, "--minimize", "--predicate", Self.blankUnderCompleted, "--reducer", "todo")
    #expect(r.code == 0)
    #expect(r.out.hasPrefix("wrote FILE: 2 entries (seq 117…236), "))
    #expect(r.index["rows"]?["seq"] == [117, 236])
    let edited = try #require(r.index["edited"])
    #expect(edited["kind"] == "minimize")
    #expect(edited["kept"] == 2)
    #expect(edited["from"] == 240)
    #expect(edited["replays"] == 48)
    #expect(edited["firstDivergence"] == .null)
    #expect(edited["removed"] == [])
    // The predicate marks the kept history: it holds after the second entry.
    #expect(r.index["predicate"]?["holds"] == [2])
    let against = try #require(edited["rows"]?["against"]?.arrayValue?.elements)
    // After entry 117 the recording has 24 more to-dos than the kept history, and its
    // loading flag set.
    #expect(against[0].arrayValue?.count == 25)
    #expect(r.states[2]["todos"] == [["id": "todo-035", "isCompleted": false, "title": "   "]])
  }

  @Test func mistakesAreUsageErrors() throws {
    let range = replay(
      Repo.fixture, "--what-if", "--skip", "3", "--reducer", "todo", "--html", "x.html",
      "--range", "1..5")
    #expect(range.code == ExitCode.usage)
    #expect(
      range.err.hasPrefix(
        "replay: --html reports the whole edited history: --range does not go with it here\n"))
    let stray = replay(Repo.fixture, "--html", "x.html", "--skip", "3")
    #expect(stray.code == ExitCode.usage)
    #expect(stray.err.hasPrefix("replay: --skip goes with --what-if\n"))
    let three = replay(
      Repo.fixture, "--minimize", "--predicate", "true", "--reducer", "todo", "--emit-test",
      "--html", "x.html")
    #expect(three.code == ExitCode.usage)
    let bad = replay(
      Repo.fixture, "--what-if", "--skip", "999", "--reducer", "todo", "--html", "x.html")
    #expect(bad.code == ExitCode.usage)
    #expect(
      bad.err == "replay: --skip 999: entry 999 is out of range (the log has entries 1…240)\n")
    #expect(!FileManager.default.fileExists(atPath: "x.html"))
  }
}

extension JSONValue {
  /// The fixture's final state without the blank to-do entry 117 added.
  fileprivate var removingTodo35: JSONValue {
    guard case .object(var object) = self, let todos = object["todos"]?.arrayValue else {
      return self
    }
    object["todos"] = .array(JSONArray(todos.elements.filter { $0["id"] != "todo-035" }))
    return .object(object)
  }
}
