import Foundation

/// The items of a mode's text output as a scan finds them, held until the scan ends (the
/// heading counts them, and an error stops the mode before anything is printed): in
/// memory up to ``memoryLimit`` bytes, then in a temporary file (a ``SpillFile``, which
/// several spools may share), so that a scan that prints hundreds of megabytes (`--watch
/// /todos --format json` on a large log) keeps its memory flat.
///
/// Nothing is lost when the file cannot be made or fills its disk: the bytes it could not
/// take stay in memory, and so does everything after them.
final class OutputSpool {
  /// The bytes held in memory before a spool moves to a file, by default.
  static let memoryLimit = 16 << 20

  /// The bytes this spool holds in memory before it moves to a file.
  private let limit: Int
  /// The number of items appended.
  private(set) var count = 0
  private var buffer: [UInt8] = []
  private let file: SpillFile
  /// Where the bytes moved to the file are, in order; all before ``buffer``'s.
  private var extents: [Range<Int>] = []
  /// Whether the file refused bytes: from then on they stay in memory, after it.
  private var keepsInMemory = false

  /// An empty spool that moves to `file` (its own by default) beyond `memoryLimit` bytes.
  init(memoryLimit: Int = OutputSpool.memoryLimit, file: SpillFile = SpillFile()) {
    limit = memoryLimit
    self.file = file
  }

  /// Appends one item.
  func append(_ item: [UInt8]) {
    buffer += item
    count += 1
    if buffer.count >= limit { spill() }
  }

  /// Moves the bytes held in memory to the file when there are at least `bytes` of them,
  /// and lets go of the memory: for a spool that is done and waits to be written.
  func spill(atLeast bytes: Int) {
    if buffer.count >= bytes { spill(keepingCapacity: false) }
  }

  /// A spool still appended to keeps its buffer's capacity for the next megabytes.
  private func spill(keepingCapacity: Bool = true) {
    guard !keepsInMemory, !buffer.isEmpty else { return }
    guard let range = file.append(buffer) else {
      keepsInMemory = true
      return
    }
    extents.append(range)
    buffer.removeAll(keepingCapacity: keepingCapacity)
  }

  /// Writes everything appended to `io`'s standard output as bytes, a megabyte at a time;
  /// without its first byte when `droppingFirst` (the comma before a first record).
  func write(to io: ReplayIO, droppingFirst: Bool = false) {
    var carried: [UInt8] = []
    var drop = droppingFirst ? 1 : 0
    for extent in extents {
      _ = file.read(extent) { chunk in
        carried += chunk
        if drop > 0 {
          carried.removeFirst(drop)
          drop = 0
        }
        // Up to the last whole UTF-8 sequence: a chunk may end inside one, and a sink
        // may decode what it is given.
        var end = carried.count
        var back = 0
        while end > 0, back < 3, carried[end - 1] & 0xC0 == 0x80 {
          end -= 1
          back += 1
        }
        if end > 0, carried[end - 1] >= 0xC0 { end -= 1 }
        carried.withUnsafeBytes { io.out(bytes: UnsafeRawBufferPointer(rebasing: $0[..<end])) }
        carried.removeFirst(end)
      }
    }
    if !carried.isEmpty { carried.withUnsafeBytes { io.out(bytes: $0) } }
    if !buffer.isEmpty {
      buffer.withUnsafeBytes { io.out(bytes: UnsafeRawBufferPointer(rebasing: $0.dropFirst(drop))) }
    }
  }
}
