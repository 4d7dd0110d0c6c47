import Foundation
import Synchronization

/// A program run in the background, its standard output collected as it comes: the
/// sample app, streaming while the test talks to it.
final class LiveChild: Sendable {
  private let process: Process
  private let output = Output()

  private final class Output: Sendable {
    let text = Mutex("")
  }

  /// The build directory of this test binary, where the package's executables are.
  static let buildDirectory = URL(fileURLWithPath: CommandLine.arguments[0])
    .resolvingSymlinksInPath().deletingLastPathComponent()

  /// The path of the package's executable `name`, when it was built beside the tests.
  static func executable(_ name: String) -> String? {
    let path = buildDirectory.appendingPathComponent(name).path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }

  init(_ executable: String, _ arguments: [String]) throws {
    process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    let output = self.output
    pipe.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      output.text.withLock { $0 += String(decoding: data, as: UTF8.self) }
    }
    try process.run()
  }

  deinit {
    if process.isRunning { process.terminate() }
  }

  /// Everything it printed so far.
  var printed: String { output.text.withLock { $0 } }

  /// Waits (without blocking a thread) until it printed the line `line`.
  func waitForLine(_ line: String, timeout: Double = 60) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !printed.split(separator: "\n").contains(Substring(line)) {
      guard Date() < deadline, process.isRunning else {
        throw HarnessError(message: "no line '\(line)'; printed:\n\(printed)")
      }
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  /// Sends `SIGTERM` and waits for it to end; its termination reason and status.
  func terminate() async -> (Process.TerminationReason, Int32) {
    process.terminate()
    while process.isRunning { try? await Task.sleep(for: .milliseconds(5)) }
    return (process.terminationReason, process.terminationStatus)
  }
}

/// Runs a program to its end with no pipes (a child another test spawns meanwhile would
/// inherit one and hold it open, and reading it to its end would never finish), waiting
/// without blocking a thread of the cooperative pool (which has as many threads as the
/// machine has cores); whether it exited with status 0 within `timeout` seconds (else it
/// is killed).
func runQuietly(_ executable: String, _ arguments: [String], timeout: Double = 60) async -> Bool {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  guard (try? process.run()) != nil else { return false }
  let deadline = Date().addingTimeInterval(timeout)
  while process.isRunning {
    if Date() > deadline { kill(process.processIdentifier, SIGKILL) }
    try? await Task.sleep(for: .milliseconds(2))
  }
  return process.terminationStatus == 0 && process.terminationReason == .exit
}
