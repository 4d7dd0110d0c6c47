import Foundation

/// Reads a record's `seq` without parsing the rest of its line.
///
/// Writers put `seq` first (see <doc:LogFormat>), so for the library's lines this
/// reads a dozen bytes however large the states are; a `seq` written after a state costs
/// a validating skip over it, never a parse.
enum RecordSeq {
  /// The first top-level `seq` member of the JSON object on `line`, when it is an
  /// integer; `nil` when the line is not an object, has no such member, or is malformed
  /// before it.
  /// - Complexity: O(bytes before the `seq` member's value).
  static func read(_ line: Data) -> Int? {
    line.withUnsafeBytes { raw -> Int? in
      let bytes = raw.bindMemory(to: UInt8.self)
      guard let base = bytes.baseAddress else { return nil }
      var scanner = JSONValidator.Scanner(base: base, end: bytes.count)
      scanner.skipWhitespace()
      guard scanner.peek == UInt8(ascii: "{") else { return nil }
      scanner.offset += 1
      scanner.skipWhitespace()
      while scanner.peek == UInt8(ascii: "\"") {
        let keyStart = scanner.offset
        var escaped = false
        guard scanner.skipString(hadEscape: &escaped) else { return nil }
        let isSeq: Bool
        if escaped {
          var parser = JSONParser(bytes: bytes, offset: keyStart)
          isSeq = (try? parser.parseNext()) == .string("seq")
        } else {
          isSeq = bytes[keyStart + 1..<scanner.offset - 1].elementsEqual("seq".utf8)
        }
        scanner.skipWhitespace()
        guard scanner.peek == UInt8(ascii: ":") else { return nil }
        scanner.offset += 1
        scanner.skipWhitespace()
        if isSeq {
          var parser = JSONParser(bytes: bytes, offset: scanner.offset)
          return (try? parser.parseNext())?.numberValue?.intValue
        }
        guard scanner.skipValue() else { return nil }
        scanner.skipWhitespace()
        guard scanner.peek == UInt8(ascii: ",") else { return nil }
        scanner.offset += 1
        scanner.skipWhitespace()
      }
      return nil
    }
  }
}
