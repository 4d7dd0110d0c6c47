#if canImport(Darwin)
  import Darwin
  import Foundation

  /// Waits on kqueue (kqueue(2)) for the file to be written, extended, truncated,
  /// renamed or deleted (`EVFILT_VNODE` on an open descriptor of it), and for its
  /// directory to change (a new file created or renamed over the path). Blocks in
  /// `kevent(2)`.
  final class KqueueFileWatcher: FileWatcher {
    private let queue: Int32
    private let path: String
    private let directory: Int32
    private var file: Int32 = -1

    private static let fileEvents = UInt32(
      NOTE_WRITE | NOTE_EXTEND | NOTE_ATTRIB | NOTE_DELETE | NOTE_RENAME | NOTE_REVOKE)

    /// A watcher of `path` and its directory, or `nil` when kqueue cannot be used: the
    /// follower then polls.
    init?(path: String) {
      let kq = kqueue()
      guard kq >= 0 else { return nil }
      let directoryPath = URL(fileURLWithPath: path).deletingLastPathComponent().path
      let dir = open(directoryPath, O_EVTONLY | O_CLOEXEC)
      guard dir >= 0 else {
        close(kq)
        return nil
      }
      queue = kq
      self.path = path
      directory = dir
      register(dir, UInt32(NOTE_WRITE))
      watchFile()
    }

    deinit {
      if file >= 0 { close(file) }
      close(directory)
      close(queue)
    }

    private func register(_ fd: Int32, _ flags: UInt32) {
      var change = kevent(
        ident: UInt(fd), filter: Int16(EVFILT_VNODE), flags: UInt16(EV_ADD | EV_CLEAR),
        fflags: flags, data: 0, udata: nil)
      _ = kevent(queue, &change, 1, nil, 0, nil)
    }

    func watchFile() {
      // Closing a descriptor removes its kevents.
      if file >= 0 { close(file) }
      file = open(path, O_EVTONLY | O_CLOEXEC)
      if file >= 0 { register(file, Self.fileEvents) }
    }

    func wait(_ wakeup: Wakeup, timeout: Int32) {
      var change = kevent(
        ident: UInt(wakeup.readEnd), filter: Int16(EVFILT_READ), flags: UInt16(EV_ADD | EV_CLEAR),
        fflags: 0, data: 0, udata: nil)
      var event = kevent()
      if timeout < 0 {
        while kevent(queue, &change, 1, &event, 1, nil) < 0, errno == EINTR {}
      } else {
        var limit = timespec(
          tv_sec: Int(timeout / 1000), tv_nsec: Int(timeout % 1000) * 1_000_000)
        while kevent(queue, &change, 1, &event, 1, &limit) < 0, errno == EINTR {}
      }
    }
  }
#endif
