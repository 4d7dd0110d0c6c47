import TestSupport
import Testing

@testable import TimeTravelJSON

/// The printer's string escaping, which copies runs of plain text and looks characters
/// up in a table, writes exactly what escaping one scalar at a time writes.
@Suite struct JSONPrinterEscapeTests {
  /// The escaping one scalar at a time: the reference.
  static func reference(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar.value {
      case 0x22: out += #"\""#
      case 0x5C: out += #"\\"#
      case 0x0A: out += #"\n"#
      case 0x0D: out += #"\r"#
      case 0x09: out += #"\t"#
      case 0x08: out += #"\b"#
      case 0x0C: out += #"\f"#
      case 0x20..<0x7F: out.unicodeScalars.append(scalar)
      case let v where JSONPrinter.needsEscape(v):
        for unit in String(scalar).utf16 {
          let hex = String(unit, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  static let pieces: [String] = [
    "plain ascii text", "\"", "\\", "\n", "\r", "\t", "\u{8}", "\u{C}", "\u{0}", "\u{1F}",
    "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}", "é", "e\u{301}", "\u{200B}", "\u{202E}", "\u{2028}",
    "\u{3000}", "\u{FEFF}", "\u{E000}", "\u{FFFF}", "😀", "\u{E0041}", "\u{10FFFF}", "漢字",
    "\u{115F}", "\u{FE0F}", "12345678", "abcdefghijklmnop",
  ]

  @Test func escapingMatchesTheScalarByScalarReference() {
    var rng = SeededGenerator(seed: 2405)
    for _ in 0..<5000 {
      let text = (0..<rng.below(8)).map { _ in Self.pieces[rng.below(Self.pieces.count)] }
        .joined()
      #expect(
        JSONPrinter.compact.print(.string(text)) == Self.reference(text), "\(text.debugDescription)"
      )
    }
  }

  @Test func everyScalarBelowTheTableLimitEscapesAsTheReference() {
    for value in UInt32(0)..<0x3100 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = "ab" + String(scalar) + "cdefghij"
      #expect(
        JSONPrinter.compact.print(.string(text)) == Self.reference(text),
        "U+\(String(value, radix: 16))")
    }
  }

  /// The words read at a string's end overlap what was written before: every length
  /// around a word, with a character to look at at each position (one that escapes, one
  /// that does not, and two in a row).
  @Test func everyLengthAndPositionEscapesAsTheReference() {
    let marks = ["\"", "\n", "\u{7F}", "é", "\u{A0}", "\u{200B}", "漢", "😀", "\u{E0041}", "é\t"]
    for length in 0..<26 {
      for position in 0...length {
        for mark in marks {
          let text =
            String(repeating: "a", count: position) + mark
            + String(repeating: "b", count: length - position)
          #expect(
            JSONPrinter.compact.print(.string(text)) == Self.reference(text),
            "\(text.debugDescription)")
        }
      }
    }
  }
}
