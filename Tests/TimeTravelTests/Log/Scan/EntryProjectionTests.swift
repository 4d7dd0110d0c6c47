import Foundation
import TestSupport
import Testing
import TimeTravelJQ

@testable import TimeTravel

/// Entries read with the projection of a jq program answer the program as the whole
/// entries do, with the same errors, on every irregular log and fixture.
@Suite struct EntryProjectionTests {
  static let programs = [
    ".next.count > 3", #".action | has("add")"#, ".prior.items[0].done", ".next.items | length",
    ".origin.effect", "keys", ".extra[1]", #".next.note | test("é")"#, "$prior.count < .seq",
    ".next.items[] | select(.done) | .id", "any(.next.items[]; .id == \"i2\")", ".seq",
    "(.next | tojson | length) > 0", ".prior", ".next.items[-1]", "to_entries | length",
    ".action.add.n > 20", ".action == {\"add\":{\"n\":7}}", "$action | keys", ".action | length",
  ]

  /// The program's answer on each entry and the entry's action name, read whole or with
  /// its projection (of the action too).
  static func answers(_ log: LogFile, _ filter: JQFilter, projected: Bool) -> [String] {
    let reading = Self.reading(filter)
    return log.positions.map { position in
      do {
        let entry = projected ? try log.entry(position, reading: reading) : try log.entry(position)
        return try answer(filter, entry)
      } catch {
        return "error: \(error)"
      }
    }
  }

  /// What `filter` reads of an entry, its `$prior` and its `$action`, as `--find` reads it.
  static func reading(_ filter: JQFilter) -> EntryProjection {
    let projection = filter.projection(reading: .truthiness)
    var reading = EntryProjection(entry: projection.input ?? .nothing)
    if let prior = projection.variables["prior"] {
      reading = reading.union(EntryProjection(prior: prior))
    }
    var action = (projection.input ?? .nothing).member("action")
    if let part = projection.variables["action"] { action = action?.union(part) ?? part }
    return reading.readingAction(action)
  }

  /// "seq name: holds" for `filter` on `entry`, with `$prior`, `$seq` and `$action`.
  static func answer(_ filter: JQFilter, _ entry: LogEntry) throws -> String {
    let holds = try filter.holds(
      on: entry.jsonValue,
      variables: [
        "prior": entry.prior, "seq": .number(JSONNumber(entry.seq)), "action": entry.action,
      ])
    return "\(entry.seq) \(entry.actionName): \(holds)"
  }

  @Test(arguments: ScanTestLogs.cases.indices)
  func projectedEntriesAnswerAsWholeOnes(index: Int) throws {
    let (name, text) = ScanTestLogs.cases[index]
    let log = try ScanTestLogs.log(text)
    for program in Self.programs {
      let filter = try JQFilter(program, variableNames: ["prior", "seq", "action"])
      #expect(
        Self.answers(log, filter, projected: true) == Self.answers(log, filter, projected: false),
        "\(name): \(program)")
    }
  }

  @Test(arguments: ScanTestLogs.fixtures)
  func projectedFixtureEntriesAnswerAsWholeOnes(path: String) throws {
    let log = try LogFile(path: path)
    for program in Self.programs + [".next.todos[3].isCompleted", ".action.addTodo != null"] {
      let filter = try JQFilter(program, variableNames: ["prior", "seq", "action"])
      #expect(
        Self.answers(log, filter, projected: true) == Self.answers(log, filter, projected: false),
        "\(path): \(program)")
    }
  }

  @Test func aProjectedEntryHoldsOnlyWhatIsRead() throws {
    let log = try ScanTestLogs.log(ScanTestLogs.cases[0].text)
    let filter = try JQFilter(".next.items[1].done")
    let reading = EntryProjection(entry: filter.projection(reading: .truthiness).input!)
    let entry = try log.entry(3, reading: reading)
    #expect(entry.prior.description == "{}")
    #expect(entry.next.description == #"{"items":[null,{"done":false},null]}"#)
    #expect(entry.otherMembers.isEmpty)
    #expect(entry.action.description == #"{"add":{"n":3}}"#)
    #expect(try log.entry(3, reading: .everything) == log.entry(3))
    let shape = try log.entry(3, reading: reading.readingAction(.shape))
    // What names the action reads each member for its kind, so `has` sees `{}`, not `null`.
    #expect(shape.action.description == #"{"add":{}}"#)
    #expect(
      try log.entry(3, reading: reading.readingAction(nil)).action.description == #"{"add":{}}"#)
    #expect(reading.readingAction(.whole) == reading)
  }

  /// Read for its name alone, an action keeps what names it, however it is written.
  @Test(arguments: [
    (
      #"{"type":"todos/add","payload":{"title":"Milk"},"meta":[1,2]}"#, "todos/add",
      #"{"type":"todos/add","payload":{},"meta":[null,null]}"#
    ),
    (#"{"$":"SetName","a":"bob"}"#, "SetName", #"{"$":"SetName","a":"bob"}"#),
    (#"{"addTodo":{"_0":"Buy milk"}}"#, "addTodo", #"{"addTodo":{}}"#),
    (#"{"a":1,"b":{"c":2}}"#, "<object>", #"{"a":1,"b":{}}"#),
    (#""reset""#, "reset", #""reset""#), ("[1,[2]]", "<array>", "[null,null]"),
    ("7", "<number>", "7"),
  ])
  func anActionReadForItsNameKeepsTheName(action: String, name: String, read: String) throws {
    let line =
      #"{"seq":1,"time":"2026-01-05T09:00:01.000Z","action":"# + action
      + #","prior":{},"next":{}}"#
    let log = try ScanTestLogs.log(line + "\n")
    let entry = try log.entry(1, reading: EntryProjection().readingAction(nil))
    #expect(entry.actionName == name)
    #expect(entry.action.description == read)
    #expect(try log.entry(1).actionName == name)
  }

  /// A scan that read an entry's action in part reads all of it again from where it
  /// found it; with the action written twice, the last, as reading the whole line gives.
  @Test(arguments: ScanTestLogs.cases.indices)
  func aScanReadsTheWholeActionAgain(index: Int) throws {
    let (name, text) = ScanTestLogs.cases[index]
    let log = try ScanTestLogs.log(text)
    let reading = EntryProjection().readingAction(.shape)
    var actions: [String] = []
    _ = LineMemoTests.readInOneChunk(log) { line in
      actions.append(
        (try? line.entry(reading: reading)).map { _ in (try? line.action())?.description ?? "!" }
          ?? "error")
    }
    let whole = log.positions.map { (try? log.entry($0))?.action.description ?? "error" }
    #expect(actions == Array(whole.prefix(actions.count)), "\(name)")
    #expect(!actions.isEmpty)
  }

  @Test func theLastOfTwoActionsIsReadAgain() throws {
    let lines = [
      #"{"seq":1,"action":{"add":{"n":1}},"prior":{},"next":{"n":1},"action":{"remove":{"n":0}}}"#,
      #"{"seq":2,"action":{"add":{"n":2}},"prior":{"n":1},"next":{"n":2}}"#,
    ]
    let log = try ScanTestLogs.log(lines.joined(separator: "\n") + "\n")
    var read: [String] = []
    _ = LineMemoTests.readInOneChunk(log) { line in
      let entry = try? line.entry(reading: EntryProjection().readingAction(.shape))
      read.append("\(entry?.action.description ?? "") \((try? line.action())?.description ?? "")")
    }
    #expect(read == [#"{"remove":{}} {"remove":{"n":0}}"#, #"{"add":{}} {"add":{"n":2}}"#])
    #expect(try log.entry(1).action.description == #"{"remove":{"n":0}}"#)
  }
}
