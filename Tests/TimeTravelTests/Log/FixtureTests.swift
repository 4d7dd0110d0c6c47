import Foundation
import TestSupport
import Testing
import TodoReducer

@MainActor
struct FixtureTests {
  private static let fixtureURL = URL(fileURLWithPath: Repo.fixture)

  private func fixtureLines() throws -> [Substring] {
    let text = try String(contentsOf: Self.fixtureURL, encoding: .utf8)
    #expect(text.hasSuffix("\n"))
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
  }

  @Test func regeneratingGivesTheCheckedInBytes() throws {
    let url = Scratch.folder
      .appendingPathComponent("todo-session-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    try TodoSessionFixture.record(to: url)
    let regenerated = try Data(contentsOf: url)
    let checkedIn = try Data(contentsOf: Self.fixtureURL)
    #expect(regenerated == checkedIn, "run `swift run make-fixtures` and review the diff")
  }

  @Test func headerAndContiguousSeq() throws {
    let lines = try fixtureLines()
    #expect(
      lines.first
        == #"{"format":"replay-log","version":1,"app":"TodoApp","stateType":"TodoState","actionType":"TodoAction","created":"2026-01-05T09:00:00.000Z","closingRecord":true,"nils":"null"}"#
    )
    #expect(
      lines.last
        == #"{"closed":true,"lastSeq":240,"time":"2026-01-05T09:14:27.285Z","by":"close"}"#)
    let entries = lines.dropFirst().dropLast()
    #expect(entries.count == TodoSessionFixture.entryCount)
    #expect((220...260).contains(entries.count))
    for (offset, line) in entries.enumerated() {
      #expect(line.hasPrefix(#"{"seq":\#(offset + 1),"time":""#))
    }
  }

  @Test func eachPriorIsTheBytesOfThePreviousNext() throws {
    var previousNext: Substring?
    for line in try fixtureLines().dropFirst().dropLast() {
      let prior = try #require(line.range(of: #","prior":"#))
      let next = try #require(line.range(of: #","next":"#, range: prior.upperBound..<line.endIndex))
      let priorBytes = line[prior.upperBound..<next.lowerBound]
      let nextBytes = line[next.upperBound..<line.index(before: line.endIndex)]
      if let previousNext { #expect(priorBytes == previousNext) }
      previousNext = nextBytes
    }
  }

  @Test func whitespaceTitleAppearsAtItsSeqAndStaysToTheEnd() throws {
    var firstSeq: Int?
    var blankAdds: [Int] = []
    var blankIDs: Set<String> = []
    for line in try fixtureLines().dropFirst().dropLast() {
      let entry = try #require(
        JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let seq = try #require(entry["seq"] as? Int)
      let action = try #require(entry["action"] as? [String: Any])
      if let add = action["addTodo"] as? [String: Any], let title = add["title"] as? String,
        title.allSatisfy(\.isWhitespace)
      {
        blankAdds.append(seq)
      }
      let next = try #require(entry["next"] as? [String: Any])
      let todos = try #require(next["todos"] as? [[String: Any]])
      let blanks = todos.filter { ($0["title"] as? String)?.allSatisfy(\.isWhitespace) == true }
      blankIDs.formUnion(blanks.compactMap { $0["id"] as? String })
      if !blanks.isEmpty, firstSeq == nil { firstSeq = seq }
      #expect(blanks.isEmpty == (firstSeq == nil), "seq \(seq)")
    }
    #expect(firstSeq == 117)
    #expect(firstSeq == TodoSessionFixture.whitespaceTitleSeq)
    #expect(blankAdds == [117])
    #expect(blankIDs.count == 1)
  }
}
