import Foundation
import Synchronization
import TimeTravelDiff
import TimeTravelJSON

/// A JSON Lines log opened for reading, whichever app or language wrote it.
///
/// Opening reads the file once, 4 MB at a time, to index its lines (a `memchr` scan,
/// see `LineIndex`; a large file in stretches of whole lines read on several threads at
/// once); it parses only the first line (to detect a header) and the last (to detect a
/// torn record). A file that shrinks while it is read is an error naming the line, never
/// a crash (see `LogSource`). Single entries are read back with `pread(2)` and parsed
/// when asked for, so ``entry(_:)`` and ``state(_:)`` cost one line each, and the
/// process's memory grows with the number of lines (the index keeps 17 bytes per
/// line), not with their bytes. Input that cannot be read twice (a pipe) is held in
/// memory.
///
/// Accepted input (see <doc:LogFormat>):
/// - an optional header line (``LogHeader``);
/// - entries with `action`, `prior` and `next`, and optionally `seq` and
///   `time`; entries are numbered by `seq` (see ``numbering``);
/// - `\r\n` line endings, a UTF-8 byte order mark, a last line without `\n`;
/// - blank lines (empty or JSON whitespace only), skipped with one warning (none at the
///   very end);
/// - pending records (`"pending":true`, see ``PendingEntry``): one followed by its
///   completing entry is skipped; one at the end is the crash, exposed as
///   ``pendingEntry``;
/// - gap records (`{"dropped":N,"seq":S}`, see ``LogGap``): entries an asynchronous
///   recorder dropped, listed in ``gaps`` and warned about;
/// - compact entries (`patch` instead of `prior` and `next`): rebuilt from the nearest
///   keyframe at or before them, with the last rebuilt state cached so that reading
///   entries in order applies one patch per entry;
/// - a ring-mode header (`"dropped":D`), warned about;
/// - effect records (`{"effect":"start",…}`, `{"effect":"end",…}`): effects starting and
///   ending, neither entries nor states, read by ``effectRuns()``;
/// - a closing record (`{"closed":true,"lastSeq":N,…}`, see ``LogClosing``) as the last
///   line: the writer closed the log. When the header promises one
///   (`"closingRecord":true`) and it is missing, a warning says the session did not end
///   cleanly; a closing record elsewhere (a log appended to after it was closed) is
///   skipped.
///
/// A final line that ends mid-value (an app died mid-write) is dropped with a
/// warning naming its line; every other malformed line is an error naming its
/// line and column when it is read.
public final class LogFile: Sendable {
  /// The path as given.
  public let path: String
  let source: LogSource
  /// What the index of its lines says (built on opening, or by the first full scan of a
  /// log opened with its index deferred; see ``LogLayout``).
  let layoutCell: LogLayoutCell
  /// Where the first line starts (past a byte order mark), for the scan that opens a log
  /// whose index is deferred; `nil` for a log indexed when it was opened.
  let openingOffset: Int?

  /// The header, when the first line is one.
  public var header: LogHeader? { layout.header }

  /// How the writer wrote optionals that were `nil`: `NilEncoding.null` when the header
  /// says `"nils":"null"`, `NilEncoding.omitted` otherwise (logs from before the
  /// member existed, and writers that do not say).
  public var nils: NilEncoding { header?.nils == "null" ? .null : .omitted }
  /// Problems that did not stop the log being read, e.g. a torn last line, and what
  /// every reader should know: skipped blank lines, gaps, and a numbering by position.
  public var warnings: [LogWarning] { layout.warnings }
  /// Every place where `seq` does not go up by one from the entry before (it skips,
  /// repeats or goes backwards, or disagrees with a gap record), in file order: what
  /// the summary adds to ``warnings``.
  public var sequenceWarnings: [LogWarning] { layout.sequenceWarnings }
  /// How entries and states are named: by `seq`, or by position when `seq` does not
  /// increase (see ``EntryNumbering``). ``LogEntry/seq`` is this number.
  public var numbering: EntryNumbering { layout.numbering }

  /// The closing record ending the log, when its writer closed it.
  public var closing: LogClosing? { layout.closing }
  /// The 1-based file lines of the pending records, ascending (summaries check their
  /// `seq` like entries').
  var pendingLines: [Int] { layout.pendingLines }

  var lines: LineIndex { layout.lines }
  /// The 0-based line indexes of the effect records, ascending.
  var effectLines: [Int] { layout.effectLines }
  /// Index into `lines` of the first entry line.
  var firstEntryLine: Int { layout.firstEntryLine }
  /// Number of entry lines (excluding the header, pending records and a torn last
  /// line).
  public var entryCount: Int { layout.entryCount }
  /// Line indexes of the entries when pending records are interleaved; `nil` when
  /// every line after the header is an entry (no memory spent on the common case).
  var entryLines: [Int]? { layout.entryLines }
  /// The action the app was applying when the session ended, when the log ends in a
  /// pending record with no completing entry (see ``PendingEntry``).
  public var pendingEntry: PendingEntry? { layout.pendingEntry }
  /// The gap records, in file order: entries the recorder dropped.
  public var gaps: [LogGap] { layout.gaps }
  /// Gaps by the position of the entry that follows them.
  private var gapBefore: [Int: LogGap] { layout.gapBefore }
  /// Positions of the full entries, ascending, when the log has compact (patch)
  /// entries; `nil` for a log of full entries only.
  private var keyframes: [Int]? { layout.keyframes }
  /// The 0-based index of the torn last line that was dropped, if any.
  private var tornLine: Int? { layout.tornLine }
  /// The last state rebuilt from patches: (entry position, that entry's `next`).
  private let rebuilt = Mutex<(position: Int, state: JSONValue)?>(nil)
  /// Whether the entries record actions only (the first has no `next` and no `patch`):
  /// their states come from a reducer (see ``recompute(with:keyframeInterval:)``).
  public var isActionOnly: Bool {
    if let layout = layoutCell.current { return layout.isActionOnly }
    guard let openingOffset else { return layout.isActionOnly }
    // A log whose index is deferred tells it from its first lines, without the index.
    return actionOnlyAtStart.withLock { answer in
      if let answer { return answer }
      let found = LogLayout.recordsActionsOnly(atStartOf: source, firstLine: openingOffset)
      answer = found
      return found
    }
  }
  /// ``isActionOnly`` as the first lines of a log whose index is deferred tell it.
  private let actionOnlyAtStart = Mutex<Bool?>(nil)
  /// The states of an action-only log, once a reducer is given.
  let recomputation = Mutex<RecomputedStates?>(nil)
  /// See ``scanSettings``.
  let scanSettingsStorage = Mutex(ScanSettings())

  /// Opens the log at `path`: a regular file, or a pipe (read whole, up to 2 GB).
  /// - Throws: ``LogError`` (`.cannotOpen`) naming the path and the reason when the
  ///   file is missing, unreadable, a directory or a device, or a pipe longer than
  ///   2 GB. Malformed lines are reported when they are read, not here.
  /// - Complexity: O(file size) at `memchr` speed for the line index; parses at most
  ///   the first and last lines (and a final pending or gap record).
  public convenience init(path: String) throws(LogError) {
    try self.init(path: path, chunkSize: 4 << 20)
  }

  /// Reads a log held in memory: standard input, say, or a log attached to a crash
  /// report. `name` stands for the path in messages.
  /// - Throws: ``LogError`` as ``init(path:)`` does, except that nothing is opened.
  /// - Complexity: O(`contents.count`) for the line index.
  public convenience init(contents: [UInt8], name: String) throws(LogError) {
    try self.init(source: LogSource(data: Data(contents), path: name))
  }

  /// Opens the log at `path` (say `/dev/stdin`), calling it `name` in messages.
  package convenience init(path: String, name: String) throws(LogError) {
    try self.init(source: LogSource(path: path, name: name))
  }

  /// Opens the log at `path`, reading `chunkSize` bytes at a time while indexing (tests
  /// make it small so that lines straddle reads), through a mapping of the file when
  /// `mapped` (tests compare both ways).
  convenience init(
    path: String, chunkSize: Int, pipeLimit: Int = LogSource.pipeLimit,
    lineLimit: Int = LogSource.lineLimit, mapped: Bool = FileMapping.isDefault
  ) throws(LogError) {
    try self.init(
      source: LogSource(
        path: path, chunkSize: chunkSize, pipeLimit: pipeLimit, lineLimit: lineLimit,
        mapped: mapped))
  }

  /// Opens the log at `path` with the index of its lines deferred: the first scan of
  /// every entry (``scan(_:threads:read:consume:)`` without positions) indexes the lines
  /// as it reads them, so that opening and scanning read the file once rather than
  /// twice; whatever needs the index before then builds it as ``init(path:)`` does. A
  /// mapped file is indexed now.
  ///
  /// How the first scan reads the log does not change what it finds: it reads each line
  /// ahead of the index only when the lines before it tell everything the index would
  /// say of it (see `OpeningScan`), and otherwise builds the index first, as it always
  /// did.
  /// - Throws: ``LogError`` `.cannotOpen` as ``init(path:)`` does when the file cannot be
  ///   opened or is not UTF-8 text; a read that fails later is reported by the scan, or,
  ///   for a reader that builds the index, by a warning.
  package convenience init(deferringIndexOf path: String, name: String? = nil) throws(LogError) {
    try self.init(source: LogSource(path: path, name: name), deferringIndex: true)
  }

  /// ``init(deferringIndexOf:name:)`` for a log held in memory, `contents`, called `name`
  /// in messages (the fuzz target compares it with ``init(contents:name:)``).
  package convenience init(deferringIndexOf contents: [UInt8], name: String) throws(LogError) {
    try self.init(source: LogSource(data: Data(contents), path: name), deferringIndex: true)
  }

  /// ``init(deferringIndexOf:name:)``, reading `chunkSize` bytes at a time when its index
  /// is built by itself (tests make it small).
  convenience init(deferringIndexOf path: String, chunkSize: Int) throws(LogError) {
    try self.init(
      source: LogSource(path: path, chunkSize: chunkSize, mapped: false), deferringIndex: true)
  }

  private init(source: LogSource, deferringIndex: Bool = false) throws(LogError) {
    self.path = source.path
    self.source = source
    if deferringIndex, source.isUnmapped {
      openingOffset = try LineIndex.firstLine(of: source)
      layoutCell = LogLayoutCell(nil)
    } else {
      openingOffset = nil
      layoutCell = LogLayoutCell(LogLayout(source, lines: try LineIndex(source)))
    }
  }

  /// The log's layout, built now from a classic index of its lines if it is not yet.
  @inline(__always)
  var layout: LogLayout { layoutCell.layout(building: source) }

  /// The 0-based line index of the entry at `position` (1-based).
  func lineIndex(ofEntry position: Int) -> Int { layout.lineIndex(ofEntry: position) }

  /// Why a line could not be parsed: reading it failed, or it is not JSON.
  enum LineFailure: Error {
    case read(LogError)
    case syntax(JSONParseError)
  }

  static func parse(_ source: LogSource, _ lines: LineIndex, _ i: Int) throws(LineFailure)
    -> JSONValue
  {
    let bytes: Data
    do {
      bytes = try source.bytes(lines.byteRange(ofLine: i), line: i + 1)
    } catch {
      throw .read(error)
    }
    let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBytes { raw in
      Result { () throws(JSONParseError) in
        try JSONParser.parse(bytes: raw.bindMemory(to: UInt8.self))
      }
    }
    do {
      return try result.get()
    } catch {
      throw .syntax(error)
    }
  }

  /// Line `line` (1-based) parsed, with errors as a ``LogError`` naming the line, and
  /// the column for JSON syntax errors.
  func parseLine(_ line: Int) throws(LogError) -> JSONValue {
    let failure: LineFailure
    let layout = self.layout
    do {
      return try Self.parse(source, layout.lines, line - 1)
    } catch {
      failure = error
    }
    switch failure {
    case .read(let error):
      throw error
    case .syntax(let error):
      throw lineError(
        error, line: line, isBlank: layout.lines.byteRange(ofLine: line - 1).isEmpty)
    }
  }

  /// The error for file line `line` (1-based), which is not JSON: `error` is the parser's;
  /// `isBlank` when the line is empty.
  func lineError(_ error: JSONParseError, line: Int, isBlank: Bool) -> LogError {
    if isBlank {
      return LogError(
        kind: .malformedLine, path: path, line: line,
        message: "blank line (JSON Lines allows none)")
    }
    return LogError(
      kind: .malformedLine, path: path, line: line, column: error.column,
      message: "not valid JSON: \(error.message)")
  }

  /// The byte range in the file of the entry at `position` (1-based), without its line
  /// terminator.
  func byteRange(ofEntry position: Int) -> Range<Int> {
    let layout = self.layout
    return layout.lines.byteRange(ofLine: layout.lineIndex(ofEntry: position))
  }

  /// Reads the file's bytes at `range` into `buffer`, which must hold `range.count`
  /// bytes; `line` names the first line in errors.
  /// - Throws: ``LogError`` `.cannotOpen` as ``rawLine(ofEntry:)`` does.
  func copyBytes(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer, line: Int)
    throws(LogError)
  {
    try source.copyBytes(range, into: buffer, line: line)
  }

  /// Where a ``LogFollower`` takes over from this reading of the file: just after the
  /// last complete line (before a torn last line, which it waits to see completed), in
  /// the file that was read, even if the path names another file since.
  /// - Throws: ``LogError`` `.cannotOpen` for a log that is not a regular file (standard
  ///   input, a pipe, a log in memory), which cannot be read again.
  public func followPoint() throws(LogError) -> FollowPoint {
    guard let identity = source.identity() else {
      throw LogError(
        kind: .cannotOpen, path: path,
        message: "cannot be followed: only a regular file can be read again as it grows")
    }
    let (offset, count, unterminated) =
      tornLine.map { (lines.starts[$0], $0, false) }
      ?? (lines.size, lines.count, lines.lastLineIsUnterminated)
    return FollowPoint(
      offset: offset, lines: count, awaitingNewline: unterminated, identity: identity,
      prefix: FollowPoint.opening(source.opening(min(offset, FollowPoint.openingLimit))))
  }

  /// Whether some entries are compact (an RFC 6902 patch instead of `prior`
  /// and `next`), so that states must be rebuilt from keyframes.
  public var isCompact: Bool { keyframes != nil }

  /// The 1-based file line of the entry at `position` (1-based).
  public func lineNumber(ofEntry position: Int) -> Int {
    layout.lineIndex(ofEntry: position) + 1
  }

  /// The raw bytes of the entry at `position`, read now and not parsed.
  /// - Throws: ``LogError`` `.cannotOpen` naming the line when the file cannot be read
  ///   there (it was truncated or rewritten since it was opened).
  /// - Complexity: One read of that line's bytes.
  public func rawLine(ofEntry position: Int) throws(LogError) -> Data {
    let layout = self.layout
    let i = layout.lineIndex(ofEntry: position)
    return try source.bytes(layout.lines.byteRange(ofLine: i), line: i + 1)
  }

  /// The raw bytes of file line `line` (1-based), read now and not parsed.
  /// - Throws: ``LogError`` `.cannotOpen` naming the line when it cannot be read.
  func rawLine(atLine line: Int) throws(LogError) -> Data {
    try source.bytes(layout.lines.byteRange(ofLine: line - 1), line: line)
  }

  /// The entry at `position`, 1-based (1…``entryCount``).
  /// - Throws: ``LogError`` `.outOfRange` for a bad position; `.malformedLine`
  ///   with line and column when the line is not JSON; `.invalidEntry` naming
  ///   the member when the line is not a valid entry, or when a compact entry's
  ///   `patch` does not apply.
  /// - Complexity: O(length of that line) for a full entry. For a compact entry, O(1)
  ///   patches when the previous entry was the last one read, otherwise one keyframe
  ///   parse plus at most one patch per entry since that keyframe.
  public func entry(_ position: Int) throws(LogError) -> LogEntry {
    guard (1...max(1, entryCount)).contains(position), entryCount > 0 else {
      throw LogError(
        kind: .outOfRange, path: path,
        message: "entry \(position) is out of range (the log has \(entryCount) entries)")
    }
    let line = lineIndex(ofEntry: position) + 1
    return try entry(from: parseLine(line), line: line, position: position)
  }

  /// The entry at `position` from its parsed line `value` (file line `line`).
  func entry(from value: JSONValue, line: Int, position: Int) throws(LogError) -> LogEntry {
    let members = try LogEntry.Members(value, path: path, line: line, actionOnly: isActionOnly)
    return try entry(from: members, line: line, position: position)
  }

  /// The entry at `position` from its line's checked `members` (file line `line`).
  func entry(from members: LogEntry.Members, line: Int, position: Int) throws(LogError)
    -> LogEntry
  {
    let layout = self.layout
    let seq = layout.numbering.number(atPosition: position)
    if layout.isActionOnly {
      var entry = try actionOnlyEntry(position: position, line: line, action: members.action)
      entry.seq = seq
      entry.time = members.time
      entry.otherMembers = members.otherMembers
      entry.recordedSeq = members.recordedSeq
      return entry
    }
    guard let patch = members.patch else {
      let (prior, next) = members.states!
      if layout.keyframes != nil { rebuilt.withLock { $0 = (position, next) } }
      return members.entry(seq: seq, prior: prior, next: next, line: line)
    }
    guard position > 1 else {
      throw LogError(
        kind: .invalidEntry, path: path, line: line,
        message: "a compact entry (/patch) comes before any full entry to apply it to")
    }
    let prior = try rebuiltNext(position - 1)
    let next = try LogEntry.applying(patch, to: prior, path: path, line: line)
    rebuilt.withLock { $0 = (position, next) }
    return members.entry(seq: seq, prior: prior, next: next, line: line)
  }

  /// Entry `position`'s `next`, rebuilt from the nearest keyframe at or before it, or
  /// from the cached state when that lies between them.
  /// - Complexity: O(1) parses when `position` or `position − 1` was the last entry
  ///   read; otherwise one keyframe parse plus at most one patch per entry after it.
  private func rebuiltNext(_ position: Int) throws(LogError) -> JSONValue {
    let cached = rebuilt.withLock { $0 }
    if let cached, cached.position == position { return cached.state }
    guard let keyframes, position >= 1 else { return try entry(position).next }
    // The last keyframe at or before `position`.
    var low = 0
    var high = keyframes.count
    while low < high {
      let mid = (low + high) / 2
      if keyframes[mid] <= position { low = mid + 1 } else { high = mid }
    }
    guard low > 0 else {
      throw LogError(
        kind: .invalidEntry, path: path, line: lineNumber(ofEntry: position),
        message: "a compact entry (/patch) comes before any full entry to apply it to")
    }
    let keyframe = keyframes[low - 1]
    var (from, state): (Int, JSONValue)
    if let cached, cached.position >= keyframe, cached.position < position {
      (from, state) = (cached.position, cached.state)
    } else {
      (from, state) = (keyframe, try entry(keyframe).next)
    }
    while from < position {
      from += 1
      let line = lineIndex(ofEntry: from) + 1
      let value = try parseLine(line)
      guard let patch = value["patch"] else {
        throw LogError(
          kind: .invalidEntry, path: path, line: line, message: "the entry has no /patch member")
      }
      state = try LogEntry.applying(patch, to: state, path: path, line: line)
    }
    rebuilt.withLock { $0 = (position, state) }
    return state
  }

  /// State `index` of the log: 0 is the initial state (entry 1's `prior`), and
  /// k ≥ 1 is the state after entry k (entry k's `next`).
  /// - Throws: ``LogError`` as ``entry(_:)`` does.
  public func state(_ index: Int) throws(LogError) -> JSONValue {
    guard (0...entryCount).contains(index) else {
      throw LogError(
        kind: .outOfRange, path: path,
        message: "state \(index) is out of range (the log has states 0…\(entryCount))")
    }
    if isActionOnly { return try recomputedState(index) }
    if index == 0 {
      guard entryCount > 0 else {
        throw LogError(
          kind: .outOfRange, path: path, message: "the log has no entries, so no states")
      }
      return try entry(1).prior
    }
    return keyframes == nil ? try entry(index).next : try rebuiltNext(index)
  }

  /// The gap record just before the entry at `position`, if the recorder dropped
  /// entries there (the chain restarts at that entry).
  public func gap(beforeEntry position: Int) -> LogGap? { gapBefore[position] }

  /// The entry positions, `1...entryCount` (empty for an empty log).
  public var positions: Range<Int> { 1..<(entryCount + 1) }

  /// Every entry in order, parsed one line at a time.
  /// - Throws: the first ``LogError`` met.
  /// - Complexity: O(file size).
  public func forEachEntry(_ body: (LogEntry) throws(LogError) -> Void) throws(LogError) {
    guard entryCount > 0 else { return }
    for position in 1...entryCount { try body(try entry(position)) }
  }
}
