import Foundation
import TimeTravel

/// `replay LOG --step`: an interactive stepper reading commands from stdin,
/// one per line, so it works at a terminal and scripted through a pipe.
///
/// The cursor is a state index: 0 is the initial state, k the state after
/// entry k. Moving to k shows `[k/N] action` and what entry k changed.
enum StepMode {
  static let commandHelp = """
    commands:
      next, n [COUNT]     step forward (to the state after the next entry)
      prev, p [COUNT]     step backward
      goto, g K           go to state K (0 is the initial state)
      first, last         go to state 0, or to the last state
      diff [A B]          what the current entry changed, or state A → state B
      state               the current state
      action              the current entry's action
      help                this list
      quit, q             leave
    An empty line repeats the last command.

    """

  static func run(_ context: Context) throws -> Int32 {
    var stepper = Stepper(context: context)
    stepper.show()
    var last: String?
    while true {
      if context.io.isTerminal { context.io.out("(replay) ") }
      guard let raw = context.io.readLine() else { break }
      var line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty {
        guard let last else { continue }
        line = last
      }
      last = line
      if try !stepper.execute(line) { break }
    }
    return ExitCode.success
  }
}

private struct Stepper {
  let context: Context
  var current = 0
  var count: Int { context.log.entryCount }

  init(context: Context) { self.context = context }

  /// Runs one command; false to quit.
  mutating func execute(_ line: String) throws -> Bool {
    let words = line.split(separator: " ").map(String.init)
    let command = words[0]
    let arguments = Array(words.dropFirst())
    func countArgument() -> Int? {
      guard let first = arguments.first else { return 1 }
      return Int(first).flatMap { $0 > 0 ? $0 : nil }
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
      guard arguments.count == 1, let k = Int(arguments[0]), (0...count).contains(k) else {
        return hint("usage: goto K, with K from 0 to \(count)")
      }
      try move(to: k)
    case "first": try move(to: 0)
    case "last": try move(to: count)
    case "diff":
      if arguments.isEmpty {
        guard current > 0 else { return hint("state 0 has no entry before it; try 'diff A B'") }
        try printDiff(from: current - 1, to: current)
      } else {
        guard arguments.count == 2, let a = Int(arguments[0]), let b = Int(arguments[1]),
          (0...count).contains(a), (0...count).contains(b)
        else { return hint("usage: diff A B, with states from 0 to \(count)") }
        try printDiff(from: a, to: b)
      }
    case "state":
      context.io.out(JSONPrinter.pretty.print(try context.log.state(current)) + "\n")
    case "action":
      guard current > 0 else { return hint("state 0 is the initial state; no action led to it") }
      context.io.out(JSONPrinter.pretty.print(try context.log.entry(current).action) + "\n")
    case "help", "h", "?": context.io.out(StepMode.commandHelp)
    case "quit", "q", "exit": return false
    default:
      return hint("unknown command '\(TerminalText.sanitize(command))'; type 'help' for the list")
    }
    return true
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

  func show() {
    if current == 0 {
      context.io.out("[0/\(count)] initial state\n")
    } else if let entry = try? context.log.entry(current) {
      context.io.out("[\(current)/\(count)] \(context.name(entry.action))\n")
    } else {
      context.io.out("[\(current)/\(count)]\n")
    }
  }

  func printDiff(from a: Int, to b: Int, header: Bool = true) throws {
    let changes = JSONDiff.changes(from: try context.log.state(a), to: try context.log.state(b))
    var text = header ? "state \(a) → state \(b):\n" : ""
    if changes.isEmpty { text += "  (no state changes)\n" }
    for line in context.renderer.renderLines(changes) { text += "  " + line + "\n" }
    context.io.out(text)
  }
}
