import Foundation
import Synchronization
import TimeTravelJSON

/// A ``Recorder`` writing the replay JSON Lines log format, version 1.
///
/// Optional first line, the header (keys in this order):
/// `{"format":"replay-log","version":1,"app":…,"stateType":…,"actionType":…,"created":…}`.
/// Then one line per transition:
/// `{"seq":N,"time":"2026-01-05T09:00:00.000Z","action":…,"prior":…,"next":…}`, with
/// `seq` starting at 1 and contiguous, `time` from ``LogTimestamp``, and time-travel
/// actions as `{"@@undo":{"from":F,"to":T}}` (likewise `@@redo`, `@@jump`).
///
/// Values are encoded by `JSONBytesEncoder`, whose bytes are those of `JSONEncoder`
/// with sorted keys and unescaped slashes (several times faster), except that optionals
/// that are `nil` are written as `null` (see `NilEncoding`), so equal values always
/// give equal bytes. Each state is encoded once: its bytes are the
/// entry's `next` and are reused verbatim as the following entry's `prior`, which halves
/// the encoding work and makes "prior of entry *k* is byte-identical to next of entry
/// *k − 1*" hold by construction. This relies on the ``Recorder`` contract that entries
/// arrive in order; the `prior` argument is only encoded for the first entry.
///
/// With `pendingRecords`, each app action is also written *before* it is reduced, as
/// `{"seq":K,"time":…,"pending":true,"action":…,"prior":…}`, so that a trap inside
/// `reduce` leaves a log naming the fatal action (see ``PendingEntry``). It is off by
/// default: it writes about 1.5 times the bytes (a second copy of each prior) and
/// doubles the `write(2)` calls per transition. The prior's bytes are reused, not
/// re-encoded, so encoding, the dominant cost, does not grow (measured in a debug
/// build: 192 µs vs 200 µs per transition of a 100-item to-do state). Turn it on in
/// debug builds or when chasing a crash.
///
/// Actions sent by effects carry an `"origin":{"cause":K,"effect":…}` member (see
/// ``ActionOrigin``), and ``LogRedaction`` replaces secrets before anything is written.
/// Each entry says where its action was dispatched
/// (`"site":{"file":…,"line":…,"function":…}`, see ``DispatchSite``; `recordsSites: false`
/// leaves it out), and effects' starts and ends are written as effect records (see
/// ``EffectEvent``; `recordsEffects: false` leaves them out), which are not entries.
///
/// ``Durability`` chooses where encoding happens: on the caller's thread before `record`
/// returns (``Durability/synchronous``, the default, today's behaviour) or on a dedicated
/// writer thread fed by a bounded queue (``Durability/asynchronous(queueLimit:whenFull:)``,
/// recommended for apps: the caller pays about 2 µs, measured in `record-bench`). ``EntryEncoding`` chooses
/// full entries or compact ones (keyframes plus RFC 6902 patches); `keepingLast` turns a
/// file log into a ring that keeps the last entries and records how many it dropped.
///
/// After a write or encoding error the recorder refuses further entries (rethrowing the
/// first error), because skipping one would break the chain.
///
/// Closing the recorder (``close()``, releasing it, or the process exiting normally)
/// writes a closing record, `{"closed":true,"lastSeq":N,"time":…,"by":…}` (see
/// ``LogClosing``), and the header says `"closingRecord":true`, so a reader can tell a
/// log that was closed from one whose app stopped. A normal exit (`exit()`, returning
/// from `main`) closes every open recorder, draining asynchronous queues first; see
/// <doc:RecordingCosts> for what a signal, `SIGKILL` or a trap loses. A file log is
/// locked while it is open: a second recorder on the same file is refused
/// (``LogWriterError/locked(path:)``).
public final class LogRecorder: Recorder {
  /// Names the destination in errors: the file path, `<memory>`, or `<WriterType>`.
  private let destination: String
  private let clock: @Sendable () -> Date
  private let core: RecorderCore
  private let queue: RecorderQueue?
  private let pendingRecords: Bool
  /// The live session of a streaming recorder (see `LogRecorder+Streaming.swift`).
  let live: LiveLink?
  private let recordsEffects: Bool

  /// Records to the file at `url`, truncating it by default.
  ///
  /// - Parameters:
  ///   - url: A file URL; the file is created if needed.
  ///   - app: The app's name, for the header.
  ///   - stateType: The recorded state's Swift type name, e.g. `"TodoState"`.
  ///   - actionType: The recorded action's Swift type name, e.g. `"TodoAction"`.
  ///   - writesHeader: Whether to start with the header line (always on in ring mode,
  ///     whose header records the dropped entries).
  ///   - mode: Whether to truncate or append to an existing file (ring mode truncates).
  ///   - clock: The source of `created` and each entry's `time`; inject a fixed clock
  ///     for reproducible logs.
  ///   - pendingRecords: Whether to write each action before reducing it (see the
  ///     type's notes); off by default. Only synchronous recording writes a pending
  ///     record before the reducer runs; asynchronous recording queues it like an entry.
  ///   - redacting: Values never to write (see ``LogRedaction``).
  ///   - encoding: Full entries (the default) or compact ones.
  ///   - durability: Synchronous (the default) or asynchronous recording.
  ///   - keepingLast: When set (≥ 1), ring mode: the file keeps at least the last
  ///     `keepingLast` entries and at most 1.5 times as many, and its header says how
  ///     many earlier ones were dropped. `nil` (the default) keeps everything.
  ///   - nils: How optionals that are `nil` are written: as `null` (the default, recorded
  ///     in the header as `"nils":"null"`) or left out as `JSONEncoder` does.
  ///   - recordsSites: Whether entries and effect records carry the ``DispatchSite`` of
  ///     their `dispatch`, `send` or `.run` as a `site` member (`#fileID`, so
  ///     `Module/File.swift`, a line and a function name); on by default. Turn it off for
  ///     an app whose logs must not name its source files.
  ///   - recordsEffects: Whether effects' starts and ends are written as effect records,
  ///     and the run's id in each `origin` (see ``EffectEvent``); on by default.
  /// - Throws: ``LogWriterError/cannotOpen(path:code:)`` naming the path when the file
  ///   cannot be opened; ``LogWriterError/locked(path:)`` when another recorder, in
  ///   this process or another, has it open (the file is then left untouched); a write
  ///   error if the header cannot be written.
  public convenience init(
    url: URL, app: String, stateType: String, actionType: String, writesHeader: Bool = true,
    mode: FileLogWriter.Mode = .truncate, clock: @escaping @Sendable () -> Date = { Date() },
    pendingRecords: Bool = false, redacting: LogRedaction = .none,
    encoding: EntryEncoding = .full, durability: Durability = .synchronous,
    keepingLast: Int? = nil, nils: NilEncoding = .null, recordsSites: Bool = true,
    recordsEffects: Bool = true
  ) throws {
    let names = HeaderNames(app: app, stateType: stateType, actionType: actionType, nils: nils)
    let sink: LogSink
    var writesHeader = writesHeader
    if let capacity = keepingLast {
      let created = clock()
      sink = .ring(
        try RingLog(url: url, capacity: capacity) { firstSeq in
          try Self.header(
            names, created: created, encoding: encoding, durability: durability,
            ring: (capacity: capacity, firstSeq: firstSeq))
        })
      writesHeader = false  // each ring file's header is written by the ring
    } else {
      sink = .writer(try FileLogWriter(url: url, mode: mode))
    }
    try self.init(
      sink: sink, destination: url.path, names: names, writesHeader: writesHeader, clock: clock,
      pendingRecords: pendingRecords, redacting: redacting, encoding: encoding,
      durability: durability, nils: nils,
      provenance: Provenance(sites: recordsSites, effects: recordsEffects))
  }

  /// Records through any ``LogWriter``, e.g. a ``MemoryLogWriter`` in tests.
  ///
  /// - Parameters:
  ///   - writer: Receives whole lines.
  ///   - app: The app's name, for the header.
  ///   - stateType: The recorded state's Swift type name.
  ///   - actionType: The recorded action's Swift type name.
  ///   - writesHeader: Whether to start with the header line.
  ///   - clock: The source of `created` and each entry's `time`.
  ///   - pendingRecords: Whether to write each action before reducing it.
  ///   - redacting: Values never to write.
  ///   - encoding: Full entries (the default) or compact ones.
  ///   - durability: Synchronous (the default) or asynchronous recording.
  ///   - nils: How optionals that are `nil` are written: as `null` (the default) or left
  ///     out.
  ///   - recordsSites: Whether entries and effect records carry a `site` member (on by
  ///     default).
  ///   - recordsEffects: Whether effects' starts and ends are written as effect records
  ///     (on by default).
  /// - Throws: The writer's error if the header cannot be written.
  public convenience init(
    writer: some LogWriter, app: String, stateType: String, actionType: String,
    writesHeader: Bool = true, clock: @escaping @Sendable () -> Date = { Date() },
    pendingRecords: Bool = false, redacting: LogRedaction = .none,
    encoding: EntryEncoding = .full, durability: Durability = .synchronous,
    nils: NilEncoding = .null, recordsSites: Bool = true, recordsEffects: Bool = true
  ) throws {
    let destination =
      switch writer as any LogWriter {
      case let file as FileLogWriter: file.path
      case is MemoryLogWriter: "<memory>"
      default: "<\(type(of: writer))>"
      }
    try self.init(
      sink: .writer(writer), destination: destination,
      names: HeaderNames(app: app, stateType: stateType, actionType: actionType, nils: nils),
      writesHeader: writesHeader, clock: clock, pendingRecords: pendingRecords,
      redacting: redacting, encoding: encoding, durability: durability, nils: nils,
      provenance: Provenance(sites: recordsSites, effects: recordsEffects))
  }

  init(
    sink: sending LogSink, destination: String, names: HeaderNames, writesHeader: Bool,
    clock: @escaping @Sendable () -> Date, pendingRecords: Bool, redacting: LogRedaction,
    encoding: EntryEncoding, durability: Durability, nils: NilEncoding, provenance: Provenance,
    live: LiveLink? = nil
  ) throws {
    if case .compact(let interval) = encoding {
      precondition(interval >= 1, "LogRecorder: keyframeInterval must be at least 1")
    }
    self.pendingRecords = pendingRecords
    self.live = live
    self.recordsEffects = provenance.effects
    self.destination = destination
    self.clock = clock
    if writesHeader {
      try sink.write(
        Self.header(
          names, created: clock(), encoding: encoding, durability: durability, ring: nil))
    }
    core = RecorderCore(
      sink: sink, redaction: redacting, encoding: encoding, nils: nils, clock: clock,
      provenance: provenance)
    switch durability {
    case .synchronous:
      queue = nil
      OpenRecorders.add(core)
    case .asynchronous(let limit, let overflow):
      precondition(limit >= 1, "LogRecorder: queueLimit must be at least 1")
      let queue = RecorderQueue(core: core, limit: limit, overflow: overflow)
      self.queue = queue
      OpenRecorders.add(queue)
    }
  }

  deinit {
    // Drains and closes without waiting, so an unclosed recorder loses nothing queued
    // and its writer thread ends; the log gets its closing record either way.
    if let queue {
      queue.closeWithoutWaiting()
    } else {
      try? core.close(by: .release)
    }
  }

  struct HeaderNames {
    let app: String
    let stateType: String
    let actionType: String
    let nils: NilEncoding
  }

  private static func header(
    _ names: HeaderNames, created: Date, encoding: EntryEncoding, durability: Durability,
    ring: (capacity: Int, firstSeq: Int)?
  ) throws -> Data {
    let encoder = JSONBytesEncoder()
    var line = Data(#"{"format":"replay-log","version":"#.utf8)
    line.append(contentsOf: String(TimeTravel.logFormatVersion).utf8)
    line.append(contentsOf: #","app":"#.utf8)
    line.append(try encoder.encode(names.app))
    line.append(contentsOf: #","stateType":"#.utf8)
    line.append(try encoder.encode(names.stateType))
    line.append(contentsOf: #","actionType":"#.utf8)
    line.append(try encoder.encode(names.actionType))
    line.append(contentsOf: #","created":""#.utf8)
    line.append(contentsOf: LogTimestamp.string(from: created).utf8)
    line.append(UInt8(ascii: "\""))
    line.append(contentsOf: #","closingRecord":true"#.utf8)
    if case .asynchronous = durability {
      // Tells readers that a crash may have lost queued entries, even after a pending
      // record.
      line.append(contentsOf: #","durability":"asynchronous""#.utf8)
    }
    if case .compact(let interval) = encoding {
      line.append(contentsOf: #","encoding":"compact","keyframeInterval":\#(interval)"#.utf8)
    }
    if names.nils == .null { line.append(contentsOf: #","nils":"null""#.utf8) }
    if let ring {
      line.append(
        contentsOf:
          #","ring":\#(ring.capacity),"firstSeq":\#(ring.firstSeq),"dropped":\#(ring.firstSeq - 1)"#
          .utf8)
    }
    line.append(contentsOf: "}\n".utf8)
    return line
  }

  /// Records one transition: writes its line (synchronous) or queues its values
  /// (asynchronous).
  ///
  /// - Parameters:
  ///   - action: What caused the transition.
  ///   - prior: The state before; only encoded for the first entry and after a gap.
  ///   - next: The state after.
  /// - Throws: ``LogWriterError/closed(path:)`` after ``close()``; `EncodingError` or the
  ///   writer's error (asynchronously: the first error the writer thread met), then the
  ///   same error on every later call.
  /// - Complexity: Synchronous: one encoding of `action` and `next` (compact mode adds a
  ///   parse and a diff) and one write. Asynchronous: O(1), no encoding.
  public func record<State: Encodable & Sendable, Action: Encodable & Sendable>(
    action: RecordedAction<Action>, prior: State, next: State
  ) throws {
    try record(action: action, prior: prior, next: next, origin: nil)
  }

  /// Records one transition, with `origin` when an effect sent the action.
  ///
  /// When a pending record for this `seq` was written, its time and action bytes are
  /// reused, so both lines agree.
  ///
  /// - Parameters:
  ///   - action: What caused the transition.
  ///   - prior: The state before; only encoded for the first entry and after a gap.
  ///   - next: The state after.
  ///   - origin: The effect that sent the action, or `nil`.
  /// - Throws: As ``record(action:prior:next:)``.
  public func record<State: Encodable & Sendable, Action: Encodable & Sendable>(
    action: RecordedAction<Action>, prior: State, next: State, origin: ActionOrigin?
  ) throws {
    try record(action: action, prior: prior, next: next, origin: origin, site: nil)
  }

  /// Records one transition, with `origin` when an effect sent the action and the `site`
  /// of its dispatch (written unless the recorder was created with `recordsSites: false`).
  ///
  /// - Parameters:
  ///   - action: What caused the transition.
  ///   - prior: The state before; only encoded for the first entry and after a gap.
  ///   - next: The state after.
  ///   - origin: The effect that sent the action, or `nil`.
  ///   - site: Where the action was dispatched, or `nil`.
  /// - Throws: As ``record(action:prior:next:)``.
  /// - Complexity: As ``record(action:prior:next:)``; the site's static strings are
  ///   copied into the line, about 70 bytes, with no encoding.
  public func record<State: Encodable & Sendable, Action: Encodable & Sendable>(
    action: RecordedAction<Action>, prior: State, next: State, origin: ActionOrigin?,
    site: DispatchSite?
  ) throws {
    let values = QueuedTransition(action: action, prior: prior, next: next, site: site)
    // A remote command's entry says so (the controller follows every transition).
    let remote = live?.controller.record(action)
    let origin: (any RecordedOrigin)? = origin ?? remote
    if let queue {
      try queue.enqueueEntry(values, time: clock(), origin: origin, destination: destination)
      return
    }
    try core.run(destination) { try $0.writeEntry(values, time: clock(), origin: origin) }
  }

  /// Writes (or, asynchronously, queues) the effect record of `event` when the recorder
  /// was created with `recordsEffects: true`; does nothing otherwise.
  ///
  /// - Parameter event: An effect's start or end.
  /// - Throws: As ``record(action:prior:next:)``.
  public func recordEffect(_ event: EffectEvent) throws {
    guard recordsEffects else { return }
    if let queue {
      try queue.enqueueEffect(event, time: clock(), destination: destination)
      return
    }
    try core.run(destination) { try $0.writeEffect(event, time: clock()) }
  }

  /// Writes (or, asynchronously, queues) the pending record for the next `seq` when
  /// `pendingRecords` is on.
  ///
  /// - Parameters:
  ///   - action: The app action about to be reduced.
  ///   - prior: The state before it; its bytes from the previous entry are reused.
  /// - Throws: As ``record(action:prior:next:)``; the failure stops the recorder.
  public func recordPending<State: Encodable & Sendable, Action: Encodable & Sendable>(
    action: Action, prior: State
  ) throws {
    guard pendingRecords else { return }
    let values = QueuedTransition<State, Action>(
      action: .action(action), prior: prior, next: nil)
    if let queue {
      try queue.enqueuePending(values, time: clock(), destination: destination)
      return
    }
    try core.run(destination) { try $0.writePending(values, time: clock()) }
  }

  /// Makes everything recorded so far durable: drains the queue (asynchronous mode),
  /// writes any gap record for dropped entries, then `fsync(2)`s (see
  /// ``LogWriter/flush()``).
  ///
  /// - Throws: The first recording error, or the writer's error.
  /// - Complexity: Waits for the queued transitions to be encoded and written.
  public func flush() throws {
    if let queue {
      try queue.barrier(close: nil, destination: destination)
      return
    }
    try core.run(destination) { try $0.sink.flush() }
  }

  /// Drains the queue (asynchronous mode), writes any gap record and the closing
  /// record (`"by":"close"`), and closes the writer, releasing the file's lock; later
  /// ``record(action:prior:next:)`` calls throw. Idempotent. After a recording error no
  /// closing record is written: the log did not get everything, and a reader says so.
  ///
  /// - Throws: The first recording error met while draining, or the writer's error.
  public func close() throws {
    if let queue {
      try queue.barrier(close: .close, destination: destination)
      return
    }
    try core.close(by: .close)
  }
}

/// The pipeline and the recorder's failure state, behind one mutex: taken by the caller
/// in synchronous mode, by the writer thread in asynchronous mode.
final class RecorderCore: ClosesAtExit {
  struct Chain {
    var pipeline: LogPipeline
    var failure: (any Error)?
    var isClosed = false
  }

  let chain: Mutex<Chain>
  /// The time of the closing record.
  let clock: @Sendable () -> Date

  init(
    sink: sending LogSink, redaction: LogRedaction, encoding: LogRecorder.EntryEncoding,
    nils: NilEncoding, clock: @escaping @Sendable () -> Date, provenance: LogRecorder.Provenance
  ) {
    self.clock = clock
    var pipeline = LogPipeline(
      encoder: JSONBytesEncoder(nils: nils), redaction: redaction, encoding: encoding,
      sink: sink)
    pipeline.provenance = provenance
    chain = Mutex(Chain(pipeline: pipeline))
  }

  /// Runs `body` unless the recorder failed or closed; a failure stops the recorder.
  func run(_ destination: String, _ body: (inout LogPipeline) throws -> Void) throws {
    try chain.withLock { chain in
      if let failure = chain.failure { throw failure }
      guard !chain.isClosed else { throw LogWriterError.closed(path: destination) }
      do {
        try body(&chain.pipeline)
      } catch {
        chain.failure = error
        throw error
      }
    }
  }

  func close(by reason: ClosingReason) throws {
    try chain.withLock { try close(&$0, by: reason) }
  }

  /// Writes the closing record unless the recorder failed, then closes the sink; every
  /// path that closes the log comes here, under the mutex.
  func close(_ chain: inout Chain, by reason: ClosingReason) throws {
    guard !chain.isClosed else { return }
    chain.isClosed = true
    OpenRecorders.remove(self)
    var failure: (any Error)?
    if chain.failure == nil {
      do {
        try chain.pipeline.writeClosing(by: reason, time: clock())
      } catch {
        chain.failure = error
        failure = error
      }
    }
    do {
      try chain.pipeline.sink.close()
    } catch {
      failure = failure ?? error
    }
    if let failure { throw failure }
  }

  func closeBeforeTheProcessEnds(by reason: ClosingReason) {
    // Another thread may be writing an entry: wait for it, but not forever (this very
    // thread may hold the lock, if `exit()` was called from inside an `encode(to:)`).
    let deadline = Date().addingTimeInterval(OpenRecorders.stallLimit)
    while chain.withLockIfAvailable({ chain -> Bool in
      _ = try? close(&chain, by: reason)
      return true
    }) == nil {
      guard Date() < deadline else { return }
      usleep(1000)
    }
  }
}
