import Foundation

/// How many threads a full scan of a log uses (``LogFile/scan(_:threads:read:consume:)``).
public enum ScanThreads {
  /// The most threads a scan starts, whatever is asked: beyond the cores of any machine
  /// `replay` runs on, each thread only adds a buffer.
  public static let limit = 64

  /// The count from the environment: `REPLAY_THREADS` when it is a positive integer (1
  /// scans on the calling thread alone, in order, as `replay` always did), else the
  /// machine's active processor count; at most ``limit``.
  public static var `default`: Int { count(environment: ProcessInfo.processInfo.environment) }

  /// The count `environment` asks for, as ``default`` reads it (a count too large for an
  /// `Int` is more than ``limit`` too).
  public static func count(environment: [String: String]) -> Int {
    if let text = environment["REPLAY_THREADS"], let n = positiveInteger(text) {
      return min(n, limit)
    }
    return max(1, min(ProcessInfo.processInfo.activeProcessorCount, limit))
  }

  /// `text` as a positive integer of decimal digits (`Int.max` for one too large), or `nil`.
  public static func positiveInteger(_ text: String) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    guard let n = Int(text) else { return Int.max }
    return n >= 1 ? n : nil
  }
}
