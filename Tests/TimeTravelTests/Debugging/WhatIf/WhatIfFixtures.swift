import CounterReducer
import Foundation
import SearchReducer
import TestSupport
import TimeTravel
import TodoReducer

/// The logs, reducers and predicates the what-if, minimise and race tests share.
enum WhatIfFixtures {
  static let todo = StateRecomputer(name: "todo", reducer: TodoReducer(), initialState: TodoState())
  static let search = StateRecomputer(
    name: "search", reducer: SearchReducer(), initialState: SearchState())
  static let counter = StateRecomputer(
    name: "redux-counter", reducer: ReduxCounterReducer(), initialState: ReduxCounterState())

  static let searchPath = Repo.root.appendingPathComponent("Fixtures/search-session.jsonl").path

  static func todoLog() throws -> LogFile { try LogFile(path: Repo.fixture) }
  static func searchLog() throws -> LogFile { try LogFile(path: searchPath) }

  /// A log held in memory.
  static func log(_ text: String, name: String = "test.jsonl") throws -> LogFile {
    try LogFile(contents: Array(text.utf8), name: name)
  }

  /// `any(.todos[]; .title | test("^\\s*$"))`
  static func hasBlankTitle(_ input: PredicateInput) -> Bool {
    input.state["todos"]?.arrayValue?.contains {
      $0["title"]?.stringValue?.allSatisfy(\.isWhitespace) ?? false
    } ?? false
  }

  /// A blank title shown under the completed filter.
  static func blankTitleUnderCompletedFilter(_ input: PredicateInput) -> Bool {
    hasBlankTitle(input) && input.state["filter"] == "completed"
  }

  /// `.resultsQuery != null and .resultsQuery != .query`: results of an old query shown.
  static func staleResults(_ input: PredicateInput) -> Bool {
    guard let shown = input.state["resultsQuery"], shown != .null else { return false }
    return shown != input.state["query"]
  }

  /// The counter's value.
  static func counter(_ input: PredicateInput) -> Int {
    input.state["counter"]?.numberValue?.intValue ?? -1
  }

  /// A Redux counter log with states: each `actions` member (`INCREMENT`, `DECREMENT`,
  /// or a raw action JSON), with undo and jump moves applied as the store did.
  static func counterLog(_ actions: [String], header: Bool = true) throws -> LogFile {
    var history = History(initialState: 0)
    var text = header ? #"{"format":"replay-log","version":1}"# + "\n" : ""
    for (i, action) in actions.enumerated() {
      let prior = history.currentState
      let json: String
      switch action {
      case "INCREMENT", "DECREMENT":
        history.append(prior + (action == "INCREMENT" ? 1 : -1))
        json = #"{"type":"\#(action)"}"#
      default:
        guard let move = TimeTravelMove(action: try JSONParser.parse(action)),
          move.apply(to: &history)
        else { throw CocoaError(.coderInvalidValue) }
        json = action
      }
      text +=
        #"{"seq":\#(i + 1),"action":\#(json),"prior":{"counter":\#(prior)},"next":{"counter":\#(history.currentState)}}"#
        + "\n"
    }
    return try log(text)
  }
}
