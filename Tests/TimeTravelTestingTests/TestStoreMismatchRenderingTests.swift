import Foundation
import LoginReducer
import TestSupport
import Testing
import TimeTravelTesting
import TodoReducer

@testable import TimeTravel
@testable import TimeTravelJSON

/// TestStore's failure reads as `--diff` does: inside the structure, a forgotten removal
/// of an element with an id as one removal.
@Suite struct TestStoreMismatchRenderingTests {
  struct Todo: Codable, Sendable, Equatable {
    var id: Int
    var title: String
  }

  struct Todos: Codable, Sendable, Equatable {
    var filter = "all"
    var todos: [Todo]
  }

  @Test func aRemovalReadsAsOneRemoval() {
    let expected = Todos(todos: [
      .init(id: 1, title: "a"), .init(id: 2, title: "b"), .init(id: 3, title: "c"),
    ])
    var actual = expected
    actual.todos.remove(at: 1)
    actual.todos[1].title = "C"
    #expect(
      StateMismatch.message(expected: expected, actual: actual) == """
        A state change does not match expectation: …

            {
              … (1 unchanged)
              "todos": [
          −     [1]: {"id":2,"title":"b"}  // /todos/1
                … (1 unchanged)
                [1]: {
                  … (1 unchanged)
          −       "title": "c"
          +       "title": "C"  // /todos/1/title
                }
              ]
            }

        (Expected: −, Actual: +)
        """)
    #expect(StateMismatch.message(expected: expected, actual: expected) == nil)
  }
}
