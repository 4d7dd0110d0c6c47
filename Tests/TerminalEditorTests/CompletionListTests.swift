import Testing

@testable import TerminalEditor

@Suite struct CompletionListTests {
  @Test func labelsFillColumnsDownwardLikeReadline() {
    let labels = ["action", "continue", "diff", "find", "first", "goto", "help"]
    // Widest label 8, so columns of 10: three fit in 32 columns.
    #expect(
      CompletionList.rows(labels, columns: 32) == [
        "action    find      help",
        "continue  first",
        "diff      goto",
      ])
    #expect(CompletionList.rows(labels, columns: 12) == labels)
    #expect(CompletionList.rows([], columns: 80) == [])
  }

  @Test func aLongListIsCutWithACount() {
    let rows = CompletionList.rows((0..<250).map(String.init), columns: 80)
    #expect(rows.last == "… and 150 more; type more of the word to narrow them")
    // 100 labels of at most 2 digits, columns of 4: 19 columns, 6 rows.
    #expect(rows.count == 7)
    #expect(rows[0].hasPrefix("0   6   12  18  "))
  }
}
