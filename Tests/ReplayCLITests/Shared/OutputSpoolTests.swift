import CLITestSupport
import Foundation
import Testing

@testable import ReplayCLI

/// A spool gives back every byte appended, in order, whether its file takes them, fails
/// part of the way, or is shared with other spools.
@Suite struct OutputSpoolTests {
  /// Items `prefix0`, `prefix1`, … of 10 bytes each.
  static func items(_ prefix: String, _ count: Int) -> [[UInt8]] {
    (0..<count).map {
      Array("\(prefix)\($0)".padding(toLength: 9, withPad: ".", startingAt: 0).utf8) + [0x0A]
    }
  }

  static func written(_ spool: OutputSpool, droppingFirst: Bool = false) -> String {
    let io = BufferIO()
    spool.write(to: io, droppingFirst: droppingFirst)
    return io.stdout
  }

  /// Beyond its memory, a spool moves to its file and reads it back in order.
  @Test func aSpoolGivesBackWhatWentToItsFile() {
    let spool = OutputSpool(memoryLimit: 25)
    let items = Self.items("a", 12)
    for item in items { spool.append(item) }
    #expect(spool.count == 12)
    #expect(Self.written(spool) == String(decoding: items.joined(), as: UTF8.self))
    #expect(
      Self.written(spool, droppingFirst: true)
        == String(decoding: items.joined().dropFirst(), as: UTF8.self))
  }

  /// A disk that is full (`/dev/full` fails every write with ENOSPC) loses nothing: the
  /// bytes stay in memory. Before, the write trapped.
  @Test func aFullDiskKeepsTheBytesInMemory() throws {
    let descriptor = open("/dev/full", O_RDWR)
    try #require(descriptor >= 0, "no /dev/full")
    let spool = OutputSpool(memoryLimit: 25, file: SpillFile(descriptor: descriptor))
    let items = Self.items("b", 12)
    for item in items { spool.append(item) }
    spool.spill(atLeast: 0)
    #expect(Self.written(spool) == String(decoding: items.joined(), as: UTF8.self))
  }

  /// Spools that share one file, spilling in turns, each give back their own bytes.
  @Test func spoolsSharingAFileKeepTheirOwnBytes() {
    let file = SpillFile()
    let spools = (0..<3).map { _ in OutputSpool(memoryLimit: 15, file: file) }
    let items = ["x", "y", "z"].map { Self.items($0, 9) }
    for k in 0..<9 {
      for (spool, own) in zip(spools, items) { spool.append(own[k]) }
    }
    spools[1].spill(atLeast: 0)
    for (spool, own) in zip(spools, items) {
      #expect(Self.written(spool) == String(decoding: own.joined(), as: UTF8.self))
    }
  }

  /// A file that cannot be made (its folder is gone) keeps everything in memory.
  @Test func noFileKeepsEverythingInMemory() throws {
    let descriptor = open("/dev/full", O_RDONLY)
    try #require(descriptor >= 0, "no /dev/full")
    // Read-only: every write fails with EBADF.
    let spool = OutputSpool(memoryLimit: 5, file: SpillFile(descriptor: descriptor))
    let items = Self.items("c", 4)
    for item in items { spool.append(item) }
    #expect(Self.written(spool) == String(decoding: items.joined(), as: UTF8.self))
  }
}
