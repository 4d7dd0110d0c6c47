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
