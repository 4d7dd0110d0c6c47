import Foundation
import TestSupport

/// A program run in the background, its standard output and error collected as they come:
/// the sample app, streaming while the test talks to it. Started as a ``SpawnedProcess``,
/// so it holds no other test's pipe open, and awaited without holding a thread of the pool.
final class LiveChild: Sendable {
  private let child: SpawnedProcess

  /// The build directory of this test binary, where the package's executables are.
  static let buildDirectory = URL(fileURLWithPath: CommandLine.arguments[0])
    .resolvingSymlinksInPath().deletingLastPathComponent()

  /// The path of the package's executable `name`, when it was built beside the tests.
  static func executable(_ name: String) -> String? {
    let path = buildDirectory.appendingPathComponent(name).path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }

  init(_ executable: String, _ arguments: [String]) throws {
    child = try SpawnedProcess(executable, arguments, errors: .standardOutput)
  }

  /// Everything it printed so far.
  var printed: String { child.output?.text ?? "" }

  /// Waits (without blocking a thread) until it printed the line `line`.
  func waitForLine(_ line: String, timeout: Double = 60) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !printed.split(separator: "\n").contains(Substring(line)) {
      guard Date() < deadline, child.isRunning else {
        throw HarnessError(message: "no line '\(line)'; printed:\n\(printed)")
      }
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  /// Sends `SIGTERM` and waits for it to end; whether a signal ended it, and its status
  /// (the signal's number then).
  func terminate() async -> (signaled: Bool, status: Int32) {
    child.signal(SIGTERM)
    let end = await child.termination()
    return (end.signaled, end.status)
  }
}

/// Runs a program to its end with no pipes, waiting without blocking a thread of the
/// cooperative pool (which has as many threads as the machine has cores); whether it
/// exited with status 0 within `timeout` seconds (else it is killed).
func runQuietly(_ executable: String, _ arguments: [String], timeout: Double = 60) async -> Bool {
  guard
    let child = try? SpawnedProcess(
      executable, arguments, input: .null, output: .null, errors: .null)
  else { return false }
  let deadline = Date().addingTimeInterval(timeout)
  while child.isRunning {
    if Date() > deadline { child.signal(SIGKILL) }
    try? await Task.sleep(for: .milliseconds(2))
  }
  return await child.termination() == SpawnedProcess.Termination(status: 0, signaled: false)
}
