import TestSupport
import Testing

@testable import TimeTravelJSON

/// The printer (built trees walked through member pointers, strings scanned and copied a
/// word at a time, Latin-1 letters passed over, the last word read where it ends) writes
/// exactly what printing recursively, one scalar at a time, writes: on random values,
/// for every printer, built and from their bytes.
@Suite struct JSONPrinterReferenceTests {
  /// The printers compared: compact, indented, sorted keys, a capped indentation, and
  /// one with its own number text (as jq's printer has).
  static let printers: [JSONPrinter] = [
    .compact, .pretty, JSONPrinter(indent: 3, sortKeys: true), JSONPrinter(sortKeys: true),
    { () -> JSONPrinter in
      var printer = JSONPrinter(indent: 1)
      printer.maxIndentLevel = 2
      return printer
    }(),
    JSONTranscoderTests.marking(.compact), JSONTranscoderTests.marking(.pretty),
  ]

  /// The text of `value` as `printer` prints it, recursively and one scalar at a time.
  static func reference(_ value: JSONValue, _ printer: JSONPrinter, depth: Int = 0) -> String {
    func newline(_ depth: Int) -> String {
      guard let indent = printer.indent else { return "" }
      return "\n" + String(repeating: " ", count: indent * min(depth, printer.maxIndentLevel))
    }
    switch value {
    case .null: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .number(let n): return printer.numberText?(n) ?? n.literal
    case .string(let s): return JSONPrinterEscapeTests.reference(s)
    case .array(let a):
      guard !a.isEmpty else { return "[]" }
      let items = a.map { newline(depth + 1) + reference($0, printer, depth: depth + 1) }
      return "[" + items.joined(separator: ",") + newline(depth) + "]"
    case .object(let o):
      guard !o.isEmpty else { return "{}" }
      var order = Array(o.keys.indices)
      if printer.sortKeys {
        order.sort { JSONValue.codePointOrder(o.keys[$0], o.keys[$1]) }
      }
      let separator = printer.indent == nil ? ":" : ": "
      let items = order.map { i in
        newline(depth + 1) + JSONPrinterEscapeTests.reference(o.keys[i]) + separator
          + reference(o.values[i], printer, depth: depth + 1)
      }
      return "{" + items.joined(separator: ",") + newline(depth) + "}"
    }
  }

  static let letters = ["é", "ü", "ß", "Ç", "ÿ", "À", "×", "ł", "ж", "ω", "ب", "न", "€"]

  /// A string of plain runs, Latin-1 and other letters, and characters that escape, of
  /// lengths around a word.
  static func randomString(_ rng: inout SeededGenerator) -> String {
    var text = ""
    for _ in 0..<rng.below(7) {
      switch rng.below(4) {
      case 0: text += String(repeating: "abcdefgh", count: 3).prefix(rng.below(20))
      case 1: text += letters[rng.below(letters.count)]
      case 2: text += JSONPrinterEscapeTests.pieces[rng.below(JSONPrinterEscapeTests.pieces.count)]
      default: text += String(rng.below(100_000))
      }
    }
    return text
  }

  static func randomValue(_ rng: inout SeededGenerator, depth: Int = 0) -> JSONValue {
    switch depth > 4 ? rng.below(4) : rng.below(7) {
    case 0: return [.null, .bool(true), .bool(false)][rng.below(3)]
    case 1:
      let literals = ["0", "-0", "1.50", "-12e+3", "1E+2", "9223372036854775807", "1e1000"]
      return .number(JSONNumber(literal: literals[rng.below(literals.count)])!)
    case 2, 3: return .string(randomString(&rng))
    case 4:
      return .array(JSONArray((0..<rng.below(6)).map { _ in randomValue(&rng, depth: depth + 1) }))
    default:
      let pairs = (0..<rng.below(6)).map { _ in
        (randomString(&rng), randomValue(&rng, depth: depth + 1))
      }
      return .object(JSONObject(pairs))
    }
  }

  @Test func randomValuesPrintAsTheReference() throws {
    var rng = SeededGenerator(seed: 2406)
    for _ in 0..<1500 {
      let value = Self.randomValue(&rng)
      for printer in Self.printers {
        let expected = Self.reference(value, printer)
        #expect(printer.print(value) == expected, "\(Self.reference(value, .compact))")
        var bytes: [UInt8] = [1, 2]
        printer.write(value, to: &bytes)
        #expect(bytes == [1, 2] + Array(expected.utf8))
      }
      // Printed from its bytes: the same text, inside an object long enough to stay
      // unbuilt until printed.
      let text = #"{"pad":""# + String(repeating: "x", count: 520) + #"","v":"#
      let parsed = try JSONParser.parse(text + JSONPrinter.compact.print(value) + "}")
      let printer = Self.printers[rng.below(Self.printers.count)]
      let object: JSONValue = ["pad": .string(String(repeating: "x", count: 520)), "v": value]
      #expect(printer.print(parsed) == Self.reference(object, printer))
    }
  }

  /// Keys that print differently from their text, or are long or empty, for the keys of
  /// shared shapes.
  static let awkwardKeys = [
    "id", "", "a\"b", "back\\slash", "tab\t", "\u{1}", "\u{1F}", "é", "line\u{2028}sep",
    "\u{7F}", "\u{A0}", String(repeating: "k", count: 40), "😀", "ж漢", "title", "isCompleted",
  ]

  /// Objects of one shape, parsed, share one key array, and the printer prints their
  /// keys from a table it makes for that array: keys with escapes, control characters,
  /// non-ASCII letters, U+2028, DEL, a long one and an empty one print as the reference
  /// does, in every printer (sorted keys and indentation too), with objects of other
  /// shapes and of the same shape nested between them.
  @Test func keysOfSharedShapesPrintAsTheReference() throws {
    var rng = SeededGenerator(seed: 2511)
    let keys = Self.awkwardKeys
    for round in 0..<60 {
      let count = 1 + round % keys.count
      let shape = (0..<count).map { keys[($0 * 7 + round) % keys.count] }
      let other = [keys[round % keys.count] + "x", "y"]
      func object(_ names: [String], depth: Int) -> String {
        let members = names.map { name -> String in
          let value: JSONValue =
            depth < 2 && rng.below(3) == 0
            ? .null : Self.randomValue(&rng, depth: 5)
          var text = JSONPrinter.compact.print(value)
          // Objects of the two shapes only, so that the parser keeps sharing them.
          if depth < 2, rng.below(3) == 0 {
            text = object(rng.below(2) == 0 ? shape : other, depth: depth + 1)
          }
          return JSONPrinter.compact.print(.string(name)) + ":" + text
        }
        return "{" + members.joined(separator: ",") + "}"
      }
      let items = (0..<6).map { i in object(i % 3 == 2 ? other : shape, depth: 0) }
      let text = "[" + items.joined(separator: ",") + "]"
      let parsed = try Array(text.utf8).withUnsafeBufferPointer { bytes in
        var parser = JSONParser(bytes: bytes)
        return try parser.parseNext()
      }
      // The shape's objects do share their key array.
      let arrays = parsed.arrayValue!.compactMap { item -> UnsafePointer<String>? in
        guard let object = item.objectValue, object.keys == shape else { return nil }
        return object.storage.memberPointers().keys?.baseAddress
      }
      #expect(arrays.count >= 4 && Set(arrays).count == 1)
      for printer in Self.printers {
        #expect(printer.print(parsed) == Self.reference(parsed, printer), "\(text)")
      }
    }
  }

  /// Within the last eight bytes of the document the bytes path reads a byte at a time,
  /// from wherever the words stopped, which may be inside a Latin-1 letter: every length
  /// and position of a character near the end.
  @Test func stringsEndingTheDocumentPrintAsTheReference() throws {
    let marks = ["é", "ÿ", "\u{7F}", "\u{A0}", "ж", "漢", "😀", "éé", "\"", "\n"]
    let pad = String(repeating: "x", count: 520)
    for length in 0..<20 {
      for position in 0...length {
        for mark in marks {
          let text =
            String(repeating: "a", count: position) + mark
            + String(repeating: "b", count: length - position)
          let parsed = try JSONParser.parse(
            #"{"pad":""# + pad + #"","v":"# + JSONPrinter.compact.print(.string(text)) + "}")
          let object: JSONValue = ["pad": .string(pad), "v": .string(text)]
          #expect(
            JSONPrinter.compact.print(parsed) == Self.reference(object, .compact),
            "\(text.debugDescription)")
        }
      }
    }
  }
}
