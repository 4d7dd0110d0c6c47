import Synchronization
import TimeTravel

/// The warnings opening a log gives (its own, and an import's), said once on stderr as
/// `replay: warning: LOG:LINE: message`: when the log is opened, or, for a log whose index
/// the mode's first scan builds (`LogFile(deferringIndexOf:)`), when that scan has ended
/// and before the mode's output, or before an error that ends the mode first.
final class OpeningWarnings: Sendable {
  private let said = Mutex(false)
  private let write: @Sendable () -> Void

  /// Warnings of `log` (with `imported` before them), written to `io`; `keep` chooses which
  /// of the log's own are said.
  init(
    log: LogFile, imported: [LogWarning], io: any ReplayIO,
    keep: @escaping @Sendable (LogWarning) -> Bool
  ) {
    nonisolated(unsafe) let io = io
    write = {
      for warning in imported + log.warnings.filter(keep) {
        io.errText(
          "replay: warning: \(log.path):\(warning.line.map(String.init) ?? ""): \(warning.message)\n"
        )
      }
    }
  }

  /// No warnings (a context that opened no log of its own).
  init() { write = {} }

  /// Says the warnings, unless they were said.
  func say() {
    let first = said.withLock { said in
      defer { said = true }
      return !said
    }
    if first { write() }
  }
}
