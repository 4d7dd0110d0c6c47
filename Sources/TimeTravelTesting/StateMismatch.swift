import TimeTravel

/// The failure text of ``TestStore``, in TCA's words: a headline, the differences shown
/// inside the state's structure with `−` for expected and `+` for actual, and the legend.
public enum StateMismatch {
  /// The message for `expected` ≠ `actual`, or `nil` when they encode equally.
  ///
  /// ```
  /// A state change does not match expectation: …
  ///
  ///     {
  ///   −   "count": 2
  ///   +   "count": 1  // /count
  ///     }
  ///
  /// (Expected: −, Actual: +)
  /// ```
  /// The differences are rendered as `replay --diff` renders them (`DiffTextRenderer`'s
  /// structural form, swift-custom-dump's layout): inside their surrounding structure,
  /// each with its JSON Pointer, unchanged runs folded, array elements with an `id`
  /// matched by it, so a removed element reads as one removal. Values are printed
  /// whole. They are compared and printed as JSON (the same equality decides and
  /// explains, the lesson of TCA issue #537).
  ///
  /// - Parameters:
  ///   - expected: What the test said the state would be.
  ///   - actual: What the reducer produced.
  ///   - headline: The first line; TCA's wording by default.
  public static func message<State: Encodable>(
    expected: State, actual: State,
    headline: String = "A state change does not match expectation: …"
  ) -> String? {
    let old: JSONValue
    let new: JSONValue
    do {
      old = try JSONValueCoding.encode(expected)
      new = try JSONValueCoding.encode(actual)
    } catch {
      return "\(headline)\n\n  (the states cannot be encoded to compare them: \(error))"
    }
    let changes = JSONDiff.changes(from: old, to: new)
    guard !changes.isEmpty else { return nil }
    var lines = [headline, ""]
    let rendered = DiffTextRenderer(maxValueLength: nil).renderStructural(
      old: old, new: new, changes: changes)
    for line in rendered.split(separator: "\n", omittingEmptySubsequences: false) {
      // The renderer marks the old side "-"; TCA's legend calls it "−".
      lines.append("  " + (line.hasPrefix("- ") ? "−" + line.dropFirst() : line))
    }
    lines += ["", "(Expected: −, Actual: +)"]
    return lines.joined(separator: "\n")
  }
}
