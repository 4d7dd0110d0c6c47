import Foundation

/// How a ``LogFollower`` learns that its file may have changed.
public enum FollowWatching: Sendable, Equatable {
  /// The platform's file-change notification: inotify on Linux, kqueue on Apple
  /// platforms; polling where neither is available or it cannot be set up (inotify's
  /// watch limit reached, say).
  case native
  /// Looking at the file every `interval`, as `tail -f` does without inotify.
  case polling(interval: Duration)

  /// The polling interval when the native notification cannot be used.
  public static let fallbackInterval = Duration.milliseconds(500)
}

/// Waits for a file, or its directory, to change: the platform part of following a log.
/// A wake-up says only that something may have changed; the follower looks for itself
/// (`stat(2)` and reads), so a spurious one costs a few system calls and a missed one
/// cannot happen: a change made while the follower was reading is reported by the next
/// wait.
protocol FileWatcher: AnyObject {
  /// Watches the file now at the path (a new one after a replacement), besides the
  /// directory it lies in.
  func watchFile()
  /// Blocks until the file or its entry in the directory may have changed, until
  /// `wakeup` is woken, or (`timeout` milliseconds, when not negative) until that time
  /// has passed; without using the processor meanwhile.
  func wait(_ wakeup: Wakeup, timeout: Int32)
}

extension FileWatcher {
  /// Blocks until the file or its entry in the directory may have changed, or until
  /// `wakeup` is woken.
  func wait(_ wakeup: Wakeup) { wait(wakeup, timeout: -1) }
}

/// Looks at the file every interval: the fallback.
final class PollingFileWatcher: FileWatcher {
  private let milliseconds: Int32

  /// A watcher looking every `interval` (at least a millisecond).
  init(interval: Duration) {
    let (seconds, attoseconds) = interval.components
    let total = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    milliseconds = Int32(clamping: max(1, total))
  }

  func watchFile() {}

  func wait(_ wakeup: Wakeup, timeout: Int32) {
    var fds = [pollfd(fd: wakeup.readEnd, events: Int16(POLLIN), revents: 0)]
    _ = poll(&fds, 1, timeout < 0 ? milliseconds : min(milliseconds, timeout))
  }
}

extension FollowWatching {
  /// The watcher for the file at `path`.
  func makeWatcher(path: String) -> FileWatcher {
    switch self {
    case .polling(let interval):
      return PollingFileWatcher(interval: interval)
    case .native:
      #if os(Linux)
        if let watcher = InotifyFileWatcher(path: path) { return watcher }
      #elseif canImport(Darwin)
        if let watcher = KqueueFileWatcher(path: path) { return watcher }
      #endif
      return PollingFileWatcher(interval: Self.fallbackInterval)
    }
  }
}
