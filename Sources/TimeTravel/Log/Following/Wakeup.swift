import Foundation

/// A pipe whose read end a blocked ``FileWatcher`` waits on beside the file, so that
/// another thread (a signal handler's queue, say) can wake it: the self-pipe trick.
final class Wakeup: Sendable {
  /// The end to wait on (readable once ``wake()`` was called).
  let readEnd: Int32
  private let writeEnd: Int32

  /// A new pipe, both ends close-on-exec from the start (no process spawned meanwhile
  /// inherits them) and non-blocking.
  /// - Throws: ``LogError`` `.cannotOpen` naming `path` when no pipe can be made (the
  ///   process is out of file descriptors).
  init(path: String) throws(LogError) {
    var ends: [Int32] = [-1, -1]
    guard LiveSocket.makePipe(&ends) == 0 else {
      throw LogError(
        kind: .cannotOpen, path: path,
        message: "cannot be followed (\(String(cString: strerror(errno))))")
    }
    for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
    readEnd = ends[0]
    writeEnd = ends[1]
  }

  deinit {
    close(readEnd)
    close(writeEnd)
  }

  /// Makes ``readEnd`` readable; safe from any thread, any number of times (a full pipe
  /// is readable already).
  func wake() {
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }

  /// Whether ``wake()`` was called since the last ``drain()``, reading its bytes.
  @discardableResult
  func drain() -> Bool {
    var buffer = [UInt8](repeating: 0, count: 64)
    var woken = false
    while buffer.withUnsafeMutableBytes({ read(readEnd, $0.baseAddress!, $0.count) }) > 0 {
      woken = true
    }
    return woken
  }
}
