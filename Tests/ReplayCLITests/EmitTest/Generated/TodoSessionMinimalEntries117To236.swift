// swift-format-ignore-file
// Generated from todo-session.jsonl by `replay LOG --minimize --predicate 'any(.todos[]; .title | test("^\\s*$")) and .filter == "completed"' --reducer todo --emit-test`.
// Replays the 2 of 240 entries of todo-session.jsonl that replay --minimize kept (117, 236)
// through TodoReducer with TestStore, each closure the change the reducer made, then checks
// that the predicate does not hold: it fails while the reducer has the bug. Once it is
// fixed, edit the closures to what the reducer now does.

import Foundation
import Testing
import TimeTravel
import TimeTravelJQ
import TimeTravelTesting
@testable import TodoReducer

@MainActor
func todoSessionMinimalEntries117To236() throws {
  let store = try TestStore(
    initialState: decode(#"{"filter":"all","isLoading":false,"todos":[]}"#),
    reducer: TodoReducer())

  // entry 117 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-035","title":"   "}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-035","isCompleted":false,"title":"   "}"#))
  }

  // entry 236 (setFilter)
  try store.send(decode(#"{"setFilter":{"_0":"completed"}}"#)) {
    $0.filter = .completed
  }

  // The bug these entries reproduce (replay --minimize): the predicate must not hold.
  let bug = try JQFilter(#"any(.todos[]; .title | test("^\\s*$")) and .filter == "completed""#)
  let state = try JSONValueCoding.encode(store.state)
  #expect(try !bug.holds(on: state), #"the predicate any(.todos[]; .title | test("^\\s*$")) and .filter == "completed" holds at the end: the bug is still there"#)
}

/// A recorded JSON value (an action or a state) decoded as the type the context needs.
private func decode<T: Decodable>(_ json: String) throws -> T {
  try JSONDecoder().decode(T.self, from: Data(json.utf8))
}
