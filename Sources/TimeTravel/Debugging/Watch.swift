import TimeTravelDiff
import TimeTravelJSON

/// Watchpoints over a log: every entry that changed the value at a path,
/// with its old and new value — "when did this field last change?", the
/// question rr and UDB answer with `watch` plus reverse-continue.
///
/// Each entry holds its prior and next state, so this is a local check per
/// entry that needs no replay.
public enum Watch {
  /// One entry that changed the watched value.
  public struct Hit: Equatable, Sendable {
    /// The entry's seq.
    public var seq: Int
    /// The entry's action.
    public var action: JSONValue
    /// The value before the entry; `nil` when the path did not exist.
    public var old: JSONValue?
    /// The value after the entry; `nil` when the path no longer exists.
    public var new: JSONValue?
  }

  /// Whether `entry` changed the value at `path` (presence counts: a key
  /// appearing with `null` is a change), and the hit if so.
  public static func hit(_ entry: LogEntry, at path: JSONPointer) -> Hit? {
    let old = path.resolve(in: entry.prior)
    let new = path.resolve(in: entry.next)
    guard old != new else { return nil }
    return Hit(seq: entry.seq, action: entry.action, old: old, new: new)
  }

  /// Parses a watch path: an RFC 6901 JSON Pointer (`/todos/0/title`, or
  /// `""` for the whole state) or a jq path (`.todos[0].title`,
  /// `."a b"`, `.["k"]`, `.`).
  /// - Throws: `JSONPointerError` naming the column of the problem.
  public static func path(parsing text: String) throws(JSONPointerError) -> JSONPointer {
    if text.isEmpty || text.hasPrefix("/") { return try JSONPointer(parsing: text) }
    guard text.hasPrefix(".") else {
      throw JSONPointerError(
        message: "'\(text)' is neither a JSON Pointer (/a/0/b) nor a jq path (.a[0].b)")
    }
    var tokens: [String] = []
    let chars = Array(text)
    var i = 0
    func fail(_ message: String) -> JSONPointerError {
      JSONPointerError(message: "column \(i + 1) of '\(text)': \(message)")
    }
    func quoted() throws(JSONPointerError) -> String {
      // A jq string literal: reuse the JSON string parser for its escapes.
      var j = i + 1
      while j < chars.count, chars[j] != "\"" { j += chars[j] == "\\" ? 2 : 1 }
      guard j < chars.count else { throw fail("unterminated string") }
      let literal = String(chars[i...j])
      guard case .string(let s)? = try? JSONParser.parse(literal) else {
        throw fail("invalid string")
      }
      i = j + 1
      return s
    }
    while i < chars.count {
      switch chars[i] {
      case "." where i + 1 < chars.count && chars[i + 1] == "[":
        i += 1
      case ".":
        i += 1
        if i == chars.count, tokens.isEmpty { break }
        guard i < chars.count else { throw fail("expected a key after '.'") }
        if chars[i] == "\"" {
          tokens.append(try quoted())
        } else {
          let start = i
          while i < chars.count, chars[i].isLetter || chars[i].isNumber || chars[i] == "_" {
            i += 1
          }
          guard i > start else { throw fail("expected a key after '.'") }
          tokens.append(String(chars[start..<i]))
        }
      case "[":
        i += 1
        if i < chars.count, chars[i] == "\"" {
          tokens.append(try quoted())
        } else {
          let start = i
          while i < chars.count, chars[i].isNumber { i += 1 }
          guard i > start, let n = Int(String(chars[start..<i])) else {
            throw fail("expected a non-negative index or a string key in [ ]")
          }
          tokens.append(String(n))
        }
        guard i < chars.count, chars[i] == "]" else { throw fail("expected ']'") }
        i += 1
      default:
        throw fail(
          "unexpected '\(chars[i])'; a watch path is made of .key, .\"key\", [N] and [\"key\"]")
      }
    }
    return JSONPointer(tokens: tokens)
  }
}
