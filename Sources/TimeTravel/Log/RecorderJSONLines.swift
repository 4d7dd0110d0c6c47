import Foundation
import Synchronization

/// A ``Recorder`` writing the replay JSON Lines log format, version 1.
///
/// Optional first line, the header (keys in this order):
/// `{"format":"replay-log","version":1,"app":…,"stateType":…,"actionType":…,"created":…}`.
/// Then one line per transition:
/// `{"seq":N,"time":"2026-01-05T09:00:00.000Z","action":…,"prior":…,"next":…}`, with
/// `seq` starting at 1 and contiguous, `time` from ``LogTimestamp``, and time-travel
/// actions as `{"type":"@@undo","from":F,"to":T}` (likewise `@@redo`, `@@jump`).
///
/// Values are encoded by `JSONEncoder` with sorted keys and unescaped slashes, so equal
/// values always give equal bytes. Each state is encoded once: its bytes are the
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
/// Actions sent by effects carry an `"origin":{"effect":…,"cause":K}` member (see
/// ``ActionOrigin``), and ``LogRedaction`` replaces secrets before anything is written.
///
/// Writes are synchronous and serialized by a mutex. After a write or encoding error the
/// recorder refuses further entries (rethrowing the first error), because skipping one
/// would break the chain.
public final class LogRecorder: Recorder {
  private struct Chain {
    let encoder: JSONEncoder
    var lastSeq = 0
    var lastNext: Data?
    /// The time and action bytes of the pending record for `lastSeq + 1`, reused by
    /// the completing entry so both lines agree.
    var pending: (time: String, action: Data)?
    var failure: (any Error)?
    var isClosed = false
  }

  private let writer: any LogWriter
  /// Names the destination in errors: the file path, `<memory>`, or `<WriterType>`.
  private let destination: String
  private let clock: @Sendable () -> Date
  private let chain: Mutex<Chain>
  private let pendingRecords: Bool
  private let redaction: LogRedaction

  /// Records to the file at `url`, truncating it by default.
  ///
  /// - Parameters:
  ///   - url: A file URL; the file is created if needed.
  ///   - app: The app's name, for the header.
  ///   - stateType: The recorded state's Swift type name, e.g. `"TodoState"`.
  ///   - actionType: The recorded action's Swift type name, e.g. `"TodoAction"`.
  ///   - writesHeader: Whether to start with the header line.
  ///   - mode: Whether to truncate or append to an existing file.
  ///   - clock: The source of `created` and each entry's `time`; inject a fixed clock
  ///     for reproducible logs.
  ///   - pendingRecords: Whether to write each action before reducing it (see the
  ///     type's notes); off by default.
  ///   - redacting: Values never to write (see ``LogRedaction``).
  /// - Throws: ``LogWriterError/cannotOpen(path:code:)`` naming the path when the file
  ///   cannot be opened; a write error if the header cannot be written.
  public convenience init(
    url: URL, app: String, stateType: String, actionType: String, writesHeader: Bool = true,
    mode: FileLogWriter.Mode = .truncate, clock: @escaping @Sendable () -> Date = { Date() },
    pendingRecords: Bool = false, redacting: LogRedaction = .none
  ) throws {
    try self.init(
      writer: FileLogWriter(url: url, mode: mode), app: app, stateType: stateType,
      actionType: actionType, writesHeader: writesHeader, clock: clock,
      pendingRecords: pendingRecords, redacting: redacting)
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
  /// - Throws: The writer's error if the header cannot be written.
  public init(
    writer: some LogWriter, app: String, stateType: String, actionType: String,
    writesHeader: Bool = true, clock: @escaping @Sendable () -> Date = { Date() },
    pendingRecords: Bool = false, redacting: LogRedaction = .none
  ) throws {
    self.pendingRecords = pendingRecords
    self.redaction = redacting
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    self.writer = writer
    self.destination =
      switch writer {
      case let file as FileLogWriter: file.path
      case is MemoryLogWriter: "<memory>"
      default: "<\(type(of: writer))>"
      }
    self.clock = clock
    if writesHeader {
      var line = Data(#"{"format":"replay-log","version":"#.utf8)
      line.append(contentsOf: String(TimeTravel.logFormatVersion).utf8)
      line.append(contentsOf: #","app":"#.utf8)
      line.append(try encoder.encode(app))
      line.append(contentsOf: #","stateType":"#.utf8)
      line.append(try encoder.encode(stateType))
      line.append(contentsOf: #","actionType":"#.utf8)
      line.append(try encoder.encode(actionType))
      line.append(contentsOf: #","created":""#.utf8)
      line.append(contentsOf: LogTimestamp.string(from: clock()).utf8)
      line.append(contentsOf: "\"}\n".utf8)
      try writer.write(line: line)
    }
    chain = Mutex(Chain(encoder: encoder))
  }

  /// Encodes and writes one entry line.
  ///
  /// - Parameters:
  ///   - action: What caused the transition.
  ///   - prior: The state before; only encoded for the first entry (see the type's notes).
  ///   - next: The state after.
  /// - Throws: ``LogWriterError/closed(path:)`` after ``close()``; `EncodingError` or the
  ///   writer's error, then the same error on every later call.
  /// - Complexity: One encoding of `action` and `next` and one write.
  public func record<State: Encodable & Sendable, Action: Encodable & Sendable>(
    action: RecordedAction<Action>, prior: State, next: State
  ) throws {
    try record(action: action, prior: prior, next: next, origin: nil)
  }

  /// Encodes and writes one entry line, with `origin` when an effect sent the action.
  ///
  /// When a pending record for this `seq` was written, its time and action bytes are
  /// reused, so both lines agree.
  ///
  /// - Parameters:
  ///   - action: What caused the transition.
  ///   - prior: The state before; only encoded for the first entry.
  ///   - next: The state after.
  ///   - origin: The effect that sent the action, or `nil`.
  /// - Throws: As ``record(action:prior:next:)``.
  public func record<State: Encodable & Sendable, Action: Encodable & Sendable>(
    action: RecordedAction<Action>, prior: State, next: State, origin: ActionOrigin?
  ) throws {
    try chain.withLock { chain in
      if let failure = chain.failure { throw failure }
      guard !chain.isClosed else { throw LogWriterError.closed(path: destination) }
      do {
        let priorBytes = try chain.lastNext ?? encodeState(prior, chain.encoder)
        let nextBytes = try encodeState(next, chain.encoder)
        let seq = chain.lastSeq + 1
        let pending = chain.pending
        chain.pending = nil
        var line = Data(#"{"seq":"#.utf8)
        line.append(contentsOf: String(seq).utf8)
        line.append(contentsOf: #","time":""#.utf8)
        line.append(contentsOf: (pending?.time ?? LogTimestamp.string(from: clock())).utf8)
        line.append(contentsOf: #"","action":"#.utf8)
        if let pending {
          line.append(pending.action)
        } else {
          try appendAction(action, to: &line, encoder: chain.encoder)
        }
        if let origin {
          line.append(contentsOf: #","origin":"#.utf8)
          line.append(try chain.encoder.encode(origin))
        }
        line.append(contentsOf: #","prior":"#.utf8)
        line.append(priorBytes)
        line.append(contentsOf: #","next":"#.utf8)
        line.append(nextBytes)
        line.append(contentsOf: "}\n".utf8)
        try writer.write(line: line)
        chain.lastSeq = seq
        chain.lastNext = nextBytes
      } catch {
        chain.failure = error
        throw error
      }
    }
  }

  /// Writes the pending record for the next `seq` when `pendingRecords` is on.
  ///
  /// - Parameters:
  ///   - action: The app action about to be reduced.
  ///   - prior: The state before it; its bytes from the previous entry are reused.
  /// - Throws: As ``record(action:prior:next:)``; the failure stops the recorder.
  public func recordPending<State: Encodable & Sendable, Action: Encodable & Sendable>(
    action: Action, prior: State
  ) throws {
    guard pendingRecords else { return }
    try chain.withLock { chain in
      if let failure = chain.failure { throw failure }
      guard !chain.isClosed else { throw LogWriterError.closed(path: destination) }
      do {
        let priorBytes = try chain.lastNext ?? encodeState(prior, chain.encoder)
        let time = LogTimestamp.string(from: clock())
        var actionBytes = Data()
        try appendAction(RecordedAction.action(action), to: &actionBytes, encoder: chain.encoder)
        var line = Data(#"{"seq":"#.utf8)
        line.append(contentsOf: String(chain.lastSeq + 1).utf8)
        line.append(contentsOf: #","time":""#.utf8)
        line.append(contentsOf: time.utf8)
        line.append(contentsOf: #"","pending":true,"action":"#.utf8)
        line.append(actionBytes)
        line.append(contentsOf: #","prior":"#.utf8)
        line.append(priorBytes)
        line.append(contentsOf: "}\n".utf8)
        try writer.write(line: line)
        chain.lastNext = priorBytes
        chain.pending = (time, actionBytes)
      } catch {
        chain.failure = error
        throw error
      }
    }
  }

  private func encodeState<State: Encodable>(_ state: State, _ encoder: JSONEncoder) throws -> Data
  {
    try redaction.apply(redaction.statePointers, to: encoder.encode(state))
  }

  /// Makes everything written so far durable (see ``LogWriter/flush()``).
  ///
  /// - Throws: The writer's error.
  public func flush() throws {
    try writer.flush()
  }

  /// Closes the writer; later ``record(action:prior:next:)`` calls throw. Idempotent.
  ///
  /// - Throws: The writer's error.
  public func close() throws {
    chain.withLock { $0.isClosed = true }
    try writer.close()
  }

  private func appendAction<Action: Encodable>(
    _ action: RecordedAction<Action>, to line: inout Data, encoder: JSONEncoder
  ) throws {
    let (type, from, to): (String, Int, Int)
    switch action {
    case .action(let action):
      line.append(try redaction.apply(redaction.actionPointers, to: encoder.encode(action)))
      return
    case .undo(let f, let t): (type, from, to) = ("@@undo", f, t)
    case .redo(let f, let t): (type, from, to) = ("@@redo", f, t)
    case .jump(let f, let t): (type, from, to) = ("@@jump", f, t)
    }
    line.append(contentsOf: #"{"type":"\#(type)","from":\#(from),"to":\#(to)}"#.utf8)
  }
}
