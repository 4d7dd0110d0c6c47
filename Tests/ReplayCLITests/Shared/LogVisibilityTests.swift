import CLITestSupport
import Foundation
import ReplayCLI
import TestSupport
import Testing
import TimeTravel

/// Everything a writer recorded is visible: an entry's other members (`origin`), time-travel
/// entries through the same queries as app actions, and optionals that were `nil`.
@MainActor
@Suite struct LogVisibilityTests {
  static let log = """
    {"seq":1,"action":{"submit":{}},"prior":{"n":0},"next":{"n":1}}
    {"seq":2,"action":{"loginResponse":{"_0":{"success":{"userID":"u"}}}},"origin":{"cause":1,"effect":"login"},"prior":{"n":1},"next":{"n":2}}
    {"seq":3,"action":{"@@undo":{"from":2,"to":1}},"prior":{"n":2},"next":{"n":1}}
    {"seq":4,"action":{"type":"@@redo","from":1,"to":2},"prior":{"n":1},"next":{"n":2}}

    """

  @Test func originIsVisibleToFindAndWhere() throws {
    let file = try TempLog(Self.log)
    let found = replay(file.path, arguments: ["--find", #"has("origin")"#])
    #expect(found.code == 0)
    let listed = """
      1 entry matches:
        entry 2 (loginResponse) {"_0":{"success":{"userID":"u"}}} — sent by the effect `login` of entry 1

      """
    #expect(found.out == listed)
    let caused = replay(file.path, arguments: ["--find", ".origin.cause == 1"])
    #expect(caused.out == listed)
    let summary = replay(file.path, arguments: ["--where", #".origin.effect == "login""#])
    #expect(summary.out.contains("  loginResponse  1\n"))
    #expect(!summary.out.contains("submit"))
  }

  @Test func showAndTheStepperPrintOrigin() throws {
    let file = try TempLog(Self.log)
    let text = replay(file.path, arguments: ["--show", "2"])
    #expect(
      text.out == """
        entry 2 (loginResponse)
        action: {"loginResponse":{"_0":{"success":{"userID":"u"}}}}
        cause: sent by the effect `login` of entry 1 (submit)
        state after it:
        {
          "n": 2
        }

        """)
    let json = replay(file.path, arguments: ["--show", "2", "--format", "json"])
    #expect(
      json.out
        == #"{"seq":2,"action":{"loginResponse":{"_0":{"success":{"userID":"u"}}}},"actionName":"loginResponse","origin":{"cause":1,"effect":"login"},"state":{"n":2}}"#
        + "\n")
    let io = BufferIO(stdin: "goto 2\naction\nq\n")
    #expect(ReplayCommand.run([file.path, "--step"], io: io) == 0)
    #expect(io.stdout.contains("[2/4] loginResponse (sent by the effect `login` of entry 1)\n"))
    #expect(io.stdout.hasSuffix("}\ncause: sent by the effect `login` of entry 1 (submit)\n"))
  }

  @Test func timeTravelEntriesAreFoundLikeAppActions() throws {
    let file = try TempLog(Self.log)
    let undo = replay(file.path, arguments: ["--find", #".action | has("@@undo")"#])
    #expect(undo.out == "1 entry matches:\n  entry 3 (@@undo) {\"from\":2,\"to\":1}\n")
    // Both shapes are named, counted and replayed alike.
    let summary = replay(file.path, arguments: [])
    #expect(summary.out.contains("  @@undo         1\n  @@redo         1\n"))
    #expect(
      TimeTravelMove(action: ["@@undo": ["from": 2, "to": 1]])
        == TimeTravelMove(action: ["type": "@@undo", "from": 2, "to": 1]))
    #expect(TimeTravelMove(action: ["@@undo": ["from": 2, "to": 1]])?.kind == .undo)
    #expect(TimeTravelMove(action: ["@@undo": ["from": 2]]) == nil)
    #expect(TimeTravelMove(action: ["@@undo": ["from": 2, "to": 1], "x": 1]) == nil)
    #expect(TimeTravelMove(action: ["undo": ["from": 2, "to": 1]]) == nil)
  }

  @Test func theFixtureFindsItsThirteenUndos() {
    let found = replay(Repo.fixture, arguments: ["--find", #".action | has("@@undo")"#])
    #expect(found.code == 0)
    #expect(found.out.hasPrefix("13 entries match:\n"))
  }

  struct Selection: Codable, Sendable {
    var selected: String?
  }

  enum Pick: Codable, Sendable {
    case select(String?)
  }

  struct Picker: Reducer {
    func reduce(into state: inout Selection, action: Pick) {
      if case .select(let id) = action { state.selected = id }
    }
  }

  @Test func nilIsRecordedAsNullSoWatchSeesAValue() throws {
    let writer = MemoryLogWriter()
    let recorder = try LogRecorder(
      writer: writer, app: "Picker", stateType: "Selection", actionType: "Pick",
      clock: { Date(timeIntervalSince1970: 0) })
    let store = Store(initialState: Selection(), reducer: Picker(), recorder: recorder)
    store.dispatch(.select("a"))
    store.dispatch(.select(nil))
    let line = #line - 2
    try recorder.close()
    #expect(writer.lines.first?.hasSuffix(#","nils":"null"}"#) == true)
    #expect(
      writer.lines.dropFirst().first
        == #"{"seq":1,"time":"1970-01-01T00:00:00.000Z","action":{"select":{"_0":"a"}},"site":{"file":"ReplayCLITests/LogVisibilityTests.swift","line":\#(line),"function":"nilIsRecordedAsNullSoWatchSeesAValue()"},"prior":{"selected":null},"next":{"selected":"a"}}"#
    )
    #expect(writer.lines.dropFirst(2).first?.contains(#""action":{"select":{"_0":null}}"#) == true)
    let file = try TempLog(bytes: Array(writer.data))
    let watch = replay(file.path, arguments: ["--watch", "/selected"])
    #expect(
      watch.out == """
        2 entries changed /selected:
          entry 1 (select) {"_0":"a"}: null → "a" — from ReplayCLITests/LogVisibilityTests.swift:\(line)
          entry 2 (select) {"_0":null}: "a" → null — from ReplayCLITests/LogVisibilityTests.swift:\(line + 1)

        """)
  }

  @Test func omittedNilsKeepJSONEncodersBytes() throws {
    let writer = MemoryLogWriter()
    let recorder = try LogRecorder(
      writer: writer, app: "Picker", stateType: "Selection", actionType: "Pick",
      clock: { Date(timeIntervalSince1970: 0) }, nils: .omitted, recordsSites: false)
    let store = Store(initialState: Selection(), reducer: Picker(), recorder: recorder)
    store.dispatch(.select(nil))
    try recorder.close()
    #expect(writer.lines.first?.contains("nils") == false)
    #expect(
      writer.lines.dropFirst().first
        == #"{"seq":1,"time":"1970-01-01T00:00:00.000Z","action":{"select":{}},"prior":{},"next":{}}"#
    )
  }
}
