import Foundation

/// Finds pending records (lines whose top-level object has `"pending": true`) without
/// parsing them.
///
/// A pending line carries a whole prior state, so parsing each one when a log is opened
/// would cost as much as reading half the log, and even a substring search for
/// `"pending"` touches every byte. The format therefore requires `pending` to precede
/// every object or array member of the line (right after `seq` and `time`), and this
/// scan reads each line's top-level members only up to the first container value:
/// typically 60 bytes per line, whatever the state's size. The key must be written
/// literally (no `\u` escapes), which every JSON writer does.
enum PendingScan {
  private static let key = Array(#""pending""#.utf8)

  /// Indexes (into `lines`) of the pending lines in `range`, ascending.
  static func pendingLines(_ bytes: UnsafeRawBufferPointer, _ lines: LineIndex, _ range: Range<Int>)
    -> [Int]
  {
    guard bytes.baseAddress != nil else { return [] }
    var found: [Int] = []
    for i in range {
      let start = lines.starts[i]
      let length = lines.ends[i] - start
      guard length > 0 else { continue }
      let line = UnsafeRawBufferPointer(rebasing: bytes[start..<lines.ends[i]])
      if hasTopLevelTruePending(line) { found.append(i) }
    }
    return found
  }

  /// Whether `line` is an object with a depth-1 member `"pending"` whose value is `true`,
  /// written before any member whose value is an object or array.
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
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        // The first container value ends the search: `pending` must come before it.
        guard depth == 0, byte == UInt8(ascii: "{") else { return false }
        depth = 1
        expectingKey = true
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
