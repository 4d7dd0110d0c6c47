/// What an input is when its first bytes say it is not UTF-8 JSON text at all: a
/// compressed stream, an archive, or text in UTF-16 or UTF-32 (with or without a byte
/// order mark).
///
/// Why: such input otherwise fails as "unexpected byte 0x1F" on line 1, which says
/// nothing about what to do. The signatures are the formats' magic numbers (gzip RFC
/// 1952 §2.3.1, zstd RFC 8878 §3.1.1, xz, bzip2, zip) and the Unicode byte order marks;
/// text without a mark is recognised by the zero bytes ASCII has in UTF-16 and UTF-32.
public enum InputSignature {
  /// A phrase to follow the input's name, such as `is gzip-compressed (decompress it
  /// first, with gunzip -c or zcat)`, or `nil` when the first bytes could start UTF-8
  /// JSON text.
  /// - Parameter opening: The input's first bytes; four are enough, fewer are fine.
  public static func foreignFormat(of opening: some Collection<UInt8>) -> String? {
    let bytes = Array(opening.prefix(4))
    for (signature, format) in signatures where bytes.starts(with: signature) { return format }
    // Without a byte order mark: ASCII in UTF-32 or UTF-16 has zero bytes around it.
    let zero = bytes.map { $0 == 0 }
    if bytes.count == 4, zero == [false, true, true, true] || zero == [true, true, true, false] {
      return utf32
    }
    if bytes.count >= 2, zero[0] != zero[1], bytes[0] | bytes[1] < 0x80 { return utf16 }
    return nil
  }

  /// The length of a UTF-8 byte order mark at the start of `opening` (3), or 0. A
  /// reader skips it, as jq does; RFC 8259 §8.1 lets a parser ignore it.
  public static func byteOrderMarkLength(of opening: some Collection<UInt8>) -> Int {
    opening.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
  }

  private static let utf16 = "is UTF-16 text (convert it first, with iconv -f UTF-16 -t UTF-8)"
  private static let utf32 = "is UTF-32 text (convert it first, with iconv -f UTF-32 -t UTF-8)"

  /// First match wins: UTF-32's marks begin like UTF-16's.
  private static let signatures: [([UInt8], String)] = [
    ([0x1F, 0x8B], "is gzip-compressed (decompress it first, with gunzip -c or zcat)"),
    ([0x28, 0xB5, 0x2F, 0xFD], "is zstd-compressed (decompress it first, with zstd -dc)"),
    ([0xFD, 0x37, 0x7A, 0x58], "is xz-compressed (decompress it first, with xz -dc)"),
    ([0x42, 0x5A, 0x68], "is bzip2-compressed (decompress it first, with bzip2 -dc)"),
    ([0x50, 0x4B, 0x03, 0x04], "is a zip archive (extract the log first, with unzip -p)"),
    ([0xFF, 0xFE, 0x00, 0x00], utf32),
    ([0x00, 0x00, 0xFE, 0xFF], utf32),
    ([0xFF, 0xFE], utf16),
    ([0xFE, 0xFF], utf16),
  ]
}
