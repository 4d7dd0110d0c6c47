import Foundation

/// Values a ``JSONCursor`` read with a projection, found again by their bytes: a log's
/// states repeat most of the state before them, so most elements of an array read for a
/// part (`any(.todos[]; .title == "")` reads each to-do's title) are, byte for byte,
/// elements of the state before, and reading one again costs a hash and a `memcmp`
/// instead of building it.
///
/// Only containers of at most ``maxBytes`` bytes whose end the validated value's outline
/// gives are kept (their bytes are then known valid, and found without reading them);
/// a value read again is shared, copy-on-write. The bytes must stay valid as long as the
/// cache lives: one cache serves the lines of one scan chunk, which share a buffer.
package final class ProjectedValueCache {
  /// The largest container kept, in bytes.
  static let maxBytes = 4096
  /// How many bytes of values are kept before the cache starts over: what it holds stays
  /// within a few times a scan chunk, whatever the log.
  static let maxStoredBytes = 1 << 20

  private struct Key: Hashable {
    let parts: ObjectIdentifier
    let hash: UInt64
    let count: Int
  }

  /// Each entry holds its parts: a part made for one read (a union) could otherwise be
  /// freed, and another part made at its address found here.
  private var entries:
    [Key: (bytes: UnsafePointer<UInt8>, parts: JSONProjection.Parts, value: JSONValue)] = [:]

  /// The bytes of the values kept.
  private var storedBytes = 0

  /// How many values were shared rather than read (what tests check).
  package private(set) var hits = 0

  package init() {}

  /// The value kept for `bytes` read with `parts`, if any.
  func value(_ parts: JSONProjection.Parts, _ bytes: UnsafeBufferPointer<UInt8>) -> JSONValue? {
    let key = Key(parts: ObjectIdentifier(parts), hash: Self.hash(bytes), count: bytes.count)
    guard let entry = entries[key], entry.parts === parts,
      memcmp(entry.bytes, bytes.baseAddress!, bytes.count) == 0
    else { return nil }
    hits += 1
    return entry.value
  }

  /// Keeps `value`, read from `bytes` with `parts`.
  func store(_ value: JSONValue, _ parts: JSONProjection.Parts, _ bytes: UnsafeBufferPointer<UInt8>)
  {
    if storedBytes + bytes.count > Self.maxStoredBytes {
      entries.removeAll(keepingCapacity: true)
      storedBytes = 0
    }
    storedBytes += bytes.count
    let key = Key(parts: ObjectIdentifier(parts), hash: Self.hash(bytes), count: bytes.count)
    entries[key] = (bytes.baseAddress!, parts, value)
  }

  /// A hash of `bytes`, eight at a time.
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let base = UnsafeRawPointer(bytes.baseAddress!)
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
    var i = 0
    while i &+ 8 <= bytes.count {
      h = (h ^ base.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
      h ^= h >> 29
      i &+= 8
    }
    while i < bytes.count {
      h = (h ^ UInt64(bytes[i])) &* 0x100_0000_01B3
      i &+= 1
    }
    return h
  }
}
