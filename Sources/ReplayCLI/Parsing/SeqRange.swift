import Foundation
import TerminalEditor

/// `--range A..B`: the entries whose recorded `seq` lies from A to B, inclusive. Either
/// end may be left open (`A..`, `..B`), as in Swift's and Rust's range syntax.
struct SeqRange: Equatable {
  var lower: Int?
  var upper: Int?

  /// The seqs from `lower` to `upper`; `nil` leaves that end open.
  init(lower: Int?, upper: Int?) {
    self.lower = lower
    self.upper = upper
  }

  /// Reads `A..B`, `A..` or `..B`, with A and B integers and A ≤ B; `…` may stand for
  /// `..`, since replay prints ranges that way (`1…117`).
  /// - Throws: ``UsageError`` naming the text and the expected form.
  init(parsing text: String) throws(UsageError) {
    let separator = text.contains("..") ? ".." : "…"
    let parts = text.components(separatedBy: separator)
    func bound(_ part: String) throws(UsageError) -> Int? {
      if part.isEmpty { return nil }
      guard let n = Int(part) else { throw Self.malformed(text) }
      return n
    }
    guard parts.count == 2, !(parts[0].isEmpty && parts[1].isEmpty) else {
      throw Self.malformed(text)
    }
    lower = try bound(parts[0])
    upper = try bound(parts[1])
    if let lower, let upper, lower > upper {
      throw UsageError(
        message: "--range \(lower)..\(upper) is empty: its start is after its end")
    }
  }

  private static func malformed(_ text: String) -> UsageError {
    UsageError(
      message:
        "--range takes A..B, A.. or ..B with A and B seqs (integers), not '\(TerminalText.sanitize(text))'"
    )
  }

  /// Whether `seq` lies in the range.
  func contains(_ seq: Int) -> Bool {
    (lower.map { seq >= $0 } ?? true) && (upper.map { seq <= $0 } ?? true)
  }

  /// `100..200`, `100..`, `..200`.
  var description: String { "\(lower.map(String.init) ?? "")..\(upper.map(String.init) ?? "")" }
}
