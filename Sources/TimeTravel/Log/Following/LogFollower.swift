import Foundation
import TimeTravelJSON

/// A log read as it grows, as `tail -f` reads a file: the records a running app appends
/// after what a ``LogFile`` read, each as soon as its line is complete, and what happens
/// to the file meanwhile (truncated or replaced by a new session, removed).
///
/// ```swift
/// import TimeTravel
///
/// func printNewActions(of log: LogFile) throws {
///   let follower = try LogFollower(following: log)
///   while let event = try follower.next() {
///     if case .entry(let entry) = event { print(entry.seq, entry.actionName) }
///   }
/// }
/// ```
///
/// - A torn line (half written) is waited for until its `\n` arrives. A last line that is
///   a whole record without its `\n` is reported by ``next()`` once the writer has been
///   quiet briefly, as `tail -f` shows a last line without a newline.
/// - Entries are numbered as ``LogFile`` numbers them (``EntryNumbering``), continuing
///   from the log read: by `seq`, or by position when that log was numbered by
///   position. A `seq` that does not increase while following cannot renumber entries
///   already reported, so the entry is numbered one more than the entry before it, with
///   a ``Event/warning(_:)``.
/// - A new session (the file truncated, rewritten or replaced) starts a new numbering,
///   and its first line may be a header.
/// - A line that is not a valid record is reported (``Event/skipped(_:)``) and
///   following goes on. NUL bytes before a line (a copytruncate rotation's hole) are
///   dropped with a ``Event/warning(_:)``, and the line is read.
///
/// Waiting blocks the calling thread in `poll(2)` or `kevent(2)` (see
/// ``FollowWatching``): an idle follower uses no processor time. ``stop()``, from any
/// thread, ends the wait.
public final class LogFollower: @unchecked Sendable {
  // @unchecked: only `stop()` may be called from another thread, and it touches only
  // the line follower's atomic flag and wake-up pipe.

  /// What following a log sees.
  public enum Event: Sendable, Equatable {
    /// A new entry, numbered.
    case entry(LogEntry)
    /// A header: the first line of a new session.
    case header(LogHeader)
    /// The app began applying an action (its entry follows when the reducer returns).
    case pending(PendingEntry)
    /// The recorder dropped entries (its queue was full).
    case gap(LogGap)
    /// The writer closed the log.
    case closing(LogClosing)
    /// Something every reader should know: a `seq` that does not increase.
    case warning(LogWarning)
    /// A complete line that is no valid record (not JSON, or not an entry), skipped.
    case skipped(LogError)
    /// The file was truncated, or rewritten in place: a new session, `size` bytes long
    /// now, read from its start.
    case truncated(size: Int)
    /// The path names a new file: a new session, read from its start.
    case replaced
    /// The path names no file any more; the follower waits for one to appear.
    case removed
    /// The file's half-written last line (`line`) will never be completed: the file
    /// was truncated, replaced or removed first, or the stream ended.
    case incompleteLine(line: Int)
    /// The stream (``init(streamingFrom:name:quiet:)``) ended: its writer closed it. No
    /// event follows; ``next()`` returns `nil` from here on.
    case ended
  }

  private let lines: LineFollower
  /// Events decoded and not handed over yet.
  private var queued: [Event] = []
  private var numbering: Numbering
  /// The log read before following, for the state a first compact entry patches.
  private var log: LogFile?
  /// The last entry's `next`: what a compact entry's patch applies to.
  private var lastState: JSONValue?
  /// Whether the next line is the first of a session, which may be a header.
  private var atSessionStart: Bool
  /// Whether the log records actions only: its new entries come without states; `nil`
  /// until a session's first entry tells (a new session, a stream).
  private var actionOnly: Bool?

  /// Follows `log`'s file from where `log` read up to.
  /// - Parameters:
  ///   - log: The log as read so far.
  ///   - watching: How to learn of changes; by default the platform's notification.
  ///   - quiet: How long the writer must be quiet before ``next()`` hands over a last
  ///     line that is a whole record without its `\n` (half a second by default); a torn
  ///     line, which never parses, is waited for however long it takes.
  /// - Throws: ``LogError`` `.cannotOpen` when `log` is not a regular file (standard
  ///   input) or its path cannot be opened again.
  public init(
    following log: LogFile, watching: FollowWatching = .native,
    quiet: Duration = .milliseconds(500)
  ) throws(LogError) {
    let start = try log.followPoint()
    lines = try LineFollower(path: log.path, from: start, watching: watching, quiet: quiet)
    numbering = Numbering(
      byPosition: log.numbering.basis == .position, count: log.entryCount,
      last: log.numbering.last)
    self.log = log.entryCount > 0 ? log : nil
    atSessionStart = start.lines == 0
    actionOnly = log.entryCount > 0 ? log.isActionOnly : nil
  }

  /// Reads a stream (a pipe, a FIFO, standard input) as its writer writes it, to its end,
  /// as `tail -f` reads a pipe: every record is new, the first line may be a header, and
  /// there is no seeking and no rotation (no ``Event/truncated(size:)``,
  /// ``Event/replaced`` or ``Event/removed``). At the end, a last line that is a whole
  /// record is handed over, a torn one is reported (``Event/incompleteLine(line:)``), and
  /// ``Event/ended`` comes last.
  /// - Parameters:
  ///   - descriptor: The stream, open for reading; it stays the caller's to close, after
  ///     following. Standard input is `0`.
  ///   - name: What messages call it (`stdin`, or the FIFO's path).
  ///   - quiet: As for ``init(following:watching:quiet:)``.
  /// - Throws: ``LogError`` `.cannotOpen` when the process is out of file descriptors.
  public init(
    streamingFrom descriptor: Int32, name: String, quiet: Duration = .milliseconds(500)
  ) throws(LogError) {
    lines = try LineFollower(stream: descriptor, name: name, quiet: quiet)
    numbering = Numbering(byPosition: false, count: 0, last: nil)
    log = nil
    atSessionStart = true
    actionOnly = nil
  }

  /// The path followed (for a stream, its name).
  public var path: String { lines.path }

  /// The next event, waiting as long as it takes; `nil` once ``stop()`` was called.
  /// - Throws: ``LogError`` `.cannotOpen` when the file cannot be read any more.
  public func next() throws(LogError) -> Event? {
    while queued.isEmpty {
      guard let event = try lines.next() else { return nil }
      queued = decode(event)
    }
    return queued.removeFirst()
  }

  /// The events there are now, without waiting (empty when nothing changed).
  /// - Throws: as ``next()``.
  public func available() throws(LogError) -> [Event] {
    defer { queued = [] }
    return try queued + lines.available().flatMap(decode)
  }

  /// What changed since the last look, without waiting and without reading the new
  /// entries, for a reader that reads the log again itself (as `replay --step --follow`
  /// does); memory stays one read buffer however much was appended. Entries skipped are
  /// not numbered, so use this or ``next()`` and ``available()``, not both.
  /// - Returns: How many complete lines arrived, and what happened to the file
  ///   (``Event/truncated(size:)``, ``Event/replaced``, ``Event/removed``,
  ///   ``Event/incompleteLine(line:)``), in order.
  /// - Throws: as ``next()``.
  public func skipAvailable() throws(LogError) -> (lines: Int, events: [Event]) {
    let (count, events) = try lines.skipAvailable()
    return (count, events.flatMap(decode))
  }

  /// Ends following: a ``next()`` waiting now, or called later, returns `nil`. Safe from
  /// any thread (a signal handler's queue, say).
  public func stop() { lines.stop() }

  private func decode(_ event: LineFollower.Event) -> [Event] {
    switch event {
    case .line(let bytes, let number): return decodeLine(bytes, line: number)
    case .incompleteLine(let line): return [.incompleteLine(line: line)]
    case .truncated(let size):
      newSession()
      return [.truncated(size: size)]
    case .replaced:
      newSession()
      return [.replaced]
    case .removed: return [.removed]
    case .ended: return [.ended]
    case .nulBytes(let count, let line):
      return [.warning(LogWarning.nulBytes(count, beforeLine: line))]
    }
  }

  private func newSession() {
    numbering = Numbering(byPosition: false, count: 0, last: nil)
    log = nil
    lastState = nil
    atSessionStart = true
    actionOnly = nil
  }

  private func decodeLine(_ bytes: [UInt8], line: Int) -> [Event] {
    let kind = bytes.withUnsafeBytes { LineKindScan.kind($0, isPrefix: false) } ?? .entry
    let sessionStart = atSessionStart
    if kind != .blank { atSessionStart = false }
    let value: JSONValue
    do {
      value = try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in
        try JSONParser.parse(bytes: buffer)
      }
    } catch {
      let message =
        kind == .blank
        ? "blank line (JSON Lines allows none)" : "not valid JSON: \(error.message)"
      return [
        .skipped(
          LogError(
            kind: .malformedLine, path: path, line: line,
            column: kind == .blank ? nil : error.column, message: message))
      ]
    }
    if sessionStart, let header = LogHeader(value) { return [.header(header)] }
    switch kind {
    case .pending:
      guard let pending = PendingEntry(value, line: line) else {
        return skipped(line, "a pending record that cannot be read")
      }
      return [.pending(pending)]
    case .gap:
      guard let n = value["dropped"]?.numberValue?.intValue,
        let seq = value["seq"]?.numberValue?.intValue, n >= 1, seq >= 1,
        !seq.addingReportingOverflow(n).overflow
      else {
        return skipped(
          line,
          "a gap record cannot be read (expected {\"dropped\":N,\"seq\":S} with N and S positive integers)"
        )
      }
      return [
        .gap(
          LogGap(
            dropped: n, firstSeq: seq, line: line, beforeEntry: numbering.count + 1,
            reason: value["reason"]?.stringValue))
      ]
    case .effect:
      // Effects starting and ending are no entries; `LogFile.effectRuns()` reads them.
      return []
    case .closing:
      guard let closing = LogClosing(value, line: line) else {
        return skipped(line, LogClosing.unreadableMessage)
      }
      return [.closing(closing)]
    case .blank, .entry, .patch:
      do {
        return try entry(value, line: line)
      } catch {
        return [.skipped(error)]
      }
    }
  }

  private func skipped(_ line: Int, _ message: String) -> [Event] {
    [.skipped(LogError(kind: .invalidEntry, path: path, line: line, message: message))]
  }

  /// The entry on `line`, numbered, after a ``Event/warning(_:)`` when its `seq` does
  /// not increase.
  private func entry(_ value: JSONValue, line: Int) throws(LogError) -> [Event] {
    // As `LogFile` tells a log of actions only: by its first entry.
    let actionOnly =
      self.actionOnly ?? (value["action"] != nil && value["next"] == nil && value["patch"] == nil)
    self.actionOnly = actionOnly
    let members = try LogEntry.Members(value, path: path, line: line, actionOnly: actionOnly)
    if actionOnly {
      let (number, warning) = numbering.add(recordedSeq: members.recordedSeq, line: line)
      var entry = members.entry(seq: number, prior: .null, next: .null, line: line)
      entry.hasStates = false
      return (warning.map { [.warning($0)] } ?? []) + [.entry(entry)]
    }
    let prior: JSONValue
    let next: JSONValue
    if let patch = members.patch {
      var base = lastState
      if base == nil, let log { base = try log.state(log.entryCount) }
      guard let base else {
        throw LogError(
          kind: .invalidEntry, path: path, line: line,
          message: "a compact entry (/patch) comes before any full entry to apply it to")
      }
      prior = base
      next = try LogEntry.applying(patch, to: base, path: path, line: line)
    } else {
      (prior, next) = members.states!
    }
    lastState = next
    log = nil
    let (number, warning) = numbering.add(recordedSeq: members.recordedSeq, line: line)
    let entry = members.entry(seq: number, prior: prior, next: next, line: line)
    return (warning.map { [.warning($0)] } ?? []) + [.entry(entry)]
  }
}
