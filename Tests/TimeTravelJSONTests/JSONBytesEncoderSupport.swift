import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import TimeTravel
@testable import TimeTravelJSON

/// The reference: Foundation's encoder configured as the recorder used to be.
func referenceEncoder() -> JSONEncoder {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  return encoder
}

/// Which path ``expectSameBytes(_:path:sourceLocation:)`` expects the value to take.
enum EncoderPath {
  /// Written directly by `JSONBytesEncoder`.
  case fast
  /// Detected as unsupported and handed to `JSONEncoder`.
  case fallback
}

/// Encodes `value` with `JSONEncoder` and with a fresh `JSONBytesEncoder` that leaves
/// `nil` optionals out as `JSONEncoder` does, expects the same bytes and the given path,
/// and returns the text.
@discardableResult
func expectSameBytes<T: Encodable>(
  _ value: T, path: EncoderPath = .fast, sourceLocation: SourceLocation = #_sourceLocation
) throws -> String {
  let expected = try referenceEncoder().encode(value)
  let encoder = JSONBytesEncoder(nils: .omitted)
  let actual = try encoder.encode(value)
  #expect(
    String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
    sourceLocation: sourceLocation)
  #expect(actual == expected, sourceLocation: sourceLocation)
  #expect(
    encoder.fallbackCount == (path == .fast ? 0 : 1), "path: expected \(path)",
    sourceLocation: sourceLocation)
  return String(decoding: actual, as: UTF8.self)
}

/// A coding key made from any string, for objects with arbitrary keys.
struct AnyKey: CodingKey, Hashable {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ string: String) { stringValue = string }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// An object whose members are encoded in the given order (keys may repeat).
struct OrderedObject<Value: Encodable>: Encodable {
  var members: [(String, Value)]

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: AnyKey.self)
    for (key, value) in members { try container.encode(value, forKey: AnyKey(key)) }
  }
}

/// Encodes `body` as its `encode(to:)`, for one-off container shapes.
struct Custom: Encodable {
  let body: @Sendable (any Encoder) throws -> Void
  init(_ body: @escaping @Sendable (any Encoder) throws -> Void) { self.body = body }
  func encode(to encoder: any Encoder) throws { try body(encoder) }
}
