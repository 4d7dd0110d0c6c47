import Testing

@testable import TimeTravel
@testable import TimeTravelDiff

@Suite struct WatchTests {
  @Test(arguments: [
    (".todos[0].title", "/todos/0/title"),
    (".", ""),
    ("", ""),
    (#"."a b".c"#, "/a b/c"),
    (#".["a/b"][3]"#, "/a~1b/3"),
    (".a.[2]", "/a/2"),
    ("/todos/0/title", "/todos/0/title"),
    ("/a~1b", "/a~1b"),
  ])
  func parsesJqPathsAndPointers(text: String, pointer: String) throws {
    #expect(try Watch.path(parsing: text).description == pointer)
  }

  @Test(arguments: [
    ("todos", "'todos' is neither a JSON Pointer (/a/0/b) nor a jq path (.a[0].b)"),
    (
      ".todos[-1]", "column 8 of '.todos[-1]': expected a non-negative index or a string key in [ ]"
    ),
    (".todos[0", "column 9 of '.todos[0': expected ']'"),
    (
      ".a | .b",
      "column 3 of '.a | .b': unexpected ' '; a watch path is made of .key, .\"key\", [N] and [\"key\"]"
    ),
  ])
  func rejectsOtherExpressions(text: String, message: String) {
    #expect(throws: JSONPointerError(message: message)) { try Watch.path(parsing: text) }
  }

  @Test func presenceCountsAsAChange() throws {
    let entry = LogEntry(
      seq: 4, time: nil, action: "a", prior: ["x": 1], next: ["x": 1, "y": nil], line: 5)
    #expect(Watch.hit(entry, at: JSONPointer(tokens: ["x"])) == nil)
    #expect(
      Watch.hit(entry, at: JSONPointer(tokens: ["y"]))
        == Watch.Hit(seq: 4, action: "a", old: nil, new: .null))
  }
}
