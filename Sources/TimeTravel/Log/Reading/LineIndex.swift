import Foundation
import Synchronization

/// The byte ranges of the lines of a JSON Lines input, and the kind of each line (see
/// ``LineKindScan``), found by one `memchr` pass without parsing anything.
///
/// A line's range excludes its `\n` and a `\r` before it (JSON Lines tolerates
/// `\r\n`). A final line without `\n` is kept, and flagged by
/// ``lastLineIsUnterminated``. Complexity: O(n) bytes at memchr speed, reading the
/// input in chunks (see ``LogSource/forEachChunk(_:)``); 17 bytes per line kept, up to
/// about twice that while its arrays grow.
struct LineIndex: Sendable {
  /// Start offset of each line.
  private(set) var starts: [Int] = []
  /// End offset (exclusive, before `\r\n` or `\n`) of each line.
  private(set) var ends: [Int] = []
  /// The kind of each line.
  private(set) var kinds: [LineKindScan.Kind] = []
  /// Each line's `seq` as its first bytes tell it (``seqAbsent`` and ``seqLater`` for the
  /// other answers of ``LineKindScan/Seq``), until ``takeSeqs()`` hands them over.
  private(set) var seqs: [Int] = []
  /// Whether the input's last line has no terminating `\n`.
  private(set) var lastLineIsUnterminated = false
  /// The bytes indexed: the input's size when it was read.
  private(set) var size = 0
  /// The lines (1-based) that NUL bytes came before, and how many: what a copytruncate
  /// rotation leaves when the writer goes on at its old offset in the emptied file. They
  /// are not part of the line (its start lies after them).
  private(set) var nulRuns: [(line: Int, count: Int)] = []

  /// Indexes `source`, in `parts` stretches of lines read at once (by default several
  /// for a large input and more than one thread, see ``parts(for:)``); the index is the
  /// same for any number of parts.
  /// - Throws: ``LogError`` `.cannotOpen` when reading fails, or when the input is
  ///   compressed, an archive, or UTF-16 or UTF-32 text (``InputSignature``), which
  ///   would otherwise be reported as a malformed first line.
  ///
  /// A file that shrinks while it is indexed through its mapping is indexed again, with
  /// `pread(2)` (the mapping is not used once cut): the index is then the one of the file
  /// as it is now, as it would have been without the mapping, never one of zero bytes.
  init(_ source: LogSource, parts: Int? = nil) throws(LogError) {
    do {
      try self.init(reading: source, parts: parts)
    } catch  where source.mappingWasCut {
      try self.init(reading: source, parts: parts)
    }
  }

  private init(reading source: LogSource, parts: Int?) throws(LogError) {
    let firstLine = try Self.firstLine(of: source)
    let builder: Builder
    if let inParts = try Self.build(
      source, from: firstLine, parts: parts ?? Self.parts(for: source))
    {
      builder = inParts
    } else {
      var whole = Builder()
      whole.lineStart = firstLine
      try source.forEachChunk { chunk, offset in whole.add(chunk, at: offset) }
      whole.finish()
      builder = whole
    }
    self.init(builder, source: source)
  }

  /// Where `source`'s first line starts: past a UTF-8 byte order mark.
  /// - Throws: ``LogError`` `.cannotOpen` when the input is compressed, an archive, or
  ///   UTF-16 or UTF-32 text (``InputSignature``).
  static func firstLine(of source: LogSource) throws(LogError) -> Int {
    let opening = source.opening(4)
    if !Self.startsWithNULsBeforeText(source, opening),
      let format = InputSignature.foreignFormat(of: opening)
    {
      throw LogError(
        kind: .cannotOpen, path: source.path,
        message: "\(format); a log is UTF-8 JSON Lines text")
    }
    return InputSignature.byteOrderMarkLength(of: opening)
  }

  /// The index `builder` found, its whole input added and finished (see
  /// ``Builder/finish()``); a line whose first members `builder` could not classify is
  /// classified from `source`.
  init(_ builder: Builder, source: LogSource) {
    starts = builder.starts
    ends = builder.ends
    var kinds = builder.kinds
    var seqs = builder.seqs
    // Lines whose first members did not fit in the chunk they start in.
    for i in builder.unclassified {
      let length = ends[i] - starts[i]
      let prefix = min(length, 1 << 16)
      var found: LineKindScan.Classification?
      if let bytes = try? source.bytes(starts[i]..<starts[i] + prefix, line: i + 1) {
        found = bytes.withUnsafeBytes { LineKindScan.classify($0, isPrefix: prefix < length) }
      }
      if found == nil, prefix < length,
        let bytes = try? source.bytes(starts[i]..<ends[i], line: i + 1)
      {
        found = bytes.withUnsafeBytes { LineKindScan.classify($0, isPrefix: false) }
      }
      // A line that cannot be read is reported when it is parsed.
      kinds[i] = found?.kind ?? .entry
      seqs[i] = Self.code(found?.seq ?? .absent)
    }
    self.kinds = kinds.map { $0 ?? .entry }
    self.seqs = seqs
    lastLineIsUnterminated = builder.lastLineIsUnterminated
    size = builder.size
    nulRuns = builder.nulRuns
  }

  /// An index of no lines: that of a log that could be opened but not read.
  init() {}

  var count: Int { starts.count }

  /// The bytes of line `i` (0-based), without its terminator.
  @inline(__always)
  func byteRange(ofLine i: Int) -> Range<Int> { starts[i]..<ends[i] }

  /// The smallest input indexed in parts: below it, starting threads costs more than the
  /// `memchr` pass they share.
  static let partedIndexBytes = 16 << 20

  /// How many parts ``init(_:parts:)`` indexes `source` in: two per scan thread
  /// (``ScanThreads/default``) for an input of ``partedIndexBytes`` or more, so that a
  /// thread slowed by another process leaves less undone; else one.
  static func parts(for source: LogSource) -> Int {
    let threads = ScanThreads.default
    guard threads > 1, let size = source.currentSize(), size >= partedIndexBytes else { return 1 }
    return 2 * threads
  }

  /// The index of `source`'s lines from `firstLine` on, built in `parts` stretches of
  /// whole lines at once and joined; `nil` when it is not worth it (one part, or lines so
  /// long that one part holds them all) or when the input changed while read (a part
  /// ended short of the next one's first line), for the caller to index it in one pass.
  private static func build(_ source: LogSource, from firstLine: Int, parts: Int) throws(LogError)
    -> Builder?
  {
    guard parts > 1, let size = source.currentSize(), size > firstLine else { return nil }
    // Each stretch starts at a line start: past the first newline at or after the byte
    // before its nominal start.
    var starts = [firstLine]
    for k in 1..<parts {
      let nominal = size / parts * k
      guard nominal > starts[starts.count - 1] else { continue }
      guard let start = try lineStart(source, atOrAfter: nominal), start < size else { break }
      if start > starts[starts.count - 1] { starts.append(start) }
    }
    guard starts.count > 1 else { return nil }
    let count = starts.count
    let partStarts = starts
    let built = Mutex<[Int: Result<Builder, LogError>]>([:])
    DispatchQueue.concurrentPerform(iterations: count) { k in
      let start = partStarts[k]
      let end = k + 1 < count ? partStarts[k + 1] : nil
      var builder = Builder()
      builder.lineStart = start
      let result = Result { () throws(LogError) -> Builder in
        let reached = try source.forEachChunk(from: start, to: end) { chunk, offset in
          builder.add(chunk, at: offset)
          return true
        }
        if let end, reached != end || builder.lineStart != end { builder.size = -1 }
        if end == nil { builder.finish() }
        return builder
      }
      built.withLock { $0[k] = result }
    }
    var joined = Builder()
    for k in 0..<count {
      guard let part = try built.withLock({ $0[k] })?.get(), part.size >= 0 else { return nil }
      joined.append(part)
    }
    return joined
  }

  /// The first offset at or after `offset` where a line starts (just past a newline),
  /// or `nil` when no newline follows.
  private static func lineStart(_ source: LogSource, atOrAfter offset: Int) throws(LogError)
    -> Int?
  {
    var found: Int?
    _ = try source.forEachChunk(from: offset - 1, to: nil, chunkSize: 64 << 10) {
      chunk, chunkOffset in
      guard let base = chunk.baseAddress, let newline = memchr(base, 0x0A, chunk.count) else {
        return true
      }
      found = chunkOffset + (UnsafeRawPointer(newline) - base) + 1
      return false
    }
    return found
  }

  /// Whether the input starts with NUL bytes and then a record's first two bytes in
  /// UTF-8 (`{"`): a copytruncate rotation's hole before a line, not UTF-16 or UTF-32
  /// text, whose zero bytes come between its characters.
  private static func startsWithNULsBeforeText(_ source: LogSource, _ opening: [UInt8]) -> Bool {
    guard opening.first == 0 else { return false }
    let bytes = source.opening(1 << 16)
    guard let text = bytes.firstIndex(where: { $0 != 0 }), text + 1 < bytes.count else {
      return false
    }
    return bytes[text] == UInt8(ascii: "{") && bytes[text + 1] == UInt8(ascii: "\"")
  }

  /// ``seqs``' code for a line without an integer `seq`.
  static let seqAbsent = Int.min
  /// ``seqs``' code for a line whose `seq` lies past its first container member.
  static let seqLater = Int.min + 1

  /// The code ``seqs`` keeps for `seq`. The two lowest integers stand for the other
  /// answers: a log whose `seq` is one of them is numbered as if it had none there.
  static func code(_ seq: LineKindScan.Seq) -> Int {
    switch seq {
    case .value(let n): return n > seqLater ? n : seqAbsent
    case .absent: return seqAbsent
    case .later: return seqLater
    }
  }

  /// Hands over ``seqs`` and forgets them, so the index keeps its 17 bytes per line.
  mutating func takeSeqs() -> [Int] {
    defer { seqs = [] }
    return seqs
  }

  /// The state of one pass over the chunks: feed it the input in order, a chunk at a
  /// time (``add(_:at:)``), then ``finish()`` it.
  struct Builder {
    var starts: [Int] = []
    var ends: [Int] = []
    var kinds: [LineKindScan.Kind?] = []
    var seqs: [Int] = []
    /// Lines (indexes) to classify after the pass.
    var unclassified: [Int] = []
    var lastLineIsUnterminated = false
    var nulRuns: [(line: Int, count: Int)] = []
    /// NUL bytes skipped before the line not yet ended.
    var nuls = 0
    /// Start of the line not yet ended.
    var lineStart = 0
    /// The open line's kind and `seq`, once the bytes seen so far tell them.
    var lineKind: LineKindScan.Classification?
    /// Total bytes seen, and the last of them.
    var size = 0
    var lastByte: UInt8 = 0

    mutating func add(_ chunk: UnsafeRawBufferPointer, at offset: Int) {
      guard let base = chunk.baseAddress, chunk.count > 0 else { return }
      var position = 0
      while position < chunk.count {
        // NUL bytes before a line are no part of it: its start moves past them.
        while lineKind == nil, lineStart >= offset, lineStart - offset < chunk.count,
          chunk[lineStart - offset] == 0
        {
          lineStart += 1
          nuls += 1
        }
        position = max(position, lineStart - offset)
        guard position < chunk.count else { break }
        let found = memchr(base + position, 0x0A, chunk.count - position)
        let newline = found.map { UnsafeRawPointer($0) - base }
        let to = newline ?? chunk.count
        // (A skipped byte order mark can put the first line's start past a tiny chunk.)
        if lineKind == nil, lineStart >= offset, lineStart - offset <= to {
          // The line starts in this chunk: its first members are here (usually).
          let from = lineStart - offset
          lineKind = LineKindScan.classify(
            UnsafeRawBufferPointer(rebasing: chunk[from..<to]), isPrefix: newline == nil)
        }
        guard let newline else { break }
        var end = offset + newline
        // The `\r` of a `\r\n` may end the previous chunk.
        let previous = newline > 0 ? chunk[newline - 1] : lastByte
        if end > lineStart, previous == 0x0D { end -= 1 }
        endLine(at: end)
        lineStart = offset + newline + 1
        position = newline + 1
      }
      size = offset + chunk.count
      lastByte = chunk[chunk.count - 1]
    }

    /// Adds the lines `part` found, which start where this builder's last line ended.
    mutating func append(_ part: Builder) {
      let before = starts.count
      starts += part.starts
      ends += part.ends
      kinds += part.kinds
      seqs += part.seqs
      unclassified += part.unclassified.map { $0 + before }
      nulRuns += part.nulRuns.map { (line: $0.line + before, count: $0.count) }
      lastLineIsUnterminated = part.lastLineIsUnterminated
      size = part.size
    }

    mutating func endLine(at end: Int) {
      if nuls > 0 { nulRuns.append((starts.count + 1, nuls)) }
      nuls = 0
      if lineKind == nil { unclassified.append(starts.count) }
      starts.append(lineStart)
      ends.append(end)
      kinds.append(lineKind?.kind)
      seqs.append(LineIndex.code(lineKind?.seq ?? .absent))
      lineKind = nil
    }

    mutating func finish() {
      guard lineStart < size else { return }
      lastLineIsUnterminated = true
      endLine(at: lastByte == 0x0D ? size - 1 : size)
    }
  }
}
