import Foundation
import Synchronization

/// A temporary file that spools (``OutputSpool``) move their bytes to, one or many
/// sharing it: a run of logs spooling at once holds one open file, not one a log.
///
/// Made on the first append, in the temporary directory (`TMPDIR`), and unlinked at
/// once: its descriptor keeps it until this object goes, so nothing is left behind, even
/// by a process that is killed. Appends are serialised; each returns where its bytes are.
final class SpillFile: Sendable {
  private struct State {
    var descriptor: Int32 = -1
    var end = 0
    /// Whether the file could not be made, or an append failed (a full disk): every
    /// append after that fails too, and the spools keep their bytes in memory.
    var isBroken = false
  }

  private let state = Mutex(State())

  /// A file made on the first append.
  init() {}

  /// A file on `descriptor`, open for reading and writing, which this object closes: for
  /// tests (`/dev/full`, whose every write fails as on a full disk).
  init(descriptor: Int32) { state.withLock { $0.descriptor = descriptor } }

  deinit {
    state.withLock { if $0.descriptor >= 0 { close($0.descriptor) } }
  }

  /// Appends `bytes`; their range in the file, or `nil` when the file cannot take them
  /// all (it could not be made, or a write failed), in which case the caller keeps them.
  func append(_ bytes: [UInt8]) -> Range<Int>? {
    state.withLock { state -> Range<Int>? in
      guard !state.isBroken else { return nil }
      if state.descriptor < 0 {
        guard let descriptor = Self.make() else {
          state.isBroken = true
          return nil
        }
        state.descriptor = descriptor
      }
      let start = state.end
      var written = 0
      let complete = bytes.withUnsafeBytes { raw -> Bool in
        while written < raw.count {
          let n = pwrite(
            state.descriptor, raw.baseAddress! + written, raw.count - written,
            off_t(start + written))
          if n > 0 {
            written += n
          } else if n < 0 && errno == EINTR {
            continue
          } else {
            return false
          }
        }
        return true
      }
      // A partial write is left where it is: no range points at it, and later appends
      // are refused, so it is never read.
      guard complete else {
        state.isBroken = true
        return nil
      }
      state.end = start + bytes.count
      return start..<state.end
    }
  }

  /// Reads `range`, a range an append returned, a megabyte at a time into `body`.
  /// - Returns: Whether every byte was read.
  func read(_ range: Range<Int>, _ body: ([UInt8]) -> Void) -> Bool {
    let descriptor = state.withLock { $0.descriptor }
    guard descriptor >= 0 else { return range.isEmpty }
    var offset = range.lowerBound
    var chunk = [UInt8](repeating: 0, count: min(range.count, 1 << 20))
    while offset < range.upperBound {
      let want = min(chunk.count, range.upperBound - offset)
      let n = chunk.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress!, want, off_t(offset))
      }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { return false }
      body(Array(chunk[..<n]))
      offset += n
    }
    return true
  }

  /// A new file in the temporary directory, already unlinked; `nil` when none can be made.
  private static func make() -> Int32? {
    let folder = FileManager.default.temporaryDirectory.path
    var template = Array((folder + "/replay-output-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return nil }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    return descriptor
  }
}
