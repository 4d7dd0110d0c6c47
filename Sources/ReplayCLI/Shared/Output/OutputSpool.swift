import Foundation

/// The items of a mode's text output as a scan finds them, held until the scan ends (the
/// heading counts them, and an error stops the mode before anything is printed): in
/// memory up to ``memoryLimit`` bytes, then in a temporary file, so that a scan that
/// prints hundreds of megabytes (`--watch /todos --format json` on a large log) keeps
/// its memory flat.
final class OutputSpool {
  /// The bytes held in memory before a spool moves to a file, by default.
  static let memoryLimit = 16 << 20

  /// The bytes this spool holds in memory before it moves to a file.
  private let limit: Int
  /// The number of items appended.
  private(set) var count = 0
  private var buffer: [UInt8] = []
  private var file: FileHandle?
  private var fileURL: URL?

  /// An empty spool that moves to a file beyond `memoryLimit` bytes.
  init(memoryLimit: Int = OutputSpool.memoryLimit) { limit = memoryLimit }

  deinit {
    try? file?.close()
    if let fileURL { try? FileManager.default.removeItem(at: fileURL) }
  }

  /// Appends one item.
  func append(_ item: [UInt8]) {
    buffer += item
    count += 1
    if buffer.count >= limit { spill() }
  }

  private func spill() {
    if file == nil {
      let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("replay-output-\(UUID().uuidString)")
      if FileManager.default.createFile(atPath: url.path, contents: nil),
        let handle = FileHandle(forUpdatingAtPath: url.path)
      {
        // Removed now: the open handle keeps it until the spool goes.
        try? FileManager.default.removeItem(at: url)
        file = handle
      } else {
        // No temporary file: keep growing in memory rather than lose output.
        return
      }
    }
    file?.write(Data(buffer))
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes everything appended to `io`'s standard output as bytes, a megabyte at a time;
  /// without its first byte when `droppingFirst` (the comma before a first record).
  func write(to io: ReplayIO, droppingFirst: Bool = false) {
    var carried: [UInt8] = []
    var drop = droppingFirst ? 1 : 0
    if let file {
      try? file.seek(toOffset: 0)
      while let chunk = try? file.read(upToCount: 1 << 20), !chunk.isEmpty {
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
