import Foundation

/// Encodes `Encodable` values to compact JSON bytes, byte-identical to Foundation's
/// `JSONEncoder` with `outputFormatting = [.sortedKeys, .withoutEscapingSlashes]` and
/// default strategies, several times faster. ``LogRecorder`` encodes every state and
/// action with it.
///
/// What "identical" covers (checked against swift-foundation on Linux by
/// `JSONBytesEncoderTests`):
/// - objects' members sorted by the keys' UTF-8 bytes (`"B" < "_x" < "a" < "a10" <
///   "a2" < "é"`), a key written twice keeping its last value;
/// - strings with `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t` and `\u00xx` (lowercase) for
///   other control characters; `/`, DEL, U+2028 and all non-ASCII verbatim;
/// - `Double`/`Float` as `description` less a trailing `.0` (`1`, `-0`, `0.1`,
///   `1e+20`, `5e-324`), integers in decimal, `Bool`, `null`;
/// - `Date` as seconds since 2001 (`deferredToDate`), `Data` as base64, `URL` as its
///   `absoluteString`, `Decimal` as its `description`;
/// - dictionaries as their `encode(to:)` makes them (objects for `String`, `Int` and
///   `CodingKeyRepresentable` keys, `[k1,v1,k2,v2]` arrays otherwise);
/// - `{}` for a nested value that encodes nothing, nested and super encoders.
///
/// How: every value is written straight into one reused byte buffer as its
/// `encode(to:)` runs. `Codable` containers have no end call, so a value's container
/// is finished when its `encode(to:)` returns, and a nested container when the
/// container that made it is used again. An object's members are recorded as byte
/// ranges and reordered once, at its end, only if they were not written in sorted
/// order.
///
/// Fallback: shapes that cannot be written linearly with proven identity, such as
/// writes interleaved between two nested containers, reopening a nested container for
/// a key already written (which `JSONEncoder` merges), keys needing escapes, or
/// canonically equivalent keys, are detected, and the whole value is then encoded by
/// `JSONEncoder`, whose output or error is returned. So are values `JSONEncoder`
/// rejects (non-finite floats, a top-level value that encodes nothing): the error is
/// `JSONEncoder`'s own, coding path included. A value's `encode(to:)` may therefore run
/// twice when it falls back.
///
/// Not thread-safe: one instance encodes one value at a time (reusing its buffers); a
/// nested use from inside an `encode(to:)` is handed to `JSONEncoder`.
///
/// Package access: the recorder uses it, and `record-bench` times it against `JSONEncoder`.
package final class JSONBytesEncoder {
  private let core = JSONBytesCore()
  private var isEncoding = false
  private lazy var foundation: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  /// How many values were handed to `JSONEncoder` (see the type's notes); for tests.
  public private(set) var fallbackCount = 0

  /// Creates an encoder.
  ///
  /// - Parameter nils: How optionals that are `nil` are written; see ``NilEncoding``.
  public init(nils: NilEncoding = .null) {
    core.writesNilOptionals = nils == .null
  }

  /// Encodes `value` as compact JSON with sorted keys.
  ///
  /// - Parameter value: Any `Encodable` value.
  /// - Returns: The bytes `JSONEncoder` with `[.sortedKeys, .withoutEscapingSlashes]`
  ///   would return, except that with ``NilEncoding/null`` an optional member that is
  ///   `nil` is written as `null` where `JSONEncoder` leaves it out.
  /// - Throws: What `JSONEncoder` would throw: `EncodingError.invalidValue` for a
  ///   non-finite float or a top-level value that encodes nothing, or the error the
  ///   value's `encode(to:)` throws.
  /// - Complexity: O(*n*) in the output size, plus O(*m* log *m*) key comparisons for
  ///   each object of *m* members written out of order.
  public func encode<T: Encodable>(_ value: T) throws -> Data {
    try withBytes(value) { Data($0) }
  }

  /// Encodes `value` and passes its bytes to `body`, without copying them into a
  /// `Data` when the fast path succeeds.
  ///
  /// - Parameters:
  ///   - value: Any `Encodable` value.
  ///   - body: Reads the encoded bytes; they are valid only during the call.
  /// - Returns: What `body` returns.
  /// - Throws: As ``encode(_:)``, or what `body` throws.
  func withBytes<T: Encodable, R>(
    _ value: T, _ body: (UnsafeBufferPointer<UInt8>) throws -> R
  ) throws -> R {
    guard !isEncoding else { return try fallback(value, body) }
    isEncoding = true
    defer { isEncoding = false }
    let state = core.state
    state.pointee.reset()
    do {
      try core.topLevel(value)
    } catch {
      guard error is JSONBytesFallback || state.pointee.failed else { throw error }
      return try fallback(value, body)
    }
    guard !state.pointee.failed, !state.pointee.abandoned else { return try fallback(value, body) }
    return try body(UnsafeBufferPointer(start: state.pointee.base, count: state.pointee.count))
  }

  private func fallback<T: Encodable, R>(
    _ value: T, _ body: (UnsafeBufferPointer<UInt8>) throws -> R
  ) throws -> R {
    fallbackCount += 1
    let data = try foundation.encode(value)
    return try data.withUnsafeBytes { try body($0.bindMemory(to: UInt8.self)) }
  }
}
