import CLITestSupport
import Foundation
import TestSupport
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

  /// A file that takes some bytes and then fails (its descriptor turned to `/dev/full`
  /// after the first move) keeps what it took and the spool the rest, in order: the bytes
  /// the failed write was given and everything after them.
  @Test func aFileThatFailsPartWayKeepsTheRestInMemory() throws {
    let path = Scratch.path("spill-")
    let descriptor = open(path, O_RDWR | O_CREAT, 0o600)
    try #require(descriptor >= 0)
    unlink(path)
    let original = dup(descriptor)
    let full = open("/dev/full", O_WRONLY)
    try #require(original >= 0 && full >= 0, "no /dev/full")
    defer {
      close(original)
      close(full)
    }
    let spool = OutputSpool(memoryLimit: 25, file: SpillFile(descriptor: descriptor))
    let items = Self.items("d", 12)
    for item in items[..<3] { spool.append(item) }
    dup2(full, descriptor)
    for item in items[3...] { spool.append(item) }
    dup2(original, descriptor)
    #expect(spool.count == 12)
    #expect(Self.written(spool) == String(decoding: items.joined(), as: UTF8.self))
  }
}
