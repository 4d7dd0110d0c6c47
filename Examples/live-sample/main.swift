// An app that streams its log live: `swift run live-sample 127.0.0.1:9000` while
// `replay --listen 9000` runs. It records a short to-do session, one action every
// `--interval` milliseconds, then stays up so that `replay --listen 9000 --step` can move
// it through time, printing its state (its "UI") after every transition, until Ctrl-C.
//
//   live-sample HOST:PORT [--token TOKEN] [--interval MS] [--refuse] [--reproducible]
//
// --reproducible: a clock that starts at 2026-01-05T09:00:00.000Z and ticks a second at
// each reading, so the log (and what replay prints of it) is the same on every run.
import Foundation
import Synchronization
import TimeTravel
import TodoReducer

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
  defer { arguments.removeSubrange(index...(index + 1)) }
  return arguments[index + 1]
}
let token = option("--token")
let interval = option("--interval").flatMap(Int.init) ?? 500
let refuses = arguments.contains("--refuse")
let reproducible = arguments.contains("--reproducible")
arguments.removeAll { $0 == "--refuse" || $0 == "--reproducible" }
let ticks = Mutex(0)
/// The recorder's clock: real time, or (`--reproducible`) a second more at each reading.
@Sendable func now() -> Date {
  guard reproducible else { return Date() }
  let tick = ticks.withLock { tick in
    defer { tick += 1 }
    return tick
  }
  return Date(timeIntervalSince1970: 1_767_603_600 + Double(tick))
}
guard let address = arguments.first else {
  FileHandle.standardError.write(
    Data(
      "usage: live-sample HOST:PORT [--token TOKEN] [--interval MS] [--refuse] [--reproducible]\n"
        .utf8))
  exit(2)
}

let script: [TodoAction] = [
  .addTodo(id: "todo-1", title: "Buy milk"), .addTodo(id: "todo-2", title: "Call Ada"),
  .toggleTodo(id: "todo-1"), .addTodo(id: "todo-3", title: "Book flights"),
  .setFilter(.active), .toggleTodo(id: "todo-3"),
]

/// The app's "UI": one line per transition, and the state it shows.
@MainActor enum Screen {
  static var transitions = 0
}
@MainActor func show(_ state: TodoState, index: Int) {
  Screen.transitions += 1
  let transitions = Screen.transitions
  let done = state.todos.filter(\.isCompleted).count
  let todos = state.todos.count == 1 ? "1 todo" : "\(state.todos.count) todos"
  let line =
    "#\(transitions) shows state \(index): \(todos) (\(done) done), filter \(state.filter)\n"
  FileHandle.standardOutput.write(Data(line.utf8))
}

nonisolated(unsafe) var kept: AnyObject?
MainActor.assumeIsolated {
  do {
    let recorder = try LogRecorder(
      streamingTo: address, token: token, app: "TodoApp", stateType: "TodoState",
      actionType: "TodoAction", clock: now)
    LogRecorder.closeOnSignals()
    let store = Store(initialState: TodoState(), reducer: TodoReducer(), recorder: recorder)
    store.remoteControl = refuses ? .refused : .allowed
    store.subscribe { [unowned store] state in show(state, index: store.currentIndex) }
    for (step, action) in script.enumerated() {
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(interval * (step + 1))) {
        MainActor.assumeIsolated { store.dispatch(action) }
      }
    }
    // Keeps the store (and so its recorder) alive while the main queue runs.
    kept = store
  } catch {
    FileHandle.standardError.write(Data("live-sample: \(error)\n".utf8))
    exit(2)
  }
}
dispatchMain()
