import Dispatch
import Foundation
import Synchronization
import TimeTravel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The listener's thread: one `poll(2)` loop over the listening socket, every
/// connection and a wake-up pipe, all non-blocking, so a slow or stalled peer holds no
/// other up. It sleeps in `poll` with no timeout unless a deadline is near (a hello
/// or idle limit): an idle listener uses no processor time. Files are synced by a
/// ``FileSyncer``, so a slow disk holds no session up either.
final class ListenLoop: @unchecked Sendable {
  // @unchecked: everything but `control`, `events` and the pipe is the loop thread's.
  let configuration: LiveConfiguration
  let events: EventQueue
  let control = Mutex(ControlState())
  private let listenFD: Int32
  private let wakeRead: Int32
  private let wakeWrite: Int32
  var connections: [Int32: Connection] = [:]
  var sessions: [String: SessionState] = [:]
  private var acceptPausedUntil: UInt64 = 0
  /// Whether the listener is stopping: the summaries keep saying which apps were
  /// connected when it stopped.
  private var isShuttingDown = false
  let syncer = FileSyncer()
  let finished = DispatchSemaphore(value: 0)

  init(configuration: LiveConfiguration, listenFD: Int32, events: EventQueue) throws(LiveError) {
    self.configuration = configuration
    self.listenFD = listenFD
    self.events = events
    var ends: [Int32] = [-1, -1]
    guard LiveSocket.makePipe(&ends) == 0 else {
      throw .cannotListen(configuration.address.description, code: errno)
    }
    for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
    wakeRead = ends[0]
    wakeWrite = ends[1]
  }

  deinit {
    LiveSocket.close(wakeRead)
    LiveSocket.close(wakeWrite)
  }

  static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  /// Makes the loop look at ``control``; from any thread.
  func wake() {
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  func run() {
    while true {
      var fds = pollSet()
      LiveSocket.wait(&fds, milliseconds: timeout())
      if fds[1].revents != 0 {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(wakeRead, &buffer, buffer.count) > 0 {}
        if takeControl() { break }
      }
      if fds[0].revents != 0 { acceptAll() }
      for pollfd in fds.dropFirst(2) where pollfd.revents != 0 {
        guard let connection = connections[pollfd.fd] else { continue }
        service(connection, events: Int32(pollfd.revents))
      }
      enforceDeadlines()
    }
    shutDown()
    finished.signal()
  }

  private func pollSet() -> [pollfd] {
    let accepting = Self.now() >= acceptPausedUntil
    var fds = [
      pollfd(fd: accepting ? listenFD : -1, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
    ]
    for (fd, connection) in connections {
      let events = Int16(POLLIN) | (connection.hasOutgoing ? Int16(POLLOUT) : 0)
      fds.append(pollfd(fd: fd, events: events, revents: 0))
    }
    return fds
  }

  /// Milliseconds until the nearest deadline; -1 (no timeout) when there is none.
  private func timeout() -> Int32 {
    let now = Self.now()
    var nearest: UInt64?
    func consider(_ deadline: UInt64) { nearest = min(nearest ?? deadline, deadline) }
    for connection in connections.values {
      let limit =
        connection.session == nil
        ? configuration.limits.helloSeconds : configuration.limits.idleSeconds
      consider(connection.lastLine + UInt64(limit * 1e9))
    }
    if acceptPausedUntil > now { consider(acceptPausedUntil) }
    guard let nearest else { return -1 }
    return nearest <= now ? 0 : Int32(min(60_000, (nearest - now) / 1_000_000 + 1))
  }

  /// Acts on what other threads asked; `true` to stop.
  private func takeControl() -> Bool {
    let (stopping, commands) = control.withLock { control in
      defer { control.commands = [] }
      return (control.stopping, control.commands)
    }
    if stopping { return true }
    for command in commands {
      guard let session = sessions[command.session], let fd = session.connection,
        let connection = connections[fd]
      else {
        let session = sessions[command.session]
        deliver(
          .refused(
            session == nil ? "no session \(command.session)" : "the app is not connected"),
          id: command.id, session: session?.info)
        continue
      }
      connection.unanswered.insert(command.id)
      connection.queue(command.line)
      flush(connection)
    }
    return false
  }

  /// Hands a reply to whoever waits for it, or reports it.
  func deliver(_ reply: LiveReply, id: Int?, session: LiveSession?) {
    let waiter = control.withLock { control in
      id.flatMap { control.waiters.removeValue(forKey: $0) }
    }
    if let waiter {
      waiter.resume(reply)
    } else if let session {
      events.push(.reply(session, id: id, reply))
    }
  }

  private func acceptAll() {
    let now = Self.now()
    while true {
      guard let (fd, peer) = LiveSocket.accept(listenFD) else {
        if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM {
          // Out of descriptors: let connections end before accepting more.
          acceptPausedUntil = now + 100_000_000
        }
        return
      }
      let connection = Connection(fd: fd, peer: peer, now: now)
      connections[fd] = connection
      if connections.count > configuration.limits.sessions {
        refuse(
          connection,
          "too many connections at once (the limit is \(configuration.limits.sessions))")
      }
    }
  }

  /// Reads what came and sends what waits; closes the connection when it ended.
  private func service(_ connection: Connection, events: Int32) {
    if events & Int32(POLLOUT) != 0 { flush(connection) }
    guard connections[connection.fd] != nil else { return }
    if events & Int32(POLLIN | POLLHUP | POLLERR) != 0 { receive(connection) }
    if events & Int32(POLLNVAL) != 0 { drop(connection, reason: "its socket closed") }
  }

  /// Sends what the socket takes; closes a connection whose last words are sent.
  func flush(_ connection: Connection) {
    while connection.hasOutgoing {
      let sent = connection.outgoing.withUnsafeBytes { raw in
        LiveSocket.send(
          connection.fd, UnsafeRawBufferPointer(rebasing: raw[connection.sentOffset...]))
      }
      if sent < 0 {
        drop(connection, reason: "the connection failed: \(LiveSocket.reason(errno))")
        return
      }
      if sent == 0 { return }
      connection.sentOffset += sent
    }
    if connection.closeWhenSent, connection.shutAt == nil {
      _ = shutdown(connection.fd, Int32(SHUT_WR))
      connection.shutAt = Self.now()
    }
  }

  /// Reads up to 1 MiB (so one busy app cannot starve the others), and acts on the lines.
  private func receive(_ connection: Connection) {
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    var total = 0
    var lines: [[UInt8]] = []
    var ended: String?
    var tooLong = false
    while total < 1 << 20 {
      guard let count = LiveSocket.receive(connection.fd, into: &chunk) else { break }
      if count <= 0 {
        ended =
          count == 0
          ? "the app closed the connection" : "the connection failed: \(LiveSocket.reason(errno))"
        break
      }
      total += count
      if connection.closeWhenSent { continue }  // last words sent: what comes is dropped
      if !connection.splitter.split(chunk[0..<count], into: &lines) {
        tooLong = true
        break
      }
    }
    if !lines.isEmpty { connection.lastLine = Self.now() }
    if !connection.closeWhenSent { process(lines, from: connection) }
    guard connections[connection.fd] != nil else { return }
    if connection.closeWhenSent {
      if ended != nil || tooLong { drop(connection, reason: nil) }
    } else if tooLong {
      lineTooLong(connection)
    } else if let ended {
      if !connection.splitter.partial.isEmpty, let id = connection.session,
        let session = sessions[id]
      {
        let line = (session.file?.lines ?? 0) + 1
        events.push(
          .warning(
            session.info,
            "\(session.info.label) disconnected in the middle of line \(line) (\(connection.splitter.partial.count) bytes received), which is not saved"
          ))
      }
      drop(connection, reason: ended)
    }
  }

  private func enforceDeadlines() {
    let now = Self.now()
    for connection in Array(connections.values) {
      if connection.closeWhenSent {
        if let shutAt = connection.shutAt, now >= shutAt + 1_000_000_000 {
          drop(connection, reason: nil)
        }
        continue
      }
      let hello = connection.session == nil
      let limit = hello ? configuration.limits.helloSeconds : configuration.limits.idleSeconds
      guard now >= connection.lastLine + UInt64(limit * 1e9) else { continue }
      if hello {
        refuse(connection, "no hello within \(Self.seconds(limit))")
      } else {
        drop(connection, reason: "no complete line for \(Self.seconds(limit)) (the idle limit)")
      }
    }
  }

  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }

  /// Refuses a connection: says why, reports it, closes once that is sent.
  func refuse(_ connection: Connection, _ reason: String) {
    events.push(.refused(peer: connection.peer, reason: reason))
    connection.queue(LiveWire.ListenerLine.refused(reason).line)
    connection.closeWhenSent = true
    connection.lastLine = Self.now()
    flush(connection)
  }

  /// Closes a connection; its session, if any, waits for the app to reconnect.
  func drop(_ connection: Connection, reason: String?) {
    connections[connection.fd] = nil
    LiveSocket.close(connection.fd)
    let session = connection.session.flatMap { sessions[$0] }?.info
    for id in connection.unanswered.sorted() {
      deliver(.refused("the app disconnected before it answered"), id: id, session: session)
    }
    connection.unanswered = []
    guard let id = connection.session, let session = sessions[id],
      session.connection == connection.fd
    else { return }
    session.connection = nil
    if !isShuttingDown { session.summary.isConnected = false }
    publish(session)
    if let reason { events.push(.disconnected(session.info, reason: reason)) }
  }

  /// Makes a session's tallies readable from other threads.
  func publish(_ session: SessionState) {
    control.withLock { control in
      if control.summaries[session.info.id] == nil { control.order.append(session.info.id) }
      control.summaries[session.info.id] = session.summary
    }
  }

  private func shutDown() {
    isShuttingDown = true
    // Whoever stopped the listener knows why: no event for each connection.
    for connection in Array(connections.values) { drop(connection, reason: nil) }
    for session in sessions.values { session.file?.close() }
    syncer.stop()
    LiveSocket.close(listenFD)
    let waiters = control.withLock { control in
      defer { control.waiters = [:] }
      return control.waiters
    }
    for waiter in waiters.values { waiter.resume(.refused("the listener stopped")) }
    events.finish()
  }
}
