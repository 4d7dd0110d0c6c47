/// Lays out completion candidates in columns, as readline lists them after a
/// second Tab: sorted down the columns, each column as wide as the widest label
/// plus two spaces, as many columns as fit the terminal.
enum CompletionList {
  /// At most this many labels are listed (readline's `completion-query-items`
  /// default); a last line says how many more there are.
  static let limit = 100

  /// The rows listing `labels`, each escaped by ``DisplayWidth/shown(_:)`` (a key
  /// from the log may hold control characters), for a terminal `columns` wide.
  /// Rows carry no trailing spaces. O(number of labels).
  static func rows(_ labels: [String], columns: Int) -> [String] {
    let listed = labels.prefix(limit).map { $0.map(DisplayWidth.shown).joined() }
    guard !listed.isEmpty else { return [] }
    let widths = listed.map { DisplayWidth.of($0) }
    let columnWidth = widths.max()! + 2
    let columnCount = max(1, min(listed.count, (columns - 1) / columnWidth))
    let rowCount = (listed.count + columnCount - 1) / columnCount
    var rows: [String] = []
    for row in 0..<rowCount {
      var text = ""
      for column in 0..<columnCount {
        let index = column * rowCount + row
        guard index < listed.count else { break }
        let isLast = column == columnCount - 1 || index + rowCount >= listed.count
        text += listed[index]
        if !isLast { text += String(repeating: " ", count: columnWidth - widths[index]) }
      }
      rows.append(text)
    }
    if labels.count > limit {
      rows.append("… and \(labels.count - limit) more; type more of the word to narrow them")
    }
    return rows
  }
}
