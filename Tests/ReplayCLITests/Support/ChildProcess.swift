import Foundation

/// A child process whose standard output and error are read line by line as they come,
/// for tests that synchronise on output: read until a line appears, then make the next
/// move.
///
/// Nothing waits a fixed time. A read that sees no new output within ``patience`` fails
/// the test (with what was read), so a broken follower fails instead of hanging.
final class ChildProcess {
  let process = Process()
  private let input = Pipe()
  private let output: LineReader
  private let errors: LineReader

  /// The longest a read waits for output before the test fails, in milliseconds.
  static let patience: Int32 = 90_000

  struct Timeout: Error, CustomStringConvertible {
    var read: [String]
    var description: String { "no expected output within the patience; read: \(read)" }
  }

  /// The lines of one of the child's output streams.
  final class LineReader {
    let pipe = Pipe()
    private var buffer: [UInt8] = []
    private var ended = false

    /// The lines from now until one satisfies `done` (included).
    func lines(until done: (String) -> Bool) throws -> [String] {
      var read: [String] = []
      while true {
        while let newline = buffer.firstIndex(of: 0x0A) {
          let line = String(decoding: buffer[..<newline], as: UTF8.self)
          buffer.removeSubrange(...newline)
          read.append(line)
          if done(line) { return read }
        }
        guard !ended, fill() else { throw Timeout(read: read) }
      }
    }

    /// Every line until the stream ends, a last one without `\n` included.
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
    private func fill() -> Bool {
      let fd = pipe.fileHandleForReading.fileDescriptor
      var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
      guard poll(&fds, 1, ChildProcess.patience) > 0 else { return false }
      var chunk = [UInt8](repeating: 0, count: 65536)
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
      if n <= 0 {
        ended = true
      } else {
        buffer += chunk[..<n]
      }
      return true
    }
  }

  /// Starts `executable` with `arguments` in `directory`.
  init(_ executable: String, _ arguments: [String], directory: String) throws {
    output = LineReader()
    errors = LineReader()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.standardInput = input
    process.standardOutput = output.pipe
    process.standardError = errors.pipe
    try process.run()
  }

  /// A test that failed before the child ended does not leave it running. SIGKILL: the
  /// child may have inherited a mask that blocks SIGTERM (the test runner's).
  deinit {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  /// Writes `text` to the child's standard input.
  func send(_ text: String) {
    input.fileHandleForWriting.write(Data(text.utf8))
  }

  /// Closes the child's standard input.
  func closeInput() { try? input.fileHandleForWriting.close() }

  /// The lines the child prints on standard output from now until one satisfies `done`.
  func lines(until done: (String) -> Bool) throws -> [String] { try output.lines(until: done) }

  /// The lines on standard output up to and including `line`.
  func lines(through line: String) throws -> [String] { try output.lines { $0 == line } }

  /// Every line the child prints on standard output until it closes it.
  func remainingLines() throws -> [String] { try output.remainingLines() }

  /// The lines the child prints on standard error from now until one satisfies `done`.
  func errorLines(until done: (String) -> Bool) throws -> [String] {
    try errors.lines(until: done)
  }

  /// Every line the child prints on standard error from now until it closes it.
  func remainingErrorLines() throws -> [String] { try errors.remainingLines() }

  /// Sends SIGINT, as Ctrl-C at a terminal does.
  func interrupt() { kill(process.processIdentifier, SIGINT) }

  /// Waits for the child to exit; its status.
  func exitStatus() -> Int32 {
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// What the child wrote to standard error and was not read yet, until it closed it.
  func errorText() -> String {
    ((try? errors.remainingLines()) ?? []).map { $0 + "\n" }.joined()
  }
}
