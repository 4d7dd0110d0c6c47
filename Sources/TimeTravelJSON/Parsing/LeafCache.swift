import Foundation

/// The small containers without a container inside (leaves: a to-do, a list of tags)
/// built so far in one parse, found again by their bytes, so that a container whose
/// bytes repeat one already built is shared instead of built again.
///
/// A log entry holds its state twice, as `prior` and as `next`, and an action changes
/// little of it: most of the to-dos of `next` are, byte for byte, to-dos of `prior`. A
/// shared container is the same value (the same bytes parse to the same value), and
/// values are copy-on-write, so sharing is invisible to readers except in memory and
/// speed: each repeat costs a hash of its first 32 bytes and a `memcmp`, where building
/// it costs three allocations (the storage, its members, a string).
///
/// A slot keeps a pointer into the bytes being parsed, so a cache lives no longer than
/// they do: one parse (`JSONParser.parseNext()`), or one lazily parsed document, whose
/// bytes live as long as it.
struct LeafCache: ~Copyable {
  /// Containers shorter than this are not cached: their first ``tagBytes`` would
  /// reach past them.
  static let tagBytes = 32
  /// Containers longer than this are not cached: few repeat, and comparing them costs
  /// more.
  static let maximumBytes = 4096
  private static let slotBits = 9

  private struct Slot {
    var tag: UInt64 = 0
    var start: UnsafePointer<UInt8>? = nil
    var count = 0
    var value: JSONValue = .null
  }

  /// Allocated on the first container cached: a parse of a few small values never
  /// needs one.
  private var slots: UnsafeMutablePointer<Slot>?
  /// Whether containers are cached at all (not in the parse of one small value).
  var isEnabled: Bool

  init(enabled: Bool) { isEnabled = enabled }

  deinit {
    guard let slots else { return }
    slots.deinitialize(count: 1 << Self.slotBits)
    slots.deallocate()
  }

  /// A hash of the `tagBytes` bytes at `p`.
  @inline(__always)
  private static func tag(_ p: UnsafePointer<UInt8>) -> UInt64 {
    let raw = UnsafeRawPointer(p)
    var h = raw.loadUnaligned(as: UInt64.self) &* 0x9E37_79B9_7F4A_7C15
    h = (h ^ raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) &* 0xC2B2_AE3D_27D4_EB4F
    h = (h ^ raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)) &* 0x1656_67B1_9E37_79F9
    h = (h ^ raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
    return h ^ (h >> 29)
  }

  @inline(__always)
  private static func slot(_ tag: UInt64) -> Int { Int(truncatingIfNeeded: tag >> (64 - slotBits)) }

  /// The container cached whose bytes are those at `offset` of `bytes` (its opening
  /// bracket there), and its length in bytes; `nil` when none is.
  @inline(__always)
  func find(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (JSONValue, Int)? {
    guard let slots, bytes.count - offset >= Self.tagBytes, let base = bytes.baseAddress else {
      return nil
    }
    let here = base + offset
    let tag = Self.tag(here)
    let slot = slots + Self.slot(tag)
    guard slot.pointee.tag == tag, let start = slot.pointee.start,
      slot.pointee.count <= bytes.count - offset,
      memcmp(start, here, slot.pointee.count) == 0
    else { return nil }
    return (slot.pointee.value, slot.pointee.count)
  }

  /// Keeps `value`, the container parsed from `bytes[range]`, for the repeats of those
  /// bytes (in place of another one with the same hash), when it is a leaf (`depth` 1)
  /// of ``tagBytes`` to ``maximumBytes`` bytes.
  @inline(__always)
  mutating func keep(
    _ value: JSONValue, depth: Int, from bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
  ) {
    guard depth == 1, isEnabled, range.count >= Self.tagBytes, range.count <= Self.maximumBytes,
      let base = bytes.baseAddress
    else { return }
    if slots == nil {
      let slots = UnsafeMutablePointer<Slot>.allocate(capacity: 1 << Self.slotBits)
      slots.initialize(repeating: Slot(), count: 1 << Self.slotBits)
      self.slots = slots
    }
    let start = base + range.lowerBound
    let tag = Self.tag(start)
    slots.unsafelyUnwrapped[Self.slot(tag)] = Slot(
      tag: tag, start: start, count: range.count, value: value)
  }
}
