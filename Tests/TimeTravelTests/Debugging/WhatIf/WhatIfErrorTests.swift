import Foundation
import TestSupport
import Testing
import TodoReducer

@testable import TimeTravel

/// Bad input to an edited replay: a typed error naming the entry, the edit and the
/// JSON Pointer.
struct WhatIfErrorTests {
  typealias F = WhatIfFixtures

  private func failure(
    _ log: LogFile, _ recomputer: StateRecomputer, _ edits: [HistoryEdit],
    predicate: StatePredicate? = nil
  ) throws -> WhatIfError {
    do {
      let result = try WhatIf(log: log, recomputer: recomputer).run(edits, predicate: predicate)
      Issue.record("expected an error, got \(result)")
      throw CocoaError(.featureUnsupported)
    } catch let error as WhatIfError {
      return error
    }
  }

  @Test func anEditNamingNoEntry() throws {
    let error = try failure(try F.todoLog(), F.todo, [.skip(117), .skip(999)])
    #expect(error.kind == .noSuchEntry)
    #expect(error.seq == 999)
    #expect(error.edit == 1)
    #expect(error.message == "--skip 999: entry 999 is out of range (the log has entries 1…240)")
  }

  @Test func anEntryAnEarlierEditRemoved() throws {
    let skippedTwice = try failure(try F.searchLog(), F.search, [.skip(3), .edit(3, action: "x")])
    #expect(skippedTwice.kind == .noSuchEntry)
    #expect(
      skippedTwice.message
        == "entry 3 is no longer in the edited history (an earlier edit removed it)")
    let dropped = try failure(try F.searchLog(), F.search, [.skip(3), .skip(4)])
    #expect(dropped.seq == 4)
    #expect(dropped.edit == 1)
    #expect(
      dropped.message
        == "entry 4 is no longer in the edited history (it was dropped with its cause)")
  }

  @Test func anActionThatDoesNotDecodeNamesTheEditAndThePointer() throws {
    let error = try failure(
      try F.todoLog(), F.todo, [.edit(117, action: ["addTodo": ["id": "todo-035", "title": 7]])])
    #expect(error.kind == .undecodableAction)
    #expect(error.seq == 117)
    #expect(error.edit == 0)
    #expect(error.pointer == "/addTodo/title")
    #expect(error.line == nil)
    #expect(
      error.message.hasPrefix(
        #"edit 1 (--edit): its action {"addTodo":{"id":"todo-035","title":7}} does not decode as TodoAction: expected String at "/addTodo/title""#
      ))
    let inserted = try failure(try F.todoLog(), F.todo, [.insert(before: 5, action: ["undo": [:]])])
    #expect(inserted.kind == .undecodableAction)
    #expect(inserted.seq == nil)
    #expect(
      inserted.message.hasPrefix(
        #"edit 1 (--insert): its action {"undo":{}} does not decode as TodoAction"#))
  }

  @Test func aMoveBeforeItsCause() throws {
    // Entry 4 is the response to query 3.
    let early = try failure(try F.searchLog(), F.search, [.move(4, after: 2)])
    #expect(early.kind == .moveBeforeCause)
    #expect(early.seq == 4)
    #expect(early.message == "--move 4:2 puts entry 4 before entry 3, whose effect sent it")
    // Moving the query after its response puts the response first.
    let late = try failure(try F.searchLog(), F.search, [.move(3, after: 4)])
    #expect(late.kind == .moveBeforeCause)
    #expect(late.seq == 4)
    #expect(late.message == "--move 3:4 puts entry 4 before entry 3, whose effect sent it")
    let itself = try failure(try F.searchLog(), F.search, [.move(3, after: 3)])
    #expect(itself.kind == .invalidEdit)
  }

  @Test func aPredicateThatHoldsOnTheInitialState() throws {
    let error = try failure(try F.todoLog(), F.todo, [.skip(117)]) { _ in true }
    #expect(error.kind == .holdsAtStart)
  }

  @Test func aPredicateThatThrowsNamesTheState() throws {
    struct Boom: Error, CustomStringConvertible { var description: String { "boom" } }
    let error = try failure(try F.searchLog(), F.search, [.skip(3)]) { input in
      if input.entry?.seq == 5 { throw Boom() }
      return false
    }
    #expect(error.kind == .predicateFailed)
    #expect(error.seq == 5)
    #expect(error.message == "the predicate failed on the state after entry 5: boom")
  }

  @Test func statesTheReducerCannotDecode() throws {
    let log = try F.log(
      #"{"seq":1,"action":{"setFilter":{"_0":"all"}},"prior":{"todos":[],"filter":"all"},"next":{"todos":[],"filter":"all"}}"#
        + "\n")
    let error = try failure(log, F.todo, [.skip(1)])
    #expect(error.kind == .undecodableState)
    #expect(error.pointer == "/isLoading")
    #expect(error.seq == nil)
    #expect(
      error.message.hasPrefix(
        "replaying through reducer todo: the initial state: the state does not decode as TodoState: no member 'isLoading'"
      ))
  }

  @Test func anActionOnlyLogWithoutAnInitialState() throws {
    let log = try F.log(#"{"seq":1,"action":{"setFilter":{"_0":"all"}}}"# + "\n")
    let bare = StateRecomputer(name: "todo", reducer: TodoReducer())
    let error = try failure(log, bare, [.skip(1)])
    #expect(error.kind == .noInitialState)
  }

  @Test func aRecordedActionThatDoesNotDecodeNamesItsEntryAndLine() throws {
    let log = try F.log(
      #"{"format":"replay-log","version":1,"initialState":{"todos":[],"filter":"all","isLoading":false}}"#
        + "\n" + #"{"seq":1,"action":{"setFilter":{"_0":"all"}}}"# + "\n"
        + #"{"seq":2,"action":{"setFilter":{"_0":"done"}}}"# + "\n")
    let error = try failure(log, F.todo, [.skip(1)])
    #expect(error.kind == .undecodableAction)
    #expect(error.seq == 2)
    #expect(error.line == 3)
    #expect(error.edit == nil)
    #expect(error.pointer == "/setFilter/_0")
    #expect(
      error.description.hasPrefix(
        #"test.jsonl:3: entry 2: its action {"setFilter":{"_0":"done"}} does not decode as TodoAction"#
      ))
  }
}
