import Foundation
import TimeTravel

/// One app's session as a ``LiveListener`` knows it: who it is and where it is saved.
public struct LiveSession: Sendable, Equatable, Hashable {
  /// The id the app chose for the session; the same across its reconnections.
  public var id: String
  /// The app's name, from its hello.
  public var app: String
  /// When the session started, by the app's clock (RFC 3339).
  public var started: String
  /// The app's machine and process, when it said.
  public var device: String?
  /// The app's process id, when it said.
  public var pid: Int?
  /// The file the session is saved in.
  public var file: URL

  /// `TodoApp (pid 4242 on phone-7)`: the session as a line of output names it.
  public var label: String {
    var place: [String] = []
    if let pid { place.append("pid \(pid)") }
    if let device { place.append("on \(device)") }
    return place.isEmpty ? app : "\(app) (\(place.joined(separator: " ")))"
  }
}

/// What a ``LiveListener`` tallied for one session, for the summary at the end.
public struct LiveSessionSummary: Sendable, Equatable {
  /// The session.
  public var session: LiveSession
  /// Records saved (entries, pending, gap and closing records; not the header).
  public var records: Int
  /// Entries saved.
  public var entries: Int
  /// The first and last `seq` saved.
  public var firstSeq: Int?
  /// The last `seq` the saved file accounts for (entries and gaps).
  public var lastSeq: Int?
  /// Transitions missing, as the gap records saved say.
  public var dropped: Int
  /// Bytes saved.
  public var bytes: Int
  /// Connections the app made (1, plus one per reconnection).
  public var connections: Int
  /// Whether the app is connected now (after ``LiveListener/stop()``: whether it was
  /// when the listener stopped).
  public var isConnected: Bool
  /// Whether the app closed its log (a closing record came).
  public var isClosed: Bool
  /// Why the listener stopped saving the session, if it did (a full disk, a line too
  /// long).
  public var stopReason: String?
}

/// What a ``LiveListener`` reports, in order, from ``LiveListener/next(timeout:)``.
public enum LiveEvent: Sendable, Equatable {
  /// An app said hello and its session is saved from now on; `resumed` when the file
  /// already held part of it (a reconnection, or a listener restarted on the same folder).
  case connected(LiveSession, peer: String, resumed: Bool)
  /// A record the app sent, saved as line `line` of the session's file (without its
  /// `\n`).
  case line(LiveSession, bytes: [UInt8], line: Int)
  /// The listener wrote a gap record of its own (line `line`): the app reconnected
  /// without the transitions `first…first+count-1`, which never reached the listener.
  case gap(LiveSession, first: Int, count: Int, line: Int)
  /// An app's reply to a command sent with ``LiveListener/send(_:to:)``.
  case reply(LiveSession, id: Int?, LiveReply)
  /// Something the user should know about a session: a line skipped (not JSON), a torn
  /// line at a disconnection, a line too long.
  case warning(LiveSession?, String)
  /// The app's connection ended (`reason`); its session resumes if it reconnects.
  case disconnected(LiveSession, reason: String)
  /// The listener stopped saving the session and told the app (`reason`: the disk is
  /// full, a line was too long).
  case stopped(LiveSession, reason: String)
  /// A connection was refused and closed (`reason`); nothing of it was saved.
  case refused(peer: String, reason: String)
  /// `count` records were saved but not reported as ``line(_:bytes:line:)``: the reader
  /// of events fell behind (the files have them all).
  case notShown(LiveSession, count: Int)
}
