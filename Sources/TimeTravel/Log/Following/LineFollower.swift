import Foundation
import Synchronization
import TimeTravelJSON

/// The lines appended to a file after a ``FollowPoint``, read as they arrive, and what
/// happens to the file meanwhile: the byte layer of ``LogFollower``.
///
/// A line is handed over once its `\n` is there, so a record the writer has half
/// written (a torn line) waits until it is completed. A last line that is a whole JSON
/// value without its `\n` is handed over by ``next()`` once the writer has been quiet
/// for the quiet period (as `tail -f` prints a last line without a newline), and the `\n`
/// that may come later is no new line. On every wake-up the follower looks
/// at the path for itself:
/// - the path names no file: whatever the old file still gets is read, then
///   ``Event/removed`` (once), and the follower waits for a file to appear;
/// - the path names another file than the one open (`stat(2)`'s device and inode
///   differ: renamed over, or deleted and created again): the old file is read to its
///   end, then ``Event/replaced``, and the new file is read from its start;
/// - the open file is shorter than what was read, or its opening changed (its first two
///   lines, a log's header and first entry: it was truncated and rewritten past the old
///   length before the follower looked): ``Event/truncated(size:)``, and it is read
///   again from its start.
final class LineFollower {
  enum Event: Equatable {
    /// A complete line without its `\n` (or `\r\n`), and its 1-based number in the file.
    case line([UInt8], number: Int)
    /// The file had a half-written last line, `line`, when it was truncated, replaced or
    /// removed: it will never be completed.
    case incompleteLine(line: Int)
    /// The file became shorter than what was read, or was rewritten: it is `size` bytes
    /// long now, read from its start.
    case truncated(size: Int)
    /// The path names a new file, read from its start.
    case replaced
    /// The path names no file.
    case removed
    /// Line `line` started with `count` NUL bytes, dropped: what a copytruncate rotation
    /// leaves when the writer goes on at its old offset in the emptied file.
    case nulBytes(count: Int, line: Int)
    /// The stream ended (``init(stream:name:quiet:)``): its writer closed it.
    case ended
  }

  let path: String
  /// Whether the follower reads a stream (a pipe, a FIFO, standard input) to its end
  /// instead of a file by name: no seeking, no rotation.
  let isStream: Bool
  /// Whether the stream ended (``Event/ended``).
  var ended = false
  var fd: Int32
  private var identity: FileIdentity
  /// The bytes read so far from the open file.
  var offset: Int
  /// The bytes of the line not yet ended.
  var partial: [UInt8] = []
  /// The lines ended so far.
  private var lineNumber: Int
  /// The open file's opening (``FollowPoint/opening(_:)``), as far as it was read.
  private var prefix: [UInt8]
  /// Whether the next `\n` ends a line already handed over (see ``FollowPoint``).
  private var awaitingNewline: Bool
  /// Lines ended while ``skipAvailable()`` reads, counted instead of queued.
  private var skipped: Int?
  private var removed = false
  var events: [Event] = []
  var nextEvent = 0
  private let watcher: FileWatcher
  let wakeup: Wakeup
  private let stopped = Atomic<Bool>(false)
  private let lineLimit: Int
  /// How long the writer must be quiet before a last line without its `\n` that is a
  /// whole record is handed over, in milliseconds.
  private let quietMilliseconds: Int32
  private let quiet: Duration
  /// When the open file last grew (or was opened).
  var lastGrowth = ContinuousClock.now
  static let chunkSize = 1 << 20

  /// Follows `path` from `start`.
  /// - Throws: ``LogError`` `.cannotOpen` when the path cannot be opened again.
  init(
    path: String, from start: FollowPoint, watching: FollowWatching,
    lineLimit: Int = LogSource.lineLimit, quiet: Duration = .milliseconds(500)
  ) throws(LogError) {
    self.path = path
    isStream = false
    self.lineLimit = lineLimit
    self.quiet = quiet
    let (seconds, attoseconds) = quiet.components
    quietMilliseconds = Int32(
      clamping: max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
    wakeup = try Wakeup(path: path)
    // The watch comes first: a change made from here on wakes the first wait.
    watcher = watching.makeWatcher(path: path)
    offset = start.offset
    lineNumber = start.lines
    prefix = start.prefix
    awaitingNewline = start.awaitingNewline
    identity = start.identity
    fd = open(path, O_RDONLY | O_CLOEXEC)
    var info = stat()
    if fd >= 0, fstat(fd, &info) == 0, FileIdentity(info) == identity { return }
    // The path names another file than the one read, or none: the first look says so.
    if fd >= 0 { close(fd) }
    fd = -1
  }

  /// Reads the stream open at `fd` (which stays the caller's to close) from where it is,
  /// calling it `name` in messages.
  /// - Throws: ``LogError`` `.cannotOpen` when the process is out of file descriptors.
  init(
    stream fd: Int32, name: String, lineLimit: Int = LogSource.lineLimit,
    quiet: Duration = .milliseconds(500)
  ) throws(LogError) {
    path = name
    isStream = true
    self.lineLimit = lineLimit
    self.quiet = quiet
    let (seconds, attoseconds) = quiet.components
    quietMilliseconds = Int32(
      clamping: max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
    wakeup = try Wakeup(path: name)
    watcher = StreamWatcher(fd: fd)
    self.fd = fd
    identity = FileIdentity(stat())
    offset = 0
    lineNumber = 0
    prefix = []
    awaitingNewline = false
  }

  deinit { if fd >= 0, !isStream { close(fd) } }

  /// Makes a blocked ``next()`` return `nil`, now and from then on; from any thread.
  func stop() {
    stopped.store(true, ordering: .releasing)
    wakeup.wake()
  }

  var isStopped: Bool { stopped.load(ordering: .acquiring) }

  /// The next event, waiting for one as long as it takes; `nil` once ``stop()`` was
  /// called.
  /// - Throws: ``LogError`` `.cannotOpen` when the file cannot be read, or a line grows
  ///   past the line limit.
  func next() throws(LogError) -> Event? {
    while !isStopped {
      if let event = dequeue() { return event }
      if ended { return nil }
      try look()
      if nextEvent < events.count { continue }
      guard partialIsARecord() else {
        watcher.wait(wakeup)
        continue
      }
      // A last line that is a whole JSON value without its `\n`: once the writer has
      // been quiet for the quiet period, it is handed over (a torn record never parses,
      // so it is still waited for).
      let before = offset
      watcher.wait(wakeup, timeout: quietMilliseconds)
      if isStopped { return nil }
      try look()
      if nextEvent == events.count, offset == before, !partial.isEmpty { handOverPartial() }
    }
    return nil
  }

  /// Hands over the last line, a whole record without its `\n`; the `\n` that may come
  /// later is no new line.
  func handOverPartial() {
    lineNumber += 1
    if let count = skipped {
      skipped = count + 1
    } else {
      events.append(.line(partial, number: lineNumber))
    }
    partial = []
    awaitingNewline = true
  }

  /// Whether the bytes after the last `\n` are a whole JSON value: a complete record
  /// whose writer has not written its `\n` (yet, or ever).
  func partialIsARecord() -> Bool {
    guard let last = partial.last(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }),
      last == UInt8(ascii: "}") || last == UInt8(ascii: "]")
    else { return false }
    return (try? JSONParser.parse(bytes: partial)) != nil
  }

  /// The events there are now, without waiting.
  /// - Throws: as ``next()``.
  func available() throws(LogError) -> [Event] {
    try collect()
  }

  /// What there is now, without waiting or keeping the lines: how many complete lines
  /// arrived, and the other events. Memory stays one chunk whatever was appended.
  /// - Throws: as ``next()``.
  func skipAvailable() throws(LogError) -> (lines: Int, events: [Event]) {
    skipped = 0
    defer { skipped = nil }
    let events = try collect().filter {
      if case .line = $0 { return false }
      return true
    }
    return (skipped ?? 0, events)
  }

  /// What there is now. A last line that is a whole record without its `\n` is handed
  /// over when the file has not grown for the quiet period, as ``next()`` hands it over
  /// after waiting that long.
  private func collect() throws(LogError) -> [Event] {
    var result: [Event] = []
    repeat {
      while let event = dequeue() { result.append(event) }
      try look()
      if nextEvent == events.count, ContinuousClock.now - lastGrowth >= quiet,
        partialIsARecord()
      {
        handOverPartial()
      }
    } while nextEvent < events.count
    return result
  }

  func dequeue() -> Event? {
    guard nextEvent < events.count else {
      events.removeAll(keepingCapacity: true)
      nextEvent = 0
      return nil
    }
    defer { nextEvent += 1 }
    return events[nextEvent]
  }

  /// Looks at the path and the open file, queueing what changed and at least one line
  /// when one is complete (reading stops there, so a large backlog is read as it is
  /// handed over, not all at once).
  private func look() throws(LogError) {
    if isStream { return try readStream() }
    var info = stat()
    guard stat(path, &info) == 0 else {
      if fd >= 0 { try readToEnd() }
      if !removed {
        dropPartial()
        events.append(.removed)
        removed = true
      }
      return
    }
    if fd < 0 || FileIdentity(info) != identity {
      guard try reopen() else { return }
    }
    guard fstat(fd, &info) == 0 else { throw failure("read", errno) }
    let size = Int(info.st_size)
    if size < offset || !prefixMatches() {
      dropPartial()
      restart()
      events.append(.truncated(size: size))
    }
    try read(untilLine: true)
  }

  /// Reads the rest of the old file, then opens the file the path names now; `false`
  /// when it went again in between.
  private func reopen() throws(LogError) -> Bool {
    if fd >= 0 {
      try readToEnd()
      close(fd)
    }
    fd = open(path, O_RDONLY | O_CLOEXEC)
    var info = stat()
    guard fd >= 0, fstat(fd, &info) == 0 else {
      if fd >= 0 { close(fd) }
      fd = -1
      if !removed {
        dropPartial()
        events.append(.removed)
        removed = true
      }
      return false
    }
    dropPartial()
    identity = FileIdentity(info)
    restart()
    removed = false
    events.append(.replaced)
    watcher.watchFile()
    return true
  }

  private func restart() {
    offset = 0
    lineNumber = 0
    prefix = []
    awaitingNewline = false
  }

  func dropPartial() {
    if !partial.isEmpty { events.append(.incompleteLine(line: lineNumber + 1)) }
    partial = []
  }

  private func readToEnd() throws(LogError) { try read(untilLine: false) }

  /// Whether the open file still starts with the opening read from its start.
  private func prefixMatches() -> Bool {
    guard !prefix.isEmpty else { return true }
    var bytes = [UInt8](repeating: 0, count: prefix.count)
    let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, 0) }
    return n == prefix.count && bytes == prefix
  }

  /// Reads from ``offset`` to the end of the file, or (`untilLine`) until a line is
  /// queued.
  private func read(untilLine: Bool) throws(LogError) {
    var buffer = [UInt8](repeating: 0, count: Self.chunkSize)
    while true {
      let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, off_t(offset)) }
      if n < 0 {
        if errno == EINTR { continue }
        throw failure("read", errno)
      }
      if n == 0 { return }
      if offset == prefix.count, !FollowPoint.isWholeOpening(prefix) {
        prefix = FollowPoint.opening(prefix + buffer[0..<n])
      }
      offset += n
      lastGrowth = .now
      try split(buffer[0..<n])
      if untilLine, nextEvent < events.count { return }
    }
  }

  /// Queues the lines `chunk` ends, keeping the rest for the next.
  func split(_ chunk: ArraySlice<UInt8>) throws(LogError) {
    var start = chunk.startIndex
    while let newline = chunk[start...].firstIndex(of: 0x0A) {
      var line = partial + chunk[start..<newline]
      partial = []
      start = newline + 1
      if line.last == 0x0D { line.removeLast() }
      if awaitingNewline {
        // The rest of a line handed over before its `\n` came.
        awaitingNewline = false
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
      }
      lineNumber += 1
      if line.first == 0 {
        let nuls = line.prefix { $0 == 0 }.count
        line.removeFirst(nuls)
        events.append(.nulBytes(count: nuls, line: lineNumber))
      }
      if let count = skipped {
        skipped = count + 1
      } else {
        events.append(.line(line, number: lineNumber))
      }
    }
    partial += chunk[start...]
    guard partial.count <= lineLimit else {
      throw LogError(
        kind: .cannotOpen, path: path, line: lineNumber + 1,
        message:
          "line \(lineNumber + 1) is more than \(lineLimit) bytes long without ending, more than replay reads as one line"
      )
    }
  }

  func failure(_ what: String, _ code: Int32) -> LogError {
    LogError(
      kind: .cannotOpen, path: path,
      message: "cannot be \(what) (\(String(cString: strerror(code))))")
  }
}
