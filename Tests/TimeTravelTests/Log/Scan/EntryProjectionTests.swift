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
  ]

  /// The program's answer on each entry, read whole or with its projection.
  static func answers(_ log: LogFile, _ filter: JQFilter, projected: Bool) -> [String] {
    let projection = filter.projection(reading: .truthiness)
    var reading = EntryProjection(entry: projection.input ?? .nothing)
    if let prior = projection.variables["prior"] {
      reading = reading.union(EntryProjection(prior: prior))
    }
    return log.positions.map { position in
      do {
        let entry = projected ? try log.entry(position, reading: reading) : try log.entry(position)
        let holds = try filter.holds(
          on: entry.jsonValue,
          variables: ["prior": entry.prior, "seq": .number(JSONNumber(entry.seq))])
        return "\(entry.seq): \(holds)"
      } catch {
        return "error: \(error)"
      }
    }
  }

  @Test(arguments: ScanTestLogs.cases.indices)
  func projectedEntriesAnswerAsWholeOnes(index: Int) throws {
    let (name, text) = ScanTestLogs.cases[index]
    let log = try ScanTestLogs.log(text)
    for program in Self.programs {
      let filter = try JQFilter(program, variableNames: ["prior", "seq"])
      #expect(
        Self.answers(log, filter, projected: true) == Self.answers(log, filter, projected: false),
        "\(name): \(program)")
    }
  }

  @Test(arguments: ScanTestLogs.fixtures)
  func projectedFixtureEntriesAnswerAsWholeOnes(path: String) throws {
    let log = try LogFile(path: path)
    for program in Self.programs + [".next.todos[3].isCompleted", ".action.addTodo != null"] {
      let filter = try JQFilter(program, variableNames: ["prior", "seq"])
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
  }
}
