import Foundation

/// The items of a mode's text output as a scan finds them, held until the scan ends (the
/// heading counts them, and an error stops the mode before anything is printed): in
/// memory up to ``memoryLimit`` bytes, then in a temporary file, so that a scan that
/// prints hundreds of megabytes (`--watch /todos --format json` on a large log) keeps
/// its memory flat.
final class OutputSpool {
  /// The bytes held in memory before the spool moves to a file.
  static let memoryLimit = 16 << 20

  /// The number of items appended.
  private(set) var count = 0
  private var buffer: [UInt8] = []
  private var file: FileHandle?
  private var fileURL: URL?

  deinit {
    try? file?.close()
    if let fileURL { try? FileManager.default.removeItem(at: fileURL) }
  }

  /// Appends one item.
  func append(_ item: [UInt8]) {
    buffer += item
    count += 1
    if buffer.count >= Self.memoryLimit { spill() }
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

  /// Writes everything appended to `io`'s standard output as bytes, a megabyte at a time.
  func write(to io: ReplayIO) {
    var carried: [UInt8] = []
    if let file {
      try? file.seek(toOffset: 0)
      while let chunk = try? file.read(upToCount: 1 << 20), !chunk.isEmpty {
        carried += chunk
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
    if !buffer.isEmpty { buffer.withUnsafeBytes { io.out(bytes: $0) } }
  }
}
