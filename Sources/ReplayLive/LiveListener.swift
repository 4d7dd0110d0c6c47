import Dispatch
import Foundation
import Synchronization
import TimeTravel

/// Accepts apps that stream their log (a `LogRecorder` made with
/// `streamingTo:`, the Redux middleware with `connect`), saves each session durably as
/// its own log, reports what comes as ``LiveEvent``s, and sends the apps time-travel
/// commands: the engine of `replay --listen`.
///
/// ```swift
/// import ReplayLive
/// import TimeTravel
///
/// func watchApps() throws {
///   let listener = try LiveListener(
///     LiveConfiguration(address: LiveAddress(host: "127.0.0.1", port: 9000)))
///   while let event = listener.next() {
///     if case .line(let session, let bytes, let line) = event {
///       print(session.app, line, bytes.count)
///     }
///   }
/// }
/// ```
///
/// - **Security.** It binds to loopback unless told otherwise, and any other address
///   needs a token, which apps send in their hello and which is compared in constant time.
///   A connection without it, with a wrong one, or with another protocol version is told
///   why, closed and reported (``LiveEvent/refused(peer:reason:)``); nothing of it is
///   saved. Commands go only to the connection the app opened.
/// - **Saving.** Each session is a file in ``LiveConfiguration/directory`` named by app,
///   start time and session (`TodoApp-2026-01-05T09-00-00.000Z-6f9619ff.jsonl`), written
///   as the app's own recorder would write it and synced every second while it grows.
///   An app that reconnects (or a listener restarted on the same folder) continues the
///   same file: the app resends what the file lacks, and what neither has any more is a
///   gap record. Lines that are not JSON objects are reported and not saved; a torn line
///   at a disconnection is reported and not saved. A write that fails (a full disk)
///   stops that session, and the app is told.
/// - **Limits** (``LiveLimits``): line size, connections at once, idle and hello time.
///
/// One thread serves every connection with non-blocking sockets; an idle listener sleeps
/// in `poll(2)` without a timeout.
public final class LiveListener: Sendable {
  /// The address bound, with the port the system chose when asked for port 0.
  public let address: LiveAddress
  /// The configuration it was started with.
  public let configuration: LiveConfiguration
  private let loop: ListenLoop

  /// Binds, creates the folder, and starts serving.
  /// - Parameter configuration: Where and how to listen.
  /// - Throws: `LiveError.tokenRequired(_:)` for an address other machines can reach
  ///   and no token; `LiveError.cannotListen(_:code:)` when the address cannot be bound
  ///   (in use, not this machine's); `LiveError.cannotResolve(_:reason:)`;
  ///   `LiveError.cannotSave(_:reason:)` when the folder cannot be created.
  public init(_ configuration: LiveConfiguration) throws(LiveError) {
    if configuration.token == nil, !configuration.address.isLoopback {
      throw .tokenRequired(configuration.address.description)
    }
    if let code = Self.makeDirectory(configuration.directory.path) {
      throw .cannotSave(configuration.directory.path, reason: LiveSocket.reason(code))
    }
    let (fd, port) = try LiveSocket.listen(on: configuration.address)
    address = LiveAddress(host: configuration.address.host, port: port)
    self.configuration = configuration
    do {
      loop = try ListenLoop(configuration: configuration, listenFD: fd, events: EventQueue())
    } catch {
      LiveSocket.close(fd)
      throw error
    }
    let loop = self.loop
    let thread = Thread { loop.run() }
    thread.name = "replay.LiveListener"
    thread.start()
  }

  deinit { stop() }

  /// Makes the folder at `path` and those above it that are missing (`mkdir -p`).
  /// - Returns: `nil` once it is a folder; else the `errno` of the step that failed
  ///   (`ENOTDIR` when a file is in the way), which Foundation's error on Linux does not
  ///   carry.
  private static func makeDirectory(_ path: String) -> Int32? {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for part in path.split(separator: "/") {
      prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
      if mkdir(prefix, 0o755) != 0, errno != EEXIST { return errno }
    }
    var status = stat()
    guard stat(path, &status) == 0 else { return errno }
    return status.st_mode & S_IFMT == S_IFDIR ? nil : ENOTDIR
  }

  /// The next event, waiting up to `timeout` seconds (forever when `nil`).
  /// - Returns: `nil` when none came in time, or after ``stop()`` once every event
  ///   before it was read.
  public func next(timeout: Double? = nil) -> LiveEvent? {
    loop.events.next(timeout: timeout)
  }

  /// Sends `command` to the app of `session`; its answer comes as a
  /// ``LiveEvent/reply(_:id:_:)`` with the returned id (or a refusal, when the app is
  /// not connected).
  /// - Returns: The command's id, unique in this listener.
  @discardableResult
  public func send(_ command: LiveCommand, to session: String) -> Int {
    let id = loop.control.withLock { control in
      defer { control.nextCommandID += 1 }
      let id = control.nextCommandID
      control.commands.append(
        (session, id, LiveWire.ListenerLine.command(id: id, command).line))
      return id
    }
    loop.wake()
    return id
  }

  /// Sends `command` and waits for the app's answer, up to `timeout` seconds, blocking
  /// the calling thread (in Swift concurrency, the `async` form waits without blocking).
  /// The answer comes after the entry it names has been reported and saved.
  /// - Returns: The app's reply; a refusal naming the reason when the app is not
  ///   connected, disconnects or does not answer in time, or the listener stops.
  public func request(_ command: LiveCommand, to session: String, timeout: Double = 5)
    -> LiveReply
  {
    let answer = Mutex<LiveReply?>(nil)
    let done = DispatchSemaphore(value: 0)
    let id = register(command, to: session) { reply in
      answer.withLock { $0 = reply }
      done.signal()
    }
    if done.wait(timeout: .now() + timeout) == .timedOut {
      expire(id, after: timeout)
      done.wait()
    }
    return answer.withLock { $0 } ?? .refused("the listener stopped")
  }

  /// Sends `command` and waits for the app's answer, up to `timeout` seconds; see the
  /// blocking form.
  public func request(_ command: LiveCommand, to session: String, timeout: Double = 5) async
    -> LiveReply
  {
    await withCheckedContinuation { continuation in
      let id = register(command, to: session) { continuation.resume(returning: $0) }
      DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [self] in
        expire(id, after: timeout)
      }
    }
  }

  /// Queues `command` with a waiter for its reply; returns its id.
  private func register(
    _ command: LiveCommand, to session: String, _ resume: @escaping @Sendable (LiveReply) -> Void
  ) -> Int {
    let id = loop.control.withLock { control in
      defer { control.nextCommandID += 1 }
      let id = control.nextCommandID
      control.waiters[id] = Waiter(resume)
      control.commands.append(
        (session, id, LiveWire.ListenerLine.command(id: id, command).line))
      return id
    }
    loop.wake()
    return id
  }

  /// Answers a request still waiting after `timeout` seconds with that.
  private func expire(_ id: Int, after timeout: Double) {
    let waiter = loop.control.withLock { $0.waiters.removeValue(forKey: id) }
    waiter?.resume(.refused("the app did not answer within \(ListenLoop.seconds(timeout))"))
  }

  /// Every session so far, in the order they first connected, with their tallies.
  public var summaries: [LiveSessionSummary] {
    loop.control.withLock { control in control.order.compactMap { control.summaries[$0] } }
  }

  /// Closes every connection (the apps buffer and reconnect to a later listener) and
  /// every file, and stops the thread; a waiting ``next(timeout:)`` returns the last
  /// events, then `nil`. Idempotent; waits at most 5 s for the thread.
  public func stop() {
    let first = loop.control.withLock { control -> Bool in
      defer { control.stopping = true }
      return !control.stopping
    }
    guard first else { return }
    loop.wake()
    _ = loop.finished.wait(timeout: .now() + 5)
  }
}
