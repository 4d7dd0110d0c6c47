/// How the full scans of a log read it when their caller does not say otherwise
/// (``LogFile/scanSettings``): how many threads, and the size of the chunks of lines they
/// take in turn.
///
/// The command line sets each log's from its environment (``init(environment:)``), so
/// that `REPLAY_THREADS=1` scans on one thread, in order, as `replay` always did.
public struct ScanSettings: Sendable, Equatable {
  /// Threads reading at once, at least 1 (``ScanThreads/default`` unless set).
  public var threads: Int
  /// The bytes of lines a thread reads at a time, at least 1: chunks end at the first
  /// line boundary at or after this many bytes (a line longer than this is a chunk of
  /// its own).
  public var chunkBytes: Int

  /// The bytes of a chunk unless set: large enough that a read costs nothing next to
  /// parsing it, small enough that every thread gets many and memory stays flat.
  public static let defaultChunkBytes = 1 << 20

  /// Settings of `threads` threads (clamped to 1...``ScanThreads/limit``) and chunks of
  /// about `chunkBytes` bytes (at least 1).
  public init(threads: Int = ScanThreads.default, chunkBytes: Int = ScanSettings.defaultChunkBytes)
  {
    self.threads = min(max(1, threads), ScanThreads.limit)
    self.chunkBytes = max(1, chunkBytes)
  }

  /// The settings `environment` asks for: `REPLAY_THREADS` threads (see
  /// ``ScanThreads/count(environment:)``) and chunks of `REPLAY_SCAN_CHUNK_BYTES` bytes
  /// when that is a positive integer (``ScanThreads/positiveInteger(_:)``, the same rule),
  /// else ``defaultChunkBytes``.
  public init(environment: [String: String]) {
    let chunk = environment["REPLAY_SCAN_CHUNK_BYTES"].flatMap(ScanThreads.positiveInteger)
    self.init(
      threads: ScanThreads.count(environment: environment),
      chunkBytes: chunk ?? Self.defaultChunkBytes)
  }
}

extension LogFile {
  /// How scans of this log read it when their caller names no thread count
  /// (``scan(_:threads:read:consume:)``, ``LogSummary/init(fastScanning:threads:)``,
  /// `Replayer.verify`): ``ScanSettings/init(threads:chunkBytes:)``'s defaults until set.
  /// Setting it affects scans that start afterwards, from any thread.
  public var scanSettings: ScanSettings {
    get { scanSettingsStorage.withLock { $0 } }
    set { scanSettingsStorage.withLock { $0 = newValue } }
  }
}
