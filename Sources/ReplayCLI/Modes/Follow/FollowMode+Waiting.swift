import TerminalEditor
import TimeTravel

extension FollowMode {
  /// Waits for a log that does not exist yet to appear, as `tail -F` waits for a file:
  /// says so once on stderr, and again when it appears. Ctrl-C stops the wait.
  /// - Returns: `nil` when the log is there (at once, or once it appeared);
  ///   ``ExitCode/unreadableLog`` when Ctrl-C came first, as for a missing log without
  ///   `--follow`.
  static func waitForLog(at path: String, io: some ReplayIO) -> Int32? {
    let waiter: LogFileWaiter
    do {
      waiter = try LogFileWaiter(path: path)
    } catch {
      io.errText("replay: \(error)\n")
      return ExitCode.unreadableLog
    }
    if waiter.exists { return nil }
    // Ctrl-C is caught before the user is told it stops the wait.
    let interrupt = Interrupt { waiter.stop() }
    defer { interrupt.restore() }
    let shown = TerminalText.sanitize(path)
    io.errText("replay: \(shown) does not exist yet; waiting for it to appear (Ctrl-C stops)\n")
    guard waiter.wait() else {
      io.errText("replay: \(shown) never appeared; stopped by Ctrl-C\n")
      return ExitCode.unreadableLog
    }
    io.errText("replay: \(shown) has appeared; following it\n")
    return nil
  }
}
