import Foundation

extension LineFollower {
  /// Reads what the stream has now, until a line is queued or it has nothing more; at
  /// its end, hands over a last line that is a whole record (a torn one is reported as
  /// never completed), then ``Event/ended``.
  func readStream() throws(LogError) {
    var buffer = [UInt8](repeating: 0, count: Self.chunkSize)
    while nextEvent == events.count, !ended {
      // Read only what is there: a read with nothing there would block, and standard
      // input's file description is shared with the shell (no O_NONBLOCK on it).
      var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
      guard poll(&fds, 1, 0) > 0 else { return }
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
      if n < 0 {
        if errno == EINTR || errno == EAGAIN { return }
        throw failure("read", errno)
      }
      guard n > 0 else {
        if partialIsARecord() { handOverPartial() } else { dropPartial() }
        events.append(.ended)
        ended = true
        return
      }
      offset += n
      lastGrowth = .now
      try split(buffer[0..<n])
    }
  }
}

/// Waits for a stream to have bytes to read, or to end: `poll(2)` on it.
final class StreamWatcher: FileWatcher {
  private let fd: Int32

  init(fd: Int32) { self.fd = fd }

  func watchFile() {}

  func wait(_ wakeup: Wakeup, timeout: Int32) {
    var fds = [
      pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeup.readEnd, events: Int16(POLLIN), revents: 0),
    ]
    while poll(&fds, 2, timeout) < 0, errno == EINTR {}
  }
}
