import Foundation
import TodoReducer

/// Deterministic inputs, written as JSON text directly (the generator must not
/// depend on the code it measures).
enum Generate {
  static let words = [
    "buy", "milk", "call", "mom", "fix", "bike", "write", "report", "café", "plan", "trip",
    "water", "plants", "book", "dentist", "crème", "brûlée", "review", "pull", "request",
    "über", "ship", "release", "notes", "clean", "garage", "pay", "rent", "walk", "dog",
  ]

  struct Todo {
    var id: Int
    var title: String
    var isCompleted: Bool
  }

  static func title(_ rng: inout SplitMix64) -> String {
    let count = 6 + rng.below(5)
    return (0..<count).map { _ in words[rng.below(words.count)] }.joined(separator: " ")
  }

  static func todoID(_ id: Int) -> String { "todo-" + String(id).leftPadded(5) }

  static func appendTodo(_ todo: Todo, to text: inout String) {
    text += #"{"id":""#
    text += todoID(todo.id)
    text += #"","title":""#
    text += todo.title
    text += #"","isCompleted":"#
    text += todo.isCompleted ? "true" : "false"
    text += "}"
  }

  /// The FIELD-GUIDE's app state: a few fields and the to-do list.
  static func stateText(_ todos: [Todo], filter: String = "all", editing: Int?) -> String {
    var text = #"{"filter":""# + filter + #"","isLoading":false,"editingID":"#
    text += editing.map { "\"\(todoID($0))\"" } ?? "null"
    text += #","sync":{"pending":0,"lastError":null,"version":3},"todos":["#
    for (i, todo) in todos.enumerated() {
      if i > 0 { text += "," }
      appendTodo(todo, to: &text)
    }
    text += "]}"
    return text
  }

  /// A log of entries whose states hold `todoCount` to-dos, about `bytes`
  /// long. At entry `bugAt` one to-do's title becomes empty and stays so: the
  /// bug `--bisect` looks for.
  /// - Returns: the entry count and the bug's entry.
  static func log(
    path: String, bytes: Int, todoCount: Int = 100, seed: UInt64 = 42
  ) throws -> (entries: Int, bugAt: Int) {
    var rng = SplitMix64(seed: seed)
    var todos = (1...todoCount).map { Todo(id: $0, title: title(&rng), isCompleted: false) }
    var nextID = todoCount + 1
    var state = stateText(todos, editing: nil)
    let perLine = 2 * state.utf8.count + 120
    let entries = max(8, bytes / perLine)
    let bugAt = entries * 7 / 8  // in the last quarter
    var bugID: Int?
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    handle.write(
      Data(
        (#"{"format":"replay-log","version":1,"app":"BenchApp","stateType":"TodoState","actionType":"TodoAction","created":"2026-01-05T09:00:00.000Z"}"#
          + "\n").utf8))
    var buffer = ""
    var millis = 0
    for seq in 1...entries {
      millis += 200 + rng.below(3000)
      var action: String
      // Pick a to-do the bug has not claimed.
      var index = rng.below(todos.count)
      if todos[index].id == bugID { index = (index + 1) % todos.count }
      if seq == bugAt {
        bugID = todos[index].id
        todos[index].title = ""
        action = #"{"renameTodo":{"id":"\#(todoID(todos[index].id))","title":""}}"#
      } else {
        switch rng.below(4) {
        case 0:
          todos[index].isCompleted.toggle()
          action = #"{"toggleTodo":{"id":"\#(todoID(todos[index].id))"}}"#
        case 1:
          let t = title(&rng)
          todos[index].title = t
          action = #"{"renameTodo":{"id":"\#(todoID(todos[index].id))","title":"\#(t)"}}"#
        case 2:
          let removed = todos.remove(at: index)
          let added = Todo(id: nextID, title: title(&rng), isCompleted: false)
          nextID += 1
          todos.append(added)
          action =
            #"{"replaceTodo":{"removed":"\#(todoID(removed.id))","added":"\#(todoID(added.id))"}}"#
        default:
          action = #"{"setEditing":{"id":"\#(todoID(todos[index].id))"}}"#
        }
      }
      let next = stateText(todos, editing: seq % 5 == 0 ? todos[index].id : nil)
      let time = String(
        format: "2026-01-05T%02d:%02d:%02d.%03dZ", (9 + millis / 3_600_000) % 24,
        millis / 60_000 % 60, millis / 1000 % 60, millis % 1000)
      buffer += #"{"seq":\#(seq),"time":"\#(time)","action":\#(action),"prior":"#
      buffer += state
      buffer += #","next":"#
      buffer += next
      buffer += "}\n"
      state = next
      if buffer.utf8.count > 1 << 20 {
        handle.write(Data(buffer.utf8))
        buffer = ""
      }
    }
    handle.write(Data(buffer.utf8))
    return (entries, bugAt)
  }

  /// Two states of `count` to-dos for the diff benchmarks.
  static func diffPair(_ kind: DiffCase, count: Int = 10_000) -> (old: String, new: String) {
    var rng = SplitMix64(seed: 7)
    switch kind {
    case .oneField:
      let todos = (1...count).map { Todo(id: $0, title: title(&rng), isCompleted: false) }
      var changed = todos
      changed[count / 2].isCompleted = true
      return (stateText(todos, editing: nil), stateText(changed, editing: nil))
    case .firstDeleted:
      let todos = (1...count).map { Todo(id: $0, title: title(&rng), isCompleted: false) }
      return (stateText(todos, editing: nil), stateText(Array(todos.dropFirst()), editing: nil))
    case .large:
      return largePair(&rng)
    }
  }

  enum DiffCase {
    case oneField, firstDeleted, large
  }

  /// ~20 MB states: 80,000 records of 6 fields each; 1% of the fields
  /// (never an `id`) changed in the second.
  private static func largePair(_ rng: inout SplitMix64) -> (old: String, new: String) {
    let count = 80_000
    let fieldsPerRecord = 6
    var records: [[String]] = []
    records.reserveCapacity(count)
    for i in 0..<count {
      records.append([
        "\"\(todoID(i))\"", "\"\(title(&rng))\"", rng.below(2) == 0 ? "false" : "true",
        String(rng.below(5)), "\"\(title(&rng)) \(title(&rng))\"",
        "\"2026-01-\(10 + rng.below(20))T09:\(10 + rng.below(50)):00.000Z\"",
      ])
    }
    var changed = records
    let changes = count * fieldsPerRecord / 100
    for _ in 0..<changes {
      let r = rng.below(count)
      let f = 1 + rng.below(fieldsPerRecord - 1)
      switch f {
      case 2: changed[r][f] = changed[r][f] == "true" ? "false" : "true"
      case 3: changed[r][f] = String(Int(changed[r][f])! + 1)
      default: changed[r][f] = "\"" + changed[r][f].dropFirst().dropLast() + " (edited)\""
      }
    }
    let keys = ["id", "title", "isCompleted", "priority", "notes", "createdAt"]
    func text(_ rows: [[String]]) -> String {
      var text = #"{"version":1,"records":["#
      for (i, row) in rows.enumerated() {
        if i > 0 { text += "," }
        text += "{"
        for (k, value) in zip(keys, row) {
          if k != "id" { text += "," }
          text += "\"\(k)\":\(value)"
        }
        text += "}"
      }
      return text + "]}"
    }
    return (text(records), text(changed))
  }
}

extension String {
  func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
