// swift-format-ignore-file
// Generated from tampered-session.jsonl by `replay LOG --emit-test --reducer todo --range 112..117`.
// Replays entries 112…117 of tampered-session.jsonl through TodoReducer with TestStore: each
// closure is the change the log recorded. Edit one to what the reducer should do, and
// the test fails at that entry, with the difference, until the reducer does it.

import Foundation
import Testing
import TimeTravelTesting
@testable import TodoReducer

@MainActor
func tamperedSessionEntries112To117() throws {
  let store = try TestStore(
    initialState: decode(#"{"filter":"all","isLoading":false,"todos":[{"id":"todo-001","isCompleted":false,"title":"Buy milk"},{"id":"todo-003","isCompleted":true,"title":"Book dentist appointment"},{"id":"todo-004","isCompleted":false,"title":"Renew passport"},{"id":"todo-005","isCompleted":true,"title":"Pay electricity bill"},{"id":"todo-006","isCompleted":false,"title":"Water the plants"},{"id":"todo-008","isCompleted":false,"title":"Pick up dry cleaning"},{"id":"todo-009","isCompleted":true,"title":"Buy birthday card for Sam"},{"id":"todo-011","isCompleted":false,"title":"Send invoice #1042"},{"id":"todo-012","isCompleted":true,"title":"Take out recycling"},{"id":"todo-014","isCompleted":true,"title":"Plan weekend hike"},{"id":"todo-015","isCompleted":false,"title":"Return library books"},{"id":"todo-016","isCompleted":false,"title":"Schedule car service"},{"id":"todo-017","isCompleted":true,"title":"Buy coffee beans"},{"id":"todo-019","isCompleted":false,"title":"Back up laptop"},{"id":"todo-020","isCompleted":false,"title":"Cancel gym trial"},{"id":"todo-024","isCompleted":false,"title":"Prepare slides for Monday"},{"id":"todo-026","isCompleted":false,"title":"Book train tickets to Lyon"},{"id":"todo-027","isCompleted":false,"title":"Buy eggs"},{"id":"todo-028","isCompleted":false,"title":"Refill prescription"},{"id":"todo-029","isCompleted":false,"title":"Write thank-you note"},{"id":"todo-031","isCompleted":false,"title":"Read chapter 4"},{"id":"todo-032","isCompleted":false,"title":"Check tyre pressure"}]}"#),
    reducer: TodoReducer())

  // entry 112 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-033","title":"Buy batteries (AA)"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-033","isCompleted":false,"title":"Buy batteries (AA)"}"#))
  }

  // entry 113 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-028"}}"#)) {
    $0.todos[18].isCompleted = true
  }

  // entry 114 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-019"}}"#)) {
    $0.todos[13].isCompleted = true
  }

  // entry 115 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-034","title":"Email the school"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-034","isCompleted":false,"title":"Email the school"}"#))
  }

  // entry 116 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":true}}"#)) {
    $0.isLoading = true
  }

  // entry 117 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-035","title":"   "}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-035","isCompleted":false,"title":"Buy oat milk"}"#))
  }
}

/// A recorded JSON value (an action or a state) decoded as the type the context needs.
private func decode<T: Decodable>(_ json: String) throws -> T {
  try JSONDecoder().decode(T.self, from: Data(json.utf8))
}
