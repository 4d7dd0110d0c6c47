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
  /// The header, when the first line is one.
  public let header: LogHeader?

  /// How the writer wrote optionals that were `nil`: `NilEncoding.null` when the header
  /// says `"nils":"null"`, `NilEncoding.omitted` otherwise (logs from before the
  /// member existed, and writers that do not say).
  public var nils: NilEncoding { header?.nils == "null" ? .null : .omitted }
  /// Problems that did not stop the log being read, e.g. a torn last line, and what
  /// every reader should know: skipped blank lines, gaps, and a numbering by position.
  public let warnings: [LogWarning]
  /// Every place where `seq` does not go up by one from the entry before (it skips,
  /// repeats or goes backwards, or disagrees with a gap record), in file order: what
  /// the summary adds to ``warnings``.
  public let sequenceWarnings: [LogWarning]
  /// How entries and states are named: by `seq`, or by position when `seq` does not
  /// increase (see ``EntryNumbering``). ``LogEntry/seq`` is this number.
  public let numbering: EntryNumbering

  /// The closing record ending the log, when its writer closed it.
  public let closing: LogClosing?
  /// The 1-based file lines of the pending records, ascending (summaries check their
  /// `seq` like entries').
  let pendingLines: [Int]

  let source: LogSource
  let lines: LineIndex
  /// The 0-based line indexes of the effect records, ascending.
  let effectLines: [Int]
  /// Index into `lines` of the first entry line.
  let firstEntryLine: Int
  /// Number of entry lines (excluding the header, pending records and a torn last
  /// line).
  public let entryCount: Int
  /// Line indexes of the entries when pending records are interleaved; `nil` when
  /// every line after the header is an entry (no memory spent on the common case).
  let entryLines: [Int]?
  /// The action the app was applying when the session ended, when the log ends in a
  /// pending record with no completing entry (see ``PendingEntry``).
  public let pendingEntry: PendingEntry?
  /// The gap records, in file order: entries the recorder dropped.
  public let gaps: [LogGap]
  /// Gaps by the position of the entry that follows them.
  private let gapBefore: [Int: LogGap]
  /// Positions of the full entries, ascending, when the log has compact (patch)
  /// entries; `nil` for a log of full entries only.
  private let keyframes: [Int]?
  /// The 0-based index of the torn last line that was dropped, if any.
  private let tornLine: Int?
  /// The last state rebuilt from patches: (entry position, that entry's `next`).
  private let rebuilt = Mutex<(position: Int, state: JSONValue)?>(nil)
  /// Whether the entries record actions only (the first has no `next` and no `patch`):
  /// their states come from a reducer (see ``recompute(with:keyframeInterval:)``).
  public let isActionOnly: Bool
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

  private init(source: LogSource) throws(LogError) {
    self.path = source.path
    self.source = source
    var index = try LineIndex(source)
    var seqs = index.takeSeqs()
    lines = index
    let kinds = lines.kinds

    // Blank lines are no records: the header is the first line that is not blank.
    var firstEntry = kinds.firstIndex { $0 != .blank } ?? lines.count
    var header: LogHeader?
    if firstEntry < lines.count, let first = try? Self.parse(source, lines, firstEntry) {
      header = LogHeader(first)
      if header != nil { firstEntry += 1 }
    }
    // Blank lines at the very end (an editor's final newline, say) are not worth a word;
    // blank lines elsewhere are skipped with a warning.
    var end = lines.count
    while end > firstEntry, kinds[end - 1] == .blank { end -= 1 }
    let lastLine = end
    // A closing record ends the log: nothing after it was torn, and it is no entry.
    var closing: LogClosing?
    if end > firstEntry, kinds[end - 1] == .closing,
      let value = try? Self.parse(source, lines, end - 1)
    {
      closing = LogClosing(value, line: end)
      if closing != nil { end -= 1 }
    }
    let blankWarning = Self.blankLinesWarning(kinds[..<end])
    var torn: (line: Int, reason: String)?
    if end > firstEntry, closing == nil {
      let last = end - 1
      do {
        _ = try Self.parse(source, lines, last)
      } catch .syntax(let error) where error.isTruncated {
        // An app that died mid-write leaves a torn last record; everything
        // before it is still good. The warning is written once the entries are known.
        torn = (last + 1, error.message)
        end -= 1
        while end > firstEntry, kinds[end - 1] == .blank { end -= 1 }
      } catch {
        // Reported with its line when the entry is read.
      }
    }
    let range = firstEntry..<max(firstEntry, end)
    let asynchronous = closing == nil && header?.durability == "asynchronous"
    var scan = Self.scanPending(source, lines, range, kinds[range], asynchronous: asynchronous)
    var indexed = Self.indexEntries(source, lines, range, seqs: &seqs)
    var warnings = indexed.warnings
    let (entryLines, gaps) = (indexed.entryLines, indexed.gaps)
    if let pending = scan.pending {
      indexed.numbering.addPending(seq: pending.seq, line: pending.line)
    }
    let numbered = indexed.numbering.finish()
    self.numbering = numbered.numbering
    self.sequenceWarnings = indexed.numbering.warnings
    for gap in gaps {
      let next = gap.beforeEntry.map { numbered.numbering.number(atPosition: $0) }
      warnings.append(LogWarning(line: gap.line, message: gap.message(nextEntry: next)))
    }
    if let crash = scan.crashWarning, var pending = scan.pending {
      pending.seq = numbered.pendingNumber
      scan.pending = pending
      scan.warnings[crash] = LogWarning(
        line: pending.line,
        message: asynchronous ? pending.asynchronousEndMessage : pending.crashMessage)
    }
    var opening: [LogWarning] = []
    if let warning = numbered.warning { opening.append(warning) }
    if let dropped = header?.dropped, dropped > 0 {
      let keeps = header?.ring.map { ", keeps the last \($0)" } ?? ""
      opening.append(
        LogWarning(
          line: 1,
          message:
            "\(dropped) earlier \(dropped == 1 ? "entry was" : "entries were") dropped (ring mode\(keeps))"
        ))
    }
    if let blankWarning { opening.append(blankWarning) }
    if let torn {
      let count = entryLines.count
      let entries = count == 1 ? "1 complete entry" : "\(count) complete entries"
      opening.append(
        LogWarning(
          line: torn.line,
          message:
            "the last line is incomplete (\(torn.reason)); ignored it and read the \(entries) before it"
        ))
    }
    let pending = scan.pending
    self.header = header
    self.firstEntryLine = firstEntry
    // Positions map straight to lines only when every line in range is an entry.
    let needsIndex = entryLines.count != range.count
    self.entryLines = needsIndex ? entryLines : nil
    self.pendingEntry = pending
    self.entryCount = entryLines.count
    self.gaps = gaps
    self.gapBefore = Dictionary(
      gaps.compactMap { gap in gap.beforeEntry.map { ($0, gap) } }, uniquingKeysWith: { a, _ in a })
    self.keyframes = indexed.hasPatches ? indexed.keyframes : nil
    self.isActionOnly = Self.recordsActionsOnly(source, lines, entryLines.prefix(2))
    self.closing = closing
    self.tornLine = torn.map { $0.line - 1 }
    self.pendingLines = range.filter { kinds[$0] == .pending }.map { $0 + 1 }
    self.effectLines = range.filter { kinds[$0] == .effect }
    let lastSeq = Self.lastSeq(
      source, lines, lastEntry: entryLines.last, entryCount: entryLines.count,
      endGap: gaps.last.flatMap { $0.beforeEntry == nil ? $0 : nil })
    let ending = Self.endingWarnings(
      closing: closing, header: header, endsInPending: pending != nil, lastLine: lastLine,
      lastSeq: lastSeq)
    let nuls = lines.nulRuns.map { LogWarning.nulBytes($0.count, beforeLine: $0.line) }
    self.warnings = opening + nuls + scan.warnings + warnings + ending
  }

  /// What one pass over the entry lines finds.
  private struct IndexedEntries {
    var warnings: [LogWarning] = []
    /// The line index of each entry.
    var entryLines: [Int] = []
    var gaps: [LogGap] = []
    /// Positions of the full entries.
    var keyframes: [Int] = []
    var hasPatches = false
    var numbering = EntryNumbering.Builder()
  }

  /// Finds the entries, gap records and keyframes among the lines in `range`, and
  /// numbers the entries, reading a `seq` that lies past a line's first bytes.
  private static func indexEntries(
    _ source: LogSource, _ lines: LineIndex, _ range: Range<Int>, seqs: inout [Int]
  ) -> IndexedEntries {
    let kinds = lines.kinds
    var result = IndexedEntries()
    var openGaps: [Int] = []
    for i in range {
      let kind = kinds[i]
      switch kind {
      case .gap:
        let value = try? parse(source, lines, i)
        if let n = value?["dropped"]?.numberValue?.intValue,
          let seq = value?["seq"]?.numberValue?.intValue,
          n >= 1, seq >= 1, !seq.addingReportingOverflow(n).overflow
        {
          openGaps.append(result.gaps.count)
          result.gaps.append(
            LogGap(
              dropped: n, firstSeq: seq, line: i + 1, beforeEntry: nil,
              reason: value?["reason"]?.stringValue))
        } else {
          result.warnings.append(
            LogWarning(
              line: i + 1,
              message:
                "a gap record cannot be read (expected {\"dropped\":N,\"seq\":S} with N and S positive integers); ignored it"
            ))
        }
      case .pending, .blank, .effect:
        break
      case .closing:
        // Closed, then appended to: a later session follows. Only an unreadable one is
        // worth a word.
        if (try? parse(source, lines, i)).flatMap({ LogClosing($0, line: i + 1) }) == nil {
          result.warnings.append(LogWarning(line: i + 1, message: LogClosing.unreadableMessage))
        }
      case .patch, .entry:
        result.entryLines.append(i)
        if kind == .patch {
          result.hasPatches = true
        } else {
          result.keyframes.append(result.entryLines.count)
        }
        if seqs[i] == LineIndex.seqLater { seqs[i] = seqMember(source, lines, i) }
        result.numbering.add(
          recordedSeq: seqs[i] == LineIndex.seqAbsent ? nil : seqs[i], line: i + 1,
          after: openGaps.last.map { result.gaps[$0] })
        for g in openGaps { result.gaps[g].beforeEntry = result.entryLines.count }
        openGaps = []
      }
    }

    for g in openGaps { result.numbering.addTrailingGap(result.gaps[g]) }
    return result
  }

  /// The warning for the blank lines among `kinds` (those at the very end excluded by the
  /// caller), or `nil` when there are none.
  private static func blankLinesWarning(_ kinds: ArraySlice<LineKindScan.Kind>) -> LogWarning? {
    guard let first = kinds.firstIndex(of: .blank) else { return nil }
    let count = kinds[first...].count { $0 == .blank }
    let what =
      count == 1
      ? "a blank line: it is not an entry and takes"
      : "\(count) blank lines, the first here: they are not entries and take"
    return LogWarning(
      line: first + 1, message: "skipped \(what) no number (JSON Lines has no blank lines)")
  }

  /// The `seq` of line `i`, read by stepping over the whole line.
  private static func seqMember(_ source: LogSource, _ lines: LineIndex, _ i: Int) -> Int {
    guard let bytes = try? source.bytes(lines.starts[i]..<lines.ends[i], line: i + 1) else {
      return LineIndex.seqAbsent
    }
    return LineIndex.code(bytes.withUnsafeBytes { LineKindScan.seqMember($0) })
  }

  // Entry lines are never parsed here: only the last pending line, if it ends the log.
  private static func scanPending(
    _ source: LogSource, _ lines: LineIndex, _ range: Range<Int>,
    _ kinds: ArraySlice<LineKindScan.Kind>, asynchronous: Bool
  ) -> (pending: PendingEntry?, warnings: [LogWarning], crashWarning: Int?) {
    let found = kinds.indices.filter { kinds[$0] == .pending }
    guard let last = found.last else { return (nil, [], nil) }
    var warnings: [LogWarning] = []
    // Effect records are no entries: they neither complete a pending record nor stop
    // one from being the last.
    for i in found.dropLast()
    where kinds[(i + 1)...].first(where: { $0 != .blank && $0 != .effect }) == .pending {
      warnings.append(
        LogWarning(
          line: i + 1,
          message: "a pending record was never completed (the next line is another pending record)"
        ))
    }
    var pending: PendingEntry?
    var crashWarning: Int?
    if kinds[(last + 1)...].allSatisfy({ $0 == .blank || $0 == .effect }) {
      if let value = try? parse(source, lines, last),
        let entry = PendingEntry(value, line: last + 1)
      {
        pending = entry
        crashWarning = warnings.count
        warnings.append(
          LogWarning(
            line: last + 1,
            message: asynchronous ? entry.asynchronousEndMessage : entry.crashMessage))
      } else {
        warnings.append(
          LogWarning(
            line: last + 1, message: "the last line is a pending record that cannot be read"))
      }
    }
    return (pending, warnings, crashWarning)
  }

  /// The 0-based line index of the entry at `position` (1-based).
  func lineIndex(ofEntry position: Int) -> Int {
    entryLines?[position - 1] ?? firstEntryLine + position - 1
  }

  /// Why a line could not be parsed: reading it failed, or it is not JSON.
  private enum LineFailure: Error {
    case read(LogError)
    case syntax(JSONParseError)
  }

  /// Whether the log records actions only, from its first two entries (line indexes
  /// `firsts`): the first has no `next` and no `patch`; when it has a `prior` (the initial
  /// state, see <doc:LogFormat#Action-only-entries>), the second entry, if any, has no
  /// `next` and no `patch` either. A first entry with a `prior` before entries that record
  /// states is a full entry missing its `next`, and reads as the error that names it on
  /// every path, rather than a log whose recorded states are all ignored.
  private static func recordsActionsOnly(
    _ source: LogSource, _ lines: LineIndex, _ firsts: ArraySlice<Int>
  ) -> Bool {
    func reading(_ i: Int) -> (actionOnly: Bool, hasPrior: Bool)? {
      guard lines.kinds[i] == .entry, case .object(let object)? = try? parse(source, lines, i)
      else { return nil }
      return (
        object["action"] != nil && object["next"] == nil && object["patch"] == nil,
        object["prior"] != nil
      )
    }
    guard let first = firsts.first, let (actionOnly, hasPrior) = reading(first), actionOnly
    else { return false }
    guard hasPrior, firsts.count > 1 else { return true }
    // A second line that cannot be read leaves the first's reading as it was.
    return reading(firsts[firsts.startIndex + 1])?.actionOnly ?? true
  }

  private static func parse(_ source: LogSource, _ lines: LineIndex, _ i: Int) throws(LineFailure)
    -> JSONValue
  {
    let bytes: Data
    do {
      bytes = try source.bytes(lines.starts[i]..<lines.ends[i], line: i + 1)
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
    do {
      return try Self.parse(source, lines, line - 1)
    } catch {
      failure = error
    }
    switch failure {
    case .read(let error):
      throw error
    case .syntax(let error):
      throw lineError(error, line: line, isBlank: lines.ends[line - 1] == lines.starts[line - 1])
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
    let i = lineIndex(ofEntry: position)
    return lines.starts[i]..<lines.ends[i]
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
  public func lineNumber(ofEntry position: Int) -> Int { lineIndex(ofEntry: position) + 1 }

  /// The raw bytes of the entry at `position`, read now and not parsed.
  /// - Throws: ``LogError`` `.cannotOpen` naming the line when the file cannot be read
  ///   there (it was truncated or rewritten since it was opened).
  /// - Complexity: One read of that line's bytes.
  public func rawLine(ofEntry position: Int) throws(LogError) -> Data {
    let i = lineIndex(ofEntry: position)
    return try source.bytes(lines.starts[i]..<lines.ends[i], line: i + 1)
  }

  /// The raw bytes of file line `line` (1-based), read now and not parsed.
  /// - Throws: ``LogError`` `.cannotOpen` naming the line when it cannot be read.
  func rawLine(atLine line: Int) throws(LogError) -> Data {
    try source.bytes(lines.starts[line - 1]..<lines.ends[line - 1], line: line)
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
    let seq = numbering.number(atPosition: position)
    if isActionOnly {
      var entry = try actionOnlyEntry(position: position, line: line, action: members.action)
      entry.seq = seq
      entry.time = members.time
      entry.otherMembers = members.otherMembers
      entry.recordedSeq = members.recordedSeq
      return entry
    }
    guard let patch = members.patch else {
      let (prior, next) = members.states!
      if keyframes != nil { rebuilt.withLock { $0 = (position, next) } }
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
