import Foundation
import TerminalEditor
import TimeTravel

/// The stepper's session: the log, the state it is at, and what its commands do to it.
/// The commands themselves, with their names, help and completion, are the table in
/// ``StepCommand/all``.
struct Stepper {
  var context: Context
  /// The position of the current state: 0 for the initial state, else the entry's.
  var current = 0
  /// Where the last `watch` or `rwatch` landed, so that an `rwatch` of the
  /// same path from there goes further back instead of standing still.
  var lastWatchLanding: (path: JSONPointer, state: Int)?
  /// The running app each move is shown in, when attached (`--listen PORT --step`).
  var remote: StepRemote?
  /// The what-if being stepped, when `skip`, `edit` or `whatif` forked the session.
  var fork: StepperFork?
  var count: Int { context.log.entryCount }

  init(context: Context) { self.context = context }

  /// Steps on `log` from now on: the log read again with what the app appended. After a
  /// new session, or when the current state is gone, the cursor goes back to init.
  mutating func adopt(_ log: LogFile, newSession: Bool) {
    context.log = log
    if newSession { lastWatchLanding = nil }
    if newSession || current > count { current = 0 }
  }

  /// Runs one command line; `false` to leave.
  /// - Throws: What the command throws.
  mutating func execute(_ line: String) throws -> Bool {
    // A command of several words (`back to recorded`) before the one its first word names.
    if let command = StepCommand.all.first(where: { $0.names.contains(line) }) {
      return try command.run(&self, StepCommand.Input(name: line, argument: ""))
    }
    let (name, argument) = Self.split(line)
    guard let command = StepCommand.named(name) else {
      return hint("unknown command '\(TerminalText.sanitize(name))'; type 'help' for the list")
    }
    return try command.run(&self, StepCommand.Input(name: name, argument: argument))
  }

  private static func split(_ line: String) -> (String, String) {
    guard let space = line.firstIndex(of: " ") else { return (line, "") }
    return (String(line[..<space]), line[space...].trimmingCharacters(in: .whitespaces))
  }

  /// `continue EXPR` and `reverse-continue EXPR`: to the nearest state, forward or back,
  /// on which the predicate holds.
  mutating func continueUntil(_ input: StepCommand.Input, forward: Bool) throws -> Bool {
    guard !input.argument.isEmpty else {
      return hint("usage: \(input.name) EXPR, a jq predicate on the state")
    }
    let filter = try JQPredicate.compile(input.argument, modules: context.options.modules)
    let range =
      forward
      ? Array(stride(from: current + 1, through: count, by: 1))
      : Array(stride(from: current - 1, through: 0, by: -1))
    for k in range where try JQPredicate.holds(filter, on: context.log, state: k) {
      try move(to: k)
      return true
    }
    return hint(
      "the predicate holds on no state \(forward ? "after" : "before") \(context.stateText(current)); staying here"
    )
  }

  /// `watch PATH` and `rwatch PATH`.
  mutating func watch(_ input: StepCommand.Input, forward: Bool) throws -> Bool {
    guard !input.argument.isEmpty else {
      return hint("usage: \(input.name) PATH, a jq path or a JSON Pointer")
    }
    let path: JSONPointer
    do {
      path = try WatchPath.pointer(parsing: input.argument)
    } catch {
      return hint(error.message)
    }
    try watch(path, forward: forward)
    return true
  }

  /// `diff`, and `diff A B`.
  func diff(_ input: StepCommand.Input) throws -> Bool {
    let words = input.words
    if words.isEmpty {
      guard current > 0 else {
        return hint("no entry led to the initial state (init); try 'diff A B'")
      }
      try printEntryDiff(current)
      return true
    }
    guard words.count == 2, let a = StateName(words[0]), let b = StateName(words[1]) else {
      return hint(
        "usage: diff A B, A and B states: init, or entries' seqs (\(context.log.numbering.rangeText))"
      )
    }
    guard let a = position(of: a), let b = position(of: b) else { return true }
    try printDiff(from: a, to: b)
    return true
  }

  /// `action`: the current entry's action and its other members.
  func printAction() throws -> Bool {
    guard current > 0 else { return hint("no action led to the initial state (init)") }
    let entry = try context.log.entry(current)
    var text = JSONPrinter.pretty.print(entry.action) + "\n"
    text += context.style.provenanceLines(
      entry, causeAction: context.causeAction(of: entry), width: 0)
    for (key, value) in entry.otherMembers {
      if key == "site", entry.site != nil { continue }
      if key == "origin", entry.origin?.cause != nil { continue }
      text += "\(TerminalText.sanitize(key)): \(JSONPrinter.compact.print(value))\n"
    }
    context.io.out(text)
    return true
  }

  /// `find EXPR`: `--find`'s search, with the current entry marked.
  func find(_ input: StepCommand.Input) throws -> Bool {
    guard !input.argument.isEmpty else {
      return hint("usage: find EXPR, a jq predicate on the entry")
    }
    let filter = try JQPredicate.compile(
      input.argument, what: "find expression", modules: context.options.modules)
    let found = try FindMode.search(context, filter: filter, what: "the find expression")
    var text = FindMode.heading(found.count)
    for hit in found {
      text += "  \(hit.position == current ? ">" : " ") \(context.style.listing(hit.entry))\n"
    }
    context.io.out(text)
    return true
  }

  /// Prints `message` as the answer to a command that could not be carried out; the
  /// session goes on.
  func hint(_ message: String) -> Bool {
    context.io.out(message + "\n")
    return true
  }

  /// The position of the state `name` names, or `nil` after printing why there is none.
  func position(of name: StateName) -> Int? {
    do {
      return try context.position(of: name)
    } catch {
      _ = hint(TerminalText.sanitize(error.message))
      return nil
    }
  }

  /// Moves the cursor to state `k` and shows it, and (`moveApp`) the attached app too.
  mutating func move(to k: Int, moveApp: Bool = true) throws {
    current = k
    show()
    if k > 0 { try printEntryDiff(k, header: false) }
    if moveApp { try showInApp(k) }
  }

  /// Asks the attached app, if any, to show state `k`, and takes in the entry it records
  /// for the move without announcing it.
  mutating func showInApp(_ k: Int) throws {
    guard let remote, remote.show(k, of: context.log, io: context.io) else { return }
    if let log = try remote.catchUp(context.log) { adopt(log, newSession: false) }
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
        let change = WatchOutput.change(
          from: hit.old, to: hit.new, at: path, options: context.diffOptions, context.style)
        var text = "  \(shown): \(change.summary)\n"
        for line in change.lines { text += "    " + line + "\n" }
        context.io.out(text)
        try showInApp(k)
        return
      }
    }
    _ = hint(
      "no entry \(forward ? "after" : "up to") \(context.stateText(current)) changes \(shown); staying here"
    )
  }

  func show() {
    let position = context.style.paint(
      "[\(context.stateName(current))/\(context.stateName(count))]", .bold)
    if current == 0 {
      context.io.out("\(position) initial state\n")
    } else if let entry = try? context.log.entry(current) {
      var mark = entry.otherMembers["skipped"] == .bool(true) ? " [skipped]" : ""
      // A fork's entry that is not as recorded: `[edited]`, `[inserted]`, `[moved]`.
      if fork != nil, let change = entry.otherMembers["edited"]?["change"]?.stringValue {
        mark += " [\(change)]"
      }
      if let cause = entry.origin.flatMap({ context.style.cause($0) }) { mark += " (\(cause))" }
      context.io.out(
        "\(position) \(context.style.paint(context.style.name(entry.action), .cyan))\(mark)\n")
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

  func printChanges(from old: JSONValue, to new: JSONValue, header: String) throws {
    let changes = JSONDiff.changes(from: old, to: new, options: context.diffOptions)
    var text = header
    if changes.isEmpty { text += "  (no state changes)\n" }
    for line in context.style.renderer.renderLines(changes) { text += "  " + line + "\n" }
    context.io.out(text)
  }

  func printState(_ argument: String) throws {
    let (state, entry) = try JQPredicate.state(current, of: context.log)
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
      let filter = try JQPredicate.compile(
        argument, what: "expression", modules: context.options.modules)
      do {
        let outputs = try filter.evaluate(
          state, variables: JQPredicate.bindings(entry: entry),
          host: JQPredicate.host(context.log))
        // jq's outputs as jq prints them (`jq .`): numbers as jq 1.8 writes them.
        let printer = JSONPrinter.pretty.printingNumbersAsJQ()
        for output in outputs { context.io.out(printer.print(output) + "\n") }
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
      text += "\(position == k ? ">" : " ") \(context.style.listing(entry))\n"
    }
    context.io.out(text)
  }
}
