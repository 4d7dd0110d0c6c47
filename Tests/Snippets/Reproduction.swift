// What Reproduction's doc comment assumes: an app reducer that traps on a recorded action.
import Testing
import TodoReducer

typealias MyReducer = BuggyTodoReducer
