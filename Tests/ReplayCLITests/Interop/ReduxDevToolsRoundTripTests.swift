import CLITestSupport
import Foundation
import TestSupport
import Testing

@testable import TimeTravel

/// `--convert` then `--export redux-devtools`, then opening the export: the same actions,
/// states and times as the original; and the export has what Redux DevTools' Import
/// (`@redux-devtools/instrument`'s `IMPORT_STATE`) reads.
@Suite struct ReduxDevToolsRoundTripTests {
  /// Runs `replay` and writes its stdout to a temporary file named `name`.
  static func output(_ arguments: [String], to name: String) throws -> String {
    let result = replay(arguments[0], arguments: Array(arguments.dropFirst()))
    #expect(result.code == 0, "\(arguments): \(result.err)")
    let path = Scratch.folder
      .appendingPathComponent("roundtrip-\(UUID().uuidString)-\(name)").path
    try result.out.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// Every entry's number, action, time, states and skip mark, and the initial state.
  static func history(_ path: String) throws -> [JSONValue] {
    let log = try LogOpener.open(path: path).log
    var rows: [JSONValue] = [try log.state(0)]
    try log.forEachEntry { entry in
      rows.append([
        "seq": .number(JSONNumber(entry.seq)), "action": entry.action,
        "time": entry.time.map(JSONValue.string) ?? .null, "prior": entry.prior,
        "next": entry.next, "skipped": entry.otherMembers["skipped"] ?? false,
      ])
    }
    return rows
  }

  @Test func aSwiftSessionExportsAndReadsBack() throws {
    let exported = try Self.output(
      [Repo.fixture, "--export", "redux-devtools"], to: "devtools.json")
    let original = try Self.history(Repo.fixture)
    let back = try Self.history(exported)
    #expect(original.count == 241)
    #expect(back == original)
    // Swift enum actions get a `type` for Redux DevTools' action list.
    let lifted = try JSONParser.parse(String(contentsOfFile: exported, encoding: .utf8))
    #expect(
      lifted["actionsById"]?["1"]
        == [
          "type": "PERFORM_ACTION",
          "action": ["type": "addTodo", "addTodo": ["id": "todo-001", "title": "Buy milk"]],
          "timestamp": 1_767_603_603_334,
          "originalAction": ["addTodo": ["id": "todo-001", "title": "Buy milk"]],
        ])
  }

  @Test func convertThenExportKeepsTheLiftedHistory() throws {
    let lifted = InteropFixtureTests.lifted
    let converted = try Self.output([lifted, "--convert"], to: "converted.jsonl")
    #expect(
      try String(contentsOfFile: converted, encoding: .utf8).split(separator: "\n").prefix(3)
        == [
          #"{"format":"replay-log","version":1,"importedFrom":"redux-devtools-lifted-state","cursor":5}"#,
          #"{"seq":3,"time":"2024-06-21T20:00:03.000Z","action":{"type":"INCREMENT"},"prior":{"counter":2},"next":{"counter":3}}"#,
          #"{"seq":4,"time":"2024-06-21T20:00:04.250Z","action":{"type":"ADD","amount":10},"skipped":true,"prior":{"counter":3},"next":{"counter":3}}"#,
        ])
    let exported = try Self.output([converted, "--export", "redux-devtools"], to: "again.json")
    let original = try Self.history(lifted)
    #expect(try Self.history(exported) == original)
    #expect(try Self.history(converted) == original)
    let value = try JSONParser.parse(String(contentsOfFile: exported, encoding: .utf8))
    #expect(value["skippedActionIds"] == [4])
    #expect(value["stagedActionIds"] == [0, 3, 4, 5, 6])
  }

  @Test func anActionOnlyHistoryExportsWithRecomputedStates() throws {
    let actions = InteropFixtureTests.actions
    let converted = try Self.output(
      [actions, "--convert", "--reducer", "redux-counter"], to: "states.jsonl")
    let exported = try Self.output([converted, "--export", "redux-devtools"], to: "states.json")
    let back = try Self.history(exported)
    #expect(try back == Self.history(converted))
    #expect(back.last?["next"] == ["counter": 1])
    // Without --reducer, --convert keeps the log action-only, with its initial state.
    let bare = try Self.output([actions, "--convert"], to: "bare.jsonl")
    #expect(
      try String(contentsOfFile: bare, encoding: .utf8).split(separator: "\n").prefix(2)
        == [
          #"{"format":"replay-log","version":1,"importedFrom":"redux-devtools-actions","initialState":{"counter":5}}"#,
          #"{"seq":1,"action":{"type":"INCREMENT"}}"#,
        ])
    #expect(
      replay(bare, "--reducer", "redux-counter", "--show", "5").out.contains(#""counter": 1"#))
  }

  /// The members `IMPORT_STATE` destructures, with the types it relies on.
  @Test func theExportHasWhatReduxDevToolsImportReads() throws {
    let exported = try Self.output(
      [InteropFixtureTests.older, "--export", "redux-devtools"], to: "fields.json")
    guard
      case .object(let lifted) = try JSONParser.parse(
        String(contentsOfFile: exported, encoding: .utf8))
    else {
      Issue.record("not an object")
      return
    }
    #expect(
      lifted.keys == [
        "monitorState", "nextActionId", "actionsById", "stagedActionIds", "skippedActionIds",
        "committedState", "currentStateIndex", "computedStates", "isLocked", "isPaused",
      ])
    let staged = lifted["stagedActionIds"]?.arrayValue?.compactMap(\.numberValue?.intValue) ?? []
    #expect(staged == [0, 1, 2])
    #expect(lifted["computedStates"]?.arrayValue?.count == staged.count)
    #expect(lifted["currentStateIndex"] == .number(JSONNumber(staged.count - 1)))
    #expect(lifted["nextActionId"] == 3)
    for id in staged {
      let action = lifted["actionsById"]?[String(id)]
      #expect(action?["type"] == "PERFORM_ACTION")
      #expect(action?["action"]?["type"]?.stringValue != nil)
    }
    #expect(lifted["actionsById"]?["0"]?["action"] == ["type": "@@INIT"])
  }
}
