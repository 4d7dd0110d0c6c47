import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The app's side of a live session: a ``LogWriter`` whose lines go to a listener
/// (`replay --listen`) over TCP, from a thread of its own.
///
/// ``write(line:)`` only appends to a bounded ``StreamBuffer`` and, when the thread
/// sleeps, wakes it: it never waits for the network. The thread connects, says hello,
/// resumes after the last line the listener has, sends, reads the listener's commands
/// and hands them to the ``RemoteController``, sends a heartbeat when quiet, and when
/// the connection fails reconnects with backoff. Nothing here can end the app: no
/// `SIGPIPE` (see ``LiveSocket``), every wait bounded, every failure a status.
final class LiveStream: LogWriter {
  struct Options: Sendable {
    var address: LiveAddress
    var hello: LiveWire.Hello
    /// Bytes of lines held for the listener.
    var bufferLimit: Int
    var connectTimeout = 3.0
    /// Waits between attempts: `minimumBackoff` doubling up to `maximumBackoff` seconds.
    var minimumBackoff = 0.2
    var maximumBackoff = 5.0
    /// Seconds without sending anything after which a heartbeat goes.
    var heartbeat = 15.0
    /// How long ``close()`` waits for the buffer to reach a connected listener.
    var drainLimit = 1.0
    /// How long a reply waits for the entry it names.
    var replyDelay = 2.0
    /// The longest line a listener may send (a command's action).
    var lineLimit = 16 << 20
    /// Seconds a connected listener may take none of the bytes waiting for it before the
    /// connection counts as dead.
    var stallLimit = 30.0
  }

  private struct Shared {
    var buffer: StreamBuffer
    var status: LogRecorder.StreamStatus = .connecting
    var closing = false
  }

  private enum Ending {
    case closed
    case failed(String)
    case refused(String)
    case stopped(String)
  }

  let options: Options
  private let shared: Mutex<Shared>
  private let wakeup: Wakeup
  private let woken = Atomic<Bool>(false)
  private let finished = DispatchSemaphore(value: 0)
  /// Receives each command the listener sends; set by the store's ``RemoteController``.
  let commands = Mutex<(@Sendable (_ id: Int, _ command: LiveCommand) -> Void)?>(nil)

  /// Starts the connection thread.
  /// - Throws: ``LogError`` when no wake-up pipe can be made (out of descriptors).
  init(options: Options) throws {
    self.options = options
    shared = Mutex(Shared(buffer: StreamBuffer(limit: options.bufferLimit)))
    wakeup = try Wakeup(path: options.address.description)
    let thread = Thread { [self] in run() }
    thread.name = "replay.LiveStream"
    thread.qualityOfService = .utility
    thread.start()
  }

  var status: LogRecorder.StreamStatus { shared.withLock { $0.status } }

  /// Transitions dropped because the buffer was full.
  var dropped: Int { shared.withLock { $0.buffer.dropped } }

  func write(line: Data) throws {
    shared.withLock { $0.buffer.append(line) }
    wake()
  }

  /// Queues a reply to a command, sent after entry `afterSeq`.
  func reply(id: Int?, _ reply: LiveReply, afterSeq: Int?) {
    let line = LiveWire.replyLine(id: id, reply)
    let now = DispatchTime.now().uptimeNanoseconds
    shared.withLock { $0.buffer.reply(line, afterSeq: afterSeq, now: now) }
    wake()
  }

  private func wake() {
    if !woken.exchange(true, ordering: .acquiringAndReleasing) { wakeup.wake() }
  }

  /// Lines go out as the thread gets to them; there is nothing to make durable here.
  func flush() throws {}

  /// Sends what is buffered to a connected listener, for at most ``Options/drainLimit``
  /// seconds, then ends the connection and the thread. Never throws.
  func close() throws {
    let connected = shared.withLock { shared -> Bool? in
      guard !shared.closing else { return nil }
      shared.closing = true
      return shared.status == .connected
    }
    guard let connected else { return }
    wakeup.wake()
    _ = finished.wait(timeout: .now() + (connected ? options.drainLimit + 0.5 : 0.5))
  }

  private var isClosing: Bool { shared.withLock { $0.closing } }

  private func setStatus(_ status: LogRecorder.StreamStatus) {
    shared.withLock { shared in
      if shared.status != .closed { shared.status = status }
    }
  }

  private func run() {
    var backoff = options.minimumBackoff
    loop: while !isClosing {
      switch connectAndStream() {
      case .closed:
        break loop
      case .stopped(let reason):
        setStatus(.stopped(reason: reason))
        break loop
      case .refused(let reason):
        setStatus(.refused(reason: reason))
        backoff = options.maximumBackoff
      case .failed(let reason):
        let wasConnected = status == .connected
        setStatus(.disconnected(reason: reason))
        if wasConnected { backoff = options.minimumBackoff }
      }
      // Up to a quarter more, so many apps that lost one listener do not all return at once.
      sleep(seconds: backoff * (1 + Double.random(in: 0..<0.25)))
      backoff = min(backoff * 2, options.maximumBackoff)
    }
    // A stopped session keeps saying why, closed or not.
    if isClosing {
      if case .stopped = status {} else { setStatus(.closed) }
    }
    finished.signal()
  }

  /// Waits `seconds`, or less if the stream is closed meanwhile.
  private func sleep(seconds: Double) {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
    while !isClosing {
      let now = DispatchTime.now().uptimeNanoseconds
      guard now < deadline else { return }
      var fds = [pollfd(fd: wakeup.readEnd, events: Int16(POLLIN), revents: 0)]
      LiveSocket.wait(&fds, milliseconds: Int32(min(1000, (deadline - now) / 1_000_000 + 1)))
      wakeup.drain()
      woken.store(false, ordering: .releasing)
    }
  }

  /// One connection, from `connect(2)` to its end.
  private func connectAndStream() -> Ending {
    let fd: Int32
    do {
      fd = try LiveSocket.connect(to: options.address, timeout: options.connectTimeout)
    } catch {
      return .failed(error.description)
    }
    defer { LiveSocket.close(fd) }
    var reader = Reader(fd: fd, splitter: LineSplitter(limit: options.lineLimit))
    var outgoing = options.hello.line
    var offset = 0
    // The hello goes, then nothing until the listener answers.
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(options.connectTimeout * 2e9)
    var lastSeq: Int?
    var heartbeat = options.heartbeat
    handshake: while true {
      if let ending = pump(fd, &outgoing, &offset, &reader, deadline: deadline) { return ending }
      while let line = reader.lines.popFirst() {
        switch LiveWire.ListenerLine(parsing: line) {
        case .welcome(let seq, let idle)?:
          lastSeq = seq
          // Often enough that the listener's idle limit never closes a quiet app.
          if let idle, idle > 0 { heartbeat = min(heartbeat, max(0.05, idle / 3)) }
          break handshake
        case .refused(let reason)?: return .refused(reason)
        case .stopped(let reason)?: return .stopped(reason)
        default: continue
        }
      }
    }
    outgoing = shared.withLock { shared in
      shared.status = .connected
      return shared.buffer.resume(after: lastSeq)
    }
    offset = 0
    return stream(fd, outgoing, &reader, heartbeat: heartbeat)
  }

  /// Sends and receives until the connection ends or the stream closes.
  private func stream(
    _ fd: Int32, _ first: Data, _ reader: inout Reader, heartbeat seconds: Double
  ) -> Ending {
    var outgoing = first
    var offset = 0
    var lastSent = DispatchTime.now().uptimeNanoseconds
    var lastProgress = lastSent
    var drainDeadline: UInt64?
    let heartbeat = UInt64(seconds * 1e9)
    while true {
      let now = DispatchTime.now().uptimeNanoseconds
      if offset == outgoing.count {
        lastProgress = now
        woken.store(false, ordering: .releasing)
        let (next, closing) = shared.withLock { shared in
          (
            shared.buffer.take(
              maxBytes: 256 << 10, now: now, replyDelay: UInt64(options.replyDelay * 1e9)),
            shared.closing
          )
        }
        (outgoing, offset) = (next, 0)
        if closing {
          if outgoing.isEmpty, !shared.withLock({ $0.buffer.hasUnsent }) { return .closed }
          drainDeadline = drainDeadline ?? now + UInt64(options.drainLimit * 1e9)
        }
        if outgoing.isEmpty, now - lastSent >= heartbeat { outgoing = LiveWire.heartbeat }
        if !outgoing.isEmpty { lastSent = now }
      } else if now - lastProgress > UInt64(options.stallLimit * 1e9) {
        return .failed("the listener has taken nothing for \(Int(options.stallLimit)) s")
      }
      if let drainDeadline, now > drainDeadline { return .closed }
      // Wake for the next heartbeat, or soon while replies wait for their entries.
      let soon = drainDeadline != nil || shared.withLock({ $0.buffer.hasReplies })
      let deadline = soon ? now + 100_000_000 : max(lastSent + heartbeat, now + 10_000_000)
      let before = offset
      if let ending = pump(fd, &outgoing, &offset, &reader, deadline: deadline, idleOK: true) {
        return ending
      }
      if offset > before { lastProgress = DispatchTime.now().uptimeNanoseconds }
      while let line = reader.lines.popFirst() {
        if let ending = handle(line) { return ending }
      }
    }
  }

  /// Acts on one line from the listener.
  private func handle(_ line: [UInt8]) -> Ending? {
    switch LiveWire.ListenerLine(parsing: line) {
    case .stopped(let reason)?: return .stopped(reason)
    case .refused(let reason)?: return .refused(reason)
    case .command(let id, let command)?:
      if let handler = commands.withLock({ $0 }) {
        handler(id, command)
      } else {
        reply(
          id: id,
          .refused(
            "no store records through this recorder: remote control needs the Store created with it (Store(initialState:reducer:recorder:))"
          ), afterSeq: nil)
      }
    case .invalidCommand(let id, let reason)?:
      reply(id: id, .refused(reason), afterSeq: nil)
    case .welcome?, nil:
      break
    }
    return nil
  }

  /// Bytes read from the listener, cut into lines.
  private struct Reader {
    let fd: Int32
    var splitter: LineSplitter
    var lines: ArraySlice<[UInt8]> = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)

    /// Reads what arrived; an ending when the connection did.
    mutating func read(limit: Int) -> Ending? {
      guard let count = LiveSocket.receive(fd, into: &chunk) else { return nil }
      if count < 0 { return .failed("the connection failed: \(LiveSocket.reason(errno))") }
      if count == 0 { return .failed("the listener closed the connection") }
      var ended: [[UInt8]] = Array(lines)
      guard splitter.split(chunk[0..<count], into: &ended) else {
        return .failed("the listener sent a line longer than \(limit) bytes")
      }
      lines = ended[...]
      return nil
    }
  }

  /// Waits until `deadline` for the socket to take bytes or bring some, or for a wake-up;
  /// sends what it can of `outgoing` and reads what came.
  /// - Parameter idleOK: Whether reaching `deadline` is normal (streaming) rather than a
  ///   failure (the handshake).
  /// - Returns: An ending when the connection failed or was closed.
  private func pump(
    _ fd: Int32, _ outgoing: inout Data, _ offset: inout Int, _ reader: inout Reader,
    deadline: UInt64, idleOK: Bool = false
  ) -> Ending? {
    let now = DispatchTime.now().uptimeNanoseconds
    if now >= deadline {
      return idleOK ? nil : .failed("the listener did not answer the hello")
    }
    let wantsOut = offset < outgoing.count
    var fds = [
      pollfd(fd: fd, events: Int16(POLLIN) | (wantsOut ? Int16(POLLOUT) : 0), revents: 0),
      pollfd(fd: wakeup.readEnd, events: Int16(POLLIN), revents: 0),
    ]
    let waitMilliseconds = Int32(min(60_000, (deadline - now) / 1_000_000 + 1))
    guard LiveSocket.wait(&fds, milliseconds: waitMilliseconds) >= 0 else {
      return .failed("poll failed: \(LiveSocket.reason(errno))")
    }
    if fds[1].revents != 0 { wakeup.drain() }
    let events = Int32(fds[0].revents)
    if events & Int32(POLLIN) != 0 || events & Int32(POLLHUP | POLLERR) != 0 {
      if let ending = reader.read(limit: options.lineLimit) { return ending }
    }
    if events & Int32(POLLNVAL) != 0 { return .failed("the connection's socket is not open") }
    if wantsOut, events & Int32(POLLOUT) != 0 {
      let sent = outgoing.withUnsafeBytes { raw in
        LiveSocket.send(fd, UnsafeRawBufferPointer(rebasing: raw[offset...]))
      }
      if sent < 0 { return .failed("the connection failed: \(LiveSocket.reason(errno))") }
      offset += sent
    }
    return nil
  }
}
