import Foundation

/// Prints a value that is still the bytes it was parsed from (a large container of a
/// lazily parsed document not yet built) straight from those bytes, exactly as
/// ``JSONPrinter`` prints the built value: whitespace dropped or re-indented, strings
/// re-escaped by the printer's rules (escapes decoded first), numbers as their literal
/// text (or the printer's ``JSONPrinter/numberText`` of those that are not plain
/// integers). Printing a state read from a log then costs about a copy of its bytes, not
/// a build of its tree.
///
/// Compact printing copies the source as it stands, in runs, and writes anew only the
/// spans it would print differently: whitespace (dropped), a string with an escape or a
/// character the printer escapes, a number that is not a plain integer when the printer
/// has its own number text. A log's states, written compactly with plain strings, are
/// then one copy per run of bytes.
///
/// It declines (returns `false`, having written nothing) what it would print differently
/// from the built value: an object with a repeated key (the built value keeps one) or a
/// key with an escape among many (where finding repeats would need decoding), and sorted
/// keys.
struct JSONTranscoder {
  let indent: Int?
  let maxIndentLevel: Int
  /// The printer's text of a number that is not a plain integer; `nil` for its literal.
  var numberText: (@Sendable (JSONNumber) -> String)? = nil

  /// Objects with more keys than this are checked for repeats with a set of hashes
  /// rather than against every key before.
  static let linearKeyLimit = 16

  /// An open container of the bytes: its kind, its members so far, and for an object
  /// its keys (byte ranges) to find a repeated one.
  private struct Open {
    var isObject: Bool
    var count = 0
    /// Whether a key was just written: the next value is its member's.
    var afterKey = false
    var keys: [Range<Int>] = []
    var hashes: Set<Int> = []
  }

  /// Writes the container whose brackets are at `start` and `end` in `bytes` (which are
  /// valid JSON there) to `out`, at nesting `depth`; `false` when it declines, with
  /// `out` as it was.
  func write(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, depth: Int,
    to out: inout JSONTextWriter
  ) -> Bool {
    let mark = out.count
    guard let base = bytes.baseAddress,
      indent == nil
        ? transcodeCompact(base, start, end + 1, &out)
        : transcode(base, start, end + 1, depth, &out)
    else {
      out.truncate(to: mark)
      return false
    }
    return true
  }

  private func transcode(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ depth: Int,
    _ out: inout JSONTextWriter
  ) -> Bool {
    var stack: [Open] = []
    var i = start
    while i < end {
      let byte = base[i]
      switch byte {
      case 0x20, 0x09, 0x0A, 0x0D:
        i &+= 1
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
        let next = JSONSkipper.skipWhitespace(base, i &+ 1, end)
        beginValue(&stack, &out, depth)
        if base[next] == close {
          out.append(byte)
          out.append(close)
          i = next &+ 1
        } else {
          out.append(byte)
          stack.append(Open(isObject: byte == UInt8(ascii: "{")))
          i = next
        }
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        stack.removeLast()
        newline(depth + stack.count, &out)
        out.append(byte)
        i &+= 1
      case UInt8(ascii: ","), UInt8(ascii: ":"):
        i &+= 1
      case UInt8(ascii: "\""):
        var escaped = false
        let stringEnd = JSONSkipper.skipString(base, i, end, hadEscape: &escaped)
        guard stringEnd > i else { return false }
        if let top = stack.last, top.isObject, isKeyPosition(base, stringEnd, end) {
          guard addKey(&stack[stack.count - 1], base, (i + 1)..<(stringEnd - 1), escaped) else {
            return false
          }
          beginValue(&stack, &out, depth)
          writeString(base, i, stringEnd, escaped, &out)
          out.append(UInt8(ascii: ":"))
          if indent != nil { out.append(UInt8(ascii: " ")) }
          stack[stack.count - 1].afterKey = true
        } else {
          beginValue(&stack, &out, depth)
          writeString(base, i, stringEnd, escaped, &out)
        }
        i = stringEnd
      default:
        // A number or a literal: its text as it stands, or the printer's number text.
        var j = i
        while j < end, !Self.endsToken(base[j]) { j &+= 1 }
        beginValue(&stack, &out, depth)
        if let text = numberText(base, i, j) {
          out.appendUTF8(text)
        } else {
          out.append(UnsafeBufferPointer(start: base + i, count: j - i))
        }
        i = j
      }
    }
    return stack.isEmpty
  }

  /// Whether the string ending at `i` is an object key: a colon follows it.
  private func isKeyPosition(_ base: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Bool {
    let next = JSONSkipper.skipWhitespace(base, i, end)
    return next < end && base[next] == UInt8(ascii: ":")
  }

  /// The separator and line break before a member (an element, or a key) of the
  /// innermost container; none before a member's value, which follows its key.
  private func beginValue(_ stack: inout [Open], _ out: inout JSONTextWriter, _ depth: Int) {
    guard !stack.isEmpty else { return }
    let top = stack.count - 1
    if stack[top].afterKey {
      stack[top].afterKey = false
      return
    }
    if stack[top].count > 0 { out.append(UInt8(ascii: ",")) }
    newline(depth + stack.count, &out)
    stack[top].count += 1
  }

  private func newline(_ depth: Int, _ out: inout JSONTextWriter) {
    guard let indent else { return }
    out.appendNewline(indent: indent * min(depth, maxIndentLevel))
  }

  /// Notes a key of `open`; `false` when it repeats one before it (or has an escape, in
  /// which case its text is not its bytes).
  private func addKey(
    _ open: inout Open, _ base: UnsafePointer<UInt8>, _ key: Range<Int>, _ escaped: Bool
  ) -> Bool {
    guard !escaped else { return false }
    let length = key.count
    if open.keys.count < Self.linearKeyLimit {
      for other in open.keys where other.count == length {
        if length == 0 || memcmp(base + other.lowerBound, base + key.lowerBound, length) == 0 {
          return false
        }
      }
    } else {
      if open.hashes.isEmpty {
        for other in open.keys { open.hashes.insert(Self.hash(base, other)) }
      }
      // A hash seen before may be a repeat: decline rather than compare.
      guard open.hashes.insert(Self.hash(base, key)).inserted else { return false }
    }
    open.keys.append(key)
    return true
  }

  static func hash(_ base: UnsafePointer<UInt8>, _ range: Range<Int>) -> Int {
    var hasher = Hasher()
    hasher.combine(
      bytes: UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count))
    return hasher.finalize()
  }

  /// Writes the string whose quotes are at `start` and `end - 1`, as the printer writes
  /// its value.
  func writeString(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ escaped: Bool,
    _ out: inout JSONTextWriter
  ) {
    guard escaped else {
      out.appendQuoted(utf8: UnsafeBufferPointer(start: base + start + 1, count: end - start - 2))
      return
    }
    // Decoded as the parser decodes it (a lone surrogate becomes U+FFFD).
    var parser = JSONParser(bytes: UnsafeBufferPointer(start: base, count: end), offset: start)
    if case .string(let text)? = try? parser.parseNext() { out.appendQuoted(text) }
  }

  /// The printer's text of the token from `start` to `end` when it is a number the
  /// printer writes in its own way (not a plain integer, and the printer has
  /// ``numberText``); `nil` when the token prints as it stands.
  @inline(__always)
  func numberText(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> String? {
    guard let numberText, Self.isNumberStart(base[start]),
      !Self.isPlainInteger(base, start, end)
    else { return nil }
    let literal = String(
      decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
    return numberText(JSONNumber(validatedLiteral: literal))
  }

  @inline(__always)
  static func isNumberStart(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "-") || byte.isASCIIDigit
  }

  /// Whether the number from `start` to `end` is `-?[0-9]+`, which every printer writes
  /// as it stands.
  @inline(__always)
  static func isPlainInteger(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    var i = start
    if base[i] == UInt8(ascii: "-") { i &+= 1 }
    guard i < end else { return false }
    while i < end {
      guard base[i].isASCIIDigit else { return false }
      i &+= 1
    }
    return true
  }

  @inline(__always)
  static func endsToken(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D: true
    default: false
    }
  }
}
