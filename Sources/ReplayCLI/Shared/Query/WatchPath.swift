import TimeTravel
import TimeTravelJQ

/// The path a watchpoint (`--watch PATH`, the stepper's `watch` and `rwatch`) looks at:
/// an RFC 6901 JSON Pointer, or a jq path read by the jq parser as `path(f)` reads it.
///
/// It lives here, where both JSON Pointer and jq are at hand, so that the `TimeTravel`
/// library, which apps link to record, does not compile the jq engine.
public enum WatchPath {
  /// The JSON Pointer `text` names: `/todos/0/title` and `""` (the whole state) as RFC 6901
  /// pointers; `.todos[0].title`, `."a b"`, `.["k"]`, `.a | .b` and `.` as jq paths
  /// (`JQPath`), whose keys become the pointer's tokens (a position as its decimal); and a
  /// pointer in the quoted form replay prints (`JSONPointer.displayText`, `"/a\u0000b"`),
  /// so that any path replay shows can be typed back.
  ///
  /// - Throws: `JSONPointerError` whose message names the column for a jq path:
  ///   `column 8 of '.todos[-1]': expected a non-negative index or a string key in [ ]`
  ///   (JSON Pointer has no negative or fractional positions), `column 7 of '.todos[]':
  ///   '[]' iterates, so the expression has many paths`, or the jq parser's error; and
  ///   `'todos' is neither a JSON Pointer (/a/0/b) nor a jq path (.a[0].b)` for text that
  ///   starts as neither.
  public static func pointer(parsing text: String) throws(JSONPointerError) -> JSONPointer {
    if text.isEmpty || text.hasPrefix("/") { return try JSONPointer(parsing: text) }
    if text.hasPrefix("\"") { return try JSONPointer(parsingDisplayed: text) }
    guard let first = text.first(where: { !$0.isWhitespace }), first == "." || first == "("
    else {
      throw JSONPointerError(
        message: "'\(text)' is neither a JSON Pointer (/a/0/b) nor a jq path (.a[0].b)")
    }
    func fail(_ message: String, _ column: Int) -> JSONPointerError {
      JSONPointerError(message: "column \(column) of '\(text)': \(message)")
    }
    let path: JQPath
    do {
      path = try JQPath(text)
    } catch {
      throw fail(error.message, error.column)
    }
    var tokens: [String] = []
    for component in path.components {
      switch component.key {
      case .string(let key):
        tokens.append(key)
      case .number(let n):
        let d = n.doubleValue
        guard d >= 0, d == d.rounded(), d < 9_007_199_254_740_992 else {
          throw fail("expected a non-negative index or a string key in [ ]", component.column)
        }
        tokens.append(String(Int(d)))
      default:
        throw fail(
          "a slice names several elements; a watch path names one value", component.column)
      }
    }
    return JSONPointer(tokens: tokens)
  }
}
