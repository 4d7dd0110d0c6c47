import Foundation
import TimeTravel
import TimeTravelJSON

extension ListenLoop {
  /// Acts on the complete lines a connection sent: its hello, then its session's lines.
  func process(_ lines: [[UInt8]], from connection: Connection) {
    var lines = lines[...]
    if connection.session == nil {
      guard let first = lines.popFirst() else {
        if connection.splitter.partial.count > LiveWire.helloLimit {
          refuse(connection, "the hello line is longer than \(LiveWire.helloLimit / 1024) KiB")
        }
        return
      }
      guard hello(first, from: connection) else { return }
    }
    guard !lines.isEmpty, let id = connection.session, let session = sessions[id] else { return }
    save(lines, of: session, from: connection)
  }

  /// Accepts or refuses a hello; `true` when the connection now carries a session.
  private func hello(_ line: [UInt8], from connection: Connection) -> Bool {
    let hello: LiveWire.Hello
    do {
      hello = try LiveWire.Hello(parsing: line)
    } catch {
      refuse(connection, error.description)
      return false
    }
    if let token = configuration.token {
      guard let given = hello.token else {
        refuse(connection, "this listener requires a token, and the hello has none")
        return false
      }
      guard TokenCheck.matches(given, token) else {
        refuse(connection, "the token is wrong")
        return false
      }
    }
    guard (1...64).contains(hello.session.count),
      hello.session.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
    else {
      refuse(connection, "the session id must be 1 to 64 letters, digits and '-'")
      return false
    }
    guard let (session, resumed) = session(for: hello, from: connection) else { return false }
    if let old = session.connection, let previous = connections[old] {
      drop(previous, reason: "the app connected again (\(connection.peer))")
    }
    connection.session = hello.session
    connection.resuming = session.lastSeq != nil || session.pendingSeq != nil
    connection.splitter.limit = configuration.limits.lineBytes
    session.connection = connection.fd
    session.summary.connections += 1
    session.summary.isConnected = true
    publish(session)
    connection.queue(
      LiveWire.ListenerLine.welcome(
        lastSeq: session.lastSeq, idle: configuration.limits.idleSeconds
      ).line)
    flush(connection)
    events.push(.connected(session.info, peer: connection.peer, resumed: resumed))
    return true
  }

  /// The session a hello names: known already, in a file of the folder (a listener
  /// restarted), or new. Refuses the connection and returns `nil` when it cannot be saved.
  private func session(for hello: LiveWire.Hello, from connection: Connection) -> (
    SessionState, resumed: Bool
  )? {
    if let session = sessions[hello.session] {
      if let reason = session.summary.stopReason {
        connection.queue(LiveWire.ListenerLine.stopped(reason).line)
        connection.closeWhenSent = true
        events.push(.refused(peer: connection.peer, reason: "the session was stopped: \(reason)"))
        flush(connection)
        return nil
      }
      return (session, true)
    }
    let url = configuration.directory.appendingPathComponent(SessionFile.name(for: hello))
    do {
      let (file, existing) = try SessionFile.open(url, syncer: syncer)
      let info = LiveSession(
        id: hello.session, app: hello.app, started: hello.started, device: hello.device,
        pid: hello.pid, file: url)
      let session = SessionState(info: info, file: file, existing: existing)
      sessions[hello.session] = session
      return (session, existing != nil)
    } catch {
      refuse(connection, error.description)
      return nil
    }
  }

  /// Saves a session's lines: validated, without duplicates after a reconnection, with
  /// a gap record where the reconnection lost transitions; in one write. Replies among
  /// them are delivered after the write, so whoever waits for one finds the entry the
  /// app recorded before it in the file.
  private func save(
    _ lines: ArraySlice<[UInt8]>, of session: SessionState, from connection: Connection
  ) {
    var replies: [(id: Int?, reply: LiveReply)] = []
    defer { for (id, reply) in replies { deliver(reply, id: id, session: session.info) } }
    guard let file = session.file else { return }
    var batch = Data()
    var saved: [(bytes: [UInt8], gap: (first: Int, count: Int)?)] = []
    var summary = session.summary
    var (lastSeq, pendingSeq, hasHeader) = (session.lastSeq, session.pendingSeq, session.hasHeader)
    for line in lines {
      let kind = line.withUnsafeBytes { LiveLine($0) }
      switch kind {
      case .heartbeat: continue
      case .reply:
        if let value = try? JSONParser.parse(bytes: line), let (id, reply) = LiveWire.reply(value) {
          if let id { connection.unanswered.remove(id) }
          replies.append((id, reply))
        }
        continue
      case .header:
        if hasHeader || file.lines + saved.count > 0 { continue }
        hasHeader = true
      default:
        guard Self.isObject(line) else {
          events.push(
            .warning(
              session.info,
              "\(session.info.label) sent a line that is not a JSON object (\(Self.problem(line))); it is not saved"
            ))
          continue
        }
        if connection.resuming {
          if Self.isRepeat(kind, lastSeq: lastSeq, pendingSeq: pendingSeq) { continue }
          connection.resuming = false
          if let known = lastSeq, let first = Self.firstSeq(kind), first > known + 1 {
            let gap = LiveLine.gapRecord(first: known + 1, count: first - known - 1, reason: "lost")
            batch.append(gap)
            saved.append((Array(gap.dropLast()), (known + 1, first - known - 1)))
            summary.dropped += first - known - 1
          }
        }
        Self.tally(kind, into: &summary, lastSeq: &lastSeq, pendingSeq: &pendingSeq)
      }
      batch.append(contentsOf: line)
      batch.append(0x0A)
      saved.append((line, nil))
    }
    guard !saved.isEmpty else { return }
    let firstLine = file.lines + 1
    do {
      try file.append(batch, lines: saved.count)
    } catch {
      stop(session, reason: "\(error.description); the listener stopped saving the session")
      return
    }
    summary.bytes += batch.count
    (session.lastSeq, session.pendingSeq, session.hasHeader) = (lastSeq, pendingSeq, hasHeader)
    summary.lastSeq = lastSeq
    session.summary = summary
    publish(session)
    for (offset, line) in saved.enumerated() {
      if let gap = line.gap {
        events.push(
          .gap(session.info, first: gap.first, count: gap.count, line: firstLine + offset))
      } else {
        events.push(.line(session.info, bytes: line.bytes, line: firstLine + offset))
      }
    }
  }

  /// Whether a line the app sent again after reconnecting is already in the file.
  private static func isRepeat(_ kind: LiveLine, lastSeq: Int?, pendingSeq: Int?) -> Bool {
    switch kind {
    case .pending(let seq?):
      return seq <= (lastSeq ?? 0) || seq == pendingSeq
    case .entry(let seq?, _):
      return seq <= (lastSeq ?? 0)
    case .gap(let first, let count):
      return first + count - 1 <= (lastSeq ?? 0)
    default:
      return false
    }
  }

  private static func firstSeq(_ kind: LiveLine) -> Int? {
    switch kind {
    case .entry(let seq?, _), .pending(let seq?): seq
    case .gap(let first, _): first
    default: nil
    }
  }

  private static func tally(
    _ kind: LiveLine, into summary: inout LiveSessionSummary, lastSeq: inout Int?,
    pendingSeq: inout Int?
  ) {
    summary.records += 1
    switch kind {
    case .entry(let seq, _):
      summary.entries += 1
      pendingSeq = nil
      if let seq {
        lastSeq = seq
        summary.firstSeq = summary.firstSeq ?? seq
      }
    case .pending(let seq):
      pendingSeq = seq
    case .gap(let first, let count):
      summary.dropped += count
      lastSeq = first + count - 1
      pendingSeq = nil
    case .closing:
      summary.isClosed = true
    case .effect:
      break
    case .header, .reply, .heartbeat:
      summary.records -= 1
    }
  }

  /// Whether a line is one valid JSON object.
  private static func isObject(_ line: [UInt8]) -> Bool {
    guard line.first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "{") else {
      return false
    }
    return line.withUnsafeBufferPointer { JSONValidator.isValid($0) }
  }

  private static func problem(_ line: [UInt8]) -> String {
    do {
      try line.withUnsafeBufferPointer { buffer throws(JSONParseError) in
        try JSONValidator.validate(buffer)
      }
      return "a JSON \(((try? JSONParser.parse(bytes: line)) ?? .null).typeName)"
    } catch {
      return "at column \(error.column): \(error.message)"
    }
  }

  /// A line longer than the limit: the session stops there, what came before is saved.
  func lineTooLong(_ connection: Connection) {
    guard let id = connection.session, let session = sessions[id] else {
      refuse(connection, "the hello line is longer than \(LiveWire.helloLimit / 1024) KiB")
      return
    }
    let line = (session.file?.lines ?? 0) + 1
    stop(
      session,
      reason:
        "line \(line) is longer than \(configuration.limits.lineBytes) bytes (the line limit); the listener stopped saving the session, and kept the lines before it"
    )
  }

  /// Stops saving a session: tells the app (which does not reconnect it), closes the
  /// file, reports it.
  func stop(_ session: SessionState, reason: String) {
    session.file?.close()
    session.file = nil
    session.summary.stopReason = reason
    if let fd = session.connection, let connection = connections[fd] {
      connection.queue(LiveWire.ListenerLine.stopped(reason).line)
      connection.closeWhenSent = true
      connection.lastLine = Self.now()
      flush(connection)
    }
    publish(session)
    events.push(.stopped(session.info, reason: reason))
  }
}
