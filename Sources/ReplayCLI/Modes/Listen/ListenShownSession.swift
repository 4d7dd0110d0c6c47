import Foundation
import ReplayLive
import TimeTravel
import TimeTravelJQ

/// One live session as `--listen` shows it: its saved file, read as it grows by a
/// `LogFollower` (so entries are numbered, rebuilt and checked as `--follow` does), and
/// the `--follow` report of each new entry.
struct ListenShownSession {
  let session: LiveSession
  private let follower: LogFollower
  private(set) var follow: FollowSession
  /// Whether the log closed (its closing record came).
  private(set) var closed = false
  /// The entries of a new session already in its file when it was opened (the listener
  /// saves lines before this reads the connection's event), reported first.
  private var saved: [LogFollower.Event] = []

  /// Opens the session's file; what it holds of a new session (`fromStart`) and what is
  /// appended from here on is reported through `output`.
  /// - Throws: `LogError` when the file cannot be read.
  init(
    _ session: LiveSession, base: Context, report: FollowMode.Report, until: JQFilter?,
    fromStart: Bool, output: @escaping (FollowEvent) throws -> Void
  ) throws {
    self.session = session
    var context = base
    // Named as the listener prints it, relative to the working directory.
    context.log = try LogFile(path: ListenEvent.shown(session.file))
    follower = try LogFollower(following: context.log)
    if fromStart, context.log.entryCount > 0 {
      saved = try (1...context.log.entryCount).map { .entry(try context.log.entry($0)) }
    }
    follow = FollowSession(
      context: context, report: report,
      restriction: try EntryFilter(
        base.options.filter, log: context.log, modules: base.options.modules),
      until: until)
    follow.output = output
  }

  /// Reports what the file got since the last look; the entry `--until` held on, if one
  /// did (the rest is left for the summary).
  /// - Throws: What `--follow` throws: an expression failing on an entry, a file that
  ///   cannot be read.
  mutating func catchUp() throws -> LogEntry? {
    let events = saved + (try follower.available())
    saved = []
    for (index, event) in events.enumerated() {
      switch event {
      case .header:
        continue  // The connection was reported; the header is the session's first line.
      case .closing:
        closed = true
      default:
        break
      }
      if let entry = try follow.handle(event) {
        saved = Array(events[(index + 1)...].filter { if case .entry = $0 { true } else { false } })
        return entry
      }
    }
    return nil
  }
}
