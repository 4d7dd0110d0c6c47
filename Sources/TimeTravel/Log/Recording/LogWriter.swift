import Foundation

/// A destination for whole log lines.
///
/// Each call to ``write(line:)`` must land atomically as far as the destination allows:
/// a reader must never see half a line followed by another line.
public protocol LogWriter: Sendable {
  /// Appends one complete line, including its terminating `\n`.
  ///
  /// - Parameter line: UTF-8 bytes of one JSON object followed by `\n`.
  /// - Throws: ``LogWriterError`` when the destination is closed or the write fails.
  func write(line: Data) throws

  /// Makes written lines durable (for files, `fsync(2)`).
  ///
  /// - Throws: ``LogWriterError`` when the destination is closed or cannot sync.
  func flush() throws

  /// Releases the destination. Later writes throw ``LogWriterError/closed(path:)``;
  /// closing twice is harmless.
  ///
  /// - Throws: ``LogWriterError`` when closing fails.
  func close() throws
}

/// Why a ``LogWriter`` could not do its job. Messages name the path and the OS reason.
public enum LogWriterError: Error, Equatable, CustomStringConvertible {
  /// `open(2)` failed for `path` with `errno` `code`.
  case cannotOpen(path: String, code: Int32)
  /// `write(2)` failed for `path` with `errno` `code`.
  case writeFailed(path: String, code: Int32)
  /// `fsync(2)` failed for `path` with `errno` `code`.
  case syncFailed(path: String, code: Int32)
  /// The writer (or the recorder using it) was already closed.
  case closed(path: String)
  /// Another writer, in this process or another, holds the file's advisory lock: two
  /// recorders must not write one log (see ``FileLogWriter``).
  case locked(path: String)

  /// A one-line, human-readable explanation, e.g.
  /// `cannot open log file '/x/log.jsonl' for writing: No such file or directory (errno 2)`.
  public var description: String {
    switch self {
    case .cannotOpen(let path, let code):
      "cannot open log file '\(path)' for writing: \(Self.reason(code))"
    case .writeFailed(let path, let code):
      "cannot write to log file '\(path)': \(Self.reason(code))"
    case .syncFailed(let path, let code):
      "cannot flush log file '\(path)': \(Self.reason(code))"
    case .closed(let path):
      "log '\(path)' is already closed"
    case .locked(let path):
      "cannot open log file '\(path)' for writing: another recorder is writing to it (it holds the file's lock); close that recorder first, or record to another file"
    }
  }

  private static func reason(_ code: Int32) -> String {
    "\(String(cString: strerror(code))) (errno \(code))"
  }
}

extension LogWriterError: LocalizedError {
  /// Same as ``description``, so `localizedDescription` is informative too.
  public var errorDescription: String? { description }
}
