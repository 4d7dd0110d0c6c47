import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelDiff
@testable import TimeTravelJSON

@Suite struct DiffStructuralTests {
  @Test func structuralViewFoldsUnchangedRuns() throws {
    let old = try JSONParser.parse(
      #"{"filter":"all","todos":[{"id":"a","title":"A"},{"id":"b","title":"Buy milk","done":false},{"id":"c","title":"C"},{"id":"d","title":"D"}],"user":null}"#
    )
    let new = try JSONParser.parse(
      #"{"filter":"all","todos":[{"id":"b","title":"Buy oat milk","done":false},{"id":"c","title":"C"},{"id":"d","title":"D"},{"id":"e","title":"\u001b[31m"}],"count":4}"#
    )
    let changes = JSONDiff.changes(from: old, to: new)
    let text = DiffTextRenderer().renderStructural(old: old, new: new, changes: changes)
    let expected = """
        {
          … (1 unchanged)
          "todos": [
      -     [0]: {"id":"a","title":"A"}  // /todos/0
            [0]: {
              … (1 unchanged)
      -       "title": "Buy milk"
      +       "title": "Buy oat milk"  // /todos/0/title
              … (1 unchanged)
            }
            … (2 unchanged)
      +     [3]: {"id":"e","title":"\\u001b[31m"}  // /todos/3
          ]
      +   "count": 4  // /count
      -   "user": null  // /user
        }
      """
    #expect(text == expected)
    #expect(!text.unicodeScalars.contains("\u{1B}"))
    #expect(DiffTextRenderer().renderStructural(old: 1, new: 1, changes: []) == "(no changes)")
    #expect(
      DiffTextRenderer().renderStructural(
        old: 1, new: 2, changes: JSONDiff.changes(from: 1, to: 2)) == "- 1\n+ 2  // (root)")
    let colored = DiffTextRenderer(color: true).renderStructural(
      old: old, new: new, changes: changes)
    #expect(
      colored.contains("\u{1B}[32m+       \"title\": \"Buy oat milk\"  // /todos/0/title\u{1B}[0m"))
  }

  @Test func structuralViewOfDeepChange() throws {
    var old: JSONValue = 1
    var new: JSONValue = 2
    for _ in 0..<3 {
      old = .array([old, "x"])
      new = .array([new, "x"])
    }
    let text = DiffTextRenderer().renderStructural(
      old: old, new: new, changes: JSONDiff.changes(from: old, to: new))
    #expect(
      text == """
          [
            [0]: [
              [0]: [
        -       [0]: 1
        +       [0]: 2  // /0/0/0
                … (1 unchanged)
              ]
              … (1 unchanged)
            ]
            … (1 unchanged)
          ]
        """)
  }
}
