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
/// Writes are synchronous and serialized by a mutex. After a write or encoding error the
/// recorder refuses further entries (rethrowing the first error), because skipping one
/// would break the chain.
public final class LogRecorder: Recorder {
  private struct Chain {
    let encoder: JSONEncoder
    var lastSeq = 0
    var lastNext: Data?
    var failure: (any Error)?
    var isClosed = false
  }

  private let writer: any LogWriter
  /// Names the destination in errors: the file path, `<memory>`, or `<WriterType>`.
  private let destination: String
  private let clock: @Sendable () -> Date
  private let chain: Mutex<Chain>

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
  /// - Throws: ``LogWriterError/cannotOpen(path:code:)`` naming the path when the file
  ///   cannot be opened; a write error if the header cannot be written.
  public convenience init(
    url: URL, app: String, stateType: String, actionType: String, writesHeader: Bool = true,
    mode: FileLogWriter.Mode = .truncate, clock: @escaping @Sendable () -> Date = { Date() }
  ) throws {
    try self.init(
      writer: FileLogWriter(url: url, mode: mode), app: app, stateType: stateType,
      actionType: actionType, writesHeader: writesHeader, clock: clock)
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
  /// - Throws: The writer's error if the header cannot be written.
  public init(
    writer: some LogWriter, app: String, stateType: String, actionType: String,
    writesHeader: Bool = true, clock: @escaping @Sendable () -> Date = { Date() }
  ) throws {
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
    try chain.withLock { chain in
      if let failure = chain.failure { throw failure }
      guard !chain.isClosed else { throw LogWriterError.closed(path: destination) }
      do {
        let priorBytes = try chain.lastNext ?? chain.encoder.encode(prior)
        let nextBytes = try chain.encoder.encode(next)
        let seq = chain.lastSeq + 1
        var line = Data(#"{"seq":"#.utf8)
        line.append(contentsOf: String(seq).utf8)
        line.append(contentsOf: #","time":""#.utf8)
        line.append(contentsOf: LogTimestamp.string(from: clock()).utf8)
        line.append(contentsOf: #"","action":"#.utf8)
        try Self.appendAction(action, to: &line, encoder: chain.encoder)
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

  private static func appendAction<Action: Encodable>(
    _ action: RecordedAction<Action>, to line: inout Data, encoder: JSONEncoder
  ) throws {
    let (type, from, to): (String, Int, Int)
    switch action {
    case .action(let action):
      line.append(try encoder.encode(action))
      return
    case .undo(let f, let t): (type, from, to) = ("@@undo", f, t)
    case .redo(let f, let t): (type, from, to) = ("@@redo", f, t)
    case .jump(let f, let t): (type, from, to) = ("@@jump", f, t)
    }
    line.append(contentsOf: #"{"type":"\#(type)","from":\#(from),"to":\#(to)}"#.utf8)
  }
}
