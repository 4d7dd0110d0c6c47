import Foundation
import TimeTravel
import TodoReducer

// Usage: swift run make-fixtures [session|nondeterministic|crash] [output-path]
//   session           Fixtures/todo-session.jsonl (the default; a lone path argument
//                     also means this, as before)
//   nondeterministic  Fixtures/todo-nondeterministic.jsonl
//   crash             Fixtures/todo-crash.jsonl; this process traps on purpose
//   record-forever P  records to-do transitions to P synchronously until killed, printing
//                     each entry's seq on stdout once its line is written (the
//                     durability test SIGKILLs it mid-session)
// Without arguments, writes all three, running `crash` in a child process so the trap
// is real and this process survives to check it.
// Default paths are located from this file, so the working directory does not matter.
let repository = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let defaults = [
  "session": "Fixtures/todo-session.jsonl",
  "nondeterministic": "Fixtures/todo-nondeterministic.jsonl",
  "crash": "Fixtures/todo-crash.jsonl",
]

func output(_ name: String, _ given: String?) throws -> URL {
  let url =
    given.map { URL(fileURLWithPath: $0) }
    ?? repository.appendingPathComponent(defaults[name]!)
  try FileManager.default.createDirectory(
    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
  return url
}

@MainActor
func write(_ name: String, to given: String?) throws {
  let url = try output(name, given)
  switch name {
  case "session":
    try TodoSessionFixture.record(to: url)
    print("wrote \(TodoSessionFixture.entryCount) entries to \(url.path)")
  case "nondeterministic":
    try TodoVariantFixtures.recordNondeterministic(to: url)
    print("wrote \(TodoVariantFixtures.nondeterministicActions.count) entries to \(url.path)")
  default:
    try TodoVariantFixtures.recordCrash(to: url)
  }
}

@MainActor
func runCrashChild() throws {
  let child = Process()
  child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
  child.arguments = ["crash"]
  child.standardError = FileHandle.nullDevice
  try child.run()
  child.waitUntilExit()
  guard child.terminationReason == .uncaughtSignal else {
    throw CocoaError(
      .executableLoad,
      userInfo: [
        NSDebugDescriptionErrorKey:
          "the crash session exited normally (status \(child.terminationStatus)) instead of trapping"
      ])
  }
  print(
    "wrote \(TodoVariantFixtures.entriesBeforeCrash) entries and the fatal pending record to \(try output("crash", nil).path) (child trapped with signal \(child.terminationStatus))"
  )
}

@MainActor
func recordForever(to path: String) throws -> Never {
  let recorder = try LogRecorder(
    url: URL(fileURLWithPath: path), app: "TodoApp", stateType: "TodoState",
    actionType: "TodoAction", durability: .synchronous)
  let store = Store(initialState: TodoState(), reducer: TodoReducer(), recorder: recorder)
  var seq = 0
  while true {
    seq += 1
    // A bounded state: 20 items, then toggles, so the session can run for any time.
    if seq <= 20 {
      store.send(.addTodo(id: "todo-\(seq)", title: "Item \(seq)"))
    } else {
      store.send(.toggleTodo(id: "todo-\(seq % 20 + 1)"))
    }
    if let error = store.recordingError { throw error }
    // Unbuffered: the parent reads each seq as soon as its line is in the file.
    FileHandle.standardOutput.write(Data("\(seq)\n".utf8))
  }
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
  if arguments.first == "record-forever", arguments.count == 2 {
    try MainActor.assumeIsolated { try recordForever(to: arguments[1]) }
  }
  if let first = arguments.first, defaults[first] != nil {
    try MainActor.assumeIsolated { try write(first, to: arguments.dropFirst().first) }
  } else if let path = arguments.first {
    try MainActor.assumeIsolated { try write("session", to: path) }
  } else {
    try MainActor.assumeIsolated {
      try write("session", to: nil)
      try write("nondeterministic", to: nil)
      try runCrashChild()
    }
  }
} catch {
  FileHandle.standardError.write(Data("make-fixtures: \(error)\n".utf8))
  exit(1)
}
