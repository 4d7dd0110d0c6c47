import Foundation
import TestSupport
import Testing

@testable import TimeTravelJSON

/// Printing a lazily parsed value from its bytes gives exactly the text of printing it
/// built, for every printer; and the printer writes what it always wrote.
@Suite struct JSONTranscoderTests {
  static let printers = [
    JSONPrinter.compact, .pretty, JSONPrinter(indent: 1), JSONPrinter(indent: 4, sortKeys: true),
    { () -> JSONPrinter in
      var printer = JSONPrinter(indent: 2)
      printer.maxIndentLevel = 2
      return printer
    }(),
  ]

  @Test func lazyValuesPrintAsTheirBuiltValues() throws {
    var rng = SeededGenerator(seed: 2404)
    var lazy = 0
    for _ in 0..<1500 {
      var text = ""
      while text.utf8.count < 600 {
        text =
          "["
          + (0..<5).map { _ in JSONLazyParseTests.randomDocument(&rng) }.joined(separator: " , ")
          + "]"
      }
      let bytes = Array(text.utf8)
      let built = try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in
        var parser = JSONParser(bytes: buffer)
        return try parser.parseNext()
      }
      for printer in Self.printers {
        // A fresh lazy value each time: printing a built one would not transcode.
        let value = try JSONParser.parse(bytes: bytes)
        if value.containerStorage?.unbuiltSource != nil { lazy += 1 }
        #expect(printer.print(value) == printer.print(built), "\(text)")
      }
    }
    #expect(lazy > 1000)
  }
}
