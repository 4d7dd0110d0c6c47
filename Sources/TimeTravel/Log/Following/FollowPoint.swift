import Foundation

/// Which file a path named: its device and inode. A new session written to the same path
/// through a new file (a rename over it, a delete and create) has another identity.
struct FileIdentity: Sendable, Equatable {
  var device: UInt64
  var inode: UInt64

  /// The identity `stat(2)` or `fstat(2)` reported.
  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }
}

/// Where following a log starts: the place in a file a ``LogFile`` read up to, so that a
/// ``LogFollower`` reads what is appended after it and nothing twice
/// (``LogFile/followPoint()`` makes one).
public struct FollowPoint: Sendable, Equatable {
  /// The byte offset after the last complete line.
  let offset: Int
  /// How many file lines lie before `offset`.
  let lines: Int
  /// Whether the last line read had no `\n` yet: the `\n` that ends it is no new line.
  let awaitingNewline: Bool
  /// The file that was read.
  let identity: FileIdentity
  /// The file's opening (``opening(_:)``) as far as it was read, to notice a file
  /// rewritten in place and grown past `offset` before the follower looked.
  let prefix: [UInt8]

  /// The most of a file's opening that is compared, in bytes.
  static let openingLimit = 1 << 16

  /// The part of a file's first `bytes` that tells its session: through the end of its
  /// second line (a log's header and first entry, or its first two entries), at most
  /// ``openingLimit`` bytes. Two sessions of one app can share a header line byte for
  /// byte (no `created` time) and the first hundred bytes of their first entries; a new
  /// session whose header and whole first entry equal the old one's writes the same
  /// first state, and is read as the same session.
  static func opening(_ bytes: some Collection<UInt8>) -> [UInt8] {
    var newlines = 0
    var end = bytes.startIndex
    while end != bytes.endIndex, newlines < 2,
      bytes.distance(from: bytes.startIndex, to: end) < openingLimit
    {
      if bytes[end] == 0x0A { newlines += 1 }
      end = bytes.index(after: end)
    }
    return Array(bytes[..<end])
  }

  /// Whether `prefix` holds all of its file's opening: two lines, or the limit.
  static func isWholeOpening(_ prefix: [UInt8]) -> Bool {
    prefix.count >= openingLimit || prefix.lazy.filter { $0 == 0x0A }.count >= 2
  }
}
