/// Draws the prompt line on one terminal row, as linenoise's single-line mode
/// does: a line too long for the row scrolls sideways to keep the cursor in view.
///
/// Every character of the line is drawn through ``DisplayWidth/shown(_:)``, so
/// control characters (from a completed key or a paste) appear escaped, and wide
/// characters count two columns. The output uses only CR, `ESC [ K` (erase to
/// the end of the row) and `ESC [ N C` (cursor forward), which every terminal
/// since the VT100 understands.
enum LineView {
  /// The bytes that redraw `prompt` and `buffer` on the current row with the
  /// terminal's cursor at character `cursor`, on a row `columns` wide.
  ///
  /// The last column is left empty, so the terminal never wraps. When the line
  /// does not fit, the view starts at the first character that keeps the cursor
  /// on the row. O(line length).
  static func redraw(prompt: String, buffer: String, cursor: Int, columns: Int) -> String {
    let characters = Array(buffer)
    let shown = characters.map(DisplayWidth.shown)
    let widths = characters.map { DisplayWidth.of($0) }
    let promptWidth = DisplayWidth.of(prompt)
    let room = max(1, columns - promptWidth - 1)
    let cursor = min(max(0, cursor), characters.count)
    // The cell under the cursor must fit too: the character there, or a blank at the end.
    let cursorCell = cursor < characters.count ? max(1, widths[cursor]) : 1
    var start = 0
    var beforeCursor = widths[..<cursor].reduce(0, +)
    while start < cursor, beforeCursor + cursorCell > room {
      beforeCursor -= widths[start]
      start += 1
    }
    var end = start
    var used = 0
    while end < characters.count, used + widths[end] <= room {
      used += widths[end]
      end += 1
    }
    let column = promptWidth + beforeCursor
    return "\r" + prompt + shown[start..<end].joined() + "\u{1B}[K\r"
      + (column > 0 ? "\u{1B}[\(column)C" : "")
  }
}
