/// Messages about a log quote what the log holds (action and effect names, outcomes,
/// keys), and a log is untrusted input: a raw control character in a message would reach
/// the terminal that prints it. Warnings and errors therefore escape them when made, so
/// no caller can forget to.
enum MessageText {
  /// `text` with each control character but the line feed (U+0000…U+001F, U+007F…U+009F)
  /// and each line or paragraph separator (U+2028, U+2029) written as `\u` and four hex
  /// digits, the way JSON writes them; any other text unchanged.
  ///
  /// - Complexity: O(n) in the scalars of `text`; no copy when none needs escaping.
  static func escapingControls(_ text: String) -> String {
    func isControl(_ scalar: Unicode.Scalar) -> Bool {
      let value = scalar.value
      return (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value)
        || value == 0x2028 || value == 0x2029
    }
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var escaped = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      guard isControl(scalar) else {
        escaped.append(scalar)
        continue
      }
      let hex = String(scalar.value, radix: 16, uppercase: false)
      escaped.append(
        contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
    }
    return String(escaped)
  }
}
