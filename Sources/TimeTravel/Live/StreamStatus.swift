extension LogRecorder {
  /// Where a streaming recorder's live session stands (``LogRecorder/streamStatus``):
  /// for an app's debug menu, or a test that waits for its listener.
  ///
  /// Whatever the status, recording goes on: lines wait in the stream's buffer while no
  /// listener takes them, and what the buffer cannot hold becomes a gap record.
  public enum StreamStatus: Sendable, Equatable {
    /// Trying to reach the listener for the first time.
    case connecting
    /// Connected: lines go to the listener as they are recorded.
    case connected
    /// Not connected, for `reason` (`cannot connect to 127.0.0.1:9000: Connection
    /// refused (errno 111)`, `the listener closed the connection`); retrying with
    /// backoff (0.2 s doubling to 5 s).
    case disconnected(reason: String)
    /// The listener refused the connection (a wrong or missing token, another protocol
    /// version, too many sessions); retrying every 5 s, as the listener may be restarted
    /// with other settings.
    case refused(reason: String)
    /// The listener stopped saving this session (its disk is full, a line was too long):
    /// the stream does not reconnect; the file beside it, if any, goes on. The status
    /// stays, also after the recorder is closed.
    case stopped(reason: String)
    /// The recorder was closed.
    case closed
  }
}
