import Testing

@testable import TerminalEditor

@Suite struct KeyDecoderTests {
  /// The keys `bytes` decode to, fed one at a time, then flushed.
  static func keys(_ bytes: [UInt8]) -> [EditorKey] {
    var decoder = KeyDecoder()
    var keys = bytes.compactMap { decoder.feed($0) }
    if let last = decoder.flush() { keys.append(last) }
    return keys
  }

  static func keys(_ text: String) -> [EditorKey] { keys(Array(text.utf8)) }

  @Test(arguments: [
    ("\u{1B}[A", EditorKey.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
    ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
    ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
    ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
    ("\u{1B}[3~", .delete), ("\u{1B}[1;5C", .wordRight), ("\u{1B}[1;5D", .wordLeft),
    ("\u{1B}[1;3C", .wordRight), ("\u{1B}[1;3D", .wordLeft), ("\u{1B}[1;2C", .right),
    ("\u{1B}Oc", .wordRight), ("\u{1B}Od", .wordLeft), ("\u{1B}[1;5A", .up),
    ("\u{1B}[5~", .unbound), ("\u{1B}[15~", .unbound), ("\u{1B}OP", .unbound),
    ("\u{1B}[[A", .unbound), ("\u{1B}b", .meta("b")), ("\u{1B}f", .meta("f")),
    ("\u{1B}\u{7F}", .meta("\u{7F}")), ("\u{1B}\u{08}", .meta("\u{7F}")),
  ])
  func escapeSequences(_ sequence: String, _ key: EditorKey) {
    #expect(Self.keys(sequence) == [key])
  }

  @Test func controlBytes() {
    #expect(
      Self.keys([0x01, 0x05, 0x0B, 0x15, 0x17, 0x03, 0x04, 0x0C, 0x12, 0x1A])
        == "aekuwcdlrz".map { EditorKey.control($0) })
    #expect(
      Self.keys([0x0D, 0x0A, 0x09, 0x7F, 0x08]) == [.enter, .enter, .tab, .backspace, .backspace])
    #expect(Self.keys([0x00, 0x1C, 0x1F]) == [.unbound, .unbound, .unbound])
  }

  @Test func utf8ArrivesAsWholeCharacters() {
    #expect(Self.keys("aé日👍") == [.text("a"), .text("é"), .text("日"), .text("👍")])
    var decoder = KeyDecoder()
    #expect(decoder.feed(0xE6) == nil && decoder.isPending)
    #expect(decoder.feed(0x97) == nil)
    #expect(decoder.feed(0xA5) == .text("日") && !decoder.isPending)
  }

  @Test func invalidUTF8BecomesTheReplacementCharacter() {
    // A lone continuation byte, a byte UTF-8 never uses, and a cut sequence
    // followed by a letter, which is kept.
    #expect(
      Self.keys([0x80, 0xFF, 0xE6, 0x97, 0x61]) == [
        .text("\u{FFFD}"), .text("\u{FFFD}"), .text("\u{FFFD}a"),
      ])
    // A sequence cut by an escape sequence: the key is kept.
    #expect(Self.keys([0xE6, 0x1B, 0x5B, 0x41]) == [.text("\u{FFFD}"), .up])
    // A sequence cut by the end of input.
    #expect(Self.keys([0x61, 0xE6, 0x97]) == [.text("a"), .text("\u{FFFD}")])
  }

  @Test func aLoneEscapeIsFlushedAndTheNextKeyReadAfresh() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(0x1B) == nil && decoder.isPending)
    #expect(decoder.flush() == .escape && !decoder.isPending)
    #expect(decoder.feed(UInt8(ascii: "b")) == .text("b"))
    #expect(Self.keys("\u{1B}\u{1B}[A") == [.escape, .up])
  }

  @Test func aBrokenSequenceDoesNotInsertItsBytes() {
    // CSI cut by a control byte: the sequence is dropped, the control kept.
    #expect(Self.keys("\u{1B}[1\u{01}") == [.control("a")])
    // A parameter run too long for a key is consumed to its final byte.
    #expect(
      Self.keys("\u{1B}[" + String(repeating: "1", count: 40) + "Ax") == [.unbound, .text("x")])
  }
}
