import Foundation
import Synchronization

/// Waits for a file to appear at a path, as `tail -F` waits for a log that does not exist
/// yet: `replay app.jsonl --follow` started before the app.
///
/// ```swift
/// import TimeTravel
///
/// func followOnceItExists(_ path: String) throws -> LogFollower? {
///   let waiter = try LogFileWaiter(path: path)
///   guard waiter.wait() else { return nil }  // stop() was called
///   return try LogFollower(following: LogFile(path: path))
/// }
/// ```
///
/// The path counts as there once `stat(2)` succeeds on it: a symbolic link counts once
/// its target exists. The directory (and a link's target's directory) is watched as
/// ``LogFollower`` watches it (``FollowWatching``), so waiting uses no processor time; a
/// directory that does not exist either is polled for every
/// ``FollowWatching/fallbackInterval``.
public final class LogFileWaiter: @unchecked Sendable {
  // @unchecked: only `stop()` may be called from another thread; it touches the atomic
  // flag and the wake-up pipe.

  /// The path waited for.
  public let path: String
  private let lines: LineWatch

  /// Prepares to wait for `path`.
  /// - Parameters:
  ///   - path: The log's path; it may not exist yet, nor its folder.
  ///   - watching: How to learn of changes; by default the platform's notification.
  /// - Throws: ``LogError`` `.cannotOpen` when the process is out of file descriptors.
  public init(path: String, watching: FollowWatching = .native) throws(LogError) {
    self.path = path
    lines = try LineWatch(path: path, watching: watching)
  }

  /// Whether a file is at the path now.
  public var exists: Bool {
    var info = stat()
    return stat(path, &info) == 0
  }

  /// Blocks until a file is at the path; at once when one is there already.
  /// - Returns: `true` once the file is there; `false` when ``stop()`` was called first.
  public func wait() -> Bool {
    while !lines.isStopped {
      if exists { return true }
      lines.wait()
    }
    return false
  }

  /// Makes ``wait()`` return `false`, now or when next called; safe from any thread (a
  /// signal handler's queue, say).
  public func stop() { lines.stop() }
}

/// A watcher of a path with a wake-up pipe and a stop flag: what ``LogFileWaiter``
/// waits on.
final class LineWatch: @unchecked Sendable {
  private let watcher: FileWatcher
  private let wakeup: Wakeup
  private let stopped = Atomic<Bool>(false)

  init(path: String, watching: FollowWatching) throws(LogError) {
    wakeup = try Wakeup(path: path)
    watcher = watching.makeWatcher(path: path)
  }

  var isStopped: Bool { stopped.load(ordering: .acquiring) }

  /// Blocks until the path may have changed, or ``stop()``.
  func wait() {
    watcher.wait(wakeup)
    watcher.watchFile()
  }

  func stop() {
    stopped.store(true, ordering: .releasing)
    wakeup.wake()
  }
}
