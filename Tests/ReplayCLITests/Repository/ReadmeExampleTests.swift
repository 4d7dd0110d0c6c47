import Foundation
import TestSupport
import Testing
import TimeTravel
import TimeTravelDiff

// The example's state, action and reducer, from the program the README shows.
@testable import counter_sample

// The README's "Record a log from your own app" example, compiled and run
// here so the README cannot drift from the API.

@MainActor
@Test func readmeRecordingExample() throws {
  let url = Scratch.folder.appendingPathComponent("counter-\(UUID()).jsonl")
  // --- README example starts
  let recorder = try LogRecorder(
    url: url, app: "Counter", stateType: "AppState", actionType: "AppAction")
  let store = Store(initialState: AppState(), reducer: AppReducer(), recorder: recorder)
  store.dispatch(.increment)
  store.dispatch(.increment)
  store.undo()
  try recorder.close()
  // --- README example ends
  let log = try LogFile(path: url.path)
  #expect(log.entryCount == 3)
  #expect(try log.entry(1).action == ["increment": [:]])
  #expect(try log.entry(3).action == ["@@undo": ["from": 2, "to": 1]])
  #expect(try log.state(3) == ["count": 1])
}

/// The README's recording example is, byte for byte, the `counter-sample` program, which
/// the test target depends on so that it is compiled with every test run.
@Test func readmeRecordingExampleIsTheCounterSample() throws {
  let readme = try String(
    contentsOf: Repo.root.appendingPathComponent("README.md"), encoding: .utf8)
  let sample = try String(
    contentsOf: Repo.root.appendingPathComponent("Examples/counter-sample/main.swift"),
    encoding: .utf8)
  let section = try #require(
    readme.components(separatedBy: "## Record a log from your own app").dropFirst().first)
  let block = try #require(
    section.components(separatedBy: "```swift\n").dropFirst().first?
      .components(separatedBy: "```").first)
  #expect(block == sample)
}

@Test func aTempLogRemovesItsFile() throws {
  var path = ""
  do {
    let log = try TempLog("{}\n")
    path = log.path
    #expect(FileManager.default.fileExists(atPath: path))
  }
  #expect(!FileManager.default.fileExists(atPath: path))
}

struct Item: Codable, Identifiable {
  var id: Int
  var name: String
}

@Test func typedDiffOfCodableValues() throws {
  let old = [Item(id: 1, name: "a"), Item(id: 2, name: "b"), Item(id: 3, name: "c")]
  let new = [Item(id: 2, name: "b"), Item(id: 3, name: "C")]
  let changes = try JSONDiff.changes(between: old, and: new)
  #expect(changes.map(\.path.description) == ["/0", "/1/name"])
  #expect(changes.map(\.op) == [.remove, .replace])
  let expected = [
    "  [",
    "-   [0]: {\"id\":1,\"name\":\"a\"}  // /0",
    "    … (1 unchanged)",
    "    [1]: {",
    "      … (1 unchanged)",
    "-     \"name\": \"c\"",
    "+     \"name\": \"C\"  // /1/name",
    "    }",
    "  ]",
  ]
  #expect(try JSONDiff.describe(between: old, and: new) == expected.joined(separator: "\n"))
  #expect(try JSONDiff.describe(between: old, and: old) == nil)
}
