import Foundation

/// An object key as a ``JSONCursor`` finds it: the bytes between its quotes, compared
/// without building a `String` unless it holds an escape.
///
/// Keys compare by their Unicode scalars, as JSON and jq compare them (`ExactKey`): the
/// key `"se\u0071"` equals `"seq"`, and `"é"` does not equal `"e\u{301}"`.
public struct JSONKey {
  let text: UnsafeBufferPointer<UInt8>
  /// The offset of the opening quote.
  let quote: Int
  /// The offset just past the closing quote.
  let end: Int
  /// Whether the key holds a backslash (then its bytes are not its text).
  public let hasEscape: Bool

  /// The key's raw bytes, without the quotes: exactly its UTF-8 text when it has no
  /// escape.
  public var rawBytes: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: text[(quote + 1)..<(end - 1)])
  }

  /// The key as a string, escapes decoded.
  public var string: String {
    guard hasEscape else { return String(decoding: rawBytes, as: UTF8.self) }
    var parser = JSONParser(bytes: text, offset: quote)
    // The skipper validated the string, so the parser reads it.
    guard case .string(let key)? = try? parser.parseNext() else { return "" }
    return key
  }

  /// Whether the key is `other`, scalar for scalar.
  public static func == (key: JSONKey, other: String) -> Bool {
    guard !key.hasEscape else { return ExactKey.same(key.string, other) }
    var other = other
    let raw = key.rawBytes
    return other.withUTF8 { bytes in
      bytes.count == raw.count
        && (raw.isEmpty || memcmp(raw.baseAddress!, bytes.baseAddress!, raw.count) == 0)
    }
  }

  /// Whether the key is the UTF-8 text `bytes`, byte for byte.
  public func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !hasEscape else {
      return ExactKey.same(string, String(decoding: bytes, as: UTF8.self))
    }
    let raw = rawBytes
    return bytes.count == raw.count
      && (raw.isEmpty || memcmp(raw.baseAddress!, bytes.baseAddress!, raw.count) == 0)
  }
}
