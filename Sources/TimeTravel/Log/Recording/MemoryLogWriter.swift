import Foundation
import Synchronization

/// Keeps log lines in memory: for tests, previews and short sessions.
public final class MemoryLogWriter: LogWriter {
  private struct Buffer {
    var data = Data()
    var isClosed = false
  }

  private let buffer = Mutex(Buffer())

  /// Creates an empty, open buffer.
  public init() {}

  /// All bytes written so far.
  public var data: Data { buffer.withLock { $0.data } }

  /// The written text split into lines, without their `\n` terminators.
  ///
  /// - Complexity: O(*n*) in the buffer's size.
  public var lines: [String] {
    let text = String(decoding: data, as: UTF8.self)
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  /// Appends `line`.
  ///
  /// - Parameter line: One complete line including `\n`.
  /// - Throws: ``LogWriterError/closed(path:)`` (path `<memory>`) after ``close()``.
  public func write(line: Data) throws {
    try buffer.withLock { buffer in
      guard !buffer.isClosed else { throw LogWriterError.closed(path: "<memory>") }
      buffer.data.append(line)
    }
  }

  /// Does nothing: memory needs no syncing.
  public func flush() throws {}

  /// Rejects later writes; the bytes stay readable.
  public func close() throws {
    buffer.withLock { $0.isClosed = true }
  }
}
