import Foundation
import Synchronization

/// The bytes of an opened log: a regular file read with `pread(2)` (or, opened `mapped`,
/// mapped read-only for the line index and the full scans, see ``FileMapping``), or, for
/// input that cannot be read twice (a pipe, `/dev/stdin`), a buffer holding all of it.
///
/// A mapping saves the copy `pread(2)` makes of every byte, twice per scan (once for the
/// index, once for the scan), but giving its pages back costs more on a machine with
/// several cores, so it is not the default. It covers the file's size at opening: what
/// the file gains later is read with `pread(2)`. The stretches read are given back as
/// soon as they are (`madvise(MADV_DONTNEED)`), so the process's memory follows the lines
/// it reads, whatever the log's size. A file that shrinks under the mapping does not kill
/// the process with `SIGBUS` (see `MappingFaultGuard`): the bytes read at or past the cut
/// are read again with `pread(2)`, which reports the change, and the mapping is not used
/// again.
final class LogSource: Sendable {
  private enum Storage {
    case file(Int32)
    case memory(Data)
  }

  private let storage: Storage
  /// The file's first bytes mapped, until a fault cuts the mapping; `nil` for input in
  /// memory, or when the file cannot be mapped.
  private let mapping: FileMapping?
  /// Set once the file turned out shorter than its mapping: the mapping is not used again.
  private let mappingShrank = Atomic(false)
  /// The path as given, for errors.
  let path: String

  /// The longest line ``bytes(_:line:)`` reads.
  private let lineLimit: Int

  /// The bytes read at a time while indexing.
  let chunkSize: Int

  /// Opens `path`.
  /// - Parameters:
  ///   - path: The file.
  ///   - name: What messages call it (default: `path`).
  ///   - chunkSize: Bytes read at a time while indexing (4 MB: few enough system calls
  ///     to cost nothing next to the scan, and the most of the file ever resident at
  ///     once). Tests make it small so that lines straddle chunks.
  ///   - pipeLimit: The most bytes read from a pipe (2 GB; tests make it small).
  ///   - lineLimit: The longest line read (1 GB; tests make it small).
  ///   - mapped: Whether a regular file is mapped for the index and the scans (when it
  ///     can be; tests compare both ways); by default only with `REPLAY_MAP=1`.
  /// - Throws: ``LogError`` `.cannotOpen` when the file is missing, unreadable, a
  ///   directory or a device, or a pipe longer than `pipeLimit`.
  init(
    path: String, name: String? = nil, chunkSize: Int = 4 << 20,
    pipeLimit: Int = LogSource.pipeLimit, lineLimit: Int = LogSource.lineLimit,
    mapped: Bool = FileMapping.isDefault
  ) throws(LogError) {
    self.lineLimit = lineLimit
    precondition(chunkSize > 0)
    let name = name ?? path
    self.path = name
    self.chunkSize = chunkSize
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      throw LogError(kind: .cannotOpen, path: name, message: Self.reason(errno))
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let error = errno
      close(fd)
      throw LogError(kind: .cannotOpen, path: name, message: Self.reason(error))
    }
    switch info.st_mode & S_IFMT {
    case S_IFDIR:
      close(fd)
      throw LogError(kind: .cannotOpen, path: name, message: "is a directory, not a log file")
    case S_IFREG:
      storage = .file(fd)
      mapping = mapped ? FileMapping(fd: fd, size: Int(info.st_size)) : nil
    case S_IFIFO, S_IFSOCK:
      // A pipe can be read once only: keep what it gives, up to a limit, so that an
      // endless producer is an error rather than memory exhaustion.
      defer { close(fd) }
      storage = .memory(try Self.readAll(fd, path: name, limit: pipeLimit))
      mapping = nil
    default:
      close(fd)
      throw LogError(
        kind: .cannotOpen, path: name,
        message: "is a device, not a log file (a log is a regular file or a pipe)")
    }
  }

  /// A log already in memory; `path` names it in messages.
  init(data: Data, path: String, chunkSize: Int = 4 << 20) {
    precondition(chunkSize > 0)
    storage = .memory(data)
    mapping = nil
    self.path = path
    self.chunkSize = chunkSize
    lineLimit = Self.lineLimit
  }

  /// The longest line read (1 GB): a line is held in memory whole while it is parsed, so
  /// a larger one (a corrupt file, a disk image) is an error, not memory exhaustion.
  static let lineLimit = 1 << 30

  /// `bytes` for messages: whole megabytes from 1 MB on, else bytes.
  private static func size(_ bytes: Int) -> String {
    bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
  }

  /// The most bytes read from a pipe, which has to be held in memory.
  static let pipeLimit = 2 << 30

  static func readAll(_ fd: Int32, path: String, limit: Int) throws(LogError) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
      if n == 0 { return data }
      if n < 0 {
        if errno == EINTR { continue }
        throw LogError(
          kind: .cannotOpen, path: path,
          message: "cannot be read (\(String(cString: strerror(errno))))")
      }
      guard data.count + n <= limit else {
        throw LogError(
          kind: .cannotOpen, path: path,
          message:
            "is a pipe of more than \(size(limit)); a pipe is held in memory, so save the log to a file and open that"
        )
      }
      data.append(contentsOf: buffer[0..<n])
    }
  }

  deinit {
    if case .file(let fd) = storage { close(fd) }
  }

  private static func reason(_ code: Int32) -> String {
    switch code {
    case ENOENT: "no such file"
    case EACCES, EPERM: "permission denied"
    case EISDIR: "is a directory, not a log file"
    default: "cannot be read (\(String(cString: strerror(code))))"
    }
  }

  /// Up to `count` bytes from the start of the input: fewer when it is shorter, none
  /// when it cannot be read (reading it for real then reports why).
  func opening(_ count: Int) -> [UInt8] {
    switch storage {
    case .memory(let data):
      return Array(data.prefix(count))
    case .file(let fd):
      var buffer = [UInt8](repeating: 0, count: count)
      let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, count, 0) }
      return n > 0 ? Array(buffer[..<n]) : []
    }
  }

  /// The device and inode of the open file, `nil` for input held in memory.
  func identity() -> FileIdentity? {
    guard case .file(let fd) = storage else { return nil }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return nil }
    return FileIdentity(info)
  }

  /// The bytes at `range`, read now.
  /// - Throws: ``LogError`` `.cannotOpen` naming `line` when reading fails, or when the
  ///   file became shorter than `range` since it was indexed (it was truncated or
  ///   rewritten while open).
  /// - Complexity: One `pread(2)` of `range.count` bytes (more only when the kernel
  ///   returns fewer).
  func bytes(_ range: Range<Int>, line: Int) throws(LogError) -> Data {
    switch storage {
    case .memory(let data):
      return data[range]
    case .file:
      guard range.count <= lineLimit else {
        throw LogError(
          kind: .cannotOpen, path: path, line: line,
          message:
            "line \(line) is \(Self.size(range.count)) long, more than the \(Self.size(lineLimit)) replay reads as one line"
        )
      }
      var data = Data(count: range.count)
      // One reading loop for both: copyBytes's pread and its errors.
      var failure: LogError?
      data.withUnsafeMutableBytes { buffer in
        do throws(LogError) {
          try copyBytes(range, into: buffer, line: line)
        } catch {
          failure = error
        }
      }
      if let failure { throw failure }
      return data
    }
  }

  /// Reads the bytes at `range` into `buffer` (at least `range.count` bytes): one
  /// `pread(2)` for a file, a copy for input in memory. Unlike ``bytes(_:line:)`` it
  /// allocates nothing, and it reads many lines at once: what a parallel scan's workers
  /// do, a few megabytes at a time.
  /// - Throws: ``LogError`` `.cannotOpen` naming `line` as ``bytes(_:line:)`` does.
  func copyBytes(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer, line: Int)
    throws(LogError)
  {
    precondition(buffer.count >= range.count)
    switch storage {
    case .memory(let data):
      data.withUnsafeBytes { source in
        guard range.count > 0 else { return }
        let start = source.baseAddress! + (range.lowerBound - data.startIndex)
        buffer.baseAddress!.copyMemory(from: start, byteCount: range.count)
      }
    case .file(let fd):
      var done = 0
      while done < range.count {
        let n = pread(
          fd, buffer.baseAddress! + done, range.count - done, off_t(range.lowerBound + done))
        if n > 0 {
          done += n
        } else if n == 0 {
          break
        } else if errno != EINTR {
          let code = errno
          throw LogError(
            kind: .cannotOpen, path: path, line: line,
            message: "cannot read line \(line) (\(String(cString: strerror(code))))")
        }
      }
      guard done == range.count else {
        var info = stat()
        let size = fstat(fd, &info) == 0 ? Int(info.st_size) : range.lowerBound + done
        throw LogError(
          kind: .cannotOpen, path: path, line: line,
          message:
            "the file changed while open: line \(line) should end at byte \(range.upperBound), but the file is now \(size) bytes long (truncated or rewritten); open it again"
        )
      }
    }
  }

  /// Calls `body` with the whole input in order, one buffer of at most ``chunkSize``
  /// bytes at a time, with each buffer's offset in the file.
  ///
  /// A file is read with `pread(2)` into one reused buffer. Reading 4 MB at a time from
  /// the page cache ran as fast here as mapping the file (400 MB in 0.04–0.07 s), and
  /// unlike a mapping it cannot fault: a file truncated while it is being indexed (a
  /// recorder starting a new session over it) shortens the read instead of raising
  /// `SIGBUS`.
  /// - Throws: ``LogError`` `.cannotOpen` when reading fails.
  /// - Complexity: O(file size); memory ``chunkSize`` for a file.
  func forEachChunk(_ body: (UnsafeRawBufferPointer, Int) -> Void) throws(LogError) {
    _ = try forEachChunk(from: 0, to: nil) { chunk, offset in
      body(chunk, offset)
      return true
    }
  }

  /// Calls `body` with the bytes from offset `start` to `end` (to the end of the input
  /// when `nil`), in order, one buffer of at most `chunkSize` bytes at a time (input in
  /// memory: all at once), with each buffer's offset, until `body` returns `false`.
  /// Returns the offset reached: `end`, or less when the input ended first or `body`
  /// stopped.
  /// - Throws: ``LogError`` `.cannotOpen` when reading fails.
  func forEachChunk(
    from start: Int, to end: Int?, chunkSize: Int? = nil,
    _ body: (UnsafeRawBufferPointer, Int) -> Bool
  ) throws(LogError) -> Int {
    switch storage {
    case .memory(let data):
      return data.withUnsafeBytes { all in
        let upper = min(end ?? all.count, all.count)
        guard start < upper else { return max(start, 0) }
        _ = body(UnsafeRawBufferPointer(rebasing: all[start..<upper]), start)
        return upper
      }
    case .file(let fd):
      let size = chunkSize ?? self.chunkSize
      var offset = start
      if let mapping, !mappingWasCut {
        let upper = min(end ?? mapping.count, mapping.count)
        while offset < upper {
          let next = min(offset + size, upper)
          let goOn = body(mapping.bytes(offset..<next), offset)
          guard mappedLimit() >= next else {
            throw LogError(
              kind: .cannotOpen, path: path,
              message:
                "changed while it was read: it is now \(currentSize().map(String.init) ?? "an unknown number of") bytes long, was \(mapping.count) (truncated or rewritten); open it again"
            )
          }
          mapping.release(offset..<next)
          offset = next
          if !goOn { return offset }
        }
        if let end, offset >= end { return offset }
      }
      return try readChunks(fd, from: offset, to: end, chunkSize: size, body)
    }
  }

  /// Whether the file is mapped (a regular file that could be).
  var isMapped: Bool { mapping != nil }

  /// Whether the input is read with `pread(2)` (a regular file not mapped) or held in
  /// memory: what the scan that opens a log reads as it indexes it.
  var isUnmapped: Bool { mapping == nil }

  /// Reads up to `buffer.count` bytes of the file from `offset` into `buffer`; returns how
  /// many, 0 at its end (input in memory: copied from it).
  /// - Throws: ``LogError`` `.cannotOpen` when reading fails, as the index does.
  func readBytes(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(LogError)
    -> Int
  {
    switch storage {
    case .memory(let data):
      let count = max(0, min(buffer.count, data.count - offset))
      guard count > 0 else { return 0 }
      data.withUnsafeBytes { source in
        buffer.baseAddress!.copyMemory(from: source.baseAddress! + offset, byteCount: count)
      }
      return count
    case .file(let fd):
      while true {
        let n = pread(fd, buffer.baseAddress!, buffer.count, off_t(offset))
        if n >= 0 { return n }
        if errno != EINTR { throw failure("read", errno) }
      }
    }
  }

  /// Whether the file shrank under the mapping (a fault cut it, or the file is now shorter
  /// than it): from then on everything is read with `pread(2)`.
  var mappingWasCut: Bool {
    guard let mapping else { return false }
    return mapping.firstCut != FileMapping.uncut || mappingShrank.load(ordering: .relaxed)
  }

  /// The mapped bytes at `range`, without a copy, when the mapping holds them and the file
  /// has not shrunk under it; else `nil` (read them with ``copyBytes(_:into:line:)``). After
  /// reading them, check ``mappedCut`` (cheap) and ``mappedLimit()``: bytes at or past them
  /// may have read as zeros.
  func mappedBytes(_ range: Range<Int>) -> UnsafeRawBufferPointer? {
    guard let mapping, range.lowerBound >= 0, range.upperBound <= mapping.count, !mappingWasCut
    else { return nil }
    return mapping.bytes(range)
  }

  /// The first offset at or past which bytes read from the mapping may have been zeros
  /// rather than the file's because a fault cut the mapping there, or `Int.max`: one
  /// atomic load, for a check after every line.
  var mappedCut: Int { mapping?.firstCut ?? FileMapping.uncut }

  /// The offset below which the bytes read from the mapping so far were the file's:
  /// ``mappedCut``, or the file's size now when that is less (the tail of the page holding
  /// the file's new end reads as zeros without a fault), or `Int.max` when the file did not
  /// shrink. One `fstat(2)`; call it after reading a stretch.
  func mappedLimit() -> Int {
    guard let mapping else { return FileMapping.uncut }
    let cut = mapping.firstCut
    if let size = currentSize(), size < mapping.count {
      mappingShrank.store(true, ordering: .relaxed)
      return min(cut, size)
    }
    return cut
  }

  /// Gives back the memory of the mapped pages at `range` (they stay in the page cache).
  func releaseMapped(_ range: Range<Int>) {
    mapping?.release(range)
  }

  /// The input's size now (a file's as `fstat(2)` tells it), or `nil` when that fails.
  func currentSize() -> Int? {
    switch storage {
    case .memory(let data):
      return data.count
    case .file(let fd):
      var info = stat()
      return fstat(fd, &info) == 0 ? Int(info.st_size) : nil
    }
  }

  private func failure(_ what: String, _ code: Int32) -> LogError {
    LogError(
      kind: .cannotOpen, path: path,
      message: "cannot be \(what) (\(String(cString: strerror(code))))")
  }

  private func readChunks(
    _ fd: Int32, from start: Int, to end: Int?, chunkSize: Int,
    _ body: (UnsafeRawBufferPointer, Int) -> Bool
  ) throws(LogError) -> Int {
    // Page-aligned: the kernel copies into an unaligned buffer several times slower.
    let size = max(1, min(chunkSize, end.map { $0 - start } ?? chunkSize))
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 4096)
    defer { buffer.deallocate() }
    var offset = start
    while end.map({ offset < $0 }) ?? true {
      let n = pread(
        fd, buffer.baseAddress!, min(size, end.map { $0 - offset } ?? size), off_t(offset))
      if n < 0 {
        if errno == EINTR { continue }
        throw failure("read", errno)
      }
      if n == 0 { break }
      offset += n
      if !body(UnsafeRawBufferPointer(rebasing: buffer[0..<n]), offset - n) { break }
    }
    return offset
  }
}
