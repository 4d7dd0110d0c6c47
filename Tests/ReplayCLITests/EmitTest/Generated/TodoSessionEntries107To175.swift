// swift-format-ignore-file
// Generated from todo-session.jsonl by `replay LOG --emit-test --reducer todo --range 107..175`.
// Replays entries 107…175 of todo-session.jsonl through TodoReducer with TestStore: each
// closure is the change the log recorded. Edit one to what the reducer should do, and
// the test fails at that entry, with the difference, until the reducer does it.

import Foundation
import Testing
import TimeTravelTesting
@testable import TodoReducer

@Test("todo-session.jsonl, entries 107…175")
@MainActor
func todoSessionEntries107To175() throws {
  let store = try TestStore(
    initialState: decode(#"{"filter":"all","isLoading":false,"todos":[{"id":"todo-001","isCompleted":false,"title":"Buy milk"},{"id":"todo-003","isCompleted":true,"title":"Book dentist appointment"},{"id":"todo-004","isCompleted":false,"title":"Renew passport"},{"id":"todo-005","isCompleted":false,"title":"Pay electricity bill"},{"id":"todo-006","isCompleted":false,"title":"Water the plants"},{"id":"todo-008","isCompleted":false,"title":"Pick up dry cleaning"},{"id":"todo-009","isCompleted":true,"title":"Buy birthday card for Sam"},{"id":"todo-011","isCompleted":false,"title":"Send invoice #1042"},{"id":"todo-012","isCompleted":true,"title":"Take out recycling"},{"id":"todo-014","isCompleted":true,"title":"Plan weekend hike"},{"id":"todo-015","isCompleted":false,"title":"Return library books"},{"id":"todo-016","isCompleted":false,"title":"Schedule car service"},{"id":"todo-017","isCompleted":true,"title":"Buy coffee beans"},{"id":"todo-019","isCompleted":false,"title":"Back up laptop"},{"id":"todo-020","isCompleted":false,"title":"Cancel gym trial"},{"id":"todo-024","isCompleted":true,"title":"Prepare slides for Monday"},{"id":"todo-026","isCompleted":false,"title":"Book train tickets to Lyon"},{"id":"todo-027","isCompleted":true,"title":"Buy eggs"},{"id":"todo-028","isCompleted":false,"title":"Refill prescription"},{"id":"todo-029","isCompleted":false,"title":"Write thank-you note"}]}"#),
    reducer: TodoReducer())

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

  // entry 118 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":false}}"#)) {
    $0.isLoading = false
  }

  // entry 119 (deleteTodos)
  try store.send(decode(#"{"deleteTodos":{"atOffsets":[3,22]}}"#)) {
    $0.todos.remove(at: 22)
    $0.todos.remove(at: 3)
  }

  // entry 120 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-036","title":"Replace light bulb"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-036","isCompleted":false,"title":"Replace light bulb"}"#))
  }

  // entry 121 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-037","title":"Try the new ramen place"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-037","isCompleted":false,"title":"Try the new ramen place"}"#))
  }

  // entry 122 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-001"}}"#)) {
    $0.todos[0].isCompleted = true
  }

  // entry 123 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-035"}}"#)) {
    $0.todos[22].isCompleted = true
  }

  // entry 124 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-009"}}"#)) {
    $0.todos[5].isCompleted = false
  }

  // entry 125 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-038","title":"Buy a plant pot"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-038","isCompleted":false,"title":"Buy a plant pot"}"#))
  }

  // entry 126 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":true}}"#)) {
    $0.isLoading = true
  }

  // entry 127 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":false}}"#)) {
    $0.isLoading = false
  }

  // entry 128 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-039","title":"Charge the bike"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-039","isCompleted":false,"title":"Charge the bike"}"#))
  }

  // entry 129 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-040","title":"Call the bank"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-040","isCompleted":false,"title":"Call the bank"}"#))
  }

  // entry 130 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-004"}}"#)) {
    $0.todos[2].isCompleted = true
  }

  // entry 131 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":true}}"#)) {
    $0.isLoading = true
  }

  // entry 132 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":false}}"#)) {
    $0.isLoading = false
  }

  // entry 133 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":true}}"#)) {
    $0.isLoading = true
  }

  // entry 134 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":false}}"#)) {
    $0.isLoading = false
  }

  // entry 135 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-001"}}"#)) {
    $0.todos[0].isCompleted = false
  }

  // entry 136 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-024"}}"#)) {
    $0.todos[14].isCompleted = true
  }

  // entry 137 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-041","title":"Vacuum the living room"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-041","isCompleted":false,"title":"Vacuum the living room"}"#))
  }

  // entry 138 (@@undo)
  store.undo {
    $0.todos.remove(at: 28)
  }

  // entry 139 (@@redo)
  try store.redo {
    try $0.todos.append(decode(#"{"id":"todo-041","isCompleted":false,"title":"Vacuum the living room"}"#))
  }

  // entry 140 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-042","title":"Buy toothpaste"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-042","isCompleted":false,"title":"Buy toothpaste"}"#))
  }

  // entry 141 (deleteTodos)
  try store.send(decode(#"{"deleteTodos":{"atOffsets":[3]}}"#)) {
    $0.todos.remove(at: 3)
  }

  // entry 142 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-014"}}"#)) {
    $0.todos[7].isCompleted = false
  }

  // entry 143 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-043","title":"Submit expense report"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-043","isCompleted":false,"title":"Submit expense report"}"#))
  }

  // entry 144 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-026"}}"#)) {
    $0.todos[14].isCompleted = true
  }

  // entry 145 (setFilter)
  try store.send(decode(#"{"setFilter":{"_0":"active"}}"#)) {
    $0.filter = .active
  }

  // entry 146 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-044","title":"Pack for the trip"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-044","isCompleted":false,"title":"Pack for the trip"}"#))
  }

  // entry 147 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-045","title":"Print boarding passes"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-045","isCompleted":false,"title":"Print boarding passes"}"#))
  }

  // entry 148 (@@undo)
  store.undo {
    $0.todos.remove(at: 31)
  }

  // entry 149 (deleteTodos)
  try store.send(decode(#"{"deleteTodos":{"atOffsets":[13,17]}}"#)) {
    $0.todos.remove(at: 26)
    $0.todos.remove(at: 22)
  }

  // entry 150 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":true}}"#)) {
    $0.isLoading = true
  }

  // entry 151 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":false}}"#)) {
    $0.isLoading = false
  }

  // entry 152 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-038"}}"#)) {
    $0.todos[23].isCompleted = true
  }

  // entry 153 (setFilter)
  try store.send(decode(#"{"setFilter":{"_0":"all"}}"#)) {
    $0.filter = .all
  }

  // entry 154 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-046","title":"Buy sunscreen"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-046","isCompleted":false,"title":"Buy sunscreen"}"#))
  }

  // entry 155 (setFilter)
  try store.send(decode(#"{"setFilter":{"_0":"active"}}"#)) {
    $0.filter = .active
  }

  // entry 156 (deleteTodos)
  try store.send(decode(#"{"deleteTodos":{"atOffsets":[9]}}"#)) {
    $0.todos.remove(at: 17)
  }

  // entry 157 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-047","title":"Set up out-of-office"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-047","isCompleted":false,"title":"Set up out-of-office"}"#))
  }

  // entry 158 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-048","title":"Feed the neighbour's cat"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-048","isCompleted":false,"title":"Feed the neighbour's cat"}"#))
  }

  // entry 159 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-049","title":"Buy tomatoes"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-049","isCompleted":false,"title":"Buy tomatoes"}"#))
  }

  // entry 160 (setFilter)
  try store.send(decode(#"{"setFilter":{"_0":"completed"}}"#)) {
    $0.filter = .completed
  }

  // entry 161 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-050","title":"Make pasta sauce"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-050","isCompleted":false,"title":"Make pasta sauce"}"#))
  }

  // entry 162 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-051","title":"Fix the bookshelf"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-051","isCompleted":false,"title":"Fix the bookshelf"}"#))
  }

  // entry 163 (@@undo)
  store.undo {
    $0.todos.remove(at: 33)
  }

  // entry 164 (@@redo)
  try store.redo {
    try $0.todos.append(decode(#"{"id":"todo-051","isCompleted":false,"title":"Fix the bookshelf"}"#))
  }

  // entry 165 (setFilter)
  try store.send(decode(#"{"setFilter":{"_0":"active"}}"#)) {
    $0.filter = .active
  }

  // entry 166 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-052","title":"Organise the garage"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-052","isCompleted":false,"title":"Organise the garage"}"#))
  }

  // entry 167 (toggleTodo)
  try store.send(decode(#"{"toggleTodo":{"id":"todo-041"}}"#)) {
    $0.todos[24].isCompleted = true
  }

  // entry 168 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":true}}"#)) {
    $0.isLoading = true
  }

  // entry 169 (setLoading)
  try store.send(decode(#"{"setLoading":{"_0":false}}"#)) {
    $0.isLoading = false
  }

  // entry 170 (addTodo)
  try store.send(decode(#"{"addTodo":{"id":"todo-053","title":"Buy running shoes"}}"#)) {
    try $0.todos.append(decode(#"{"id":"todo-053","isCompleted":false,"title":"Buy running shoes"}"#))
  }

  // entry 171 (@@jump)
  store.jump(to: 55) {
    $0.todos.remove(at: 35)
  }

  // entry 172 (deleteTodos)
  try store.send(decode(#"{"deleteTodos":{"atOffsets":[7]}}"#)) {
    $0.todos.remove(at: 12)
  }

  // entry 173 (@@jump)
  try store.jump(to: 52) {
    $0.filter = .completed
    $0.todos.remove(at: 33)
    try $0.todos.insert(decode(#"{"id":"todo-020","isCompleted":false,"title":"Cancel gym trial"}"#), at: 12)
    $0.todos[24].isCompleted = false
  }

  // entry 174 (setFilter)
  try store.send(decode(#"{"setFilter":{"_0":"active"}}"#)) {
    $0.filter = .active
  }

  // entry 175 (deleteTodos)
  try store.send(decode(#"{"deleteTodos":{"atOffsets":[6]}}"#)) {
    $0.todos.remove(at: 9)
  }
}

/// A recorded JSON value (an action or a state) decoded as the type the context needs.
private func decode<T: Decodable>(_ json: String) throws -> T {
  try JSONDecoder().decode(T.self, from: Data(json.utf8))
}
