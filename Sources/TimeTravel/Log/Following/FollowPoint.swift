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
  /// The file's first bytes (up to ``prefixLength``), to notice a file rewritten in
  /// place and grown past `offset` before the follower looked.
  let prefix: [UInt8]

  /// How many of a file's first bytes are compared: a log's header line, with its
  /// `created` time, or its first entry, so that a new session differs within them.
  static let prefixLength = 128
}
