/// How many terminal columns text takes, as `wcwidth(3)` counts them, without
/// depending on the process locale: East Asian wide and fullwidth characters
/// and emoji take two columns, combining marks none, everything else one.
enum DisplayWidth {
  /// The form in which the line editor shows `character`: itself, or escaped by
  /// ``TerminalText/sanitize(_:)`` (`\u001b`, …) when it holds a control,
  /// separator or bidi override, so that typed or completed text never reaches
  /// the terminal raw.
  static func shown(_ character: Character) -> String {
    if let ascii = character.asciiValue, ascii >= 0x20, ascii != 0x7F { return String(character) }
    if character.unicodeScalars.contains(where: TerminalText.needsEscape) {
      return TerminalText.sanitize(String(character))
    }
    return String(character)
  }

  /// The columns ``shown(_:)`` takes for `character`: 0, 1 or 2, or the length
  /// of the escaped form.
  static func of(_ character: Character) -> Int {
    // Printable ASCII, most of what is typed: one column.
    if let ascii = character.asciiValue, ascii >= 0x20, ascii != 0x7F { return 1 }
    let scalars = character.unicodeScalars
    if scalars.contains(where: TerminalText.needsEscape) {
      // The escaped form is ASCII: one column per byte.
      return shown(character).utf8.count
    }
    if scalars.allSatisfy(isZeroWidth) { return 0 }
    // An emoji presentation selector (U+FE0F) makes a narrow base wide.
    if scalars.contains(where: { isWide($0) || $0.value == 0xFE0F }) { return 2 }
    return 1
  }

  /// The columns `text` takes, skipping ANSI escape sequences (`ESC [ … final`),
  /// which the prompt's colour uses and which take no room. O(n).
  static func of(_ text: String) -> Int {
    var width = 0
    var inEscape = false
    var afterEscape = false
    for character in text {
      if afterEscape {
        afterEscape = false
        inEscape = character == "["
        continue
      }
      if inEscape {
        // Parameter and intermediate bytes, then one final byte from @ to ~.
        if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii) { inEscape = false }
        continue
      }
      if character == "\u{1B}" {
        afterEscape = true
        continue
      }
      width += of(character)
    }
    return width
  }

  /// Combining marks, format characters (zero-width joiner and space) and
  /// variation selectors: drawn on the character before them.
  static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return true
    default: return scalar.value == 0x200B || (0xFE00...0xFE0F).contains(scalar.value)
    }
  }

  /// East Asian Wide and Fullwidth (UAX #11) blocks, and emoji that default to
  /// emoji presentation.
  static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if v < 0x1100 { return false }
    for range in wideRanges where range.contains(v) { return true }
    return scalar.properties.isEmojiPresentation
  }

  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x2329...0x232A,  // angle brackets
    0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols
    0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility, CJK compatibility
    0x3400...0x4DBF,  // CJK extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,  // fullwidth signs
    0x1B000...0x1B2FF,  // Kana supplement and extensions
    0x20000...0x2FFFD,  // CJK extensions B to F
    0x30000...0x3FFFD,  // CJK extension G and later
  ]
}
