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
  static func redraw(prompt: String, buffer: String, cursor: Int, columns: Int) -> String {
    redraw(prompt: prompt, characters: Array(buffer), cursor: cursor, columns: columns)
  }

  /// The bytes that redraw `prompt` and `characters` on the current row with
  /// the terminal's cursor at character `cursor`, on a row `columns` wide.
  ///
  /// The last column is left empty, so the terminal never wraps. When the line
  /// does not fit, the view starts at the first character that keeps the cursor
  /// on the row. O(columns): only the characters in view are measured.
  static func redraw(prompt: String, characters: [Character], cursor: Int, columns: Int)
    -> String
  {
    let promptWidth = DisplayWidth.of(prompt)
    let room = max(1, columns - promptWidth - 1)
    let cursor = min(max(0, cursor), characters.count)
    // The cell under the cursor must fit too: the character there, or a blank at the end.
    let cursorCell = cursor < characters.count ? max(1, DisplayWidth.of(characters[cursor])) : 1
    // Back from the cursor as far as the row allows: the first character in view.
    var start = cursor
    var beforeCursor = 0
    while start > 0 {
      let width = DisplayWidth.of(characters[start - 1])
      guard beforeCursor + width + cursorCell <= room else { break }
      beforeCursor += width
      start -= 1
    }
    var shown = ""
    var used = 0
    for character in characters[start...] {
      let width = DisplayWidth.of(character)
      guard used + width <= room else { break }
      used += width
      shown += DisplayWidth.shown(character)
    }
    let column = promptWidth + beforeCursor
    return "\r" + prompt + shown + "\u{1B}[K\r" + (column > 0 ? "\u{1B}[\(column)C" : "")
  }
}
