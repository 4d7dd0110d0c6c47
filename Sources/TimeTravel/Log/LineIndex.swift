import Foundation

/// The byte ranges of the lines of a JSON Lines buffer, found by a `memchr`
/// scan without parsing anything.
///
/// A line's range excludes its `\n` and a `\r` before it (JSON Lines
/// tolerates `\r\n`). A final line without `\n` is kept, and flagged by
/// ``lastLineIsUnterminated``. Complexity: O(n) bytes at memchr speed; 8 bytes
/// of memory per line.
struct LineIndex: Sendable {
  /// Start offset of each line.
  private(set) var starts: [Int] = []
  /// End offset (exclusive, before `\r\n` or `\n`) of each line.
  private(set) var ends: [Int] = []
  /// Whether the buffer's last line has no terminating `\n`.
  private(set) var lastLineIsUnterminated = false

  init(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return }
    var start = 0
    while start < bytes.count {
      let found = memchr(base + start, 0x0A, bytes.count - start)
      let newline = found.map { UnsafeRawPointer($0) - base } ?? bytes.count
      var end = newline
      if end > start, bytes[end - 1] == 0x0D { end -= 1 }
      starts.append(start)
      ends.append(end)
      if found == nil { lastLineIsUnterminated = true }
      start = newline + 1
    }
  }

  var count: Int { starts.count }
}
