import Foundation
import TerminalEditor
import TimeTravel

/// `replay LOG --step`: an interactive stepper in the manner of gdb's
/// reverse debugging, reading commands from stdin one per line, so it works
/// at a terminal and scripted through a pipe.
///
/// The cursor is a state: `init` (the initial state) or an entry's seq K, the state after
/// entry K. Moving to K shows `[K/LAST] action` and what entry K changed, from its own
/// prior, as `--diff K` does.
enum StepMode {
  static let commandHelp = """
    commands:
      next, n [COUNT]            step forward (to the state after the next entry)
      prev, p [COUNT]            step backward
      goto, g K                  go to state K: the state after entry K, or init
      first, last                go to the initial state (init), or to the last state
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
    K, A and B are entries' seqs, as printed, or init (0 too when no entry has
    seq 0). EXPR sees $seq, $action and $prior, as with --bisect. PATH is a jq path
    (.todos[0].title) or a JSON Pointer (/todos/0/title).
    An empty line repeats the last command. At a terminal, ↑/↓ and Ctrl-R recall
    earlier commands and Tab completes commands and paths.

    """

  static func run(_ context: Context) throws -> Int32 {
    var stepper = Stepper(context: context)
    let follower =
      context.options.follow ? try StepFollower(following: context.log, io: context.io) : nil
    stepper.show()
    var last: String?
    let input = CommandReader(io: context.io)
    while true {
      let current = stepper.current
      let log = stepper.context.log
      guard
        let raw = input.readLine(
          prompt: context.paint("(replay) ", .bold),
          completer: { StepCompletion.complete($0, state: { try? log.state(current) }) })
      else { break }
      var line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty {
        guard let last else { continue }
        line = last
      }
      last = line
      do {
        if let update = try follower?.catchUp(stepper.context.log) {
          stepper.adopt(update.log, newSession: update.newSession)
        }
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
  var context: Context
  /// The position of the current state: 0 for the initial state, else the entry's.
  var current = 0
  /// Where the last `watch` or `rwatch` landed, so that an `rwatch` of the
  /// same path from there goes further back instead of standing still.
  var lastWatchLanding: (path: JSONPointer, state: Int)?
  var count: Int { context.log.entryCount }

  init(context: Context) { self.context = context }

  /// Steps on `log` from now on: the log read again with what the app appended. After a
  /// new session, or when the current state is gone, the cursor goes back to init.
  mutating func adopt(_ log: LogFile, newSession: Bool) {
    context.log = log
    if newSession { lastWatchLanding = nil }
    if newSession || current > count { current = 0 }
  }

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
      guard current < count else {
        return hint("already at the last state (\(context.stateName(count)))")
      }
      try move(to: min(count, current + n))
    case "prev", "p":
      guard let n = countArgument() else {
        return hint("usage: prev [COUNT], COUNT a positive number")
      }
      guard current > 0 else { return hint("already at the initial state (init)") }
      try move(to: max(0, current - n))
    case "goto", "g":
      guard words.count == 1, let name = StateName(words[0]) else {
        return hint(
          "usage: goto K, K a state: init, or an entry's seq (\(context.log.numbering.rangeText))")
      }
      guard let k = position(of: name) else { return true }
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
        "the predicate holds on no state \(forward ? "after" : "before") \(context.stateText(current)); staying here"
      )
    case "watch", "rwatch":
      guard !argument.isEmpty else {
        return hint("usage: \(command) PATH, a jq path or a JSON Pointer")
      }
      let path: JSONPointer
      do {
        path = try WatchPath.pointer(parsing: argument)
      } catch {
        return hint(error.message)
      }
      try watch(path, forward: command == "watch")
    case "diff":
      if words.isEmpty {
        guard current > 0 else {
          return hint("no entry led to the initial state (init); try 'diff A B'")
        }
        try printEntryDiff(current)
      } else {
        guard words.count == 2, let a = StateName(words[0]), let b = StateName(words[1]) else {
          return hint(
            "usage: diff A B, A and B states: init, or entries' seqs (\(context.log.numbering.rangeText))"
          )
        }
        guard let a = position(of: a), let b = position(of: b) else { return true }
        try printDiff(from: a, to: b)
      }
    case "state": try printState(argument)
    case "action":
      guard current > 0 else { return hint("no action led to the initial state (init)") }
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

  /// The position of the state `name` names, or `nil` after printing why there is none.
  private func position(of name: StateName) -> Int? {
    do {
      return try context.position(of: name)
    } catch {
      _ = hint(TerminalText.sanitize(error.message))
      return nil
    }
  }

  mutating func move(to k: Int) throws {
    current = k
    show()
    if k > 0 { try printEntryDiff(k, header: false) }
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
      "no entry \(forward ? "after" : "up to") \(context.stateText(current)) changes \(shown); staying here"
    )
  }

  func show() {
    let position = context.paint(
      "[\(context.stateName(current))/\(context.stateName(count))]", .bold)
    if current == 0 {
      context.io.out("\(position) initial state\n")
    } else if let entry = try? context.log.entry(current) {
      let mark = entry.otherMembers["skipped"] == .bool(true) ? " [skipped]" : ""
      context.io.out("\(position) \(context.paint(context.name(entry.action), .cyan))\(mark)\n")
    } else {
      context.io.out("\(position)\n")
    }
  }

  /// State `a` to state `b` (positions).
  func printDiff(from a: Int, to b: Int) throws {
    try printChanges(
      from: try context.log.state(a), to: try context.log.state(b),
      header: "state \(context.stateName(a)) → state \(context.stateName(b)):\n")
  }

  /// What the entry at `position` changed, from its own prior, as `--diff K` shows it.
  func printEntryDiff(_ position: Int, header: Bool = true) throws {
    let change = try DiffMode.change(context, entryAt: position)
    try printChanges(
      from: change.old, to: change.new,
      header: header ? DiffMode.heading(context, change, entryAt: position) + ":\n" : "")
  }

  private func printChanges(from old: JSONValue, to new: JSONValue, header: String) throws {
    let changes = JSONDiff.changes(from: old, to: new, options: context.diffOptions)
    var text = header
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
          state, variables: Predicate.bindings(entry: entry))
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
    var text = k == 0 ? "> [init] initial state\n" : ""
    for position in first...last {
      let entry = try context.log.entry(position)
      text += "\(position == k ? ">" : " ") \(context.listing(entry))\n"
    }
    context.io.out(text)
  }
}
