import Foundation

/// Bridges `Codable` values and ``JSONValue`` the way the recorder writes them, so a
/// recomputed state compares with a recorded one on equal terms.
public enum JSONValueCoding {
  /// Encodes `value` as `LogRecorder` does (sorted keys, unescaped slashes, optionals
  /// that are `nil` written as `nils` says) and parses the bytes into a ``JSONValue``.
  ///
  /// - Parameters:
  ///   - value: Any `Encodable` value.
  ///   - nils: How optionals that are `nil` are written; ``NilEncoding/null`` by
  ///     default, as the recorder writes them.
  /// - Throws: `EncodingError` from the encoder; ``JSONParseError`` cannot happen for
  ///   encoder output but is propagated rather than hidden.
  public static func encode<T: Encodable>(_ value: T, nils: NilEncoding = .null) throws
    -> JSONValue
  {
    try JSONParser.parse(bytes: JSONBytesEncoder(nils: nils).encode(value))
  }

  /// Prints `value` compactly and decodes the bytes as `T` with `JSONDecoder`.
  ///
  /// Printing keeps each number's exact literal, so an `Int64` beyond 2^53 survives.
  ///
  /// - Throws: `DecodingError` when `value` does not have `T`'s shape.
  public static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
    try JSONDecoder().decode(type, from: Data(JSONPrinter.compact.print(value).utf8))
  }
}
