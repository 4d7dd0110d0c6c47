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

  /// Opens the session's file where it stands now; what is appended from here on is
  /// reported through `output`.
  /// - Throws: `LogError` when the file cannot be read.
  init(
    _ session: LiveSession, base: Context, report: FollowMode.Report, until: JQFilter?,
    output: @escaping (FollowEvent) throws -> Void
  ) throws {
    self.session = session
    var context = base
    // Named as the listener prints it, relative to the working directory.
    context.log = try LogFile(path: ListenEvent.shown(session.file))
    follower = try LogFollower(following: context.log)
    follow = FollowSession(
      context: context, report: report,
      restriction: try EntryFilter(base.options.filter, log: context.log),
      until: until)
    follow.output = output
  }

  /// Reports what the file got since the last look; the entry `--until` held on, if one
  /// did (the rest is left for the summary).
  /// - Throws: What `--follow` throws: an expression failing on an entry, a file that
  ///   cannot be read.
  mutating func catchUp() throws -> LogEntry? {
    for event in try follower.available() {
      switch event {
      case .header:
        continue  // The connection was reported; the header is the session's first line.
      case .closing:
        closed = true
      default:
        break
      }
      if let entry = try follow.handle(event) { return entry }
    }
    return nil
  }
}
