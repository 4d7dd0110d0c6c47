import TimeTravel

/// The failure text of ``TestStore``, in TCA's words: a headline, the differing paths
/// with `−` for expected and `+` for actual, and the legend.
public enum StateMismatch {
  /// The message for `expected` ≠ `actual`, or `nil` when they encode equally.
  ///
  /// ```
  /// A state change does not match expectation: …
  ///
  ///   − /count: 2
  ///   + /count: 1
  ///
  /// (Expected: −, Actual: +)
  /// ```
  /// Values are compared and printed as JSON (the same equality decides and explains,
  /// the lesson of TCA issue #537); a path only one side has shows only its line.
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
    for change in changes {
      let path = change.path.tokens.isEmpty ? "(root)" : change.path.displayText
      if change.op == .move {
        lines.append("  ↷ \(path): moved from \(change.from?.displayText ?? "")")
        continue
      }
      if let value = change.old { lines.append("  − \(path): \(JSONPrinter.compact.print(value))") }
      if let value = change.new { lines.append("  + \(path): \(JSONPrinter.compact.print(value))") }
    }
    lines += ["", "(Expected: −, Actual: +)"]
    return lines.joined(separator: "\n")
  }
}
