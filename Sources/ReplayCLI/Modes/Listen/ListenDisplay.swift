import Foundation
import ReplayLive
import TerminalEditor
import TimeTravel
import TimeTravelJQ

/// `--listen` without `--step`: the listener's events, shown as they come, each
/// session's new entries as `--follow` shows a log's, until Ctrl-C or `--until`; then a
/// summary per session (``ListenStop``).
final class ListenDisplay {
  let listener: LiveListener
  /// For output that belongs to no session, and the base of each session's context.
  let context: Context
  let directory: URL
  private var shown: [String: ListenShownSession] = [:]
  /// Sessions in the order they connected.
  private(set) var order: [LiveSession] = []
  private var report = FollowMode.Report.summary
  private var until: JQFilter?

  /// - Throws: `LogError` should the stand-in log not open (it is empty).
  init(
    listener: LiveListener, options: Options, io: any ReplayIO, reducers: ReducerRegistry,
    directory: URL
  ) throws {
    self.listener = listener
    self.directory = directory
    // No log of its own: an empty one stands in, so output goes through `emit`.
    let empty = try LogFile(contents: [], name: "--listen")
    context = Context(log: empty, options: options, io: io, reducers: reducers)
  }

  /// Shows everything until Ctrl-C or `--until`.
  /// - Returns: 0; 1 when `--find` or `--watch` matched nothing.
  /// - Throws: ``CommandError`` for an expression that does not compile or fails on an
  ///   entry.
  func run(report: FollowMode.Report) throws -> Int32 {
    self.report = report
    until = try context.options.until.map {
      try JQPredicate.compile($0, what: "--until expression", modules: context.options.modules)
    }
    let listener = self.listener
    let interrupt = Interrupt { listener.stop() }
    defer { interrupt.restore() }
    _ = try context.emit(
      ListenEvent.listening(address: listener.address, directory: directory.relativePath))
    var stoppedAt: (LiveSession, LogEntry)?
    while stoppedAt == nil, let event = listener.next() {
      stoppedAt = try handle(event)
    }
    listener.stop()
    if stoppedAt == nil {
      for session in order { _ = try shown[session.id]?.catchUp() }
    }
    let matched = shown.values.reduce(0) { $0 + $1.follow.tally.matched }
    _ = try context.emit(stop(at: stoppedAt))
    if case .summary = report { return ExitCode.success }
    return matched > 0 ? ExitCode.success : ExitCode.notFound
  }

  /// Shows one event; the session and entry `--until` held on, if it did.
  func handle(_ event: LiveEvent) throws -> (LiveSession, LogEntry)? {
    switch event {
    case .connected(let session, let peer, let resumed):
      try open(session, new: !resumed)
      _ = try context.emit(ListenEvent.connected(session, peer: peer, resumed: resumed))
    case .line(let session, _, _), .gap(let session, _, _, _), .notShown(let session, _):
      if let entry = try shown[session.id]?.catchUp() { return (session, entry) }
    case .disconnected(let session, let reason):
      let stoppedAt = try shown[session.id]?.catchUp()
      let closed = shown[session.id]?.closed ?? false
      _ = try context.emit(ListenEvent.disconnected(session, reason: reason, closed: closed))
      if let stoppedAt { return (session, stoppedAt) }
    case .stopped(let session, let reason):
      context.io.errText("replay: \(session.label): \(reason)\n")
    case .refused(let peer, let reason):
      context.io.errText("replay: refused a connection from \(peer): \(reason)\n")
    case .warning(let session, let message):
      context.io.errText(
        "replay: warning: \(session.map { "\($0.label): " } ?? "")\(message)\n")
    case .reply:
      break
    }
    return nil
  }

  /// Starts showing `session` (once: a reconnection goes on where it was).
  private func open(_ session: LiveSession, new: Bool) throws {
    guard shown[session.id] == nil else { return }
    order.append(session)
    let context = self.context
    let tags = Tags(display: self)
    shown[session.id] = try ListenShownSession(
      session, base: context, report: report, until: until, fromStart: new
    ) { event in
      _ = try context.emit(ListenEvent.follow(session, event, tag: tags.tag(session)))
    }
  }

  /// Names the session of each entry line once more than one app connected.
  private struct Tags {
    unowned let display: ListenDisplay

    func tag(_ session: LiveSession) -> String? {
      guard display.order.count > 1 else { return nil }
      return session.pid.map { "\(session.app) \($0)" } ?? session.app
    }
  }

  /// The summary, per session, of what was shown and saved.
  func stop(at stoppedAt: (LiveSession, LogEntry)?) -> ListenStop {
    let summaries = listener.summaries
    return ListenStop(
      sessions: order.map { session in
        ListenStop.Session(
          session: session, tally: shown[session.id]?.follow.tally ?? FollowMode.Tally(),
          saved: summaries.first { $0.session.id == session.id })
      }, report: report, filtered: context.options.filter != nil,
      stoppedAt: stoppedAt.map { ($0.0, $0.1.seq) })
  }
}
