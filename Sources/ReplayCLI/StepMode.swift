import Foundation
import TimeTravel

/// `replay LOG --step`: an interactive stepper in the manner of gdb's
/// reverse debugging, reading commands from stdin one per line, so it works
/// at a terminal and scripted through a pipe.
///
/// The cursor is a state index: 0 is the initial state, k the state after
/// entry k. Moving to k shows `[k/N] action` and what entry k changed.
enum StepMode {
  static let commandHelp = """
    commands:
      next, n [COUNT]            step forward (to the state after the next entry)
      prev, p [COUNT]            step backward
      goto, g K                  go to state K (0 is the initial state)
      first, last                go to state 0, or to the last state
      continue, c EXPR           forward until the jq predicate EXPR holds on the state
      reverse-continue, rc EXPR  backward until EXPR holds
      watch PATH                 forward to the next entry that changes PATH
      rwatch PATH                backward to the latest entry that changed PATH
      diff [A B]                 what the current entry changed, or state A → state B
      state [PATH | EXPR]        the current state, a JSON Pointer into it, or a jq expression on it
      action                     the current entry's action
      list [N]                   N entries around the current one (default 10)
      find EXPR                  entries where EXPR holds on {seq, time, action, prior, next}
      help                       this list
      quit, q                    leave
    EXPR sees $seq, $action and $prior, as with --bisect. PATH is a jq path
    (.todos[0].title) or a JSON Pointer (/todos/0/title).
    An empty line repeats the last command.

    """

  static func run(_ context: Context) throws -> Int32 {
    var stepper = Stepper(context: context)
    stepper.show()
    var last: String?
    while true {
      if context.io.isTerminal { context.io.out(context.paint("(replay) ", .bold)) }
      guard let raw = context.io.readLine() else { break }
      var line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty {
        guard let last else { continue }
        line = last
      }
      last = line
      do {
        if try !stepper.execute(line) { break }
      } catch let error as CommandError {
        // A bad expression or a failing predicate ends the command, not the session.
        context.io.out(error.message + "\n")
      }
    }
    return ExitCode.success
  }
}

private struct Stepper {
  let context: Context
  var current = 0
  /// Where the last `watch` or `rwatch` landed, so that an `rwatch` of the
  /// same path from there goes further back instead of standing still.
  var lastWatchLanding: (path: JSONPointer, state: Int)?
  var count: Int { context.log.entryCount }

  init(context: Context) { self.context = context }

  /// Runs one command; false to quit.
  mutating func execute(_ line: String) throws -> Bool {
    let (command, argument) = Self.split(line)
    let words = argument.split(separator: " ").map(String.init)
    func countArgument() -> Int? {
      guard let first = words.first else { return 1 }
      return words.count == 1 ? Int(first).flatMap { $0 > 0 ? $0 : nil } : nil
    }
    switch command {
    case "next", "n":
      guard let n = countArgument() else {
        return hint("usage: next [COUNT], COUNT a positive number")
      }
      guard current < count else { return hint("already at the last state (\(count))") }
      try move(to: min(count, current + n))
    case "prev", "p":
      guard let n = countArgument() else {
        return hint("usage: prev [COUNT], COUNT a positive number")
      }
      guard current > 0 else { return hint("already at state 0, the initial state") }
      try move(to: max(0, current - n))
    case "goto", "g":
      guard words.count == 1, let k = Int(words[0]), (0...count).contains(k) else {
        return hint("usage: goto K, with K from 0 to \(count)")
      }
      try move(to: k)
    case "first": try move(to: 0)
    case "last": try move(to: count)
    case "continue", "c", "reverse-continue", "rc":
      guard !argument.isEmpty else {
        return hint("usage: \(command) EXPR, a jq predicate on the state")
      }
      let filter = try Predicate.compile(argument)
      let forward = command == "continue" || command == "c"
      let range =
        forward
        ? Array(stride(from: current + 1, through: count, by: 1))
        : Array(stride(from: current - 1, through: 0, by: -1))
      for k in range where try Predicate.holds(filter, on: context.log, state: k) {
        try move(to: k)
        return true
      }
      return hint(
        "the predicate holds on no state \(forward ? "after" : "before") state \(current); staying here"
      )
    case "watch", "rwatch":
      guard !argument.isEmpty else {
        return hint("usage: \(command) PATH, a jq path or a JSON Pointer")
      }
      let path: JSONPointer
      do {
        path = try WatchMode.path(parsing: argument)
      } catch {
        return hint(error.message)
      }
      try watch(path, forward: command == "watch")
    case "diff":
      if words.isEmpty {
        guard current > 0 else { return hint("state 0 has no entry before it; try 'diff A B'") }
        try printDiff(from: current - 1, to: current)
      } else {
        guard words.count == 2, let a = Int(words[0]), let b = Int(words[1]),
          (0...count).contains(a), (0...count).contains(b)
        else { return hint("usage: diff A B, with states from 0 to \(count)") }
        try printDiff(from: a, to: b)
      }
    case "state": try printState(argument)
    case "action":
      guard current > 0 else { return hint("state 0 is the initial state; no action led to it") }
      let entry = try context.log.entry(current)
      var text = JSONPrinter.pretty.print(entry.action) + "\n"
      for (key, value) in entry.otherMembers {
        text += "\(TerminalText.sanitize(key)): \(JSONPrinter.compact.print(value))\n"
      }
      context.io.out(text)
    case "list", "l":
      guard words.count <= 1, let n = words.isEmpty ? 10 : Int(words[0]), n > 0 else {
        return hint("usage: list [N], N a positive number")
      }
      try list(around: current, size: n)
    case "find", "f":
      guard !argument.isEmpty else { return hint("usage: find EXPR, a jq predicate on the entry") }
      let filter = try Predicate.compile(argument, what: "find expression")
      let found = try FindMode.search(context, filter: filter, what: "the find expression")
      var text = FindMode.heading(found.count)
      for hit in found {
        text += "  \(hit.position == current ? ">" : " ") \(context.listing(hit.entry))\n"
      }
      context.io.out(text)
    case "help", "h", "?": context.io.out(StepMode.commandHelp)
    case "quit", "q", "exit": return false
    default:
      return hint("unknown command '\(TerminalText.sanitize(command))'; type 'help' for the list")
    }
    return true
  }

  private static func split(_ line: String) -> (String, String) {
    guard let space = line.firstIndex(of: " ") else { return (line, "") }
    return (String(line[..<space]), line[space...].trimmingCharacters(in: .whitespaces))
  }

  private func hint(_ message: String) -> Bool {
    context.io.out(message + "\n")
    return true
  }

  mutating func move(to k: Int) throws {
    current = k
    show()
    if k > 0 { try printDiff(from: k - 1, to: k, header: false) }
  }

  mutating func watch(_ path: JSONPointer, forward: Bool) throws {
    let shown = path.tokens.isEmpty ? "the whole state" : path.displayText
    var candidates: [Int]
    if forward {
      candidates = Array(stride(from: current + 1, through: count, by: 1))
    } else {
      // From the current entry back, unless a watch of this path stopped
      // here: then carry on before it.
      let landedHere = lastWatchLanding.map { $0.path == path && $0.state == current } ?? false
      let start = landedHere ? current - 1 : current
      candidates = Array(stride(from: start, through: 1, by: -1))
    }
    for k in candidates {
      let entry = try context.log.entry(k)
      if let hit = Watch.hit(entry, at: path) {
        current = k
        lastWatchLanding = (path, k)
        show()
        let (old, new) = context.abbreviated(hit.old, hit.new)
        context.io.out("  \(shown): \(old) → \(new)\n")
        return
      }
    }
    _ = hint(
      "no entry \(forward ? "after" : "up to") state \(current) changes \(shown); staying here")
  }

  func show() {
    let position = context.paint("[\(current)/\(count)]", .bold)
    if current == 0 {
      context.io.out("\(position) initial state\n")
    } else if let entry = try? context.log.entry(current) {
      context.io.out("\(position) \(context.paint(context.name(entry.action), .cyan))\n")
    } else {
      context.io.out("\(position)\n")
    }
  }

  func printDiff(from a: Int, to b: Int, header: Bool = true) throws {
    let changes = JSONDiff.changes(
      from: try context.log.state(a), to: try context.log.state(b), options: context.diffOptions)
    var text = header ? "state \(a) → state \(b):\n" : ""
    if changes.isEmpty { text += "  (no state changes)\n" }
    for line in context.renderer.renderLines(changes) { text += "  " + line + "\n" }
    context.io.out(text)
  }

  func printState(_ argument: String) throws {
    let (state, entry) = try Predicate.state(current, of: context.log)
    if argument.isEmpty {
      context.io.out(JSONPrinter.pretty.print(state) + "\n")
    } else if argument.hasPrefix("/") {
      do {
        let pointer = try JSONPointer(parsing: argument)
        context.io.out(
          (pointer.resolve(in: state).map { JSONPrinter.pretty.print($0) } ?? "(absent)") + "\n")
      } catch {
        _ = hint(error.message)
      }
    } else {
      let filter = try Predicate.compile(argument, what: "expression")
      do {
        let outputs = try filter.evaluate(
          state, variables: Predicate.bindings(seq: current, entry: entry))
        for output in outputs { context.io.out(JSONPrinter.pretty.print(output) + "\n") }
      } catch {
        _ = hint("error: \(TerminalText.sanitize(error.description))")
      }
    }
  }

  func list(around k: Int, size: Int) throws {
    guard count > 0 else { return }
    let first = max(1, min(k - size / 2, count - size + 1))
    let last = min(count, first + size - 1)
    var text = k == 0 ? "> [0] initial state\n" : ""
    for position in first...last {
      let entry = try context.log.entry(position)
      text += "\(position == k ? ">" : " ") \(context.listing(entry))\n"
    }
    context.io.out(text)
  }
}
