import Foundation
import TimeTravelDiff
import TimeTravelJSON

extension LogSummary {
  /// The summary of every entry of `log`, read with ``EntryScanner``: the same
  /// result as ``init(scanning:including:)`` with no filter, several times
  /// faster, because states are validated rather than built. A compact log (see
  /// ``LogFile/isCompact``) or an action-only one (``LogFile/isActionOnly``) is read with
  /// ``init(scanning:including:)``, which rebuilds each state from its patch, or leaves
  /// them out.
  ///
  /// The chain check compares `prior` with the previous `next` byte for byte
  /// first (the recorder writes the very same bytes); only when the bytes
  /// differ are both parsed and compared by value, so reordered keys or `1.0`
  /// vs `1` still count as equal, and a real break names its first differing
  /// JSON Pointer.
  ///
  /// The entries are read on `threads` threads (``LogFile/scan(_:threads:read:consume:)``;
  /// `nil` for the log's ``LogFile/scanSettings``), each checking the chain within its
  /// chunk of lines; the summary is the same for every thread count.
  ///
  /// - Throws: the first ``LogError`` met, with the same kind, line, column
  ///   and message as ``LogFile/entry(_:)``.
  /// - Complexity: O(file size); memory O(largest line) per thread.
  public init(fastScanning log: LogFile, threads: Int? = nil) throws(LogError) {
    do {
      let settings = log.scanSettings
      try self.init(
        fastScanning: log, threads: threads ?? settings.threads, including: nil,
        chunkBytes: settings.chunkBytes)
    } catch let error as LogError {
      throw error
    } catch {
      // Without a filter nothing else is thrown.
      throw LogError(kind: .invalidEntry, path: log.path, message: "\(error)")
    }
  }

  /// ``init(fastScanning:threads:)`` counting only the entries `include` accepts, as
  /// ``init(scanning:including:)`` does (`--where`): each entry is read with `reading`
  /// (what `include` looks at, see ``EntryProjection``) and `include` runs on the scan's
  /// worker threads, several at once; the chain is checked over all entries regardless.
  /// - Throws: the first ``LogError`` met, or what `include` throws, in log order.
  public init(
    fastScanning log: LogFile, threads: Int? = nil, reading: EntryProjection,
    including include: @escaping @Sendable (LogEntry) throws -> Bool
  ) throws {
    let settings = log.scanSettings
    try self.init(
      fastScanning: log, threads: threads ?? settings.threads,
      including: { line in try include(try line.entry(reading: reading)) },
      chunkBytes: settings.chunkBytes, tree: include)
  }

  /// The fast summary with chunks of about `chunkBytes` (tests make them tiny, so that a
  /// small log has many).
  init(
    fastScanning log: LogFile, threads: Int,
    including include: (@Sendable (LogLine) throws -> Bool)?,
    chunkBytes: Int, tree: @escaping (LogEntry) throws -> Bool = { _ in true }
  ) throws {
    // Compact entries hold a patch, not their states, and action-only entries no states
    // at all: only the tree scan rebuilds them. (A log whose index is deferred tells it is
    // compact once its scan has built the index.)
    let indexed = log.openingOffset == nil || log.layoutCell.current != nil
    if log.isActionOnly || indexed && log.isCompact {
      self = try LogSummary(scanning: log, including: tree)
      return
    }
    var chain: [LogWarning] = []
    var sequence = LogSequenceCheck(log)
    var provenance = ProvenanceCheck(log)
    var tally = ActionTally()
    // The last entry before the current chunk: its number and its `next`.
    var previous: (seq: Int, next: [UInt8])?
    // The number of the entry before.
    var before: Int?
    var included = 0
    // Everything the entries' checks need comes with them (their numbers, lines and
    // gaps), so the scan that opens a log can consume them before the index is built.
    func consume(_ position: Int, _ record: ScannedEntry) -> Bool {
      let seq = record.number
      defer { before = seq }
      chain += sequence.check(
        position: position, number: seq, seq: record.seq ?? seq, line: record.line,
        time: record.time, afterGap: record.afterGap)
      provenance.check(
        position: position, seq: seq, line: record.line, site: record.site,
        origin: record.origin)
      switch record.chain {
      case .broken(let first):
        chain.append(Self.chainWarning(seq, after: before ?? seq, line: record.line, first))
      case .checked:
        break
      case .firstInChunk(let prior):
        // After a gap record the chain restarts: the prior does not follow on.
        if let previous, !record.afterGap, let first = Self.chainBreak(previous.next, prior) {
          chain.append(Self.chainWarning(seq, after: previous.seq, line: record.line, first))
        }
      }
      if let next = record.lastNext { previous = (seq, next) }
      if record.included {
        included += 1
        tally.add(name: record.name, time: record.time)
      }
      return true
    }
    var first = 1
    let opening = try log.scanOpening(
      threads: threads, chunkBytes: chunkBytes, stopsAtPending: true, consume: consume
    ) { positions, lines in
      Self.scanChunk(log, positions, include, lines)
    }
    if case .handedOver(let position)? = opening {
      // The scan built the index: a compact log is read again, whole.
      if log.isCompact {
        self = try LogSummary(scanning: log, including: tree)
        return
      }
      first = position + 1
    }
    if first <= log.entryCount {
      try log.scanByChunk(
        first..<(log.entryCount + 1), threads: threads, chunkBytes: chunkBytes, consume: consume
      ) { chunk, buffer, stopped in
        Self.scanChunk(log, chunk.positions, include) { read in
          log.readChunk(chunk, into: buffer, stopped: stopped, read)
        }
      }
    }
    self.entryCount = included
    chain += sequence.finish()
    self.warnings =
      log.warnings
      + Self.inLineOrder(Self.inLineOrder(log.sequenceWarnings, chain), provenance.finish())
    self.firstTime = tally.firstTime
    self.lastTime = tally.lastTime
    actionCounts = tally.ranked
  }

  /// What a summary keeps of one scanned entry.
  struct ScannedEntry: Sendable {
    var seq: Int?
    var time: String?
    var name: String
    var chain: ChainLink
    /// Whether the summary counts it (`--where`).
    var included: Bool
    /// The entry's `next`, when it is the last of its chunk: the next chunk's first
    /// entry is checked against it.
    var lastNext: [UInt8]?
    /// Its `site` and `origin` members as written, when it has them.
    var site: JSONValue?
    var origin: JSONValue?
    /// Its number (``LogFile/numbering``), file line, and whether a gap record comes
    /// just before it.
    var number: Int
    var line: Int
    var afterGap: Bool
  }

  /// How an entry's `prior` was checked against the entry before it.
  enum ChainLink: Sendable {
    /// Against the entry before, in the same chunk: it follows on.
    case checked
    /// Against the entry before, in the same chunk: it does not; the first differing path.
    case broken(String)
    /// Not yet: the entry before is in another chunk, so the prior's bytes go along.
    case firstInChunk(prior: [UInt8])
  }

  /// Scans the entries at `positions`, read in order by `lines`, checking each `prior`
  /// against the `next` before it within the chunk.
  private static func scanChunk(
    _ log: LogFile, _ positions: Range<Int>, _ include: (@Sendable (LogLine) throws -> Bool)?,
    _ lines: ((LogLine) -> Result<ScannedEntry, any Error>) -> [Result<ScannedEntry, any Error>]
  ) -> [Result<ScannedEntry, any Error>] {
    // The `next` of each line of the chunk read so far, by position in the chunk: a line
    // read again (after a cut mapping) compares with the line before it, not the last read.
    var nexts: [UnsafeBufferPointer<UInt8>] = []
    return lines { line in
      let k = line.position - positions.lowerBound
      let previousNext = k > 0 ? nexts[k - 1] : nil
      let entry: RawEntry
      let included: Bool
      do {
        entry = try line.rawEntry()
        included = try include?(line) ?? true
      } catch {
        return .failure(error)
      }
      let prior = UnsafeBufferPointer(rebasing: line.bytes[entry.prior])
      let next = UnsafeBufferPointer(rebasing: line.bytes[entry.next])
      let afterGap = line.followsGap
      var link = ChainLink.checked
      if let previousNext {
        // A prior with the very bytes of the next before follows on (the scanner compared
        // them already).
        if !entry.priorRepeatsPreviousNext, !afterGap,
          let first = chainBreak(previousNext, prior)
        {
          link = .broken(first)
        }
      } else {
        link = .firstInChunk(prior: Array(prior))
      }
      // The lines' bytes outlive the chunk's reading.
      nexts.removeSubrange(k...)
      nexts.append(next)
      let last = line.position == positions.upperBound - 1
      return .success(
        ScannedEntry(
          seq: entry.seq, time: entry.time, name: entry.actionName, chain: link,
          included: included, lastNext: last ? Array(next) : nil, site: entry.site,
          origin: entry.origin, number: line.number, line: line.line, afterGap: afterGap))
    }
  }

  /// `nil` when the two values are equal; otherwise the first differing path.
  static func chainBreak(_ a: some ContiguousBytes, _ b: some ContiguousBytes) -> String? {
    a.withUnsafeBytes { a in
      b.withUnsafeBytes { b in
        chainBreak(a.bindMemory(to: UInt8.self), b.bindMemory(to: UInt8.self))
      }
    }
  }

  /// `nil` when the two values are equal; otherwise the first differing path.
  static func chainBreak(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>)
    -> String?
  {
    if a.count == b.count, a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 {
      return nil
    }
    // Both were validated, so parsing cannot fail.
    guard let old = try? JSONParser.parse(bytes: a), let new = try? JSONParser.parse(bytes: b),
      old != new
    else { return nil }
    return JSONDiff.changes(from: old, to: new).first?.shownPath.quotedText ?? "\"\""
  }
}
