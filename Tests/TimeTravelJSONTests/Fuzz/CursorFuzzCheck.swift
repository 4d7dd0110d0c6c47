// The check behind the `cursor` libFuzzer target (Fuzz/run.sh cursor, docs/fuzzing.md).
// Compiled twice: into TimeTravelJSONTests, which runs it on the saved findings under
// Fuzz/findings/cursor/, and by Fuzz/run.sh beside Fuzz/Entry.swift. Public API only.
import TimeTravelDiff
import TimeTravelJSON

/// The on-demand cursor against the parser on the fuzzer's bytes: the first byte picks a
/// projection and a pointer, the rest is the JSON text.
enum CursorFuzzCheck {
  /// `nil` when the cursor behaved: a projected read succeeds exactly when the parser
  /// does, with the parser's error, and gives the parsed value pruned; a pointer's range
  /// holds the value the pointer resolves to; a lazily parsed value prints as its built
  /// value.
  static func check(_ input: [UInt8]) -> String? {
    guard let selector = input.first else { return nil }
    let text = Array(input.dropFirst())
    let projection = projections[Int(selector) % projections.count]
    let tokens = pointers[Int(selector / 16) % pointers.count]
    return text.withUnsafeBufferPointer { bytes in
      let parsed = Result { () throws(JSONParseError) in try JSONParser.parse(bytes: bytes) }
      let read = Result { () throws(JSONParseError) -> JSONValue in
        var cursor = try JSONCursor(bytes)
        let value = try cursor.value(reading: projection)
        try cursor.finish()
        return value
      }
      let located = Result { () throws(JSONParseError) -> Range<Int>? in
        var cursor = try JSONCursor(bytes)
        let range = try cursor.range(at: tokens[...])
        try cursor.finish()
        return range
      }
      switch (parsed, read, located) {
      case (.failure(let expected), .failure(let error), .failure(let other)):
        if error != expected || other != expected {
          return "the parser says \(expected), the cursor \(error) and \(other)"
        }
        return nil
      case (.success(let value), .success(let projected), .success(let range)):
        if projected.description != pruned(value, projection).description {
          return "read as \(projection): \(projected), pruned: \(pruned(value, projection))"
        }
        let found = range.flatMap { try? JSONParser.parse(bytes: bytes[$0]) }
        if found != JSONPointer(tokens: tokens).resolve(in: value) {
          return "\(tokens) ranges \(String(describing: found)) in \(value)"
        }
        var eager = JSONParser(bytes: bytes)
        if let built = try? eager.parseNext(),
          JSONPrinter.pretty.print(value) != JSONPrinter.pretty.print(built)
        {
          return
            "the lazy value prints \(JSONPrinter.pretty.print(value)), built \(JSONPrinter.pretty.print(built))"
        }
        return nil
      default:
        return "the parser gives \(parsed), the cursor \(read) and \(located)"
      }
    }
  }

  static let projections: [JSONProjection] = [
    .whole, .nothing, .shape, .member("a", .whole), .member("a", .member("b", .shape)),
    .element(0, .whole), .element(1, .member("a", .nothing)), .each(.member("a", .whole)),
    .members([(key: "a", part: .nothing)], others: .shape),
    .member("a", .whole).union(.element(0, .each(.whole))),
  ]

  static let pointers: [[String]] = [[], ["a"], ["0"], ["a", "0"], ["1", "b"], ["-"], ["01"]]

  /// `value` pruned as ``JSONProjection`` documents: the reference.
  static func pruned(_ value: JSONValue, _ projection: JSONProjection) -> JSONValue {
    if projection.isWhole { return value }
    switch value {
    case .object(let object):
      var result = JSONObject()
      for (key, member) in object {
        if let part = projection.member(key) {
          result[key] = pruned(member, part)
        } else if projection.keepsEveryMember {
          result[key] = .null
        }
      }
      return .object(result)
    case .array(let array):
      return .array(
        JSONArray(
          array.enumerated().map { index, element in
            projection.element(index).map { pruned(element, $0) } ?? .null
          }))
    default:
      return value
    }
  }
}
