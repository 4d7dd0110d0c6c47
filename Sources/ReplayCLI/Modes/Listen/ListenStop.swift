import Foundation
import ReplayLive
import TerminalEditor
import TimeTravel

/// What `--listen` says when it stops: why, and for each session what it showed and
/// what its file holds.
struct ListenStop: ModeOutput {
  struct Session {
    var session: LiveSession
    /// What was shown of it.
    var tally: FollowMode.Tally
    /// What the listener saved of it.
    var saved: LiveSessionSummary?
  }

  var sessions: [Session]
  var report: FollowMode.Report
  /// Whether `--where` restricts what is reported.
  var filtered: Bool
  /// The session and entry `--until` held on; `nil` for Ctrl-C.
  var stoppedAt: (session: LiveSession, seq: Int)?

  struct Record: Encodable {
    var event = "stopped"
    var reason: String
    var session: String?
    var seq: Int?
    var sessions: [SessionRecord]
  }

  struct SessionRecord: Encodable {
    var session: String
    var app: String
    var file: String
    var entries: Int
    var matched: Int?
    var saved: Int
    var lastSeq: OrNull<Int>
    var dropped: Int
    var connections: Int
    var state: String
    var stopReason: String?
  }

  private var countsMatches: Bool {
    if case .summary = report { return filtered }
    return true
  }

  var record: Record {
    Record(
      reason: stoppedAt == nil ? "interrupt" : "until", session: stoppedAt?.session.id,
      seq: stoppedAt?.seq,
      sessions: sessions.map { item in
        SessionRecord(
          session: item.session.id, app: item.session.app, file: item.session.file.path,
          entries: item.tally.entries, matched: countsMatches ? item.tally.matched : nil,
          saved: item.saved?.entries ?? 0, lastSeq: OrNull(item.saved?.lastSeq),
          dropped: item.saved?.dropped ?? 0, connections: item.saved?.connections ?? 0,
          state: Self.state(item.saved), stopReason: item.saved?.stopReason)
      })
  }

  /// `closed` (the app closed its log), `stopped` (the listener stopped saving it),
  /// `connected`, or `disconnected`.
  private static func state(_ saved: LiveSessionSummary?) -> String {
    guard let saved else { return "disconnected" }
    if saved.isClosed { return "closed" }
    if saved.stopReason != nil { return "stopped" }
    return saved.isConnected ? "connected" : "disconnected"
  }

  func text(_ style: TextStyle) -> String {
    let reason =
      stoppedAt.map {
        "stopped at entry \($0.seq) of \(ListenEvent.label($0.session)) (--until holds)"
      } ?? "stopped by Ctrl-C"
    let count = sessions.count == 1 ? "1 session" : "\(sessions.count) sessions"
    var text = "\(reason); \(count)\n"
    for item in sessions { text += sessionText(item) }
    return text
  }

  private func sessionText(_ item: Session) -> String {
    var line =
      "\(ListenEvent.label(item.session)): \(Self.count(item.tally.entries, "new entry", "new entries"))"
    switch report {
    case .summary where filtered: line += ", \(item.tally.matched) matching --where"
    case .summary: break
    case .find: line += ", \(item.tally.matched) matched"
    case .watch: line += ", \(item.tally.matched) changed the watched value"
    }
    let file = TerminalText.sanitize(ListenEvent.shown(item.session.file))
    let saved = item.saved
    let entries = Self.count(saved?.entries ?? 0, "entry", "entries")
    let last = saved?.lastSeq.map { ", last seq \($0)" } ?? ""
    let dropped = (saved?.dropped ?? 0) > 0 ? ", \(saved!.dropped) dropped" : ""
    line += "; saved \(entries) in \(file)\(last)\(dropped)"
    switch Self.state(saved) {
    case "closed": line += "; the app closed its log"
    case "stopped": line += "; saving stopped: \(TerminalText.sanitize(saved?.stopReason ?? ""))"
    case "connected": line += "; connected until replay stopped"
    default: line += "; disconnected"
    }
    var text = line + "\n"
    if case .summary = report, !item.tally.actions.isEmpty {
      let names = item.tally.actions.enumerated()
        .sorted { ($0.element.count, $1.offset) > ($1.element.count, $0.offset) }
        .map { "\(TerminalText.sanitize($0.element.name)) \($0.element.count)" }
      text += "  actions: \(names.joined(separator: ", "))\n"
    }
    return text
  }

  private static func count(_ n: Int, _ one: String, _ many: String) -> String {
    "\(n) \(n == 1 ? one : many)"
  }
}
