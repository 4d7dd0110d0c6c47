import Foundation
import TestSupport

/// A child process whose standard output and error are read line by line as they come,
/// for tests that synchronise on output: read until a line appears, then make the next
/// move.
///
/// Started as a ``SpawnedProcess``: it inherits no descriptor but its three streams, so
/// it never holds another test's pipe open (nor another child this one), and every wait
/// here awaits what its reader threads collected, holding no thread of the pool.
///
/// Nothing waits a fixed time. A read that sees no new output within ``patience`` fails
/// the test (with what was read), so a broken follower fails instead of hanging.
final class ChildProcess: Sendable {
  let child: SpawnedProcess

  /// The longest a read waits for output before the test fails.
  static let patience = Duration.seconds(90)

  /// Starts `executable` with `arguments` in `directory`, its standard input a pipe.
  init(_ executable: String, _ arguments: [String], directory: String) throws {
    child = try SpawnedProcess(executable, arguments, directory: directory, input: .pipe)
  }

  /// Whether it is still running.
  var isRunning: Bool { child.isRunning }

  /// Writes `text` to the child's standard input.
  func send(_ text: String) { child.send(text) }

  /// Closes the child's standard input.
  func closeInput() { child.closeInput() }

  /// The lines the child prints on standard output from now until one satisfies `done`.
  func lines(until done: (String) -> Bool) async throws -> [String] {
    try await child.output!.lines(until: done, patience: Self.patience)
  }

  /// The lines on standard output up to and including `line`.
  func lines(through line: String) async throws -> [String] {
    try await lines { $0 == line }
  }

  /// Every line the child prints on standard output until it closes it.
  func remainingLines() async throws -> [String] {
    try await child.output!.remainingLines(patience: Self.patience)
  }

  /// The lines the child prints on standard error from now until one satisfies `done`.
  func errorLines(until done: (String) -> Bool) async throws -> [String] {
    try await child.errors!.lines(until: done, patience: Self.patience)
  }

  /// Every line the child prints on standard error from now until it closes it.
  func remainingErrorLines() async throws -> [String] {
    try await child.errors!.remainingLines(patience: Self.patience)
  }

  /// Sends SIGINT, as Ctrl-C at a terminal does.
  func interrupt() { child.signal(SIGINT) }

  /// Waits for the child to exit; its status.
  func exitStatus() async -> Int32 { await child.termination().status }

  /// What the child wrote to standard error and was not read yet, until it closed it.
  func errorText() async -> String {
    ((try? await remainingErrorLines()) ?? []).map { $0 + "\n" }.joined()
  }
}
