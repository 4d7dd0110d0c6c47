import Foundation
import TimeTravel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One saved session: a log file the listener appends whole lines to, as an app's own
/// recorder would (`O_APPEND`, one `write(2)` per batch of whole lines, an exclusive
/// `flock(2)` while open), so it opens in every `replay` mode like any log.
///
/// A write that fails (a full disk) is undone by truncating the file back to its size
/// before the write: the file never ends in a torn line of the listener's making. The
/// ``FileSyncer`` syncs it within a second of each write, off the listener's loop.
final class SessionFile {
  let url: URL
  private var fd: Int32
  /// Bytes in the file.
  private(set) var size: Int
  /// Lines in the file.
  private(set) var lines: Int
  private var syncer: (FileSyncer, FileSyncer.Target)?

  /// What an existing file already holds of the session.
  struct Existing {
    /// The last `seq` its entries and gap records account for.
    var lastSeq: Int?
    /// The `seq` of a pending record at its end, whose entry has not come.
    var pendingSeq: Int?
    var hasHeader: Bool
  }

  /// The file name for a session: `APP-STARTED-SESSION.jsonl`, each part reduced to
  /// characters safe in a file name on every system (`TodoApp-2026-01-05T09-00-00.000Z-6f9619ff.jsonl`).
  static func name(for hello: LiveWire.Hello) -> String {
    func safe(_ text: String, limit: Int) -> String {
      let kept = text.unicodeScalars.map { scalar -> Character in
        scalar.isASCII
          && (CharacterSet.alphanumerics.contains(scalar) || scalar == "." || scalar == "_"
            || scalar == "-")
          ? Character(scalar) : "_"
      }
      var result = String(kept.prefix(limit))
      if result.hasPrefix(".") { result = "_" + result.dropFirst() }
      return result.isEmpty ? "_" : result
    }
    let started = safe(hello.started.replacingOccurrences(of: ":", with: "-"), limit: 32)
    let session = safe(String(hello.session.filter { $0 != "-" }.prefix(8)), limit: 8)
    return "\(safe(hello.app, limit: 64))-\(started)-\(session).jsonl"
  }

  /// Opens (creating) `url` for appending and locks it.
  /// - Returns: The file, and what it held when it was not empty (a torn last line is
  ///   cut off first: the app sends that line again).
  /// - Throws: A message naming the file and the reason: it cannot be opened, or
  ///   another listener holds it.
  static func open(_ url: URL, syncer: FileSyncer) throws(SessionFileError) -> (
    SessionFile, Existing?
  ) {
    let fd = posixOpen(url.path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw .cannotOpen(url.path, errno) }
    var locked: Int32
    repeat { locked = flock(fd, LOCK_EX | LOCK_NB) } while locked != 0 && errno == EINTR
    if locked != 0, errno == EWOULDBLOCK {
      posixClose(fd)
      throw .locked(url.path)
    }
    let file = SessionFile(url: url, fd: fd)
    file.syncer = syncer.follow(fd).map { (syncer, $0) }
    guard file.size > 0 else { return (file, nil) }
    let existing = try file.scan()
    return (file, existing)
  }

  private init(url: URL, fd: Int32) {
    self.url = url
    self.fd = fd
    var info = stat()
    size = fstat(fd, &info) == 0 ? Int(info.st_size) : 0
    lines = 0
  }

  deinit { if fd >= 0 { posixClose(fd) } }

  /// Counts the lines, cuts a torn last line, and reads what the last records say.
  private func scan() throws(SessionFileError) -> Existing {
    var existing = Existing(hasHeader: false)
    var offset = 0
    var lineStart = 0
    var partial: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while offset < size {
      let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, off_t(offset)) }
      guard n > 0 else { throw .cannotWrite(url.path, n < 0 ? errno : EIO) }
      var start = 0
      while let newline = chunk[start..<n].firstIndex(of: 0x0A) {
        let line = partial + chunk[start..<newline]
        partial = []
        lines += 1
        Self.account(line, into: &existing, first: lines == 1)
        start = newline + 1
        lineStart = offset + start
      }
      partial += chunk[start..<n]
      offset += n
    }
    if lineStart < size {
      // The previous listener died in the middle of writing this line.
      guard ftruncate(fd, off_t(lineStart)) == 0 else { throw .cannotWrite(url.path, errno) }
      size = lineStart
    }
    return existing
  }

  private static func account(_ line: [UInt8], into existing: inout Existing, first: Bool) {
    let kind = line.withUnsafeBytes { LiveLine($0) }
    switch kind {
    case .header: existing.hasHeader = existing.hasHeader || first
    case .pending(let seq): existing.pendingSeq = seq
    case .entry, .gap:
      existing.pendingSeq = nil
      if let last = kind.lastSeq { existing.lastSeq = last }
    case .closing, .effect, .reply, .heartbeat: break
    }
  }

  /// Appends whole lines in one `write(2)` (more only if the kernel takes part of it).
  /// - Throws: The reason, after cutting the file back to its size before the call.
  func append(_ bytes: Data, lines count: Int) throws(SessionFileError) {
    var offset = 0
    var failure: Int32?
    bytes.withUnsafeBytes { raw in
      while offset < raw.count {
        let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        offset += written
      }
    }
    if let failure {
      _ = ftruncate(fd, off_t(size))
      throw .cannotWrite(url.path, failure)
    }
    size += bytes.count
    lines += count
    if let (syncer, target) = syncer {
      syncer.touch(target)
    } else {
      _ = fsync(fd)  // no descriptor to spare for the syncer: sync here
    }
  }

  /// Closes; the syncer syncs the file a last time. Idempotent.
  func close() {
    guard fd >= 0 else { return }
    if let (syncer, target) = syncer { syncer.close(target) } else { _ = fsync(fd) }
    posixClose(fd)
    fd = -1
  }
}

/// Why a session cannot be saved.
enum SessionFileError: Error, Equatable, CustomStringConvertible {
  case cannotOpen(String, Int32)
  case cannotWrite(String, Int32)
  case locked(String)

  var description: String {
    switch self {
    case .cannotOpen(let path, let code):
      "cannot open the session file '\(path)': \(LiveSocket.reason(code))"
    case .cannotWrite(let path, let code):
      "cannot write to the session file '\(path)': \(LiveSocket.reason(code))"
    case .locked(let path):
      "another listener is saving this session (it holds '\(path)')"
    }
  }
}

// `open` and `close` are shadowed inside the class.
private func posixOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  open(path, flags, mode)
}

private func posixClose(_ fd: Int32) { _ = close(fd) }
