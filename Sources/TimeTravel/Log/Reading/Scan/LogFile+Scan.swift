import Dispatch
import Foundation
import Synchronization

extension LogFile {
  /// Reads every entry line of `positions` (all entries by default) with `read`, on
  /// `threads` threads at once, and hands each result to `consume` in log order on the
  /// calling thread: the engine of every full scan (the summary, `--find`, `--watch`,
  /// `--blame`, `--verify`'s decode, `--html`, `--convert`).
  ///
  /// The lines are split at line boundaries into chunks of about a megabyte, each read
  /// with one `pread(2)` into a worker's buffer (or straight from the file's mapping, for
  /// a log opened mapped); a worker reads the entries of one chunk
  /// with `read` while the calling thread consumes the chunks before it. So:
  /// - **Order and answers are the sequential ones.** `consume` sees position after
  ///   position, as a loop over ``positions`` would; when `read` throws for an entry, the
  ///   scan throws that error after consuming every entry before it, and never consumes
  ///   one after it, whatever the workers did further on.
  /// - **It streams.** The first result is consumed as soon as its chunk is read, long
  ///   before the scan ends.
  /// - **Memory is flat**: at most `4 × threads` chunks are read and not yet consumed,
  ///   whatever the log's size (plus what `read`'s results hold).
  /// - **It stops promptly**: when `consume` returns `false` or throws, workers stop at
  ///   their next line, and the scan returns once they have.
  ///
  /// `threads` 1 reads on the calling thread alone, chunk by chunk, in order. A compact
  /// or action-only log is always read that way: its states are rebuilt from the
  /// entries before them. Without `threads`, the log's ``scanSettings`` say how many
  /// threads read and how large their chunks are.
  ///
  /// ```swift
  /// func actionNames(_ log: LogFile) throws -> [String] {
  ///   var names: [String] = []
  ///   try log.scan(read: { line in try line.rawEntry().actionName }) { _, name in
  ///     names.append(name)
  ///     return true
  ///   }
  ///   return names
  /// }
  /// ```
  /// - Parameters:
  ///   - positions: The entries to read, 1-based; clamped to ``positions``.
  ///   - threads: How many threads read, at least 1; `nil` for the log's
  ///     ``scanSettings`` (``ScanThreads/default`` unless set).
  ///   - read: Called on a worker thread for each line, several at once: it must be
  ///     safe to call concurrently. The line's bytes are valid during the call only.
  ///   - consume: Called on the calling thread with each position and what `read`
  ///     returned for it, in order; `false` stops the scan.
  /// - Throws: The first error of `read` in log order, or what `consume` throws.
  /// - Complexity: O(bytes of the lines); wall time about that of one thread divided by
  ///   `threads`, when `consume` is cheap.
  public func scan<Value: Sendable>(
    _ positions: Range<Int>? = nil, threads: Int? = nil,
    read: @Sendable (LogLine) throws -> Value,
    consume: (_ position: Int, _ value: Value) throws -> Bool
  ) throws {
    let settings = scanSettings
    try scan(
      positions, threads: threads ?? settings.threads, chunkBytes: settings.chunkBytes,
      read: read, consume: consume)
  }

  /// ``scan(_:threads:read:consume:)`` with chunks of about `chunkBytes` (tests make them
  /// tiny, so that a small log has many).
  func scan<Value: Sendable>(
    _ positions: Range<Int>?, threads: Int, chunkBytes: Int,
    read: @Sendable (LogLine) throws -> Value,
    consume: (_ position: Int, _ value: Value) throws -> Bool
  ) throws {
    try withoutActuallyEscaping(read) { read in
      var first = 1
      if positions == nil {
        let opening = try scanOpening(threads: threads, chunkBytes: chunkBytes, consume: consume) {
          _, lines in
          lines { line in Result { try read(line) } }
        }
        switch opening {
        case .stopped?: return
        case .handedOver(let position)?: first = position + 1
        case nil: break
        }
      }
      let range = (positions ?? first..<(entryCount + 1)).clamped(to: self.positions)
      guard !range.isEmpty else { return }
      let sequential = threads <= 1 || isCompact || isActionOnly
      try scanByChunk(
        range, threads: sequential ? 1 : threads, chunkBytes: chunkBytes, consume: consume
      ) {
        chunk, buffer, stopped in
        self.readChunk(chunk, into: buffer, stopped: stopped) { line in
          Result { try read(line) }
        }
      }
    }
  }

  /// For a log opened with its index deferred and not yet indexed, the scan that opens
  /// it (see `OpeningScan`): it reads every entry it can ahead of the index, each chunk's
  /// with `read` (given the chunk's positions and a function reading its lines in order),
  /// hands each result to `consume` in log order, and builds the index; `nil` for a log
  /// already indexed, which a scan by the index reads. `stopsAtPending` leaves pending
  /// records and what follows them to the index.
  /// - Returns: How it ended: stopped by `consume`, or with the entries up to a position
  ///   consumed and the rest to read by the index.
  func scanOpening<Value: Sendable>(
    threads: Int, chunkBytes: Int, stopsAtPending: Bool = false,
    consume: (Int, Value) throws -> Bool,
    read: @escaping OpeningScan<Value>.ChunkReader
  ) throws -> OpeningScan<Value>.End? {
    guard let offset = openingOffset, layoutCell.current == nil else { return nil }
    let opening = OpeningScan(
      self, threads: threads, chunkBytes: chunkBytes, stopsAtPending: stopsAtPending,
      readChunk: read)
    return try opening.run(from: offset, consume: consume)
  }

  /// The engine under ``scan(_:threads:read:consume:)``, a chunk at a time: `read` reads
  /// one chunk (with a buffer for its bytes, and whether the scan has stopped) into the
  /// results of its entries, in order, up to and including the first error; `consume`
  /// takes them in log order. A reader that needs the lines of a chunk together (the
  /// summary's chain check compares each entry with the one before) uses this.
  func scanByChunk<Value: Sendable>(
    _ range: Range<Int>, threads: Int, chunkBytes: Int = LogFile.scanChunkBytes,
    consume: (Int, Value) throws -> Bool,
    read:
      @escaping @Sendable (ScanChunk, ScanBuffer, @Sendable () -> Bool) -> [Result<
        Value, any Error
      >]
  ) throws {
    let chunks = scanChunks(range, chunkBytes: chunkBytes)
    guard threads > 1, chunks.count > 1 else {
      let buffer = ScanBuffer()
      for chunk in chunks {
        for (offset, result) in read(chunk, buffer, { false }).enumerated() {
          if try !consume(chunk.positions.lowerBound + offset, result.get()) { return }
        }
      }
      return
    }
    let pipeline = ScanPipeline<Value>(chunks: chunks, threads: min(threads, chunks.count)) {
      k, buffer, stopped in read(chunks[k], buffer, stopped)
    }
    try pipeline.run(consume: consume)
  }

  /// The bytes a chunk of a scan aims at unless the log's ``scanSettings`` say otherwise.
  static let scanChunkBytes = ScanSettings.defaultChunkBytes

  /// A chunk larger than this (a few huge lines) is read line by line, as
  /// ``rawLine(ofEntry:)`` reads them, so that a line over the line limit gets its error.
  static let scanChunkLimit = 64 << 20

  /// `range` split into runs of consecutive entries of about ``scanChunkBytes``.
  func scanChunks(_ range: Range<Int>, chunkBytes: Int = LogFile.scanChunkBytes) -> [ScanChunk] {
    // A log of a header alone (a session just started) has no entry to start a chunk at.
    guard !range.isEmpty else { return [] }
    var chunks: [ScanChunk] = []
    var first = range.lowerBound
    var start = byteRange(ofEntry: first).lowerBound
    for position in range {
      let end = byteRange(ofEntry: position).upperBound
      if end - start >= chunkBytes || position == range.upperBound - 1 {
        chunks.append(ScanChunk(positions: first..<(position + 1), bytes: start..<end))
        first = position + 1
        if first < range.upperBound { start = byteRange(ofEntry: first).lowerBound }
      }
    }
    return chunks
  }

  /// Reads the lines of `chunk` with `read`, in order, until `stopped` says so or `read`
  /// fails, and returns what it returned for each (the failure last). A line that cannot
  /// be read ends the chunk there, with its error.
  ///
  /// The lines come straight from the file's mapping when it is mapped and holds them
  /// (no copy), else from one `pread(2)` of the chunk into `buffer`. A line of the mapping
  /// that a fault cut (the file shrank while it was read) is never answered from its bytes, which may
  /// be zeros: its result is dropped, and it and the lines after it are read again with
  /// `pread(2)`, one at a time, which reports the change as it would have without the
  /// mapping.
  func readChunk<Value>(
    _ chunk: ScanChunk, into buffer: ScanBuffer, stopped: () -> Bool,
    _ read: (LogLine) -> Result<Value, any Error>
  ) -> [Result<Value, any Error>] {
    var results: [Result<Value, any Error>] = []
    results.reserveCapacity(chunk.positions.count)
    let done: Bool
    if chunk.bytes.count > Self.scanChunkLimit {
      done = false
    } else if let mapped = source.mappedBytes(chunk.bytes) {
      done = readLines(chunk, mapped, mapped: true, into: &results, stopped: stopped, read)
      source.releaseMapped(chunk.bytes)
    } else {
      let raw = buffer.reserve(chunk.bytes.count)
      do throws(LogError) {
        try copyBytes(chunk.bytes, into: raw, line: lineNumber(ofEntry: chunk.positions.lowerBound))
        done = readLines(
          chunk, UnsafeRawBufferPointer(raw), mapped: false, into: &results, stopped: stopped, read)
      } catch {
        // Read line by line below, so the error names the line it is at.
        done = false
      }
    }
    if !done { readLinesApart(chunk, into: &results, stopped: stopped, read) }
    return results
  }

  /// Reads the lines of `chunk` from `bytes` (the chunk's bytes) into `results`; `true`
  /// when it is done (the lines read, a failure, or `stopped`), `false` when the rest is to
  /// be read apart: the mapping was cut under a line, or a line of the mapping failed (its
  /// bytes may be zeros in place of the file's). The results then end before that line.
  private func readLines<Value>(
    _ chunk: ScanChunk, _ bytes: UnsafeRawBufferPointer, mapped: Bool,
    into results: inout [Result<Value, any Error>], stopped: () -> Bool,
    _ read: (LogLine) -> Result<Value, any Error>
  ) -> Bool {
    let base = UnsafeBufferPointer(
      start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    // The lines share the bytes until the chunk ends: each may lean on the one before.
    let memo = LineMemo()
    for position in chunk.positions {
      if stopped() { break }
      let range = byteRange(ofEntry: position)
      let offset = range.lowerBound - chunk.bytes.lowerBound
      let result = read(
        LogLine(
          log: self, position: position, line: lineNumber(ofEntry: position),
          bytes: UnsafeBufferPointer(rebasing: base[offset..<(offset + range.count)]),
          memo: memo))
      guard mapped else {
        results.append(result)
        if case .failure = result { return true }
        continue
      }
      if case .failure = result {
        keepMapped(chunk, &results, below: source.mappedLimit())
        return false
      }
      // A copy cannot change under the reader; the mapping can.
      if source.mappedCut < range.upperBound {
        keepMapped(chunk, &results, below: source.mappedLimit())
        return false
      }
      results.append(result)
    }
    guard mapped else { return true }
    let before = results.count
    keepMapped(chunk, &results, below: source.mappedLimit())
    return results.count == before
  }

  /// Drops from `results` (of the first lines of `chunk`, read from the mapping) those of
  /// the lines that reach `limit` or past it: they may have read zeros.
  private func keepMapped<Value>(
    _ chunk: ScanChunk, _ results: inout [Result<Value, any Error>], below limit: Int
  ) {
    let read = chunk.positions.lowerBound..<(chunk.positions.lowerBound + results.count)
    guard let first = read.first(where: { byteRange(ofEntry: $0).upperBound > limit }) else {
      return
    }
    results.removeLast(read.upperBound - first)
  }

  /// Reads the lines of `chunk` after those in `results` one at a time with `pread(2)`
  /// (``rawLine(ofEntry:)``), until `stopped`, a failure, or the chunk's end.
  private func readLinesApart<Value>(
    _ chunk: ScanChunk, into results: inout [Result<Value, any Error>], stopped: () -> Bool,
    _ read: (LogLine) -> Result<Value, any Error>
  ) {
    // Kept until the chunk ends, as the lines of one read are: a reader may keep a line's
    // bytes for the next (the summary's chain check does).
    var kept: [[UInt8]] = []
    for position in (chunk.positions.lowerBound + results.count)..<chunk.positions.upperBound {
      if stopped() { return }
      let bytes: [UInt8]
      do {
        bytes = [UInt8](try rawLine(ofEntry: position))
      } catch {
        results.append(.failure(error))
        return
      }
      kept.append(bytes)
      let result = bytes.withUnsafeBufferPointer { bytes in
        read(
          LogLine(log: self, position: position, line: lineNumber(ofEntry: position), bytes: bytes))
      }
      results.append(result)
      if case .failure = result { return }
    }
  }
}

/// Consecutive entries of a scan, read together.
struct ScanChunk: Sendable {
  /// The entries' positions.
  var positions: Range<Int>
  /// The file's bytes from the first line's start to the last line's end.
  var bytes: Range<Int>
}

/// A worker's buffer for the chunks it reads, grown to the largest.
final class ScanBuffer: @unchecked Sendable {
  // Unchecked: one thread at a time uses a buffer; the pipeline hands them over under a lock.
  private var storage = UnsafeMutableRawBufferPointer(start: nil, count: 0)

  /// The buffer, with room for at least `count` bytes.
  func reserve(_ count: Int) -> UnsafeMutableRawBufferPointer {
    reserve(count, keeping: 0)
  }

  /// The buffer, with room for at least `count` bytes, its first `keeping` bytes as they
  /// were.
  func reserve(_ count: Int, keeping: Int) -> UnsafeMutableRawBufferPointer {
    if storage.count < count {
      let grown = UnsafeMutableRawBufferPointer.allocate(
        byteCount: max(count, 64 << 10), alignment: 4096)
      if keeping > 0 {
        grown.baseAddress!.copyMemory(from: storage.baseAddress!, byteCount: keeping)
      }
      storage.deallocate()
      storage = grown
    }
    return storage
  }

  /// The buffer as it is.
  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(storage) }

  deinit { storage.deallocate() }
}
