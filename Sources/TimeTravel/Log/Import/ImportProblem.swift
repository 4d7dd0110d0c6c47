import TimeTravelDiff
import TimeTravelJSON

/// Builds the errors the readers of foreign histories throw: a ``LogError`` naming the
/// file and the JSON Pointer of the member at fault.
struct ImportProblem {
  let path: String
  let format: ForeignFormat

  /// `FILE: <format>: at /pointer: what`.
  func error(at tokens: [String], _ what: String) -> LogError {
    let place = tokens.isEmpty ? "" : "at \(JSONPointer(tokens: tokens)): "
    return LogError(
      kind: .invalidEntry, path: path, message: "\(format.displayName): \(place)\(what)")
  }

  /// The integer at `tokens`, or an error naming it.
  func integer(_ value: JSONValue, at tokens: [String]) throws(LogError) -> Int {
    guard let n = value.numberValue?.intValue else {
      throw error(at: tokens, "expected an integer, found \(Self.describe(value))")
    }
    return n
  }

  /// The array at `tokens`, or an error naming it.
  func array(_ value: JSONValue?, at tokens: [String]) throws(LogError) -> JSONArray {
    guard let value else { throw error(at: tokens, "missing (expected an array)") }
    guard case .array(let array) = value else {
      throw error(at: tokens, "expected an array, found \(Self.describe(value))")
    }
    return array
  }

  /// A value's type, with short scalars shown: `string "abc"`, `object`.
  static func describe(_ value: JSONValue) -> String {
    switch value {
    case .object, .array: return value.typeName
    default:
      let text = JSONPrinter.compact.print(value)
      return text.count <= 40 ? "\(value.typeName) \(text)" : value.typeName
    }
  }

  /// Milliseconds since 1970 (Redux DevTools' `timestamp`) as the log's RFC 3339 time;
  /// `nil` for anything else.
  static func time(fromMilliseconds value: JSONValue?) -> String? {
    guard let ms = value?.numberValue?.doubleValue, ms.isFinite, abs(ms) < 8.64e15 else {
      return nil
    }
    return LogTimestamp.string(from: .init(timeIntervalSince1970: ms / 1000))
  }
}
