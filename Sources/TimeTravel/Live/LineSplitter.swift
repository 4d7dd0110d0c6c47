import Foundation

/// Cuts a byte stream into lines at `\n`, keeping the unfinished last line for the next
/// chunk, and refusing a line that grows past `limit` bytes before it ends: both sides of
/// a live session read the other's lines with it.
package struct LineSplitter: Sendable {
  /// The longest line accepted, in bytes without its `\n`.
  package var limit: Int
  /// The bytes of the line not ended yet.
  package private(set) var partial: [UInt8] = []

  /// A splitter of lines of at most `limit` bytes.
  package init(limit: Int) {
    self.limit = limit
  }

  /// Appends `chunk`, adding each line it ends (without the `\n`) to `lines`.
  /// - Returns: `false` when a line, finished or not, is longer than ``limit``: the
  ///   lines before it were added, it was not; the splitter should not be used again.
  /// - Complexity: O(bytes), with `memchr(3)` finding the line breaks.
  package mutating func split(_ chunk: ArraySlice<UInt8>, into lines: inout [[UInt8]]) -> Bool {
    chunk.withUnsafeBufferPointer { buffer in split(buffer, into: &lines) }
  }

  /// As ``split(_:into:)-(ArraySlice<UInt8>,_)``, for bytes in memory.
  package mutating func split(_ chunk: UnsafeBufferPointer<UInt8>, into lines: inout [[UInt8]])
    -> Bool
  {
    guard let base = chunk.baseAddress else { return true }
    var start = 0
    while start < chunk.count,
      let found = memchr(base + start, 0x0A, chunk.count - start)
    {
      let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      let piece = UnsafeBufferPointer(rebasing: chunk[start..<newline])
      if partial.isEmpty {
        lines.append(Array(piece))
      } else {
        partial.append(contentsOf: piece)
        lines.append(partial)
        partial = []
      }
      if lines[lines.count - 1].count > limit {
        lines.removeLast()
        return false
      }
      start = newline + 1
    }
    partial.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start...]))
    return partial.count <= limit
  }
}
