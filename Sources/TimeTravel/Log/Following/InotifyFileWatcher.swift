#if os(Linux)
  import Foundation
  import Glibc

  /// Waits on inotify (inotify(7)) for the file to be written, truncated, renamed or
  /// deleted, and for its name in the directory to be created, deleted or renamed onto
  /// (how a new session replaces a log). When the path is a symbolic link, each link's
  /// target is watched the same way in its own directory, so that a target rotated
  /// (renamed, a new file created at its name) or a link retargeted is noticed as
  /// `tail -F` notices it. Blocks in `poll(2)`; events about other names in the
  /// directories are read and ignored without waking the follower.
  final class InotifyFileWatcher: FileWatcher {
    private let inotify: Int32
    private let path: String
    /// The file's name in its directory, as inotify reports it.
    private let name: [UInt8]
    private let directoryWatch: Int32
    private var fileWatch: Int32 = -1
    /// The directories of the path's link targets, each with the target's name in it.
    private var targets: [(watch: Int32, name: [UInt8])] = []

    /// What changes the file itself: writes, truncation, its link count (deleted),
    /// closing after a write, being renamed or deleted.
    private static let fileEvents = UInt32(
      IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVE_SELF | IN_DELETE_SELF)
    /// What changes the directory's entry for it.
    private static let directoryEvents = UInt32(
      IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO)

    /// A watcher of `path` and its directory, or `nil` when inotify cannot be used (no
    /// more instances or watches allowed): the follower then polls.
    init?(path: String) {
      let fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
      guard fd >= 0 else { return nil }
      let url = URL(fileURLWithPath: path)
      let directory = url.deletingLastPathComponent().path
      let watch = inotify_add_watch(fd, directory, Self.directoryEvents)
      guard watch >= 0 else {
        close(fd)
        return nil
      }
      inotify = fd
      self.path = path
      name = Array(url.lastPathComponent.utf8)
      directoryWatch = watch
      watchFile()
    }

    deinit { close(inotify) }

    func watchFile() {
      let old = fileWatch
      // The same inode gives the same watch; a missing file none until it is created.
      fileWatch = inotify_add_watch(inotify, path, Self.fileEvents)
      if old >= 0, old != fileWatch { _ = inotify_rm_watch(inotify, old) }
      watchTargets()
    }

    /// Watches the directory of each link the path leads through (up to 40, as the
    /// kernel follows them) for the target's name.
    private func watchTargets() {
      targets = []
      var current = path
      for _ in 0..<40 {
        guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
        else { return }
        let base = URL(fileURLWithPath: current).deletingLastPathComponent()
        let target =
          destination.hasPrefix("/")
          ? URL(fileURLWithPath: destination) : base.appendingPathComponent(destination)
        let watch = inotify_add_watch(
          inotify, target.deletingLastPathComponent().path, Self.directoryEvents)
        if watch >= 0 { targets.append((watch, Array(target.lastPathComponent.utf8))) }
        current = target.path
      }
    }

    func wait(_ wakeup: Wakeup, timeout: Int32) {
      while true {
        var fds = [
          pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
          pollfd(fd: wakeup.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&fds, 2, timeout)
        if ready < 0, errno == EINTR { continue }
        if ready <= 0 || fds[1].revents != 0 || fds[0].revents & Int16(POLLIN) == 0 { return }
        if readEvents() {
          // A link retargeted leads elsewhere now.
          if !targets.isEmpty || isLink { watchTargets() }
          return
        }
      }
    }

    private var isLink: Bool {
      var info = stat()
      return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// Reads the pending events; whether one concerns the file (or the queue overflowed,
    /// losing some).
    private func readEvents() -> Bool {
      var relevant = false
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress!, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return relevant }
        buffer.withUnsafeBytes { raw in
          var offset = 0
          // struct inotify_event: wd, mask, cookie, len, then len bytes of NUL-padded name.
          while offset + 16 <= count {
            let wd = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameBytes = raw[(offset + 16)..<min(count, offset + 16 + length)]
            let eventName = nameBytes.prefix { $0 != 0 }
            if mask & UInt32(IN_Q_OVERFLOW) != 0 || wd == fileWatch
              || (wd == directoryWatch && eventName.elementsEqual(name))
              || targets.contains(where: { $0.watch == wd && eventName.elementsEqual($0.name) })
            {
              relevant = true
            }
            offset += 16 + length
          }
        }
      }
    }
  }
#endif
