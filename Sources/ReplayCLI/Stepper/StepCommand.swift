/// One command of the stepper, declared once: its spellings, its arguments, its help,
/// whether Tab completes a path after it, and what it does. The stepper's `help`, its
/// Tab completion and its dispatch are derived from ``all``, as gdb's `help` lists its
/// command table.
struct StepCommand: Sendable {
  /// What a command was given: the spelling typed and the rest of the line.
  struct Input {
    /// The spelling typed (`n`, `next`).
    var name: String
    /// The rest of the line, trimmed.
    var argument: String

    /// The argument's words.
    var words: [String] { argument.split(separator: " ").map(String.init) }

    /// A positive count: 1 when none is given, `nil` when the argument is not one.
    var count: Int? {
      let words = words
      guard let first = words.first else { return 1 }
      return words.count == 1 ? Int(first).flatMap { $0 > 0 ? $0 : nil } : nil
    }
  }

  /// Every spelling; the first is the name Tab completes and help leads with.
  var names: [String]
  /// The arguments as help writes them (`[COUNT]`, `K`, `EXPR`); empty for none.
  var arguments = ""
  /// What it does, in a phrase.
  var help: String
  /// Whether Tab completes a JSON Pointer into the current state after it.
  var completesPaths = false
  /// Runs the command on the session; `false` to leave.
  /// - Throws: ``CommandError`` for an expression that does not compile or fails, which
  ///   ends the command, not the session; `LogError` when the log cannot be read.
  var run: @Sendable (inout Stepper, Input) throws -> Bool

  /// The command `name` spells, if any.
  static func named(_ name: String) -> StepCommand? {
    all.first { $0.names.contains(name) }
  }

  /// The commands' part of the stepper's `help`: each with every spelling and its
  /// arguments, then what it does.
  static var helpLines: String {
    var text = "commands:\n"
    for command in all {
      var label = command.names.joined(separator: ", ")
      if !command.arguments.isEmpty { label += " " + command.arguments }
      let pad = String(repeating: " ", count: max(1, 27 - label.count))
      text += "  \(label)\(pad)\(command.help)\n"
    }
    return text
  }
}
