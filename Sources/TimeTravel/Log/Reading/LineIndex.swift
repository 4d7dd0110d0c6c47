import Foundation

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

  /// Indexes `source`.
  /// - Throws: ``LogError`` `.cannotOpen` when reading fails, or when the input is
  ///   compressed, an archive, or UTF-16 or UTF-32 text (``InputSignature``), which
  ///   would otherwise be reported as a malformed first line.
  init(_ source: LogSource) throws(LogError) {
    var builder = Builder()
    let opening = source.opening(4)
    if let format = InputSignature.foreignFormat(of: opening) {
      throw LogError(
        kind: .cannotOpen, path: source.path,
        message: "\(format); a log is UTF-8 JSON Lines text")
    }
    builder.lineStart = InputSignature.byteOrderMarkLength(of: opening)
    try source.forEachChunk { chunk, offset in builder.add(chunk, at: offset) }
    builder.finish()
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

  var count: Int { starts.count }

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

  /// The state of one pass over the chunks.
  private struct Builder {
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
