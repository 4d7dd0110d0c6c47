import Foundation

/// A child process whose standard output is read line by line as it comes, for tests
/// that synchronise on output: read until a line appears, then make the next move.
///
/// Nothing waits a fixed time. A read that sees no new output within ``patience`` fails
/// the test (with what was read), so a broken follower fails instead of hanging.
final class ChildProcess {
  let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let errors = Pipe()
  private var buffer: [UInt8] = []
  private var ended = false

  /// The longest a read waits for output before the test fails.
  static let patience: Int32 = 90_000

  struct Timeout: Error, CustomStringConvertible {
    var read: [String]
    var description: String { "no expected output within the patience; read: \(read)" }
  }

  /// Starts `executable` with `arguments` in `directory`.
  init(_ executable: String, _ arguments: [String], directory: String) throws {
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
  }

  /// Writes `text` to the child's standard input.
  func send(_ text: String) {
    input.fileHandleForWriting.write(Data(text.utf8))
  }

  /// Closes the child's standard input.
  func closeInput() { try? input.fileHandleForWriting.close() }

  /// The lines the child prints from now until one satisfies `done` (included).
  func lines(until done: (String) -> Bool) throws -> [String] {
    var read: [String] = []
    while true {
      while let newline = buffer.firstIndex(of: 0x0A) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeSubrange(...newline)
        read.append(line)
        if done(line) { return read }
      }
      guard !ended, try fill() else { throw Timeout(read: read) }
    }
  }

  /// The lines up to and including `line`.
  func lines(through line: String) throws -> [String] { try lines { $0 == line } }

  /// Every line the child prints until it closes its output.
  func remainingLines() throws -> [String] {
    var read: [String] = []
    do {
      read = try lines { _ in false }
    } catch let timeout as Timeout where ended {
      read = timeout.read
    }
    if !buffer.isEmpty { read.append(String(decoding: buffer, as: UTF8.self)) }
    buffer = []
    return read
  }

  /// Reads what is there, waiting up to ``patience``; false on a timeout.
  private func fill() throws -> Bool {
    let fd = output.fileHandleForReading.fileDescriptor
    var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
    guard poll(&fds, 1, Self.patience) > 0 else { return false }
    var chunk = [UInt8](repeating: 0, count: 65536)
    let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
    if n <= 0 {
      ended = true
    } else {
      buffer += chunk[..<n]
    }
    return true
  }

  /// Sends SIGINT, as Ctrl-C at a terminal does.
  func interrupt() { kill(process.processIdentifier, SIGINT) }

  /// Waits for the child to exit; its status.
  func exitStatus() -> Int32 {
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Everything the child wrote to standard error (after it exited).
  func errorText() -> String {
    String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }
}
