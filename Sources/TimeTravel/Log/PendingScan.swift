import Foundation

/// Finds pending records (lines whose top-level object has `"pending": true`) without
/// parsing them.
///
/// A pending line carries a whole prior state, so parsing each one when a log is opened
/// would cost as much as reading half the log. Instead, lines are first filtered with
/// `memmem` for the literal `"pending"`, and only those are scanned byte by byte, at
/// depth 1 only, skipping nested values and strings. The key must be written literally
/// (no `\u` escapes), which every JSON writer does.
enum PendingScan {
  private static let key = Array(#""pending""#.utf8)

  /// Indexes (into `lines`) of the pending lines in `range`, ascending.
  static func pendingLines(_ bytes: UnsafeRawBufferPointer, _ lines: LineIndex, _ range: Range<Int>)
    -> [Int]
  {
    guard let base = bytes.baseAddress else { return [] }
    var found: [Int] = []
    for i in range {
      let start = lines.starts[i]
      let length = lines.ends[i] - start
      guard length > 0, mentionsKey(base + start, length) else { continue }
      let line = UnsafeRawBufferPointer(rebasing: bytes[start..<lines.ends[i]])
      if hasTopLevelTruePending(line) { found.append(i) }
    }
    return found
  }

  /// Whether the bytes contain `"pending"`: memchr hops from quote to quote.
  private static func mentionsKey(_ start: UnsafeRawPointer, _ length: Int) -> Bool {
    var offset = 0
    while offset + key.count <= length,
      let found = memchr(start + offset, 0x22, length - offset - key.count + 1)
    {
      let at = UnsafeRawPointer(found) - start
      if memcmp(start + at, key, key.count) == 0 { return true }
      offset = at + 1
    }
    return false
  }

  /// Whether `line` is an object with a depth-1 member `"pending"` whose value is `true`.
  static func hasTopLevelTruePending(_ line: UnsafeRawBufferPointer) -> Bool {
    var i = 0
    var depth = 0
    var expectingKey = false
    let n = line.count
    while i < n {
      let byte = line[i]
      switch byte {
      case UInt8(ascii: "\""):
        let keyStart = i
        i += 1
        while i < n, line[i] != UInt8(ascii: "\"") {
          i += line[i] == UInt8(ascii: "\\") ? 2 : 1
        }
        if depth == 1, expectingKey, i - keyStart + 1 == key.count,
          line[keyStart...i].elementsEqual(key)
        {
          var j = i + 1
          while j < n, line[j] == 0x20 || line[j] == 0x09 || line[j] == UInt8(ascii: ":") { j += 1 }
          if j + 4 <= n, line[j..<j + 4].elementsEqual("true".utf8) { return true }
        }
        expectingKey = false
      case UInt8(ascii: "{"):
        depth += 1
        expectingKey = depth == 1
      case UInt8(ascii: "["):
        depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
      case UInt8(ascii: ","):
        expectingKey = depth == 1
      default:
        break
      }
      i += 1
    }
    return false
  }
}
