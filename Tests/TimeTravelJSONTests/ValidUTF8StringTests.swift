import TestSupport
import Testing

@testable import TimeTravelJSON

/// Strings made from bytes the library has already checked (``String/init(validUTF8:)``)
/// must be the strings the standard library makes when it checks them: equal, hashing
/// alike, and counting characters, scalars and bytes alike, ASCII or not.
@Suite struct ValidUTF8StringTests {
  static let samples: [String] = [
    "", "a", "todo", "héllo", "😀", "Ünïcödé and ASCII", String(repeating: "x", count: 100),
    String(repeating: "ab", count: 40) + "é", "é" + String(repeating: "z", count: 63),
    "\u{0301}e", "🇫🇷 flag", "tab\there",
  ]

  @Test(arguments: samples) func madeWithoutTheCheckAsWithIt(_ sample: String) {
    let bytes = Array(sample.utf8)
    let made = bytes.withUnsafeBufferPointer { String(validUTF8: $0) }
    let checked = String(decoding: bytes, as: UTF8.self)
    #expect(made == checked)
    #expect(made.hashValue == checked.hashValue)
    #expect(made.count == checked.count)
    #expect(made.unicodeScalars.count == checked.unicodeScalars.count)
    #expect(Array(made.utf8) == bytes)
  }

  /// One byte of 0x80 or more, at every offset of inputs of every length up to 70 (the
  /// 32- and 8-byte steps and the byte-at-a-time tail), makes the bytes not ASCII.
  @Test func aByteBeyondASCIIIsFoundAtEveryOffset() {
    for length in 0...70 {
      let plain = [UInt8](repeating: UInt8(ascii: "q"), count: length)
      #expect(plain.withUnsafeBufferPointer { String.isASCII($0) }, "\(length)")
      for at in 0..<length {
        var bytes = plain
        bytes[at] = 0x80
        #expect(!bytes.withUnsafeBufferPointer { String.isASCII($0) }, "\(length) \(at)")
      }
    }
  }

  /// The parser's strings and keys, and a printer's text, are such strings.
  @Test func parsedAndPrintedStringsCountAsTheirCharacters() throws {
    let value = try JSONParser.parse(#"{"é😀":"é😀","k":["plain",12.5e3]}"#)
    #expect(value["é😀"] == .string("é😀"))
    #expect(value["é😀"]?.stringValue?.count == 2)
    #expect(value["k"]?[0]?.stringValue?.count == 5)
    let text = JSONPrinter.compact.print(value)
    #expect(text == #"{"é😀":"é😀","k":["plain",12.5e3]}"#)
    #expect(text.count == 32)
    #expect(text.utf8.count == 40)
  }
}

/// The parser's own UTF-8 check of a string it has not validated before accepts exactly
/// what the standard library's accepts, and gives the same string.
@Suite struct ParsedUTF8Tests {
  /// Bytes that start, continue, cut short or spoil a sequence: overlongs (C0, E0 80),
  /// surrogates (ED A0), beyond U+10FFFF (F4 90, F5), and stray continuations.
  static let pieces: [[UInt8]] = [
    [0x61], [0x7A, 0x30], [0xC3, 0xA9], [0xC0, 0x80], [0xC2], [0xE2, 0x82, 0xAC],
    [0xE0, 0x80, 0x80],
    [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98, 0x80],
    [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80],
    [0x80], [0xBF], [0xFF], Array("plain ascii text".utf8),
  ]

  @Test func acceptsWhatTheStandardLibraryAccepts() throws {
    var rng = SeededGenerator(seed: 11)
    for _ in 0..<4_000 {
      var bytes: [UInt8] = []
      for _ in 0..<rng.below(8) { bytes += Self.pieces[rng.below(Self.pieces.count)] }
      let expected = String(validating: bytes, as: UTF8.self)
      let line = [UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")]
      let parsed = line.withUnsafeBufferPointer { bytes in
        var parser = JSONParser(bytes: bytes)
        return try? parser.parseNext()
      }
      #expect(parsed == expected.map(JSONValue.string), "\(bytes)")
      if let expected, case .string(let s) = parsed {
        #expect(s.count == expected.count, "\(bytes)")
      }
    }
  }
}
