import CheckoutSample
import Foundation
import SearchReducer
import TimeTravel
import TodoReducer

// Usage: swift run make-fixtures [session|nondeterministic|crash|search|checkout] [output-path]
//   session           Fixtures/todo-session.jsonl (the default; a lone path argument
//                     also means this, as before)
//   nondeterministic  Fixtures/todo-nondeterministic.jsonl
//   crash             Fixtures/todo-crash.jsonl; this process traps on purpose
//   search            Fixtures/search-session.jsonl, recorded with its effects running
//   checkout          Fixtures/checkout-session.jsonl (sites and effect records)
// Without arguments, writes all five, running `crash` in a child process so the trap
// is real and this process survives to check it.
// Default paths are located from this file, so the working directory does not matter.
let repository = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let defaults = [
  "session": "Fixtures/todo-session.jsonl",
  "nondeterministic": "Fixtures/todo-nondeterministic.jsonl",
  "crash": "Fixtures/todo-crash.jsonl",
  "search": "Fixtures/search-session.jsonl",
  "checkout": "Fixtures/checkout-session.jsonl",
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
func writeSearch(to given: String?) async throws {
  let url = try output("search", given)
  try await SearchSessionFixture.record(to: url)
  print("wrote \(SearchSessionFixture.entryCount) entries to \(url.path)")
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
func writeCheckout(to given: String?) async throws {
  let url = try output("checkout", given)
  try await CheckoutSession.record(to: url)
  print("wrote the checkout session to \(url.path)")
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
  if arguments.first == "search" {
    try await writeSearch(to: arguments.dropFirst().first)
  } else if arguments.first == "checkout" {
    try await writeCheckout(to: arguments.dropFirst().first)
  } else if let first = arguments.first, defaults[first] != nil {
    try write(first, to: arguments.dropFirst().first)
  } else if let path = arguments.first {
    try write("session", to: path)
  } else {
    try write("session", to: nil)
    try write("nondeterministic", to: nil)
    try await writeSearch(to: nil)
    try runCrashChild()
    try await writeCheckout(to: nil)
  }
} catch {
  FileHandle.standardError.write(Data("make-fixtures: \(error)\n".utf8))
  exit(1)
}
