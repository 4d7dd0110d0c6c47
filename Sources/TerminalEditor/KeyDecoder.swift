/// Turns the bytes a terminal sends in raw mode into ``EditorKey``s, one byte at
/// a time, so it never blocks and is tested without a terminal.
///
/// Decodes UTF-8 (an invalid sequence becomes U+FFFD, as `String(decoding:as:)`
/// does), C0 control bytes, `ESC` followed by a character (Alt), and the escape
/// sequences xterm, VT100/VT220, rxvt, the Linux console, tmux and screen send
/// for arrows, Home, End and Delete: CSI (`ESC [`) with optional numeric
/// parameters and modifiers (`ESC [ 1 ; 5 C`), the `ESC [ N ~` editing keys, and
/// SS3 (`ESC O`) in application cursor mode. Any other CSI or SS3 sequence is
/// consumed whole and reported as ``EditorKey/unbound``.
struct KeyDecoder {
  private enum State {
    case ground
    /// After `ESC`.
    case escape
    /// After `ESC [`, collecting parameter and intermediate bytes.
    case csi([UInt8])
    /// After `ESC O`.
    case ss3
    /// Inside a CSI sequence too long to be a key, up to its final byte.
    case skippingCSI
    /// After `ESC [ [`: the Linux console's F1 to F5 end with one more byte.
    case linuxFunctionKey
    /// Inside a UTF-8 sequence: the bytes so far and how many are still due.
    case utf8([UInt8], remaining: Int)
  }

  private var state = State.ground

  /// A decoder in its ground state.
  init() {}

  /// Whether a sequence has begun but not ended: the reader then waits a
  /// little for the rest, and calls ``flush()`` if none comes (a lone `ESC`).
  var isPending: Bool {
    if case .ground = state { return false }
    return true
  }

  /// Feeds one byte; returns the key it completes, or `nil` when more bytes are
  /// due or the byte ends nothing.
  mutating func feed(_ byte: UInt8) -> EditorKey? {
    switch state {
    case .ground:
      return ground(byte)
    case .escape:
      state = .ground
      switch byte {
      case UInt8(ascii: "["):
        state = .csi([])
        return nil
      case UInt8(ascii: "O"):
        state = .ss3
        return nil
      case 0x1B:
        // ESC ESC: the first is a lone Escape, the second starts anew.
        state = .escape
        return .escape
      case 0x7F, 0x08: return .meta("\u{7F}")
      case 0x20..<0x7F: return .meta(Character(Unicode.Scalar(byte)))
      default: return .unbound
      }
    case .csi(var parameters):
      switch byte {
      case 0x20...0x3F:
        parameters.append(byte)
        // A sequence this long is no key: skip the rest rather than grow without bound.
        state = parameters.count > 16 ? .skippingCSI : .csi(parameters)
        return nil
      case UInt8(ascii: "[") where parameters.isEmpty:
        state = .linuxFunctionKey
        return nil
      case 0x40...0x7E:
        state = .ground
        return Self.csiKey(parameters, final: byte)
      default:
        // Not part of a CSI sequence: abandon it, and read the byte afresh.
        state = .ground
        return ground(byte) ?? .unbound
      }
    case .skippingCSI:
      switch byte {
      case 0x20...0x3F: return nil
      case 0x40...0x7E:
        state = .ground
        return .unbound
      default:
        state = .ground
        return ground(byte) ?? .unbound
      }
    case .linuxFunctionKey:
      state = .ground
      return .unbound
    case .ss3:
      state = .ground
      switch byte {
      case UInt8(ascii: "A"): return .up
      case UInt8(ascii: "B"): return .down
      case UInt8(ascii: "C"): return .right
      case UInt8(ascii: "D"): return .left
      case UInt8(ascii: "H"): return .home
      case UInt8(ascii: "F"): return .end
      // rxvt: Ctrl-Right and Ctrl-Left.
      case UInt8(ascii: "c"): return .wordRight
      case UInt8(ascii: "d"): return .wordLeft
      default: return .unbound
      }
    case .utf8(var bytes, let remaining):
      guard byte & 0xC0 == 0x80 else {
        // A sequence cut short is U+FFFD, then this byte is read afresh; a
        // key it completes wins over the replacement character.
        state = .ground
        switch ground(byte) {
        case .text(let text)?: return .text("\u{FFFD}" + text)
        case let key?: return key
        case nil: return .text("\u{FFFD}")
        }
      }
      bytes.append(byte)
      if remaining > 1 {
        state = .utf8(bytes, remaining: remaining - 1)
        return nil
      }
      state = .ground
      return .text(String(decoding: bytes, as: UTF8.self))
    }
  }

  /// Ends a pending sequence the terminal did not finish: a lone `ESC` is
  /// ``EditorKey/escape``, a cut UTF-8 sequence U+FFFD, a cut CSI or SS3
  /// sequence ``EditorKey/unbound``; `nil` when nothing is pending.
  mutating func flush() -> EditorKey? {
    defer { state = .ground }
    switch state {
    case .ground: return nil
    case .escape: return .escape
    case .utf8: return .text("\u{FFFD}")
    case .csi, .skippingCSI, .ss3, .linuxFunctionKey: return .unbound
    }
  }

  private mutating func ground(_ byte: UInt8) -> EditorKey? {
    switch byte {
    case 0x1B:
      state = .escape
      return nil
    case 0x0D, 0x0A: return .enter
    case 0x09: return .tab
    case 0x08, 0x7F: return .backspace
    case 0x01...0x1A: return .control(Character(Unicode.Scalar(byte + 0x60)))
    case 0x00, 0x1C...0x1F: return .unbound
    case 0x20..<0x80: return .text(String(Unicode.Scalar(byte)))
    case 0xC2...0xDF:
      state = .utf8([byte], remaining: 1)
      return nil
    case 0xE0...0xEF:
      state = .utf8([byte], remaining: 2)
      return nil
    case 0xF0...0xF4:
      state = .utf8([byte], remaining: 3)
      return nil
    default:
      // A continuation byte with no lead, or a byte UTF-8 never uses.
      return .text("\u{FFFD}")
    }
  }

  /// The key for `ESC [ parameters final`.
  private static func csiKey(_ parameters: [UInt8], final: UInt8) -> EditorKey {
    let fields = String(decoding: parameters, as: UTF8.self).split(
      separator: ";", omittingEmptySubsequences: false)
    let number = fields.first.flatMap { Int($0) }
    // xterm's modifier parameter: 1 + (Shift 1, Alt 2, Ctrl 4).
    let modifier = fields.count > 1 ? Int(fields[1]).map { $0 - 1 } ?? 0 : 0
    let word = modifier & 0b110 != 0
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return word ? .wordRight : .right
    case UInt8(ascii: "D"): return word ? .wordLeft : .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "~"):
      switch number {
      case 1, 7: return .home
      case 4, 8: return .end
      case 3: return .delete
      default: return .unbound
      }
    default: return .unbound
    }
  }
}
