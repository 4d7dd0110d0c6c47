import TerminalEditor
import TimeTravel

/// What is wrong with the scan settings of the environment (``ScanSettings``), which
/// are otherwise left for their defaults in silence: a typo in `REPLAY_THREADS` would
/// quietly scan on every core.
enum ScanEnvironment {
  /// A warning for each variable set to what is not a positive integer (an empty value
  /// is unset, as a shell's `REPLAY_THREADS=` means), or to more threads than a scan
  /// starts.
  static func warnings(_ environment: [String: String]) -> [String] {
    var warnings: [String] = []
    if let text = environment["REPLAY_THREADS"], !text.isEmpty {
      let shown = TerminalText.sanitize(text)
      if let n = ScanThreads.positiveInteger(text) {
        if n > ScanThreads.limit {
          warnings.append(
            "REPLAY_THREADS is '\(shown)', more than the \(ScanThreads.limit) threads a scan starts: scans use \(ScanThreads.limit)"
          )
        }
      } else {
        let cores = ScanThreads.count(environment: [:])
        warnings.append(
          "REPLAY_THREADS is '\(shown)', not a positive integer: scans use \(cores) \(cores == 1 ? "thread" : "threads"), one a core"
        )
      }
    }
    if let text = environment["REPLAY_SCAN_CHUNK_BYTES"], !text.isEmpty,
      ScanThreads.positiveInteger(text) == nil
    {
      warnings.append(
        "REPLAY_SCAN_CHUNK_BYTES is '\(TerminalText.sanitize(text))', not a positive integer: scans read chunks of \(ScanSettings.defaultChunkBytes) bytes"
      )
    }
    return warnings
  }
}
