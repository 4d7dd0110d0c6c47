import Dispatch
import Foundation
import Synchronization
import TimeTravelJSON

/// The first full scan of a log opened with its index deferred
/// (``LogFile/init(deferringIndexOf:name:)``): one pass over the file that indexes its
/// lines and reads its entries from the same bytes, where opening and then scanning read
/// every byte twice (the index's pass, then the scan's).
///
/// The file is split into chunks of about a megabyte at line starts, as a scan by the
/// index splits it. A worker reads its chunk with one `pread(2)`, indexes its lines (the
/// same `LineIndex.Builder` the index uses, which joins parts into the same index), and
/// then waits only for the chunk before it to say how many entries came before and
/// whether the reading ahead still holds. A line is read ahead of the index only when
/// the lines before it already tell everything the finished index would say of it:
/// - it is a full entry (not the header, a blank line, a pending, effect or closing
///   record), so its position is the count of entries before it, plus one;
/// - its `seq` is its position (or it has none), so its number is the same whether the
///   log turns out numbered by `seq` or by position;
/// - it is not the file's last line that is not blank, which the index may drop as torn
///   or read as a closing record (that line, found from the end of the file first, and
///   what follows it are indexed last);
/// - the log is neither action-only (its first entry has `next` or `patch`) nor compact
///   (no patch entry came before).
///
/// The first line that breaks one of these ends the reading ahead: the entries before it
/// are consumed, the chunks after it are only indexed, and the scan goes on from the
/// next entry by the finished index. So a log from a recorder (seq 1, 2, 3, …) is read
/// once, and any other log costs about what opening and scanning cost before.
final class OpeningScan<Value: Sendable>: @unchecked Sendable {
  // Unchecked: a slot's fields are written by the worker of its chunk before it signals
  // `ready`, and read by the calling thread after it waits on it; a prefix is written
  // before its semaphore is signalled and read after it is waited on.

  /// One line read ahead: its entry position, file line (1-based), and bytes in the
  /// chunk's buffer.
  struct Line {
    var position: Int
    var line: Int
    var bytes: Range<Int>
  }

  /// What the chunks before one say: how many lines and entries they hold, whether the
  /// reading ahead still holds, and whether the first line that is not blank was met.
  struct Prefix {
    var lines = 0
    var entries = 0
    var readingAhead = true
    var headerDecided = false
  }

  /// How the reading ahead ended.
  enum End {
    /// `consume` stopped the scan.
    case stopped
    /// The entries up to `position` are consumed; the rest is read by the index, which is
    /// now built.
    case handedOver(after: Int)
  }

  /// What the worker of one chunk leaves for the calling thread.
  private final class Slot: @unchecked Sendable {
    var builder = LineIndex.Builder()
    var results: [Result<Value, any Error>] = []
    var positions: [Int] = []
    /// Why the chunk could not be indexed: a read that failed, or lines the index reads
    /// (one longer than a scan reads at once, or a file that shrank); `nil`: it was indexed.
    var failure: Failure?
    let ready = DispatchSemaphore(value: 0)
    /// The prefix of the chunk that takes this slot, from the chunk before it.
    var prefix = Prefix()
    let prefixReady = DispatchSemaphore(value: 0)
  }

  private enum Failure {
    case read(LogError)
    case leftToIndex
  }

  /// Reads the entries of one chunk, given their positions and a function that reads
  /// them in order with the reader of one line, up to and including the first failure.
  typealias ChunkReader =
    @Sendable (
      _ positions: Range<Int>,
      _ lines: ((LogLine) -> Result<Value, any Error>) -> [Result<Value, any Error>]
    ) -> [Result<Value, any Error>]

  private let log: LogFile
  private let threads: Int
  private let chunkBytes: Int
  private let readChunk: ChunkReader
  /// Whether a pending record ends the reading ahead (for the summary, whose checks of
  /// the order of `seq` place pending records by the index).
  private let stopsAtPending: Bool
  private var bounds: [Int] = []
  private var slots: [Slot] = []
  private let permits = DispatchSemaphore(value: 0)
  private let nextChunk = Atomic<Int>(0)
  private let stopped = Atomic<Bool>(false)
  private let buffers = Mutex<[ScanBuffer]>([])

  /// A scan of `log` reading the entries of each chunk with `readChunk`.
  init(
    _ log: LogFile, threads: Int, chunkBytes: Int, stopsAtPending: Bool = false,
    readChunk: @escaping ChunkReader
  ) {
    self.log = log
    self.threads = max(1, threads)
    self.chunkBytes = max(1, chunkBytes)
    self.stopsAtPending = stopsAtPending
    self.readChunk = readChunk
  }

  /// Reads ahead of the index as far as it can, consuming each entry read in order on
  /// the calling thread, then builds the index.
  /// - Throws: What `read` throws for an entry, after consuming every entry before it; a
  ///   read of the file that fails; what `consume` throws.
  func run(from offset: Int, consume: (Int, Value) throws -> Bool) throws -> End {
    let size = log.source.currentSize() ?? 0
    let tail = try lastLineStart(from: offset, size: size)
    // Chunk k holds the lines that start from bounds[k] to bounds[k + 1].
    bounds = Array(stride(from: offset, to: tail, by: chunkBytes)) + (tail > offset ? [tail] : [])
    let count = max(0, bounds.count - 1)
    var joined: LineIndex.Builder?
    var handedOver = 0
    var indexedWhole = true
    if count > 0 {
      slots = (0..<min(count, 4 * threads)).map { _ in Slot() }
      slots[0].prefixReady.signal()
      for _ in slots { permits.signal() }
      var workers: [ScanWorker] = []
      if threads > 1 {
        for _ in 0..<min(threads, count) {
          guard let worker = ScanWorker.start({ self.work() }) else { break }
          workers.append(worker)
        }
      }
      defer {
        stop()
        for worker in workers { worker.join() }
      }
      for k in 0..<count {
        let slot = slots[k % slots.count]
        if workers.isEmpty { scanChunk(k) }
        slot.ready.wait()
        let (builder, results, positions, failure) =
          (slot.builder, slot.results, slot.positions, slot.failure)
        slot.builder = LineIndex.Builder()
        slot.results = []
        slot.positions = []
        slot.failure = nil
        permits.signal()
        for (i, result) in results.enumerated() {
          if try !consume(positions[i], result.get()) { return .stopped }
          handedOver = positions[i]
        }
        switch failure {
        case .read(let error): throw error
        case .leftToIndex:
          indexedWhole = false
        case nil:
          if !builder.starts.isEmpty {
            if joined == nil { joined = builder } else { joined!.append(builder) }
          }
        }
        if !indexedWhole { break }
      }
    }
    // A file that shrank while it was read is indexed again, as opening it would be.
    if indexedWhole, let now = log.source.currentSize(), now >= size {
      log.layoutCell.publish(try layout(joining: joined, tail: tail, firstLine: offset))
    }
    check(handedOver: handedOver)
    return .handedOver(after: handedOver)
  }

  /// The layout of the chunks' lines, `joined`, and of the lines from `tail` on.
  private func layout(joining joined: LineIndex.Builder?, tail: Int, firstLine: Int) throws
    -> LogLayout
  {
    var last = LineIndex.Builder()
    last.lineStart = joined == nil ? firstLine : tail
    _ = try log.source.forEachChunk(from: joined == nil ? 0 : tail, to: nil) { chunk, offset in
      last.add(chunk, at: offset)
      return true
    }
    last.finish()
    var whole = joined ?? last
    if joined != nil { whole.append(last) }
    return LogLayout(log.source, lines: LineIndex(whole, source: log.source))
  }

  /// The start of the last line of the file that is not blank (JSON whitespace, or the
  /// NUL bytes a truncated file leaves, only), or `firstLine` when there is none before:
  /// that line may be torn or a closing record, which only the whole index tells, so it
  /// and the lines after it are read by the index.
  private func lastLineStart(from firstLine: Int, size: Int) throws -> Int {
    var end = size
    var block = 64 << 10
    var sawText = false
    while end > firstLine {
      let start = max(firstLine, end - block)
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: end - start, alignment: 64)
      defer { buffer.deallocate() }
      let n = try log.source.readBytes(into: buffer, at: start)
      guard n == end - start else { return firstLine }
      for i in stride(from: n - 1, through: 0, by: -1) {
        let byte = buffer[i]
        if sawText {
          if byte == 0x0A { return start + i + 1 }
        } else if byte != 0x20, byte != 0x09, byte != 0x0D, byte != 0x0A, byte != 0 {
          sawText = true
        }
      }
      end = start
      block = min(block * 2, 16 << 20)
    }
    return firstLine
  }

  /// Asks the workers to stop, and wakes those waiting.
  private func stop() {
    stopped.store(true, ordering: .releasing)
    for _ in 0..<threads { permits.signal() }
    for slot in slots { slot.prefixReady.signal() }
  }

  /// A worker: reads chunks in turn until none is left or the scan stops.
  private func work() {
    while true {
      permits.wait()
      let k = nextChunk.wrappingAdd(1, ordering: .relaxed).oldValue
      guard k < bounds.count - 1, !stopped.load(ordering: .acquiring) else {
        permits.signal()
        return
      }
      scanChunk(k)
    }
  }

  /// Reads, indexes and (as far as the reading ahead holds) reads the entries of chunk
  /// `k`, then signals its slot.
  private func scanChunk(_ k: Int) {
    let slot = slots[k % slots.count]
    let next = slots[(k + 1) % slots.count]
    defer { slot.ready.signal() }
    let buffer = buffers.withLock { $0.popLast() } ?? ScanBuffer()
    defer { buffers.withLock { $0.append(buffer) } }
    let chunk: (bytes: UnsafeRawBufferPointer, offset: Int)
    do {
      guard let read = try readLines(k, into: buffer) else {
        slot.failure = .leftToIndex
        slot.prefixReady.wait()
        var prefix = slot.prefix
        prefix.readingAhead = false
        next.prefix = prefix
        next.prefixReady.signal()
        return
      }
      chunk = read
    } catch {
      slot.failure = .read(error)
      slot.prefixReady.wait()
      next.prefix = Prefix(readingAhead: false)
      next.prefixReady.signal()
      return
    }
    var builder = LineIndex.Builder()
    builder.lineStart = chunk.offset
    builder.add(chunk.bytes, at: chunk.offset)
    // The chunk before has said what came before.
    slot.prefixReady.wait()
    var prefix = slot.prefix
    if stopped.load(ordering: .acquiring) {
      next.prefix = Prefix(readingAhead: false)
      next.prefixReady.signal()
      return
    }
    let lines = admit(&builder, chunk.bytes, at: chunk.offset, &prefix)
    next.prefix = prefix
    next.prefixReady.signal()
    slot.builder = builder
    slot.positions = lines.map(\.position)
    slot.results = process(lines, chunk.bytes)
  }

  /// The bytes of the lines that start in chunk `k`, read into `buffer`, and their offset
  /// in the file; `nil` when they are longer than a scan reads at once, or the file
  /// shrank under them.
  private func readLines(_ k: Int, into buffer: ScanBuffer) throws(LogError)
    -> (bytes: UnsafeRawBufferPointer, offset: Int)?
  {
    let first = k == 0
    // From a multiple of 64 bytes, into a page-aligned buffer: the kernel's copy runs
    // several times slower when the buffer lies 1 to 31 bytes past the file's bytes within
    // a page (one byte past, for a read from the byte before a megabyte boundary).
    let from = first ? bounds[0] : (bounds[k] - 1) & ~63
    let isLast = k + 1 == bounds.count - 1
    let nominalEnd = bounds[k + 1]
    let tail = bounds[bounds.count - 1]
    // A little past the chunk, for the end of its last line (more is read when it is
    // longer).
    let past = isLast ? 0 : min(64 << 10, max(chunkBytes, 256))
    var wanted = min(tail, nominalEnd + past) - from
    var raw = buffer.reserve(wanted)
    var have = try fill(raw, 0..<wanted, at: from)
    // Every byte asked for lies before the file's size at the start: a short read means
    // the file shrank, which the index reports.
    guard have == wanted else { return nil }
    // The first line starts past the first newline at or after the chunk's start - 1.
    var start = 0
    if !first {
      let before = bounds[k] - 1 - from
      guard before < have, let newline = memchr(raw.baseAddress! + before, 0x0A, have - before)
      else {
        // No line starts here: the chunk lies inside a longer line.
        return (UnsafeRawBufferPointer(start: raw.baseAddress, count: 0), from + have)
      }
      start = UnsafeRawPointer(newline) - UnsafeRawPointer(raw.baseAddress!) + 1
    }
    guard from + start < nominalEnd else {
      return (UnsafeRawBufferPointer(start: raw.baseAddress, count: 0), from + start)
    }
    // The last line ends at the first newline at or after the chunk's end - 1.
    if isLast {
      return (UnsafeRawBufferPointer(rebasing: raw[start..<have]), from + start)
    }
    var searched = max(start, nominalEnd - 1 - from)
    while true {
      if searched < have, let newline = memchr(raw.baseAddress! + searched, 0x0A, have - searched) {
        let end = UnsafeRawPointer(newline) - UnsafeRawPointer(raw.baseAddress!) + 1
        return (UnsafeRawBufferPointer(rebasing: raw[start..<end]), from + start)
      }
      searched = have
      guard from + have < tail else { return nil }
      guard have - start <= LogFile.scanChunkLimit else { return nil }
      wanted = min(tail - from, have * 2)
      raw = buffer.reserve(wanted, keeping: have)
      let more = try fill(raw, have..<wanted, at: from + have)
      guard more == wanted - have else { return nil }
      have += more
    }
  }

  /// Reads the file at `offset` into `raw[range]`; how many bytes it read (fewer only at
  /// the file's end).
  private func fill(_ raw: UnsafeMutableRawBufferPointer, _ range: Range<Int>, at offset: Int)
    throws(LogError) -> Int
  {
    var done = 0
    while done < range.count {
      let n = try log.source.readBytes(
        into: UnsafeMutableRawBufferPointer(
          rebasing: raw[(range.lowerBound + done)..<range.upperBound]),
        at: offset + done)
      if n == 0 { break }
      done += n
    }
    return done
  }

  /// The entries of the lines `builder` indexed in `bytes` (which start at file offset
  /// `offset`) that can be read ahead of the index, given `prefix`; `prefix` then holds
  /// what the chunk after this one is to be told.
  private func admit(
    _ builder: inout LineIndex.Builder, _ bytes: UnsafeRawBufferPointer, at offset: Int,
    _ prefix: inout Prefix
  ) -> [Line] {
    var lines: [Line] = []
    let count = builder.starts.count
    defer { prefix.lines += count }
    guard prefix.readingAhead else { return lines }
    for i in 0..<count {
      let range = (builder.starts[i] - offset)..<(builder.ends[i] - offset)
      let text = UnsafeRawBufferPointer(rebasing: bytes[range])
      var kind = builder.kinds[i]
      var seq = builder.seqs[i]
      if kind == nil {
        // Its first members lay past a read: the index classifies it from the file.
        let found = LineKindScan.classify(text, isPrefix: false)
        kind = found?.kind ?? .entry
        seq = LineIndex.code(found?.seq ?? .absent)
      }
      switch kind ?? .entry {
      case .blank:
        continue
      case .pending where stopsAtPending:
        prefix.readingAhead = false
        return lines
      case .effect, .pending, .closing:
        prefix.headerDecided = true
        continue
      case .patch, .gap:
        prefix.readingAhead = false
        return lines
      case .entry:
        if !prefix.headerDecided {
          prefix.headerDecided = true
          if Self.isHeader(text) { continue }
        }
        if seq == LineIndex.seqLater { seq = LineIndex.code(LineKindScan.seqMember(text)) }
        let position = prefix.entries + 1
        guard seq == position || seq == LineIndex.seqAbsent,
          position > 1 || !Self.recordsActionOnly(text)
        else {
          prefix.readingAhead = false
          return lines
        }
        prefix.entries = position
        lines.append(Line(position: position, line: prefix.lines + i + 1, bytes: range))
      }
    }
    return lines
  }

  /// The results of reading `lines` of `bytes`, up to and including the first failure.
  private func process(_ lines: [Line], _ bytes: UnsafeRawBufferPointer) -> [Result<
    Value, any Error
  >] {
    guard let first = lines.first?.position else { return [] }
    let base = UnsafeBufferPointer(
      start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    return readChunk(first..<(first + lines.count)) { read in
      var results: [Result<Value, any Error>] = []
      results.reserveCapacity(lines.count)
      // The lines share the buffer until the chunk ends: each may lean on the one before.
      let memo = LineMemo()
      for line in lines {
        if stopped.load(ordering: .relaxed) { break }
        let result = read(
          LogLine(
            log: log, position: line.position, line: line.line,
            bytes: UnsafeBufferPointer(rebasing: base[line.bytes]), memo: memo,
            numberedByPosition: true))
        results.append(result)
        if case .failure = result { break }
      }
      return results
    }
  }

  /// Whether the first line that is not blank, `text`, is a header.
  private static func isHeader(_ text: UnsafeRawBufferPointer) -> Bool {
    let value = try? JSONParser.parse(bytes: text.bindMemory(to: UInt8.self))
    return value.flatMap { LogHeader($0) } != nil
  }

  /// Whether a first entry `text` records an action only: no `next` and no `patch` (an
  /// action-only log, whose states come from a reducer, is read by its index).
  private static func recordsActionOnly(_ text: UnsafeRawBufferPointer) -> Bool {
    guard
      case .object(let object)? = try? JSONParser.parse(bytes: text.bindMemory(to: UInt8.self))
    else { return false }
    return object["action"] != nil && object["next"] == nil && object["patch"] == nil
  }

  /// Checks that the index numbers the entries read ahead as they were read: the last at
  /// the line it was read from, numbered by its position.
  private func check(handedOver position: Int) {
    guard position > 0 else { return }
    let layout = log.layout
    assert(layout.entryCount >= position, "the index has fewer entries than were read")
    assert(layout.numbering.number(atPosition: position) == position, "entry numbered apart")
  }
}
