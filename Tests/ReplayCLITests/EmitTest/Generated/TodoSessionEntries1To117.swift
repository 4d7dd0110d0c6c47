// swift-format-ignore-file
// Generated from todo-session.jsonl by `replay LOG --emit-test --reducer todo --range 1..117`.
// Replays entries 1…117 of todo-session.jsonl through TodoReducer with TestStore: each
// closure is the change the log recorded. Edit one to what the reducer should do, and
// the test fails at that entry, with the difference, until the reducer does it.

import Foundation
import Testing
import TimeTravelTesting
@testable import TodoReducer

@Test("todo-session.jsonl, entries 1…117")
@MainActor
func todoSessionEntries1To117() throws {
  let store = try TestStore(
    initialState: decode(#"{"filter":"all","isLoading":false,"todos":[]}"#),
    reducer: TodoReducer())

  // entry 1 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-001","title":"Buy milk"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-001","isCompleted":false,"title":"Buy milk"}"#))
  }

  // entry 2 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-002","title":"Call mom"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-002","isCompleted":false,"title":"Call mom"}"#))
  }

  // entry 3 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-003","title":"Book dentist appointment"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-003","isCompleted":false,"title":"Book dentist appointment"}"#))
  }

  // entry 4 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-004","title":"Renew passport"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-004","isCompleted":false,"title":"Renew passport"}"#))
  }

  // entry 5 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-005","title":"Pay electricity bill"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-005","isCompleted":false,"title":"Pay electricity bill"}"#))
  }

  // entry 6 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-006","title":"Water the plants"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-006","isCompleted":false,"title":"Water the plants"}"#))
  }

  // entry 7 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-007","title":"Reply to Anna's email"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-007","isCompleted":false,"title":"Reply to Anna's email"}"#))
  }

  // entry 8 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-008","title":"Pick up dry cleaning"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-008","isCompleted":false,"title":"Pick up dry cleaning"}"#))
  }

  // entry 9 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-009","title":"Buy birthday card for Sam"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-009","isCompleted":false,"title":"Buy birthday card for Sam"}"#))
  }

  // entry 10 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-010","title":"Fix the leaking tap"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-010","isCompleted":false,"title":"Fix the leaking tap"}"#))
  }

  // entry 11 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-011","title":"Send invoice #1042"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-011","isCompleted":false,"title":"Send invoice #1042"}"#))
  }

  // entry 12 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":true}}"#)) {
    $0.isLoading = true
  }

  // entry 13 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":false}}"#)) {
    $0.isLoading = false
  }

  // entry 14 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-012","title":"Take out recycling"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-012","isCompleted":false,"title":"Take out recycling"}"#))
  }

  // entry 15 (setFilter)
  try store.send(decode(#"{"setFilter":{"_0":"completed"}}"#)) {
    $0.filter = .completed
  }

  // entry 16 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-013","title":"Order printer ink"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-013","isCompleted":false,"title":"Order printer ink"}"#))
  }

  // entry 17 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":true}}"#)) {
    $0.isLoading = true
  }

  // entry 18 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":false}}"#)) {
    $0.isLoading = false
  }

  // entry 19 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-014","title":"Plan weekend hike"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-014","isCompleted":false,"title":"Plan weekend hike"}"#))
  }

  // entry 20 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-015","title":"Return library books"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-015","isCompleted":false,"title":"Return library books"}"#))
  }

  // entry 21 (setFilter)
  try store.send(decode(#"{"setFilter":{"_0":"active"}}"#)) {
    $0.filter = .active
  }

  // entry 22 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-013"}}"#)) {
    $0.todos[12].isCompleted = true
  }

  // entry 23 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":true}}"#)) {
    $0.isLoading = true
  }

  // entry 24 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":false}}"#)) {
    $0.isLoading = false
  }

  // entry 25 (deleteTodos)
  try store.send(decode(#"{"deleteTodos":{"atOffsets":[6]}}"#)) {
    $0.todos.remove(at: 6)
  }

  // entry 26 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-016","title":"Schedule car service"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-016","isCompleted":false,"title":"Schedule car service"}"#))
  }

  // entry 27 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-015"}}"#)) {
    $0.todos[13].isCompleted = true
  }

  // entry 28 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-004"}}"#)) {
    $0.todos[3].isCompleted = true
  }

  // entry 29 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-002"}}"#)) {
    $0.todos[1].isCompleted = true
  }

  // entry 30 (setFilter)
  try store.send(decode(#"{"setFilter":{"_0":"all"}}"#)) {
    $0.filter = .all
  }

  // entry 31 (setFilter)
  try store.send(decode(#"{"setFilter":{"_0":"active"}}"#)) {
    $0.filter = .active
  }

  // entry 32 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-017","title":"Buy coffee beans"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-017","isCompleted":false,"title":"Buy coffee beans"}"#))
  }

  // entry 33 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":true}}"#)) {
    $0.isLoading = true
  }

  // entry 34 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":false}}"#)) {
    $0.isLoading = false
  }

  // entry 35 (deleteTodos)
  try store.send(decode(#"{"deleteTodos":{"atOffsets":[2]}}"#)) {
    $0.todos.remove(at: 4)
  }

  // entry 36 (@@undo)
  try store.undo {
    try $0.todos.insert(decode(#"{"id":"todo-005","isCompleted":false,"title":"Pay electricity bill"}"#), at: 4)
  }

  // entry 37 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-018","title":"Update CV"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-018","isCompleted":false,"title":"Update CV"}"#))
  }

  // entry 38 (@@jump)
  store.jump(to: 32) {
    $0.todos.remove(at: 16)
  }

  // entry 39 (setFilter)
  try store.send(decode(#"{"setFilter":{"_0":"completed"}}"#)) {
    $0.filter = .completed
  }

  // entry 40 (@@undo)
  store.undo {
    $0.filter = .active
  }

  // entry 41 (@@redo)
  store.redo {
    $0.filter = .completed
  }

  // entry 42 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-019","title":"Back up laptop"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-019","isCompleted":false,"title":"Back up laptop"}"#))
  }

  // entry 43 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-015"}}"#)) {
    $0.todos[13].isCompleted = false
  }

  // entry 44 (setFilter)
  try store.send(decode(#"{"setFilter":{"_0":"active"}}"#)) {
    $0.filter = .active
  }

  // entry 45 (setFilter)
  try store.send(decode(#"{"setFilter":{"_0":"all"}}"#)) {
    $0.filter = .all
  }

  // entry 46 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-020","title":"Cancel gym trial"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-020","isCompleted":false,"title":"Cancel gym trial"}"#))
  }

  // entry 47 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-021","title":"Call the landlord"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-021","isCompleted":false,"title":"Call the landlord"}"#))
  }

  // entry 48 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":true}}"#)) {
    $0.isLoading = true
  }

  // entry 49 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":false}}"#)) {
    $0.isLoading = false
  }

  // entry 50 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-022","title":"Buy bread"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-022","isCompleted":false,"title":"Buy bread"}"#))
  }

  // entry 51 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-023","title":"Clean the fridge"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-023","isCompleted":false,"title":"Clean the fridge"}"#))
  }

  // entry 52 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-024","title":"Prepare slides for Monday"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-024","isCompleted":false,"title":"Prepare slides for Monday"}"#))
  }

  // entry 53 (setFilter)
  try store.send(decode(#"{"setFilter":{"_0":"active"}}"#)) {
    $0.filter = .active
  }

  // entry 54 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-019"}}"#)) {
    $0.todos[16].isCompleted = true
  }

  // entry 55 (@@undo)
  store.undo {
    $0.todos[16].isCompleted = false
  }

  // entry 56 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-023"}}"#)) {
    $0.todos[20].isCompleted = true
  }

  // entry 57 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-025","title":"Review pull request"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-025","isCompleted":false,"title":"Review pull request"}"#))
  }

  // entry 58 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-020"}}"#)) {
    $0.todos[17].isCompleted = true
  }

  // entry 59 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-026","title":"Book train tickets to Lyon"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-026","isCompleted":false,"title":"Book train tickets to Lyon"}"#))
  }

  // entry 60 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":true}}"#)) {
    $0.isLoading = true
  }

  // entry 61 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":false}}"#)) {
    $0.isLoading = false
  }

  // entry 62 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-019"}}"#)) {
    $0.todos[16].isCompleted = true
  }

  // entry 63 (deleteTodos)
  try store.send(decode(#"{"deleteTodos":{"atOffsets":[16]}}"#)) {
    $0.todos.remove(at: 22)
  }

  // entry 64 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-022"}}"#)) {
    $0.todos[19].isCompleted = true
  }

  // entry 65 (setFilter)
  try store.send(decode(#"{"setFilter":{"_0":"completed"}}"#)) {
    $0.filter = .completed
  }

  // entry 66 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-027","title":"Buy eggs"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-027","isCompleted":false,"title":"Buy eggs"}"#))
  }

  // entry 67 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-020"}}"#)) {
    $0.todos[17].isCompleted = false
  }

  // entry 68 (@@undo)
  store.undo {
    $0.todos[17].isCompleted = true
  }

  // entry 69 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-028","title":"Refill prescription"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-028","isCompleted":false,"title":"Refill prescription"}"#))
  }

  // entry 70 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-004"}}"#)) {
    $0.todos[3].isCompleted = false
  }

  // entry 71 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-020"}}"#)) {
    $0.todos[17].isCompleted = false
  }

  // entry 72 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-002"}}"#)) {
    $0.todos[1].isCompleted = false
  }

  // entry 73 (deleteTodos)
  try store.send(decode(#"{"deleteTodos":{"atOffsets":[0,2]}}"#)) {
    $0.todos.remove(at: 19)
    $0.todos.remove(at: 11)
  }

  // entry 74 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-019"}}"#)) {
    $0.todos[15].isCompleted = false
  }

  // entry 75 (@@undo)
  store.undo {
    $0.todos[15].isCompleted = true
  }

  // entry 76 (@@redo)
  store.redo {
    $0.todos[15].isCompleted = false
  }

  // entry 77 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-029","title":"Write thank-you note"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-029","isCompleted":false,"title":"Write thank-you note"}"#))
  }

  // entry 78 (deleteTodos)
  try store.send(decode(#"{"deleteTodos":{"atOffsets":[0]}}"#)) {
    $0.todos.remove(at: 18)
  }

  // entry 79 (setFilter)
  try store.send(decode(#"{"setFilter":{"_0":"all"}}"#)) {
    $0.filter = .all
  }

  // entry 80 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-003"}}"#)) {
    $0.todos[2].isCompleted = true
  }

  // entry 81 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-017"}}"#)) {
    $0.todos[14].isCompleted = true
  }

  // entry 82 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-009"}}"#)) {
    $0.todos[7].isCompleted = true
  }

  // entry 83 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-010"}}"#)) {
    $0.todos[8].isCompleted = true
  }

  // entry 84 (setFilter)
  try store.send(decode(#"{"setFilter":{"_0":"active"}}"#)) {
    $0.filter = .active
  }

  // entry 85 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":true}}"#)) {
    $0.isLoading = true
  }

  // entry 86 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":false}}"#)) {
    $0.isLoading = false
  }

  // entry 87 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":true}}"#)) {
    $0.isLoading = true
  }

  // entry 88 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":false}}"#)) {
    $0.isLoading = false
  }

  // entry 89 (deleteTodos)
  try store.send(decode(#"{"deleteTodos":{"atOffsets":[1]}}"#)) {
    $0.todos.remove(at: 1)
  }

  // entry 90 (@@jump)
  try store.jump(to: 71) {
    $0.isLoading = true
    try $0.todos.insert(decode(#"{"id":"todo-002","isCompleted":false,"title":"Call mom"}"#), at: 1)
  }

  // entry 91 (@@jump)
  store.jump(to: 75) {
    $0.isLoading = false
    $0.todos.remove(at: 1)
  }

  // entry 92 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-024"}}"#)) {
    $0.todos[17].isCompleted = true
  }

  // entry 93 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-014"}}"#)) {
    $0.todos[10].isCompleted = true
  }

  // entry 94 (setFilter)
  try store.send(decode(#"{"setFilter":{"_0":"all"}}"#)) {
    $0.filter = .all
  }

  // entry 95 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-027"}}"#)) {
    $0.todos[19].isCompleted = true
  }

  // entry 96 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-021"}}"#)) {
    $0.todos[16].isCompleted = true
  }

  // entry 97 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-012"}}"#)) {
    $0.todos[9].isCompleted = true
  }

  // entry 98 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":true}}"#)) {
    $0.isLoading = true
  }

  // entry 99 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":false}}"#)) {
    $0.isLoading = false
  }

  // entry 100 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-021"}}"#)) {
    $0.todos[16].isCompleted = false
  }

  // entry 101 (deleteTodos)
  try store.send(decode(#"{"deleteTodos":{"atOffsets":[7,16]}}"#)) {
    $0.todos.remove(at: 16)
    $0.todos.remove(at: 7)
  }

  // entry 102 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-017"}}"#)) {
    $0.todos[12].isCompleted = false
  }

  // entry 103 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-017"}}"#)) {
    $0.todos[12].isCompleted = true
  }

  // entry 104 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-030","title":"Defrost freezer"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-030","isCompleted":false,"title":"Defrost freezer"}"#))
  }

  // entry 105 (setFilter)
  try store.send(decode(#"{"setFilter":{"_0":"completed"}}"#)) {
    $0.filter = .completed
  }

  // entry 106 (@@jump)
  store.jump(to: 85) {
    $0.filter = .all
    $0.todos.remove(at: 20)
  }

  // entry 107 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-027"}}"#)) {
    $0.todos[17].isCompleted = false
  }

  // entry 108 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-005"}}"#)) {
    $0.todos[3].isCompleted = true
  }

  // entry 109 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-031","title":"Read chapter 4"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-031","isCompleted":false,"title":"Read chapter 4"}"#))
  }

  // entry 110 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-032","title":"Check tyre pressure"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-032","isCompleted":false,"title":"Check tyre pressure"}"#))
  }

  // entry 111 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-024"}}"#)) {
    $0.todos[15].isCompleted = false
  }

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
    try $0.todos.append(decode(#"{"id":"todo-035","isCompleted":false,"title":"   "}"#))
  }
}

/// A recorded JSON value (an action or a state) decoded as the type the context needs.
private func decode<T: Decodable>(_ json: String) throws -> T {
  try JSONDecoder().decode(T.self, from: Data(json.utf8))
}
