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
struct StepMode: LogMode {
  static let flag = Flag(
    names: ["--step"],
    help:
      "Step through the log. Commands come from stdin (type 'help' at the prompt), so it can be scripted. At a terminal: line editing, Tab completion, and a history kept in ~/.replay_history (REPLAY_HISTORY). With --listen, steps through a live session and moves the app with it. With --reducer NAME, skip, edit and whatif fork the session: they step the edited history, replayed through the reducer as --what-if replays it, and back to recorded returns to the recording."
  )
  static let declaration = ModeDeclaration(
    StepMode.self, flag: flag, options: [OptionFlags.follow],
    stdin: "reads its commands from stdin")

  init() {}
  init(_ arguments: ModeArguments) {}

  /// `skip`, `edit` and `whatif` replay through `--reducer NAME`.
  var usesReducer: Bool { true }

  /// The stepper's `help`: its commands from the table, then how states, expressions
  /// and paths are written.
  static var commandHelp: String {
    StepCommand.helpLines + """
      K, A and B are entries' seqs, as printed, or init (0 too when no entry has
      seq 0). EXPR sees $seq, $action and $prior, as with --bisect. PATH is a jq path
      (.todos[0].title) or a JSON Pointer (/todos/0/title).
      skip, edit and whatif need --reducer NAME. On a fork, K is an entry as the fork
      numbers it; whatif's edits name the recording's entries, as --what-if does.
      An empty line repeats the last command. At a terminal, ↑/↓ and Ctrl-R recall
      earlier commands and Tab completes commands and paths.

      """
  }

  func run(_ context: Context) throws -> Int32 {
    var stepper = Stepper(context: context)
    let follower =
      context.options.follow ? try StepFollower(following: context.log, io: context.io) : nil
    stepper.show()
    try Self.interact(&stepper) {
      if let update = try follower?.catchUp($0.context.log) {
        $0.adopt(update.log, newSession: update.newSession)
      }
    }
    return ExitCode.success
  }

  /// Reads commands and runs them until `quit` or the end of input, calling `before`
  /// ahead of each (to take in what the log got meanwhile).
  /// - Throws: `LogError` when the log cannot be read any more.
  static func interact(_ stepper: inout Stepper, before: (inout Stepper) throws -> Void) throws {
    let context = stepper.context
    var last: String?
    let input = CommandReader(io: context.io)
    while true {
      let current = stepper.current
      let log = stepper.context.log
      guard
        let raw = input.readLine(
          prompt: context.style.paint(stepper.prompt, .bold),
          completer: { StepCompletion.complete($0, state: { try? log.state(current) }) })
      else { break }
      var line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty {
        guard let last else { continue }
        line = last
      }
      last = line
      do {
        try before(&stepper)
        if try !stepper.execute(line) { break }
      } catch let error as CommandError {
        // A bad expression or a failing predicate ends the command, not the session.
        context.io.out(error.message + "\n")
      }
    }
  }
}
