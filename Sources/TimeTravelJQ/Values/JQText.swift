/// Text as jq 1.8 handles it where bytes become a string.
enum JQText {
  /// Bytes as text the way jq's `jvp_utf8_next` reads them: each well-formed UTF-8
  /// sequence is its code point, and each bad one is one U+FFFD — a byte that cannot
  /// start a sequence (`80`–`BF`, `C0`, `C1`, `F5`–`FF`) alone; a sequence cut short by a byte that does not continue it, up
  /// to that byte; a sequence that runs past the end, everything left (so `"null" |
  /// @base64d`, the bytes 9E E9 65, is two U+FFFD, as in jq); an overlong form, a
  /// surrogate or a value past U+10FFFF, the whole sequence.
  static func decodingUTF8(_ bytes: [UInt8]) -> String {
    var out = String.UnicodeScalarView()
    var i = 0
    while i < bytes.count {
      let first = bytes[i]
      let length: Int
      switch first {
      case 0x00...0x7F: length = 1
      case 0xC2...0xDF: length = 2
      case 0xE0...0xEF: length = 3
      case 0xF0...0xF4: length = 4
      default: length = 0
      }
      if length == 1 {
        out.append(Unicode.Scalar(first))
        i += 1
        continue
      }
      if length == 0 {
        out.append("\u{FFFD}")
        i += 1
        continue
      }
      if i + length > bytes.count {
        out.append("\u{FFFD}")
        break
      }
      var code = UInt32(first) & (0x7F >> length)
      var consumed = length
      for k in 1..<length {
        let byte = bytes[i + k]
        guard byte & 0xC0 == 0x80 else {
          consumed = k
          code = .max
          break
        }
        code = code << 6 | UInt32(byte & 0x3F)
      }
      let minimum: UInt32 = [0, 0, 0x80, 0x800, 0x10000][length]
      if code != .max, code >= minimum, let scalar = Unicode.Scalar(code) {
        out.append(scalar)
      } else {
        out.append("\u{FFFD}")
      }
      i += consumed
    }
    return String(out)
  }
}
