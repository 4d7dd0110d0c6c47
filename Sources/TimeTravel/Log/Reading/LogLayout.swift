import Foundation
import TimeTravelDiff
import TimeTravelJSON

/// What the index of a log's lines says about the log: its header, where its entries are
/// and how they are numbered, its gaps, keyframes and pending records, and the warnings
/// every reader should know. ``LogFile`` builds it when it opens a log, or, when the
/// index is deferred, from the first full scan, which indexes the lines it reads.
///
/// Building it reads a few lines besides the index: the first (a header), the last (a
/// torn record, a closing record), a pending record at the end, the gap records, and
/// the first two entries (an action-only log).
final class LogLayout: Sendable {
  /// The header, when the first line is one.
  let header: LogHeader?
  /// See ``LogFile/warnings``.
  let warnings: [LogWarning]
  /// See ``LogFile/sequenceWarnings``.
  let sequenceWarnings: [LogWarning]
  /// See ``LogFile/numbering``.
  let numbering: EntryNumbering
  /// The closing record ending the log, when its writer closed it.
  let closing: LogClosing?
  /// The 1-based file lines of the pending records, ascending.
  let pendingLines: [Int]
  let lines: LineIndex
  /// The 0-based line indexes of the effect records, ascending.
  let effectLines: [Int]
  /// Index into `lines` of the first entry line.
  let firstEntryLine: Int
  /// Number of entry lines (excluding the header, pending records and a torn last
  /// line).
  let entryCount: Int
  /// Line indexes of the entries when pending records are interleaved; `nil` when
  /// every line after the header is an entry.
  let entryLines: [Int]?
  /// See ``LogFile/pendingEntry``.
  let pendingEntry: PendingEntry?
  /// The gap records, in file order.
  let gaps: [LogGap]
  /// Gaps by the position of the entry that follows them.
  let gapBefore: [Int: LogGap]
  /// Positions of the full entries, ascending, when the log has compact (patch)
  /// entries; `nil` for a log of full entries only.
  let keyframes: [Int]?
  /// The 0-based index of the torn last line that was dropped, if any.
  let tornLine: Int?
  /// See ``LogFile/isActionOnly``.
  let isActionOnly: Bool

  /// Whether the log at `source`, whose lines start at `firstLine`, records actions only,
  /// as its layout will say, from the lines at its start: what a log opened with its index
  /// deferred answers without indexing the whole file.
  ///
  /// The layout reads the first two entries (see ``recordsActionsOnly(_:_:_:)``), after
  /// the header; read here once a line that is not blank follows the second, so that
  /// neither is the file's last line, which the layout may drop as torn. A file that ends
  /// before is read whole, and its layout gives the answer.
  /// - Complexity: Reads the file up to the line after its second entry.
  static func recordsActionsOnly(atStartOf source: LogSource, firstLine: Int) -> Bool {
    var builder = LineIndex.Builder()
    builder.lineStart = firstLine
    var firsts: [Int]?
    var lines = LineIndex()
    let reached = try? source.forEachChunk(from: 0, to: nil, chunkSize: 64 << 10) {
      chunk, offset in
      builder.add(chunk, at: offset)
      lines = LineIndex(builder, source: source)
      firsts = Self.firstEntries(source, lines)
      return firsts == nil
    }
    guard reached != nil else { return false }
    guard let firsts else {
      builder.finish()
      return LogLayout(source, lines: LineIndex(builder, source: source)).isActionOnly
    }
    return recordsActionsOnly(source, lines, firsts[...])
  }

  /// The line indexes of the first two entries among `lines` (ended lines at the start of
  /// a file), once a line that is not blank follows the second; else `nil`.
  private static func firstEntries(_ source: LogSource, _ lines: LineIndex) -> [Int]? {
    let kinds = lines.kinds
    guard var start = kinds.firstIndex(where: { $0 != .blank }) else { return nil }
    if let first = try? LogFile.parse(source, lines, start), LogHeader(first) != nil {
      start += 1
    }
    var entries: [Int] = []
    for i in start..<kinds.count {
      if entries.count == 2 {
        if kinds[i] != .blank { return entries }
      } else if kinds[i] == .entry || kinds[i] == .patch {
        entries.append(i)
      }
    }
    return nil
  }

  /// The 0-based line index of the entry at `position` (1-based).
  @inline(__always)
  func lineIndex(ofEntry position: Int) -> Int {
    entryLines?[position - 1] ?? firstEntryLine + position - 1
  }

  /// The layout of `source` from a classic index of its lines, for a log opened with its
  /// index deferred; when the file cannot be read any more (it could be opened), the
  /// layout of no lines, with a warning that says why.
  static func building(_ source: LogSource) -> LogLayout {
    do {
      return LogLayout(source, lines: try LineIndex(source))
    } catch {
      return LogLayout(source, lines: LineIndex(), unreadable: error)
    }
  }

  /// The layout of `source`, whose lines `index` holds; `unreadable` is the error that
  /// left the index empty, if one did.
  init(_ source: LogSource, lines index: LineIndex, unreadable: LogError? = nil) {
    var index = index
    var seqs = index.takeSeqs()
    lines = index
    let kinds = lines.kinds

    // Blank lines are no records: the header is the first line that is not blank.
    var firstEntry = kinds.firstIndex { $0 != .blank } ?? lines.count
    var header: LogHeader?
    if firstEntry < lines.count, let first = try? LogFile.parse(source, lines, firstEntry) {
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
      let value = try? LogFile.parse(source, lines, end - 1)
    {
      closing = LogClosing(value, line: end)
      if closing != nil { end -= 1 }
    }
    let blankWarning = Self.blankLinesWarning(kinds[..<end])
    var torn: (line: Int, reason: String)?
    if end > firstEntry, closing == nil {
      let last = end - 1
      do {
        _ = try LogFile.parse(source, lines, last)
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
    let lastSeq = LogFile.lastSeq(
      source, lines, lastEntry: entryLines.last, entryCount: entryLines.count,
      endGap: gaps.last.flatMap { $0.beforeEntry == nil ? $0 : nil })
    let ending = LogFile.endingWarnings(
      closing: closing, header: header, endsInPending: pending != nil, lastLine: lastLine,
      lastSeq: lastSeq)
    let nuls = lines.nulRuns.map { LogWarning.nulBytes($0.count, beforeLine: $0.line) }
    let failure = unreadable.map { [LogWarning(line: nil, message: $0.message)] } ?? []
    self.warnings = failure + opening + nuls + scan.warnings + warnings + ending
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
        let value = try? LogFile.parse(source, lines, i)
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
        if (try? LogFile.parse(source, lines, i)).flatMap({ LogClosing($0, line: i + 1) }) == nil {
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
      if let value = try? LogFile.parse(source, lines, last),
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

  /// Whether the log records actions only, from its first two entries (line indexes
  /// `firsts`): the first has no `next` and no `patch`; when it has a `prior` (the initial
  /// state, see <doc:LogFormat#Action-only-entries>), the second entry, if any, has no
  /// `next` and no `patch` either. A first entry with a `prior` before entries that record
  /// states is a full entry missing its `next`, and reads as the error that names it on
  /// every path, rather than a log whose recorded states are all ignored.
  static func recordsActionsOnly(
    _ source: LogSource, _ lines: LineIndex, _ firsts: ArraySlice<Int>
  ) -> Bool {
    func reading(_ i: Int) -> (actionOnly: Bool, hasPrior: Bool)? {
      guard lines.kinds[i] == .entry,
        case .object(let object)? = try? LogFile.parse(source, lines, i)
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
}
