import TerminalEditor
import TimeTravel

/// `--step --follow`: before each command the stepper takes in what the app appended
/// since the last one, so that `last` is the newest state and `next` goes on into new
/// entries; a truncated or replaced log (a new session) is said so and stepped from
/// init.
struct StepFollower {
  private let follower: LogFollower
  private let io: any ReplayIO

  /// Follows `log`'s file from where `log` read up to.
  /// - Throws: `LogError` `.cannotOpen` when the file cannot be opened again.
  init(following log: LogFile, io: any ReplayIO) throws {
    follower = try LogFollower(following: log)
    self.io = io
  }

  /// What changed since the last look: `nil` when nothing did; otherwise the log read
  /// again and whether it is a new session, after saying what happened (new entries
  /// only when `announcing`).
  /// - Throws: `LogError` when the file cannot be read again.
  func catchUp(_ log: LogFile, announcing: Bool = true) throws -> (
    log: LogFile, newSession: Bool
  )? {
    let (lines, events) = try follower.skipAvailable()
    guard lines > 0 || !events.isEmpty else { return nil }
    let path = TerminalText.sanitize(log.path)
    var newSession: String?
    var removed = false
    for event in events {
      switch event {
      case .truncated:
        newSession = "was truncated"
        removed = false
      case .replaced:
        newSession = "was replaced by a new file"
        removed = false
      case .removed:
        removed = true
      default:
        break
      }
    }
    if removed {
      io.out("\(path) was removed; stepping through what was read, waiting for a new file\n")
      return nil
    }
    let reread = try LogFile(path: log.path)
    // What reading the new lines noticed (NUL bytes a copytruncate rotation left, say),
    // once; the log being followed has no closing record yet, which is no news.
    for warning in reread.warnings
    where (newSession != nil || !log.warnings.contains(warning)) && !warning.isMissingClosingRecord
    {
      io.errText(
        "replay: warning: \(path):\(warning.line.map(String.init) ?? ""): \(warning.message)\n")
    }
    let added = reread.entryCount - log.entryCount
    if let newSession {
      io.out("\(path) \(newSession): a new session (\(reread.entriesText)); back at init\n")
    } else if added > 0 {
      if announcing {
        io.out(
          "\(added) new \(added == 1 ? "entry" : "entries") (\(reread.entriesText))\n")
      }
    } else {
      return nil
    }
    return (reread, newSession != nil)
  }
}
