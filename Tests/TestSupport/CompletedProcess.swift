import Foundation

/// A program run to completion, and what it printed: the tests' one way to run a shell,
/// Node, Python or the toolchain's `docc` and wait for it (as Python's
/// `subprocess.run` returns a `CompletedProcess`). Standard input is empty.
public struct CompletedProcess: Sendable {
  /// Its exit status.
  public var status: Int32
  /// Its standard output (with standard error too, when run with `mergingOutput`).
  public var out: String
  /// Its standard error (empty when run with `mergingOutput`).
  public var err: String

  /// Runs `executable` with `arguments` until it exits.
  /// - Parameters:
  ///   - executable: The program's path.
  ///   - arguments: Its arguments.
  ///   - directory: Its working directory; this process's when `nil`.
  ///   - environment: Variables added to this process's environment.
  ///   - mergingOutput: Whether standard error goes to the same pipe as standard output,
  ///     interleaved as the program wrote them.
  /// - Throws: What `Process.run()` throws when the program cannot be started.
  public static func run(
    _ executable: String, _ arguments: [String], in directory: URL? = nil,
    environment: [String: String] = [:], mergingOutput: Bool = false
  ) throws -> CompletedProcess {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let stdout = Pipe()
    let stderr = mergingOutput ? stdout : Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Standard error is drained on another thread, so a program that fills one pipe
    // while the other is being read cannot block.
    let errorBytes = LockedData()
    let drained = DispatchSemaphore(value: 0)
    if !mergingOutput {
      DispatchQueue.global().async {
        errorBytes.set(stderr.fileHandleForReading.readDataToEndOfFile())
        drained.signal()
      }
    }
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    if !mergingOutput { drained.wait() }
    process.waitUntilExit()
    return CompletedProcess(
      status: process.terminationStatus, out: String(decoding: out, as: UTF8.self),
      err: String(decoding: errorBytes.get(), as: UTF8.self))
  }
}

/// Bytes handed from the thread that reads standard error.
private final class LockedData: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()

  func set(_ value: Data) { lock.withLock { data = value } }
  func get() -> Data { lock.withLock { data } }
}
