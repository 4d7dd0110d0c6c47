extension LogRecorder {
  /// When a recorded transition reaches the log, and so what a crash can lose.
  ///
  /// See <doc:RecordingCosts> for the measured costs and the full durability policy.
  public enum Durability: Sendable, Equatable {
    /// Each line is written (one `write(2)`) before `record` returns, on the caller's
    /// thread. A crash of the app loses nothing that was recorded; a power loss loses
    /// what was not yet `fsync`ed (see ``LogRecorder/flush()``). Costs the caller the
    /// encoding, about 250 µs per 100-item to-do state in a release build.
    case synchronous
    /// `record` only hands the Swift values to a dedicated writer thread, which encodes
    /// and writes them in dispatch order. A crash of the app loses the entries still
    /// queued (at most `queueLimit`); ``LogRecorder/flush()`` and
    /// ``LogRecorder/close()`` drain the queue.
    ///
    /// - Parameters:
    ///   - queueLimit: The most transitions waiting to be encoded (≥ 1). Each holds its
    ///     states, which share storage with the store's history until it changes them.
    ///   - whenFull: What `record` does when `queueLimit` transitions are waiting.
    case asynchronous(queueLimit: Int = 4096, whenFull: Overflow = .block)
  }

  /// What an asynchronous recorder does with a transition when its queue is full.
  public enum Overflow: Sendable, Equatable {
    /// Waits (on the caller's thread) until the writer has taken one transition:
    /// nothing is lost, and the app slows down to the writer's pace.
    case block
    /// Drops the transition and counts it; before the next written line the log gets a
    /// gap record `{"dropped":N,"seq":S}` (see <doc:LogFormat>), so the loss is
    /// never silent. The entry after a gap carries a full `prior`.
    case drop
  }

  /// How each entry's states are written.
  public enum EntryEncoding: Sendable, Equatable {
    /// Every entry has a full `prior` and `next` (format version 1 as first defined).
    case full
    /// Keyframes (full `prior` and `next`) every `keyframeInterval` entries; the entries
    /// between them store `next` as an RFC 6902 patch against the previous entry's
    /// `next`, in a `patch` member, with no `prior` and no `next`. `LogFile` rebuilds
    /// them transparently. `keyframeInterval` 1 writes only keyframes.
    case compact(keyframeInterval: Int)
  }
}
