import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A log file holding only the most recent entries: ``LogRecorder``'s ring mode.
///
/// The file grows to `capacity + capacity / 2` entries, then is rewritten to keep the
/// last `capacity`: a temporary file gets a new header (`"firstSeq"`, `"dropped"`) and
/// the kept lines' bytes, and `rename(2)` replaces the log atomically, so a crash during
/// rotation leaves either the old file or the new one. The temporary file is locked
/// (see ``FileLogWriter``) before it is renamed, so the log's name always refers to a
/// locked file and no second recorder can slip in between two rotations. Each kept line is copied once
/// per rotation (about two extra line copies per entry, amortized), never re-encoded.
/// Entries where a later rotation may cut are keyframes, so a compact ring file always
/// starts with full states.
final class RingLog {
  let url: URL
  let capacity: Int
  private let half: Int
  private let header: (_ firstSeq: Int) throws -> Data
  private var writer: FileLogWriter
  /// Entries in the current file.
  private var count = 0
  /// Bytes in the current file.
  private var bytes = 0
  /// Where entries at possible cut points begin: 1-based index in the file, byte offset
  /// of their first line, and their `seq`.
  private var cuts: [(index: Int, offset: Int, seq: Int)] = []

  init(url: URL, capacity: Int, header: @escaping (_ firstSeq: Int) throws -> Data) throws {
    precondition(capacity >= 1, "LogRecorder: keepingLast must be at least 1")
    self.url = url
    self.capacity = capacity
    self.half = max(1, capacity / 2)
    self.header = header
    writer = try FileLogWriter(url: url, mode: .truncate)
    let first = try header(1)
    try writer.write(line: first)
    bytes = first.count
  }

  func beginEntry(seq: Int) throws -> Bool {
    if count >= capacity + half { try rotate() }
    let index = count + 1
    guard (index - 1) % half == 0 else { return false }
    cuts.append((index, bytes, seq))
    return true
  }

  func write(_ line: Data) throws {
    try writer.write(line: line)
    bytes += line.count
  }

  func entryWritten() { count += 1 }

  func flush() throws { try writer.flush() }

  func close() throws { try writer.close() }

  private func rotate() throws {
    let keepFrom = count - capacity + 1
    guard let cut = cuts.first(where: { $0.index == keepFrom }) else {
      preconditionFailure("RingLog: no entry boundary recorded at index \(keepFrom)")
    }
    let kept: Data
    do {
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      try handle.seek(toOffset: UInt64(cut.offset))
      kept = try handle.readToEnd() ?? Data()
    } catch {
      throw LogWriterError.writeFailed(path: url.path, code: EIO)
    }
    var content = try header(cut.seq)
    let headerLength = content.count
    content.append(kept)
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).rotating")
    let next = try FileLogWriter(url: temporary, mode: .truncate)
    do {
      try next.write(line: content)
    } catch {
      try? next.close()
      throw error
    }
    guard rename(temporary.path, url.path) == 0 else {
      let code = errno
      try? next.close()
      throw LogWriterError.writeFailed(path: url.path, code: code)
    }
    let old = writer
    writer = next.renamed(to: url)
    count -= keepFrom - 1
    bytes = content.count
    cuts = cuts.filter { $0.index >= keepFrom }.map {
      ($0.index - keepFrom + 1, $0.offset - cut.offset + headerLength, $0.seq)
    }
    try old.close()
  }
}
