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
    marking(.compact), marking(.pretty),
  ]

  /// `printer` with its own text for numbers that are not plain integers (as the jq
  /// printer has), which must reach them whether printed from bytes or from the tree.
  static func marking(_ printer: JSONPrinter) -> JSONPrinter {
    var printer = printer
    printer.numberText = { n in
      n.literal.contains(where: { ".eE".contains($0) }) ? "<\(n.literal)>" : n.literal
    }
    return printer
  }

  /// `{"pad":"xxx…","v":VALUE}`, long enough to be parsed lazily.
  static func padded(_ value: String) -> String {
    #"{"pad":""# + String(repeating: "x", count: 520) + #"","v":"# + value + "}"
  }

  /// The compact text of `value` inside a lazily parsed object, without the padding;
  /// and whether it was printed from the bytes (the object is still unbuilt after).
  static func printLazily(_ value: String, _ printer: JSONPrinter = .compact) throws -> (
    String, Bool
  ) {
    let parsed = try JSONParser.parse(padded(value))
    #expect(parsed.containerStorage?.unbuiltSource != nil)
    let text = printer.print(parsed)
    let prefix = #"{"pad":""# + String(repeating: "x", count: 520) + #"","v":"#
    #expect(text.hasPrefix(prefix) && text.hasSuffix("}"), "\(text)")
    return (
      String(text.dropFirst(prefix.count).dropLast()),
      parsed.containerStorage?.unbuiltSource != nil
    )
  }

  /// The compact bytes path: copied as it stands where the text is already what the
  /// printer writes, written anew where not, and declined (the tree printed) where the
  /// bytes cannot say what the value is.
  @Test(arguments: [
    // Already as printed: copied.
    (
      #"{"b":[1,-0,1.0,1E+2,100000000000000000000],"a":{},"c":[],"d":"plain"}"#,
      #"{"b":[1,-0,1.0,1E+2,100000000000000000000],"a":{},"c":[],"d":"plain"}"#, true
    ),
    (
      #"["é😀","x\#u{7F}y","\#u{A0}","\#u{200B}","",true,false,null]"#,
      #"["é😀","x\u007fy","\u00a0","\u200b","",true,false,null]"#, true
    ),
    // Escapes decoded and written as the printer writes them.
    (
      #"["\u00e9","\/","\u007f","\u0001\u001f\b\f\n\r\t","\ud83d\ude00","\uD83D\uDE00"]"#,
      #"["é","/","\u007f","\u0001\u001f\b\f\n\r\t","😀","😀"]"#, true
    ),
    (#"["\"\\","\u0041","\ud800"]"#, #"["\"\\","A","\#u{FFFD}"]"#, true),
    // Whitespace dropped, empty containers with it too.
    (" { \"b\" : [ 1 , 2 ] ,\n\t\"a\" : { } , \"c\" : [ ] } ", #"{"b":[1,2],"a":{},"c":[]}"#, true),
    (
      String(repeating: "[", count: 300) + "1" + String(repeating: "]", count: 300),
      String(repeating: "[", count: 300) + "1" + String(repeating: "]", count: 300), true
    ),
    // A repeated key, or a key with an escape: the tree decides.
    (#"{"b":1,"a":2,"b":3}"#, #"{"b":3,"a":2}"#, false),
    (#"{"a\u0062":1,"c":2}"#, #"{"ab":1,"c":2}"#, false),
    (#"{"é":1,"\u00e9":2}"#, #"{"é":2}"#, false),
  ])
  func compactBytesPath(source: String, printed: String, fromBytes: Bool) throws {
    let (text, unbuilt) = try Self.printLazily(source)
    #expect(text == printed)
    #expect(unbuilt == fromBytes)
  }

  @Test func numbersOtherThanPlainIntegersGetThePrintersText() throws {
    let source = #"[0,-0,12,1.0,1e2,-0.5E-3,123456789012345678901234567890]"#
    let (text, unbuilt) = try Self.printLazily(source, Self.marking(.compact))
    #expect(text == "[0,-0,12,<1.0>,<1e2>,<-0.5E-3>,123456789012345678901234567890]")
    #expect(unbuilt)
  }

  @Test func manyKeysAreCheckedForRepeatsByHash() throws {
    let keys = (0..<40).map { #""k\#($0)":\#($0)"# }
    let unique = "{" + keys.joined(separator: ",") + "}"
    let (text, unbuilt) = try Self.printLazily(unique)
    #expect(text == unique)
    #expect(unbuilt)
    let repeated = "{" + (keys + [#""k3":99"#]).joined(separator: ",") + "}"
    let (again, built) = try Self.printLazily(repeated)
    #expect(again == unique.replacingOccurrences(of: #""k3":3,"#, with: #""k3":99,"#))
    #expect(!built)
  }

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
