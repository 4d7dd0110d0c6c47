import Foundation
import ReplayLive
import TerminalEditor
import TimeTravel

/// One line `--listen` reports: that it listens, that an app connected or went, or a new
/// entry of a session, as `--follow` reports it. The JSON record is one object a line;
/// those of a session name it by its id (`"session":…`), entries as `--find` lists them.
enum ListenEvent: ModeOutput {
  case listening(address: LiveAddress, directory: String)
  case connected(LiveSession, peer: String, resumed: Bool)
  /// `closed`: the app had closed its log first (the session is over).
  case disconnected(LiveSession, reason: String, closed: Bool)
  /// What `--follow` would report of the session's file; `tag` names the session when
  /// several connected (text only).
  case follow(LiveSession, FollowEvent, tag: String?)

  struct Record: Encodable {
    var event: ListenEvent

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: RecordKey.self)
      switch event {
      case .listening(let address, let directory):
        try container.encode("listening", forKey: RecordKey("event"))
        try container.encode(address.description, forKey: RecordKey("address"))
        try container.encode(directory, forKey: RecordKey("directory"))
      case .connected(let session, let peer, let resumed):
        try container.encode(resumed ? "reconnected" : "connected", forKey: RecordKey("event"))
        try SessionRecord(session).encode(to: encoder)
        try container.encode(peer, forKey: RecordKey("peer"))
      case .disconnected(let session, let reason, let closed):
        try container.encode("disconnected", forKey: RecordKey("event"))
        try container.encode(session.id, forKey: RecordKey("session"))
        try container.encode(reason, forKey: RecordKey("reason"))
        try container.encode(closed, forKey: RecordKey("closed"))
      case .follow(let session, let event, _):
        try container.encode(session.id, forKey: RecordKey("session"))
        try event.record.encode(to: encoder)
      }
    }
  }

  /// A session as records describe it.
  struct SessionRecord: Encodable {
    var session: String
    var app: String
    var pid: Int?
    var device: String?
    var started: String
    var file: String

    init(_ session: LiveSession) {
      self.session = session.id
      app = session.app
      pid = session.pid
      device = session.device
      started = session.started
      file = session.file.path
    }
  }

  var record: Record { Record(event: self) }

  func text(_ style: TextStyle) -> String {
    switch self {
    case .listening(let address, let directory):
      return
        "listening on \(address), saving sessions in \(TerminalText.sanitize(directory)) (Ctrl-C stops)\n"
    case .connected(let session, let peer, let resumed):
      let file = TerminalText.sanitize(Self.shown(session.file))
      return resumed
        ? "\(Self.label(session)) reconnected from \(TerminalText.sanitize(peer)); continuing \(file)\n"
        : "\(Self.label(session)) connected from \(TerminalText.sanitize(peer)); saving to \(file)\n"
    case .disconnected(let session, _, true):
      return "\(Self.label(session)) disconnected; it had closed its log\n"
    case .disconnected(let session, let reason, false):
      return
        "\(Self.label(session)) disconnected (\(TerminalText.sanitize(reason))); its session goes on if it reconnects\n"
    case .follow(_, let event, let tag):
      let text = event.text(style)
      guard let tag else { return text }
      return "[\(TerminalText.sanitize(tag))]" + text
    }
  }

  /// `TodoApp (pid 4242 on phone-7)`, escaped.
  static func label(_ session: LiveSession) -> String { TerminalText.sanitize(session.label) }

  /// A session file's path relative to the working directory when it is inside it.
  static func shown(_ file: URL) -> String {
    let here = FileManager.default.currentDirectoryPath + "/"
    let path = file.standardizedFileURL.path
    return path.hasPrefix(here) ? String(path.dropFirst(here.count)) : path
  }
}
