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
  /// with one `pread(2)` into a worker's buffer; a worker reads the entries of one chunk
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
    let range = (positions ?? self.positions).clamped(to: self.positions)
    guard !range.isEmpty else { return }
    let sequential = threads <= 1 || isCompact || isActionOnly
    try withoutActuallyEscaping(read) { read in
      try scanByChunk(
        range, threads: sequential ? 1 : threads, chunkBytes: chunkBytes, consume: consume
      ) {
        chunk, buffer, stopped in
        var results: [Result<Value, any Error>] = []
        results.reserveCapacity(chunk.positions.count)
        var failed = false
        self.readChunk(
          chunk, into: buffer, stopped: { failed || stopped() },
          failed: { error in
            results.append(.failure(error))
            failed = true
          }
        ) { line in
          do {
            results.append(.success(try read(line)))
          } catch {
            results.append(.failure(error))
            failed = true
          }
        }
        return results
      }
    }
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

  /// Reads the lines of `chunk` and calls `body` with each, in order, until `stopped`
  /// says so. A line that cannot be read ends the chunk there, its error passed to
  /// `failed`.
  func readChunk(
    _ chunk: ScanChunk, into buffer: ScanBuffer, stopped: () -> Bool,
    failed: (any Error) -> Void = { _ in }, _ body: (LogLine) -> Void
  ) {
    let line = lineNumber(ofEntry: chunk.positions.lowerBound)
    if chunk.bytes.count <= Self.scanChunkLimit {
      let raw = buffer.reserve(chunk.bytes.count)
      do throws(LogError) {
        try copyBytes(chunk.bytes, into: raw, line: line)
        let base = UnsafeBufferPointer(
          start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: chunk.bytes.count)
        // The lines share the buffer until the chunk ends: each may lean on the one before.
        let memo = LineMemo()
        for position in chunk.positions {
          if stopped() { return }
          let bytes = byteRange(ofEntry: position)
          let offset = bytes.lowerBound - chunk.bytes.lowerBound
          body(
            LogLine(
              log: self, position: position, line: lineNumber(ofEntry: position),
              bytes: UnsafeBufferPointer(rebasing: base[offset..<(offset + bytes.count)]),
              memo: memo))
        }
        return
      } catch {
        // Read line by line below, so the error names the line it is at.
      }
    }
    for position in chunk.positions {
      if stopped() { return }
      let data: Data
      do {
        data = try rawLine(ofEntry: position)
      } catch {
        failed(error)
        return
      }
      data.withUnsafeBytes { raw in
        body(
          LogLine(
            log: self, position: position, line: lineNumber(ofEntry: position),
            bytes: raw.bindMemory(to: UInt8.self)))
      }
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
    if storage.count < count {
      storage.deallocate()
      storage = .allocate(byteCount: max(count, 64 << 10), alignment: 4096)
    }
    return storage
  }

  deinit { storage.deallocate() }
}
