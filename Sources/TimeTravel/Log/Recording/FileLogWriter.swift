import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes log lines to a file opened with `O_APPEND`, one `write(2)` call per line.
///
/// `O_APPEND` plus a single `write(2)` of the whole line means a crash can lose the
/// last line but never leave half of it in the middle of the file. The POSIX layer is
/// used instead of `FileHandle` so the number of system calls per line is known.
///
/// The writer holds an exclusive advisory lock (`flock(2)`) on the file for as long as
/// it is open, so a second writer on the same file, in this process or another, is
/// refused when it opens (``LogWriterError/locked(path:)``) instead of interleaving a
/// second session's lines with the first's. The lock is taken before the file is
/// truncated, so the refused opener leaves the first one's log intact. Like git's
/// `index.lock`, it guards against mistakes, not against programs that ignore it; it
/// goes away with the process, so a crash never leaves a stale lock behind. On a file
/// system without `flock` support the writer works unlocked.
public final class FileLogWriter: LogWriter {
  /// What to do with an existing file.
  public enum Mode: Sendable {
    /// Empty the file first: a fresh session log.
    case truncate
    /// Keep existing lines and add after them.
    case append
  }

  /// The file being written.
  public let path: String
  private let descriptor: Mutex<Int32?>

  /// Opens (creating with mode 0644 if needed) the file at `url` for appending, and
  /// locks it.
  ///
  /// - Parameters:
  ///   - url: A file URL.
  ///   - mode: Whether to truncate an existing file (only once the lock is held).
  /// - Throws: ``LogWriterError/cannotOpen(path:code:)`` naming the path and reason,
  ///   e.g. when a directory in the path is missing or not writable;
  ///   ``LogWriterError/locked(path:)`` when another writer holds the file.
  public init(url: URL, mode: Mode = .truncate) throws {
    path = url.path
    let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw LogWriterError.cannotOpen(path: path, code: errno) }
    var locked: Int32
    repeat { locked = flock(fd, LOCK_EX | LOCK_NB) } while locked != 0 && errno == EINTR
    if locked != 0, errno == EWOULDBLOCK {
      _ = systemClose(fd)
      throw LogWriterError.locked(path: path)
    }
    // Any other failure means the file system has no locks (ENOLCK, EOPNOTSUPP):
    // record unlocked; lines stay whole either way.
    if mode == .truncate, ftruncate(fd, 0) != 0 {
      let code = errno
      _ = systemClose(fd)
      throw LogWriterError.cannotOpen(path: path, code: code)
    }
    descriptor = Mutex(fd)
  }

  private init(path: String, descriptor fd: Int32?) {
    self.path = path
    descriptor = Mutex(fd)
  }

  /// The same open file (and its lock) under the name it has after `rename(2)`; this
  /// writer is left closed, without closing the file.
  func renamed(to url: URL) -> FileLogWriter {
    let fd = descriptor.withLock { fd in
      defer { fd = nil }
      return fd
    }
    return FileLogWriter(path: url.path, descriptor: fd)
  }

  deinit {
    descriptor.withLock { fd in
      if let open = fd { _ = Self.closeDescriptor(open) }
    }
  }

  /// Appends `line` with one `write(2)` call; only if the kernel accepts part of it
  /// (rare for regular files: a full disk or a signal) is the rest written by more calls.
  ///
  /// - Parameter line: One complete line including `\n`.
  /// - Throws: ``LogWriterError/closed(path:)`` after ``close()``;
  ///   ``LogWriterError/writeFailed(path:code:)`` on an I/O error.
  /// - Complexity: O(*n*) in the line's length, one system call.
  public func write(line: Data) throws {
    try descriptor.withLock { fd in
      guard let fd else { throw LogWriterError.closed(path: path) }
      try line.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
        var offset = 0
        while offset < buffer.count {
          let written = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
          if written < 0 {
            if errno == EINTR { continue }
            throw LogWriterError.writeFailed(path: path, code: errno)
          }
          offset += written
        }
      }
    }
  }

  /// Calls `fsync(2)`, so lines survive a power loss, not just a crash.
  ///
  /// - Throws: ``LogWriterError/closed(path:)`` or ``LogWriterError/syncFailed(path:code:)``.
  public func flush() throws {
    try descriptor.withLock { fd in
      guard let fd else { throw LogWriterError.closed(path: path) }
      guard fsync(fd) == 0 else { throw LogWriterError.syncFailed(path: path, code: errno) }
    }
  }

  /// Closes the file descriptor; idempotent.
  ///
  /// - Throws: ``LogWriterError/writeFailed(path:code:)`` if `close(2)` reports a
  ///   deferred write error.
  public func close() throws {
    try descriptor.withLock { fd in
      guard let open = fd else { return }
      fd = nil
      let code = Self.closeDescriptor(open)
      if code != 0 { throw LogWriterError.writeFailed(path: path, code: code) }
    }
  }

  private static func closeDescriptor(_ fd: Int32) -> Int32 {
    systemClose(fd) == 0 ? 0 : errno
  }
}

// The class's own `write` and `close` methods shadow the C functions.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, bytes, count)
}

private func systemClose(_ fd: Int32) -> Int32 {
  close(fd)
}
