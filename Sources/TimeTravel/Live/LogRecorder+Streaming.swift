import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A streaming recorder's live parts: the stream, and what applies the listener's
/// commands to the store.
final class LiveLink: Sendable {
  let stream: LiveStream
  let controller: RemoteController

  init(stream: LiveStream) {
    self.stream = stream
    controller = RemoteController(listener: stream.options.address.description) {
      [weak stream] id, reply, afterSeq in
      stream?.reply(id: id, reply, afterSeq: afterSeq)
    }
    let controller = self.controller
    stream.commands.withLock { $0 = { id, command in controller.receive(id: id, command) } }
  }

  /// Starts a stream to `address` for the session of `app`, beginning now.
  static func start(
    _ address: String, token: String?, app: String, started: Date, bufferLimit: Int
  ) throws -> LiveLink {
    let address = try LiveAddress(parsing: address)
    precondition(bufferLimit >= 1, "LogRecorder: bufferLimit must be at least 1")
    var name = [CChar](repeating: 0, count: 256)
    let device = gethostname(&name, name.count - 1) == 0 ? cString(name) : nil
    let hello = LiveWire.Hello(
      app: app, session: UUID().uuidString.lowercased(),
      started: LogTimestamp.string(from: started),
      device: device, pid: Int(getpid()),
      token: token ?? ProcessInfo.processInfo.environment["REPLAY_TOKEN"])
    return LiveLink(
      stream: try LiveStream(
        options: .init(address: address, hello: hello, bufferLimit: bufferLimit)))
  }
}

/// The file, the durable copy, and the stream, the live one: each line goes to both.
/// The file's errors stop recording as they always do; the stream never fails.
final class FileAndStreamWriter: LogWriter {
  let file: FileLogWriter
  let stream: LiveStream

  init(file: FileLogWriter, stream: LiveStream) {
    self.file = file
    self.stream = stream
  }

  func write(line: Data) throws {
    try file.write(line: line)
    try stream.write(line: line)
  }

  func flush() throws { try file.flush() }

  func close() throws {
    try? stream.close()
    try file.close()
  }
}

extension LogRecorder {
  /// Records to a listener over TCP, live: `replay --listen` shows each entry as the app
  /// records it, saves the session, and (when the store allows it, see
  /// ``Store/remoteControl``) moves the app through time.
  ///
  /// ```swift
  /// import TimeTravel
  ///
  /// func makeLiveRecorder() throws -> LogRecorder {
  ///   try LogRecorder(
  ///     streamingTo: "192.168.1.20:9000", token: "correct-horse",
  ///     app: "TodoApp", stateType: "TodoState", actionType: "TodoAction")
  /// }
  /// ```
  ///
  /// The lines are those a file log gets, after a hello naming the app, the session and
  /// the token (the protocol is in <doc:LogFormat>, "Live sessions"). The store is made
  /// with it exactly as with a file recorder.
  ///
  /// Recording never waits for the network. By default it is asynchronous and drops
  /// rather than blocks (``Durability/asynchronous(queueLimit:whenFull:)`` with
  /// ``Overflow/drop``): `dispatch` costs what it costs with the asynchronous file
  /// recorder (a few µs, measured in `record-bench`). A thread of the recorder's own
  /// connects in the background, reconnects with backoff (0.2 s doubling to 5 s) when the
  /// connection fails, and keeps up to `bufferLimit` bytes of lines meanwhile, sent and
  /// unsent, so that after a reconnection the listener gets what it missed; what the
  /// buffer cannot hold becomes a gap record (`"reason":"buffer"`). Nothing the listener
  /// does (being absent, slow, stalled or gone) can stop or crash the app: the socket
  /// never raises `SIGPIPE`, and every wait is bounded. Closing sends what is buffered
  /// to a connected listener for at most a second.
  ///
  /// - Parameters:
  ///   - address: `HOST:PORT` of the listener (see ``LiveAddress``), e.g.
  ///     `127.0.0.1:9000` from a simulator, the Mac's address from a device.
  ///   - token: What the listener requires (any listener not on loopback requires one);
  ///     `nil` takes `REPLAY_TOKEN` from the environment, if set. It is sent in the
  ///     clear: on an untrusted network, tunnel the port (ssh `-L`, `adb reverse`).
  ///   - app: The app's name, for the header and the session's file name.
  ///   - stateType: The recorded state's Swift type name.
  ///   - actionType: The recorded action's Swift type name.
  ///   - clock: The source of `created`, the session's start and each entry's `time`.
  ///   - pendingRecords: Whether to write each action before reducing it.
  ///   - redacting: Values never to write (nor send).
  ///   - encoding: Full entries (the default) or compact ones.
  ///   - durability: Asynchronous, dropping when full, by default; a synchronous
  ///     recorder encodes on the caller's thread, but still never waits for the network.
  ///   - nils: How optionals that are `nil` are written.
  ///   - bufferLimit: Bytes of lines kept for the listener (≥ 1); 8 MiB by default.
  ///   - recordsSites: Whether entries carry the ``DispatchSite`` of their dispatch, as
  ///     with a file recorder; on by default.
  ///   - recordsEffects: Whether effects' starts and ends are written as effect records;
  ///     on by default.
  /// - Throws: ``LiveError/invalidAddress(_:reason:)`` when `address` is not `HOST:PORT`.
  ///   An unreachable listener is no error: the recorder connects when it can.
  public convenience init(
    streamingTo address: String, token: String? = nil, app: String, stateType: String,
    actionType: String, clock: @escaping @Sendable () -> Date = { Date() },
    pendingRecords: Bool = false, redacting: LogRedaction = .none,
    encoding: EntryEncoding = .full,
    durability: Durability = .asynchronous(queueLimit: 4096, whenFull: .drop),
    nils: NilEncoding = .null, bufferLimit: Int = 8 << 20, recordsSites: Bool = true,
    recordsEffects: Bool = true
  ) throws {
    let started = clock()
    let live = try LiveLink.start(
      address, token: token, app: app, started: started, bufferLimit: bufferLimit)
    try self.init(
      sink: .writer(live.stream), destination: "<stream to \(live.stream.options.address)>",
      names: HeaderNames(app: app, stateType: stateType, actionType: actionType, nils: nils),
      writesHeader: true, clock: clock, pendingRecords: pendingRecords,
      redacting: redacting, encoding: encoding, durability: durability, nils: nils,
      provenance: Provenance(sites: recordsSites, effects: recordsEffects), live: live)
  }

  /// Records to the file at `url`, the durable copy, and streams the same lines to a
  /// listener, the live one (see `init(streamingTo:…)`).
  ///
  /// The file gets every line as a file recorder writes it; its errors stop recording
  /// (see ``Store/recordingError``). The stream only ever loses what its buffer cannot
  /// hold, as a gap the listener saves.
  ///
  /// - Parameters:
  ///   - url: A file URL; the file is created if needed.
  ///   - address: `HOST:PORT` of the listener.
  ///   - token: What the listener requires; `nil` takes `REPLAY_TOKEN`, if set.
  ///   - app: The app's name.
  ///   - stateType: The recorded state's Swift type name.
  ///   - actionType: The recorded action's Swift type name.
  ///   - mode: Whether to truncate or append to an existing file.
  ///   - clock: The source of `created` and each entry's `time`.
  ///   - pendingRecords: Whether to write each action before reducing it.
  ///   - redacting: Values never to write.
  ///   - encoding: Full entries (the default) or compact ones.
  ///   - durability: Asynchronous, dropping when full, by default.
  ///   - nils: How optionals that are `nil` are written.
  ///   - bufferLimit: Bytes of lines kept for the listener; 8 MiB by default.
  ///   - recordsSites: As for a file recorder; on by default.
  ///   - recordsEffects: As for a file recorder; on by default.
  /// - Throws: As ``init(url:app:stateType:actionType:writesHeader:mode:clock:pendingRecords:redacting:encoding:durability:keepingLast:nils:recordsSites:recordsEffects:)``
  ///   for the file; ``LiveError/invalidAddress(_:reason:)`` for the address.
  public convenience init(
    url: URL, streamingTo address: String, token: String? = nil, app: String,
    stateType: String, actionType: String, mode: FileLogWriter.Mode = .truncate,
    clock: @escaping @Sendable () -> Date = { Date() }, pendingRecords: Bool = false,
    redacting: LogRedaction = .none, encoding: EntryEncoding = .full,
    durability: Durability = .asynchronous(queueLimit: 4096, whenFull: .drop),
    nils: NilEncoding = .null, bufferLimit: Int = 8 << 20, recordsSites: Bool = true,
    recordsEffects: Bool = true
  ) throws {
    let started = clock()
    let file = try FileLogWriter(url: url, mode: mode)
    let live: LiveLink
    do {
      live = try LiveLink.start(
        address, token: token, app: app, started: started, bufferLimit: bufferLimit)
    } catch {
      try? file.close()
      throw error
    }
    try self.init(
      sink: .writer(FileAndStreamWriter(file: file, stream: live.stream)),
      destination: url.path,
      names: HeaderNames(app: app, stateType: stateType, actionType: actionType, nils: nils),
      writesHeader: true, clock: clock, pendingRecords: pendingRecords,
      redacting: redacting, encoding: encoding, durability: durability, nils: nils,
      provenance: Provenance(sites: recordsSites, effects: recordsEffects), live: live)
  }

  /// Where the live session stands; `nil` for a recorder that does not stream.
  public var streamStatus: StreamStatus? { live?.stream.status }

  /// Transitions the stream had to drop because its buffer was full (each is in a gap
  /// record); 0 for a recorder that does not stream.
  public var streamDropped: Int { live?.stream.dropped ?? 0 }

  /// Lets the listener's commands reach `store` (the store calls this when it is made
  /// with this recorder).
  @MainActor func attachRemoteControl<R: Reducer>(to store: Store<R>) {
    guard let live else { return }
    let target = RemoteController.Target(
      permission: { [weak store] in store?.remoteControl },
      historyCount: { [weak store] in store?.states.count ?? 0 },
      currentIndex: { [weak store] in store?.currentIndex ?? 0 },
      jump: { [weak store] in store?.jump(to: $0) ?? false },
      undo: { [weak store] in store?.undo() ?? false },
      redo: { [weak store] in store?.redo() ?? false },
      dispatch: Self.decodingDispatch(store),
      actionType: "\(R.Action.self)")
    live.controller.attach(target, historyCount: store.states.count, current: store.currentIndex)
  }

  /// Dispatches JSON decoded as the store's action, when that type is `Decodable`.
  private static func decodingDispatch<R: Reducer>(_ store: Store<R>)
    -> (@MainActor @Sendable (JSONValue) throws -> Void)?
  {
    guard R.Action.self is any Decodable.Type else { return nil }
    return { [weak store] json in
      func decode<T: Decodable>(_ type: T.Type) throws -> R.Action? {
        try JSONValueCoding.decode(type, from: json) as? R.Action
      }
      guard let type = R.Action.self as? any Decodable.Type, let action = try decode(type)
      else { return }
      store?.dispatch(action)
    }
  }
}
