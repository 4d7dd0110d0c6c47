import Foundation

extension JSONTranscoder {
  /// The keys of the open objects of a compact transcode, to find a repeated one: one
  /// shared stack of byte ranges, and for an object of many keys a set of their hashes.
  /// Its stacks are plain buffers: pushed and popped for every container and key, an
  /// array's uniqueness and bounds checks cost more than the comparisons.
  private struct OpenKeys: ~Copyable {
    /// Per open container, innermost last: where its keys start in `keys`, or -1 for an
    /// array.
    private var opens: UnsafeMutablePointer<Int>
    private var openCount = 0
    private var openCapacity = 16
    private var keys: UnsafeMutablePointer<Range<Int>>
    private var keyCount = 0
    private var keyCapacity = 64
    /// The hashes of the keys of large open objects, by where their keys start.
    private var hashes: [Int: Set<Int>] = [:]

    init() {
      opens = .allocate(capacity: openCapacity)
      keys = .allocate(capacity: keyCapacity)
    }

    deinit {
      opens.deallocate()
      keys.deallocate()
    }

    var isEmpty: Bool { openCount == 0 }

    @inline(__always) var topIsObject: Bool { openCount > 0 && opens[openCount &- 1] >= 0 }

    @inline(__always) mutating func open(isObject: Bool) {
      if openCount == openCapacity { opens = Self.grow(opens, openCount, &openCapacity) }
      opens[openCount] = isObject ? keyCount : -1
      openCount &+= 1
    }

    @inline(__always) mutating func close() {
      guard openCount > 0 else { return }
      openCount &-= 1
      let start = opens[openCount]
      guard start >= 0 else { return }
      keyCount = start
      if !hashes.isEmpty { hashes[start] = nil }
    }

    /// Notes a key (its bytes, no escapes) of the innermost object; `false` when it
    /// repeats one before it, or may (a hash seen before).
    mutating func add(_ key: Range<Int>, _ base: UnsafePointer<UInt8>) -> Bool {
      let start = opens[openCount &- 1]
      let length = key.count
      if keyCount &- start < JSONTranscoder.linearKeyLimit {
        var k = start
        while k < keyCount {
          let other = keys[k]
          if other.count == length,
            length == 0 || memcmp(base + other.lowerBound, base + key.lowerBound, length) == 0
          {
            return false
          }
          k &+= 1
        }
      } else {
        var set = hashes.removeValue(forKey: start) ?? []
        if set.isEmpty {
          for k in start..<keyCount { set.insert(JSONTranscoder.hash(base, keys[k])) }
        }
        let inserted = set.insert(JSONTranscoder.hash(base, key)).inserted
        hashes[start] = set
        guard inserted else { return false }
      }
      if keyCount == keyCapacity { keys = Self.grow(keys, keyCount, &keyCapacity) }
      keys[keyCount] = key
      keyCount &+= 1
      return true
    }

    private static func grow<T>(
      _ buffer: UnsafeMutablePointer<T>, _ count: Int, _ capacity: inout Int
    ) -> UnsafeMutablePointer<T> {
      let larger = UnsafeMutablePointer<T>.allocate(capacity: capacity * 2)
      larger.moveInitialize(from: buffer, count: count)
      buffer.deallocate()
      capacity *= 2
      return larger
    }
  }

  /// The compact transcode: the source copied in runs, and only the spans that print
  /// differently written anew (see ``JSONTranscoder``). `false` when it declines (a
  /// repeated key, or a key with an escape).
  func transcodeCompact(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ out: inout JSONTextWriter
  ) -> Bool {
    var open = OpenKeys()
    // The source from `run` to `i` is to be copied as it stands.
    var run = start
    var i = start
    var expectsKey = false
    @inline(__always) func flush(_ out: inout JSONTextWriter, to i: Int) {
      out.append(UnsafeBufferPointer(start: base + run, count: i &- run))
    }
    while i < end {
      let byte = base[i]
      switch byte {
      case UInt8(ascii: "\""):
        let (stringEnd, escaped, rewritten) = Self.scanString(base, i, end)
        if expectsKey {
          guard !escaped, open.add((i &+ 1)..<(stringEnd &- 1), base) else { return false }
          expectsKey = false
        }
        if escaped {
          flush(&out, to: i)
          writeString(base, i, stringEnd, true, &out)
          run = stringEnd
        } else if rewritten {
          flush(&out, to: i)
          out.appendQuoted(
            utf8: UnsafeBufferPointer(start: base + (i &+ 1), count: stringEnd &- i &- 2))
          run = stringEnd
        }
        i = stringEnd
      case UInt8(ascii: "{"):
        open.open(isObject: true)
        expectsKey = true
        i &+= 1
      case UInt8(ascii: "["):
        open.open(isObject: false)
        i &+= 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        open.close()
        expectsKey = false
        i &+= 1
      case UInt8(ascii: ","):
        expectsKey = open.topIsObject
        i &+= 1
      case UInt8(ascii: ":"):
        i &+= 1
      case 0x20, 0x09, 0x0A, 0x0D:
        flush(&out, to: i)
        i = JSONSkipper.skipWhitespace(base, i, end)
        run = i
      case UInt8(ascii: "t"), UInt8(ascii: "n"):
        i &+= 4
      case UInt8(ascii: "f"):
        i &+= 5
      default:
        // A number.
        var j = i &+ 1
        while j < end, !Self.endsToken(base[j]) { j &+= 1 }
        if let text = numberText(base, i, j) {
          flush(&out, to: i)
          out.appendUTF8(text)
          run = j
        }
        i = j
      }
    }
    flush(&out, to: end)
    return open.isEmpty
  }

  /// The end (past the closing quote) of the valid string whose opening quote is at
  /// `start` (its closing quote before `end`); whether it holds an escape, and whether
  /// the printer escapes one of its characters (DEL, or one that
  /// ``JSONPrinter/needsEscape(_:)``), so that it is not written as it stands.
  @inline(__always)
  static func scanString(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> (
    Int, Bool, Bool
  ) {
    var i = start &+ 1
    var escaped = false
    var rewritten = false
    while true {
      i = SWAR.firstByteToPrintWithCare(base, i, end)
      let byte = base[i]
      if byte == UInt8(ascii: "\"") { return (i &+ 1, escaped, rewritten) }
      if byte == UInt8(ascii: "\\") {
        escaped = true
        i &+= 2
      } else if byte >= 0xC0 {
        let length = byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
        if length > end &- i
          || (byte != SWAR.latin1Letter && JSONTextWriter.mayEscape(base + i, length))
        {
          let (scalar, decoded) = JSONTextWriter.decodeScalar(base + i, end &- i)
          if JSONTextWriter.escapes(scalar) { rewritten = true }
          i &+= decoded
        } else {
          i &+= length
        }
      } else {
        // DEL; or, within the last eight bytes of the document, any byte, which may be
        // the second byte of a Latin-1 letter the words passed over.
        if byte == 0x7F { rewritten = true }
        i &+= 1
      }
    }
  }
}
