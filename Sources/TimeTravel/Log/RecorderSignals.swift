import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension LogRecorder {
  /// Makes each of `signals` close every open recorder (draining asynchronous queues
  /// and writing the closing records, `"by":"signal"`) before it ends the process as it
  /// would have: the signal is raised again with its default action, so the exit status
  /// still says which signal ended the process.
  ///
  /// Without this, an uncaught `SIGINT` or `SIGTERM` ends the process at once: a
  /// synchronous recorder has lost nothing, an asynchronous one loses what is still
  /// queued (see <doc:RecordingCosts>). Opt in when the app has no handler of its own
  /// for these signals; an app that handles them should end with `exit()`, which
  /// closes the recorders just as well.
  ///
  /// The handler itself only writes the signal's number to a pipe, one `write(2)`,
  /// which is async-signal-safe; a watcher thread does the closing, in normal context,
  /// where encoding and locking are allowed. A second signal while it closes ends the
  /// process at once. Calling this again, with any signals, is harmless.
  ///
  /// - Parameter signals: Signals that end the process by default, e.g. `SIGINT`,
  ///   `SIGTERM`, `SIGHUP`. `SIGKILL` and `SIGSTOP` cannot be caught and are ignored;
  ///   so are signals whose default action is not to terminate.
  public static func closeOnSignals(_ signals: [Int32] = [SIGINT, SIGTERM]) {
    SignalClosing.install(signals)
  }
}

/// The machinery of ``LogRecorder/closeOnSignals(_:)``: a self-pipe and its watcher.
enum SignalClosing {
  /// The pipe's ends, created once; the handler reads `writeEnd` only after it is set.
  private static let pipeEnds: (read: Int32, write: Int32) = {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return (-1, -1) }
    for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    let readEnd = ends[0]
    let watcher = Thread { SignalClosing.watch(readEnd) }
    watcher.name = "replay.LogRecorder.signals"
    watcher.start()
    return (ends[0], ends[1])
  }()

  /// The write end, as a plain global the handler can read without an initializer.
  nonisolated(unsafe) private static var writeEnd: Int32 = -1
  /// Whether a signal is already being handled.
  private static let closing = Atomic<Bool>(false)
  private static let installed = Mutex<Set<Int32>>([])

  /// Signals that cannot be caught, or that do not end a process by default.
  private static let excluded: Set<Int32> = [
    SIGKILL, SIGSTOP, SIGCHLD, SIGCONT, SIGURG, SIGWINCH, SIGTSTP, SIGTTIN, SIGTTOU,
  ]

  static func install(_ signals: [Int32]) {
    installed.withLock { installed in
      if writeEnd < 0 {
        // Both initialized before any handler can run.
        _ = closing.load(ordering: .relaxed)
        writeEnd = pipeEnds.write
      }
      guard writeEnd >= 0 else { return }
      for signo in signals where !excluded.contains(signo) && !installed.contains(signo) {
        installed.insert(signo)
        _ = signal(signo, handler)
      }
    }
  }

  /// Async-signal-safe: an atomic exchange, then `write(2)`, or `signal(2)` and
  /// `raise(3)`.
  private static let handler: @convention(c) (Int32) -> Void = { signo in
    if SignalClosing.closing.exchange(true, ordering: .relaxed) {
      _ = signal(signo, SIG_DFL)
      _ = raise(signo)
      return
    }
    var byte = UInt8(truncatingIfNeeded: signo)
    _ = write(SignalClosing.writeEnd, &byte, 1)
  }

  private static func watch(_ readEnd: Int32) {
    var byte: UInt8 = 0
    while true {
      let n = read(readEnd, &byte, 1)
      if n == 1 { break }
      if n < 0, errno == EINTR { continue }
      return
    }
    let signo = Int32(byte)
    OpenRecorders.closeAll(by: .signal)
    _ = signal(signo, SIG_DFL)
    // To the process, not this thread: a thread started from a Dispatch worker inherits
    // a mask that blocks these signals.
    _ = kill(getpid(), signo)
  }
}
