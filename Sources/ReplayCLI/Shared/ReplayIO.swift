import Foundation
import TerminalEditor
import TimeTravel
import TimeTravelJQ

/// Where the command reads and writes: the process's standard streams, or
/// buffers in tests.
public protocol ReplayIO: AnyObject {
  /// Writes to standard output.
  func out(_ text: String)
  /// Writes UTF-8 bytes to standard output as they are, for output rendered as bytes (a
  /// JSON record, a spooled listing) that a `String` would only copy. The bytes are whole
  /// UTF-8 sequences. By default, ``out(_:)`` of their text.
  func out(bytes: UnsafeRawBufferPointer)
  /// Writes to standard error.
  func err(_ text: String)
  /// Reads one line from standard input without its newline; `nil` at end of
  /// input.
  func readLine() -> String?
  /// Reads all of standard input.
  func readAll() -> [UInt8]
  /// Whether standard output is a terminal (enables colour and prompts).
  var isTerminal: Bool { get }
  /// Whether standard error is a terminal (enables progress lines).
  var errorIsTerminal: Bool { get }
  /// Environment variables (for `NO_COLOR`).
  var environment: [String: String] { get }
  /// The log on standard input, for the log argument `-`, named `stdin` in messages.
  /// By default, all of ``readAll()``.
  /// - Throws: `LogError` as `LogFile.init(path:)` does.
  func standardInputLog() throws(LogError) -> LogFile
  /// The name the program was run as, for what names the program (the completion
  /// scripts): `replay`, or a custom build's `replay-myapp`. By default `replay`.
  var programName: String { get }
  /// Standard input's file descriptor, for `replay - --follow`, which reads it as a
  /// stream while it is written; `nil` (the default) when standard input is no stream
  /// (buffers in tests), and `--follow` then cannot read it.
  var standardInputDescriptor: Int32? { get }
}

extension ReplayIO {
  /// All of ``readAll()`` as a log named `stdin`.
  /// - Throws: `LogError` as `LogFile.init(path:)` does.
  public func standardInputLog() throws(LogError) -> LogFile {
    try LogOpener.open(contents: readAll(), name: "stdin").log
  }

  /// `replay`.
  public var programName: String { "replay" }

  /// ``out(_:)`` of the bytes decoded as UTF-8.
  public func out(bytes: UnsafeRawBufferPointer) {
    out(String(decoding: bytes, as: UTF8.self))
  }

  /// `nil`: no stream.
  public var standardInputDescriptor: Int32? { nil }
}

/// The process's real standard streams.
public final class StandardIO: ReplayIO {
  /// Streams of the current process.
  public init() {}
  /// Writes to standard output, unbuffered.
  public func out(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
  /// Writes the bytes to standard output with `write(2)`, unbuffered, until all are
  /// written or the write fails (a closed pipe ends the process with SIGPIPE as
  /// ``out(_:)`` does).
  public func out(bytes: UnsafeRawBufferPointer) {
    guard var next = bytes.baseAddress else { return }
    var left = bytes.count
    while left > 0 {
      let written = Foundation.write(1, next, left)
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      next += written
      left -= written
    }
  }
  /// Writes to standard error, unbuffered.
  public func err(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
  /// Reads a line from standard input.
  public func readLine() -> String? { Swift.readLine(strippingNewline: true) }
  /// Reads standard input to its end.
  public func readAll() -> [UInt8] { Array(FileHandle.standardInput.readDataToEndOfFile()) }
  /// `isatty(1)`.
  public var isTerminal: Bool { isatty(1) == 1 }
  /// `isatty(2)`.
  public var errorIsTerminal: Bool { isatty(2) == 1 }
  /// The process environment.
  public var environment: [String: String] { ProcessInfo.processInfo.environment }
  /// Opens `/dev/stdin`: a file redirected there is read with `pread` like any log, a
  /// pipe is held in memory (up to 2 GB).
  public func standardInputLog() throws(LogError) -> LogFile {
    try LogOpener.open(path: "/dev/stdin", name: "stdin").log
  }
  /// `0`.
  public var standardInputDescriptor: Int32? { 0 }
  /// The last component of the path the process was run as (`replay-myapp`), when it is
  /// a plain command name (letters, digits, `.`, `_`, `+`, `-`); `replay` otherwise.
  public var programName: String {
    ShellCompletion.commandName(running: CommandLine.arguments.first)
  }
}

/// Buffers for tests: standard input from a string, output captured.
public final class BufferIO: ReplayIO {
  /// Everything written to standard output.
  public private(set) var stdout = ""
  /// Everything written to standard error.
  public private(set) var stderr = ""
  private var input: [String]
  private let rawInput: String
  /// Whether to behave as a terminal.
  public var isTerminal: Bool
  /// Whether standard error behaves as a terminal.
  public var errorIsTerminal = false
  /// The environment the command sees.
  public var environment: [String: String]
  /// The name the program runs as.
  public var programName = "replay"

  /// Buffers with `stdin` split into lines.
  public init(stdin: String = "", isTerminal: Bool = false, environment: [String: String] = [:]) {
    var lines = stdin.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    self.input = lines
    self.rawInput = stdin
    self.isTerminal = isTerminal
    self.environment = environment
  }

  /// Appends to `stdout`.
  public func out(_ text: String) { stdout += text }
  /// Appends to `stderr`.
  public func err(_ text: String) { stderr += text }
  /// All of `stdin`.
  public func readAll() -> [UInt8] { Array(rawInput.utf8) }
  /// The next input line, or `nil`.
  public func readLine() -> String? { input.isEmpty ? nil : input.removeFirst() }
}

extension ReplayIO {
  /// Writes a message to standard error with every control character in it escaped
  /// (line breaks kept): messages quote log data, jq `error` values and file names,
  /// none of which may reach a terminal raw.
  func errText(_ text: String) { err(TerminalText.sanitizeKeepingLines(text)) }
}
