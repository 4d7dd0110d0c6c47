import TimeTravelJSON

extension JSONDiff {
  /// The changes between two values of an app's own `Encodable` types, as
  /// they would appear in a log: both are encoded the way `LogRecorder`
  /// encodes states, then diffed as JSON.
  ///
  /// This is the TestStore use case: an app's tests can say exactly what
  /// changed between two states of its own types.
  ///
  /// - Throws: `EncodingError` when a value cannot be encoded.
  /// - Complexity: O(size of the encoded values), plus the array diff's cost.
  public static func changes<T: Encodable>(
    between old: T, and new: T, options: DiffOptions = .init()
  ) throws -> [JSONChange] {
    try changes(
      from: JSONValueCoding.encode(old), to: JSONValueCoding.encode(new), options: options)
  }

  /// The structural text view (swift-custom-dump style, see
  /// ``DiffTextRenderer/renderStructural(old:new:changes:)``) of what changed
  /// between two `Encodable` values, or `nil` when they encode equally.
  ///
  /// - Throws: `EncodingError` when a value cannot be encoded.
  public static func describe<T: Encodable>(
    between old: T, and new: T, options: DiffOptions = .init(),
    renderer: DiffTextRenderer = DiffTextRenderer(color: false, maxValueLength: nil)
  ) throws -> String? {
    let a = try JSONValueCoding.encode(old)
    let b = try JSONValueCoding.encode(new)
    let found = changes(from: a, to: b, options: options)
    return found.isEmpty ? nil : renderer.renderStructural(old: a, new: b, changes: found)
  }
}
