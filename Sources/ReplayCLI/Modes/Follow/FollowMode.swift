import Dispatch
import Foundation
import TerminalEditor
import TimeTravel
import TimeTravelJQ

/// `--follow` with the summary, `--find` and `--watch`: the mode reports on the log as
/// it is, then the follower (`LogFollower`) reads what the app appends, reporting each
/// new entry that matches as it arrives, as `tail -f` does, until Ctrl-C or `--until
/// EXPR` holds on an entry; then a summary of what it saw.
///
/// Text output goes on in the mode's own style (`  entry 4 (increment) at …`), with
/// what happens to the file (truncated, replaced, removed) said where it happens. With
/// `--format json`, the mode's usual output is the first line and every later line is
/// one JSON object: `{"event":"following","path":…}` once following starts, a new entry
/// (as `--find` lists them, or a `--watch` hit), an event
/// (`{"event":"truncated","size":0}`), and last `{"event":"stopped",…}`.
enum FollowMode {
  /// What is reported of each new entry.
  enum Report: Sendable {
    case summary
    case find(JQFilter)
    case watch(JSONPointer)
  }

  /// What following saw, for the summary at the end.
  struct Tally {
    var entries = 0
    var matched = 0
    /// New entries by action name, in order of first appearance.
    var actions: [(name: String, count: Int)] = []
    var truncated = 0
    var replaced = 0
    var removed = 0
    /// Whether the stream followed ended.
    var ended = false

    mutating func count(_ name: String) {
      if let i = actions.firstIndex(where: { $0.name == name }) {
        actions[i].count += 1
      } else {
        actions.append((name, 1))
      }
    }
  }

  /// Runs the mode, then follows the log.
  /// - Returns: The mode's exit code, counting the matches that arrived: 1 when `--find`
  ///   or `--watch` matched nothing, before or while following; 0 otherwise.
  /// - Throws: `CommandError` with the mode's codes (a bad expression, one failing on an
  ///   entry), `LogError` when the file cannot be read any more.
  static func run(_ context: Context, _ mode: some FollowableMode) throws -> Int32 {
    let until = try compileUntil(context)
    let (code, report) = try mode.runBeforeFollowing(context)
    let follower = try LogFollower(following: context.log)
    return try follow(context, follower, report: report, code: code, until: until)
  }

  /// Follows a stream (standard input, a FIFO) to its end: there is no log as it stands
  /// to report on first (what was written before is read as new), and the stream ending
  /// stops following, as Ctrl-C does.
  /// - Parameters:
  ///   - context: With an empty log named as the stream.
  ///   - descriptor: The stream, open for reading.
  /// - Returns: As ``run(_:_:)``: 1 when `--find` or `--watch` matched nothing.
  /// - Throws: As ``run(_:_:)``.
  static func runStream(_ context: Context, _ mode: some FollowableMode, descriptor: Int32)
    throws -> Int32
  {
    let until = try compileUntil(context)
    let report = try mode.followReport(context)
    let follower = try LogFollower(streamingFrom: descriptor, name: context.log.path)
    let code: Int32
    if case .summary = report { code = ExitCode.success } else { code = ExitCode.notFound }
    return try follow(context, follower, report: report, code: code, until: until, stream: true)
  }

  private static func compileUntil(_ context: Context) throws -> JQFilter? {
    try context.options.until.map {
      try JQPredicate.compile($0, what: "--until expression", modules: context.options.modules)
    }
  }

  /// Reports what `follower` reads until Ctrl-C, `--until` or the stream's end, then
  /// the summary of it; the exit code, `code` unless a match came.
  private static func follow(
    _ context: Context, _ follower: LogFollower, report: Report, code: Int32, until: JQFilter?,
    stream: Bool = false
  ) throws -> Int32 {
    var session = FollowSession(
      context: context, report: report,
      restriction: try EntryFilter(
        context.options.filter, log: context.log, modules: context.options.modules),
      until: until)
    session.isStream = stream
    let interrupt = Interrupt { follower.stop() }
    defer { interrupt.restore() }
    _ = try context.emit(FollowEvent.following(path: context.log.path, stream: stream))
    var stoppedAt: LogEntry?
    while let event = try follower.next() {
      if let entry = try session.handle(event) {
        stoppedAt = entry
        break
      }
    }
    try session.finish(stoppedAt: stoppedAt)
    if case .summary = report { return code }
    return code == ExitCode.success || session.tally.matched > 0 ? ExitCode.success : code
  }
}

/// A mode that `--follow` goes on with: it reports on the log as it stands, then each new
/// entry the follower reads is reported as its ``FollowMode/Report`` says.
protocol FollowableMode: LogMode {
  /// Runs the mode on the log as it stands.
  /// - Returns: Its exit code, and how new entries are reported.
  /// - Throws: As ``LogMode/run(_:)``, and ``CommandError`` for an expression that does not
  ///   compile.
  func runBeforeFollowing(_ context: Context) throws -> (code: Int32, report: FollowMode.Report)

  /// How new entries are reported, without running the mode: for a stream, which has no
  /// log as it stands.
  /// - Throws: ``CommandError`` for an expression that does not compile.
  func followReport(_ context: Context) throws -> FollowMode.Report
}
