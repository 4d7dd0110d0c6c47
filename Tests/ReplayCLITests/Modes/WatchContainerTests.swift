import CLITestSupport
import Foundation
import TestSupport
import Testing

/// `--watch PATH` on a container: each hit lists what changed inside it, one line per
/// change at its JSON Pointer, array elements matched by id as `--diff` matches them; a
/// value replaced whole (by a scalar, or from or to absent) keeps the one-line form.
@Suite struct WatchContainerTests {
  static func todo(_ i: Int, done: Bool = false, title: String? = nil) -> String {
    #"{"id":"t\#(i)","title":"\#(title ?? "task \(i)")","done":\#(done)}"#
  }

  static func state(
    _ todos: [String]?, tags: String = #"["x","y"]"#, bg: String = "white",
    extra: String = ""
  ) -> String {
    let list = todos.map { "[" + $0.joined(separator: ",") + "]" } ?? "null"
    return
      #"{"todos":\#(list),"tags":\#(tags),"settings":{"theme":{"colors":{"bg":"\#(bg)"}}\#(extra)}}"#
  }

  static func entry(_ seq: Int, _ action: String, _ prior: String, _ next: String) -> String {
    #"{"seq":\#(seq),"action":\#(action),"prior":\#(prior),"next":\#(next)}"#
  }

  /// Toggle, insert, remove, move, an id-less array, a nested object, hostile strings
  /// and keys, and a container replaced by a scalar, one entry each.
  static let log: String = {
    let red = #"\u001b[31mred\u0007"#
    let s0 = state([todo(0), todo(1), todo(2)])
    let s1 = state([todo(0), todo(1, done: true), todo(2)])
    let s2 = state([todo(0), todo(3), todo(1, done: true), todo(2)])
    let s3 = state([todo(3), todo(1, done: true), todo(2)])
    let s4 = state([todo(2), todo(3), todo(1, done: true)])
    let s5 = state([todo(2), todo(3), todo(1, done: true)], tags: #"["x","z","y"]"#)
    let s6 = state([todo(2), todo(3), todo(1, done: true)], tags: #"["x","z","y"]"#, bg: "black")
    let hostile = #","a\u0000b":{"k":"\u202eevil"}"#
    let s7 = state(
      [todo(2, title: red), todo(3), todo(1, done: true)], tags: #"["x","z","y"]"#, bg: "black",
      extra: hostile)
    let s8 = state(nil, tags: #"["x","z","y"]"#, bg: "black", extra: hostile)
    return [
      entry(1, #"{"toggleTodo":{"id":"t1"}}"#, s0, s1),
      entry(2, #"{"addTodo":{"id":"t3"}}"#, s1, s2),
      entry(3, #"{"deleteTodos":{"atOffsets":[0]}}"#, s2, s3),
      entry(4, #"{"moveTodo":{"from":2,"to":0}}"#, s3, s4),
      entry(5, #"{"addTag":"z"}"#, s4, s5),
      entry(6, #""darkMode""#, s5, s6),
      entry(7, #"{"renameTodo":{"id":"t2","title":"\#(red)"}}"#, s6, s7),
      entry(8, #""clear""#, s7, s8),
    ].joined(separator: "\n") + "\n"
  }()

  static func run(_ log: String, _ arguments: [String]) throws -> (code: Int32, out: String) {
    let temp = try TempLog(log)
    let result = replay(temp.path, arguments: arguments)
    #expect(result.err == "")
    return (result.code, result.out)
  }

  @Test func aChangedArrayListsItsChangesByID() throws {
    let result = try Self.run(Self.log, ["--watch", "/todos"])
    #expect(result.code == 0)
    #expect(
      result.out == """
        6 entries changed /todos:
          entry 1 (toggleTodo) {"id":"t1"}: 1 change
            ~ /todos/1/done: false → true
          entry 2 (addTodo) {"id":"t3"}: 1 change
            + /todos/1: {"id":"t3","title":"task 3","done":false}
          entry 3 (deleteTodos) {"atOffsets":[0]}: 1 change
            - /todos/0: {"id":"t0","title":"task 0","done":false}
          entry 4 (moveTodo) {"from":2,"to":0}: 1 change
            ↷ /todos/2 → /todos/0
          entry 7 (renameTodo) {"id":"t2","title":"\\u001b[31mred\\u0007"}: 1 change
            ~ /todos/0/title: "task 2" → "\\u001b[31mred\\u0007"
          entry 8 (clear): [{"id":"t2","title":"\\u001b[31mred\\u0007","done":false},{"id":"t3","title":"task 3","done":false},{"id":"t1","title":"t… → null

        """)
  }

  @Test func anIDLessArrayAndNestedObjectsListTheirChanges() throws {
    #expect(
      try Self.run(Self.log, ["--watch", ".tags"]).out == """
        1 entry changed /tags:
          entry 5 (addTag) "z": 1 change
            + /tags/1: "z"

        """)
    #expect(
      try Self.run(Self.log, ["--watch", "/settings"]).out == """
        2 entries changed /settings:
          entry 6 (darkMode): 1 change
            ~ /settings/theme/colors/bg: "white" → "black"
          entry 7 (renameTodo) {"id":"t2","title":"\\u001b[31mred\\u0007"}: 1 change
            + "/settings/a\\u0000b": {"k":"\\u202eevil"}

        """)
  }

  @Test func theWholeStateListsEveryChange() throws {
    let out = try Self.run(Self.log, ["--watch", ""]).out
    #expect(
      out.hasPrefix(
        """
        8 entries changed the whole state:
          entry 1 (toggleTodo) {"id":"t1"}: 1 change
            ~ /todos/1/done: false → true

        """))
    #expect(
      out.hasSuffix(
        """
          entry 7 (renameTodo) {"id":"t2","title":"\\u001b[31mred\\u0007"}: 2 changes
            ~ /todos/0/title: "task 2" → "\\u001b[31mred\\u0007"
            + "/settings/a\\u0000b": {"k":"\\u202eevil"}
          entry 8 (clear): 1 change
            ~ /todos: [{"id":"t2","title":"\\u001b[31mred\\u0007","done":false},{"id":"t3","title":"task 3","done":false},{"id":"t1","title":"t… → null

        """))
    // Nothing from the log reaches the terminal raw.
    #expect(!out.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0 == "\u{202E}" })
  }

  /// A change in a large array: the elements around it are neither listed nor built.
  @Test func oneChangeInAHugeArrayIsOneLine() throws {
    let todos = (0..<2000).map { Self.todo($0) }
    var toggled = todos
    toggled[1500] = Self.todo(1500, done: true)
    var edited = toggled
    edited[7] = Self.todo(7, title: "renamed")
    edited.append(Self.todo(2000))
    let log =
      [
        Self.entry(1, #"{"toggleTodo":{"id":"t1500"}}"#, Self.state(todos), Self.state(toggled)),
        Self.entry(2, #""edit""#, Self.state(toggled), Self.state(edited)),
      ].joined(separator: "\n") + "\n"
    #expect(
      try Self.run(log, ["--watch", "/todos"]).out == """
        2 entries changed /todos:
          entry 1 (toggleTodo) {"id":"t1500"}: 1 change
            ~ /todos/1500/done: false → true
          entry 2 (edit): 2 changes
            + /todos/2000: {"id":"t2000","title":"task 2000","done":false}
            ~ /todos/7/title: "task 7" → "renamed"

        """)
    let temp = try TempLog(log)
    ParallelOutputTests.check(
      temp.path, "huge array",
      modes: [["--watch", "/todos"], ["--watch", ""], ["--watch", "/todos", "--format", "json"]])
  }

  /// Across logs, each hit after its log's name, its changes below it.
  @Test func eachLogsHitsListTheirChanges() throws {
    let folder = Scratch.folder.appendingPathComponent(
      "watch-fleet-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["a.jsonl", "b.jsonl"] {
      try Self.log.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let result = replay(folder.path, arguments: ["--watch", "/tags"])
    #expect(result.code == 0)
    #expect(
      result.out.replacingOccurrences(of: folder.path + "/", with: "") == """
        2 entries changed /tags in 2 of 2 logs:
          a.jsonl: entry 5 (addTag) "z": 1 change
            + /tags/1: "z"
          b.jsonl: entry 5 (addTag) "z": 1 change
            + /tags/1: "z"

        """)
  }

  /// `--id-key` matches elements as it does for `--diff`: a reordering is a move.
  @Test func idKeyMatchesElementsByAnotherKey() throws {
    let log =
      #"{"seq":1,"action":"sort","prior":{"items":[{"key":"a","v":1},{"key":"b","v":2}]},"next":{"items":[{"key":"b","v":2},{"key":"a","v":1}]}}"#
      + "\n"
    #expect(
      try Self.run(log, ["--watch", "/items"]).out == """
        1 entry changed /items:
          entry 1 (sort): 2 changes
            - /items/0: {"key":"a","v":1}
            + /items/1: {"key":"a","v":1}

        """)
    #expect(
      try Self.run(log, ["--watch", "/items", "--id-key", "key"]).out == """
        1 entry changed /items:
          entry 1 (sort): 1 change
            ↷ /items/0 → /items/1

        """)
  }

  /// The JSON records are the values whole, as they always were.
  @Test func theJSONRecordsHoldBothValuesWhole() throws {
    let log =
      Self.entry(
        1, #"{"toggleTodo":{"id":"t1"}}"#, Self.state([Self.todo(0), Self.todo(1)]),
        Self.state([Self.todo(0), Self.todo(1, done: true)])) + "\n"
    #expect(
      try Self.run(log, ["--watch", "/todos", "--format", "json"]).out
        == #"[{"seq":1,"action":{"toggleTodo":{"id":"t1"}},"actionName":"toggleTodo","old":[{"id":"t0","title":"task 0","done":false},{"id":"t1","title":"task 1","done":false}],"new":[{"id":"t0","title":"task 0","done":false},{"id":"t1","title":"task 1","done":true}]}]"#
        + "\n")
  }

  @Test func theTextOfEveryThreadCountIsTheSame() throws {
    let temp = try TempLog(Self.log)
    ParallelOutputTests.check(
      temp.path, "containers",
      modes: [
        ["--watch", "/todos"], ["--watch", ""], ["--watch", "/settings", "--color=always"],
      ])
  }
}
