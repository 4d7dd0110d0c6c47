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
  package mutating func split(_ chunk: some Collection<UInt8>, into lines: inout [[UInt8]]) -> Bool
  {
    var start = chunk.startIndex
    while let newline = chunk[start...].firstIndex(of: 0x0A) {
      if partial.isEmpty {
        lines.append(Array(chunk[start..<newline]))
      } else {
        partial += chunk[start..<newline]
        lines.append(partial)
        partial = []
      }
      if lines[lines.count - 1].count > limit {
        lines.removeLast()
        return false
      }
      start = chunk.index(after: newline)
    }
    partial += chunk[start...]
    return partial.count <= limit
  }
}
