import Foundation
import TestSupport
import Testing
import TodoReducer

struct TodoReducerTests {
  private func reduce(_ state: TodoState, _ actions: TodoAction...) -> TodoState {
    var state = state
    for action in actions { TodoReducer().reduce(into: &state, action: action) }
    return state
  }

  private let three = TodoState(todos: [
    Todo(id: "a", title: "Buy milk"),
    Todo(id: "b", title: "Call mom", isCompleted: true),
    Todo(id: "c", title: "Pay bill"),
  ])

  @Test func addAppendsAndRejectsEmptyTitlesAndDuplicateIDs() {
    let state = reduce(
      TodoState(), .addTodo(id: "a", title: "Buy milk"), .addTodo(id: "b", title: ""),
      .addTodo(id: "a", title: "Again"))
    #expect(state.todos == [Todo(id: "a", title: "Buy milk")])
  }

  @Test func whitespaceOnlyTitleIsAcceptedOnPurpose() {
    let state = reduce(TodoState(), .addTodo(id: "w", title: "   "))
    #expect(state.todos == [Todo(id: "w", title: "   ")])
  }

  @Test func toggleFlipsOnlyTheNamedTodo() {
    let state = reduce(three, .toggleTodo(id: "b"), .toggleTodo(id: "c"), .toggleTodo(id: "zz"))
    #expect(state.todos.map(\.isCompleted) == [false, false, true])
  }

  @Test func filteredTodosFollowTheFilter() {
    #expect(three.filteredTodos.map(\.id) == ["a", "b", "c"])
    #expect(reduce(three, .setFilter(.active)).filteredTodos.map(\.id) == ["a", "c"])
    #expect(reduce(three, .setFilter(.completed)).filteredTodos.map(\.id) == ["b"])
  }

  @Test func deleteUsesOffsetsInTheFilteredList() {
    let state = reduce(three, .setFilter(.active), .deleteTodos(atOffsets: [1, 7]))
    #expect(state.todos.map(\.id) == ["a", "b"])
    #expect(state.filter == .active)
  }

  @Test func loadingFlag() {
    #expect(reduce(three, .setLoading(true)).isLoading)
    #expect(!reduce(three, .setLoading(true), .setLoading(false)).isLoading)
  }

  @Test(arguments: [
    (
      TodoAction.addTodo(id: "todo-001", title: "Buy milk"),
      #"{"addTodo":{"id":"todo-001","title":"Buy milk"}}"#
    ),
    (.toggleTodo(id: "todo-001"), #"{"toggleTodo":{"id":"todo-001"}}"#),
    (.deleteTodos(atOffsets: [0, 2]), #"{"deleteTodos":{"atOffsets":[0,2]}}"#),
    (.setFilter(.active), #"{"setFilter":{"_0":"active"}}"#),
    (.setLoading(true), #"{"setLoading":{"_0":true}}"#),
  ])
  func actionJSON(action: TodoAction, json: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    #expect(String(decoding: try encoder.encode(action), as: UTF8.self) == json)
    #expect(try JSONDecoder().decode(TodoAction.self, from: Data(json.utf8)) == action)
  }

  @Test func malformedActionsAreRejected() {
    for json in [
      #"{}"#, #"{"setLoading":{"_0":true},"setFilter":{"_0":"all"}}"#,
      #"{"deleteTodos":{"atOffsets":[-1]}}"#,
    ] {
      #expect(throws: DecodingError.self) {
        try JSONDecoder().decode(TodoAction.self, from: Data(json.utf8))
      }
    }
  }

  @Test func stateJSONShape() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let state = TodoState(todos: [Todo(id: "a", title: "Buy milk")])
    #expect(
      String(decoding: try encoder.encode(state), as: UTF8.self)
        == #"{"filter":"all","isLoading":false,"todos":[{"id":"a","isCompleted":false,"title":"Buy milk"}]}"#
    )
  }
}
