import Foundation
import TimeTravel

/// One TCP connection the listener accepted: before its hello, or carrying a session.
final class Connection {
  let fd: Int32
  let peer: String
  var splitter: LineSplitter
  /// The session's id, once the hello was accepted.
  var session: String?
  /// Bytes to send (the welcome, commands, a refusal).
  var outgoing = Data()
  var sentOffset = 0
  /// Close once `outgoing` is sent (after a refusal or a stop).
  var closeWhenSent = false
  /// When the last words were sent and our side of the connection shut: the peer's bytes
  /// are read and dropped until it closes too (closing with unread bytes would reset the
  /// connection, and the peer could lose those last words), for at most a second.
  var shutAt: UInt64?
  /// When the last complete line came (or the connection was accepted), in
  /// nanoseconds of `DispatchTime`.
  var lastLine: UInt64
  /// Whether lines the listener already has may still come (just after a hello that
  /// resumed a session).
  var resuming = false
  /// The commands sent on this connection that have no reply yet.
  var unanswered: Set<Int> = []

  init(fd: Int32, peer: String, now: UInt64) {
    self.fd = fd
    self.peer = peer
    splitter = LineSplitter(limit: LiveWire.helloLimit)
    lastLine = now
  }

  var hasOutgoing: Bool { sentOffset < outgoing.count }

  func queue(_ line: Data) {
    if sentOffset == outgoing.count {
      outgoing = line
      sentOffset = 0
    } else {
      outgoing.append(line)
    }
  }
}

/// A session the listener saves: its file, where its numbering stands, its tallies.
final class SessionState {
  var info: LiveSession
  var file: SessionFile?
  /// The last `seq` the file accounts for (entries and gaps).
  var lastSeq: Int?
  /// The `seq` of the pending record the file ends with, if any.
  var pendingSeq: Int?
  var hasHeader: Bool
  /// The connection carrying it now.
  var connection: Int32?
  var summary: LiveSessionSummary

  init(info: LiveSession, file: SessionFile, existing: SessionFile.Existing?) {
    self.info = info
    self.file = file
    lastSeq = existing?.lastSeq
    pendingSeq = existing?.pendingSeq
    hasHeader = existing?.hasHeader ?? false
    summary = LiveSessionSummary(
      session: info, records: 0, entries: 0, firstSeq: nil, lastSeq: existing?.lastSeq,
      dropped: 0, bytes: 0, connections: 0, isConnected: false, isClosed: false, stopReason: nil)
  }
}

/// What other threads ask of the listener's thread.
struct ControlState {
  var stopping = false
  /// Command lines to send, by session id.
  var commands: [(session: String, id: Int, line: Data)] = []
  /// Replies awaited by ``LiveListener/request(_:to:timeout:)``, by command id.
  var waiters: [Int: Waiter] = [:]
  var nextCommandID = 1
  var summaries: [String: LiveSessionSummary] = [:]
  var order: [String] = []
}

/// A reply someone waits for: whoever takes it out of ``ControlState/waiters`` calls
/// `resume`, once.
final class Waiter: Sendable {
  let resume: @Sendable (LiveReply) -> Void

  init(_ resume: @escaping @Sendable (LiveReply) -> Void) {
    self.resume = resume
  }
}
