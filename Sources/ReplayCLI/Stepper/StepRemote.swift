import ReplayLive
import TerminalEditor
import TimeTravel

/// The running app a stepper is attached to (`replay --listen PORT --step`): each move of
/// the cursor asks the app to show that state, and `undo`, `redo`, `dispatch` and
/// `resume` are the app's own. The app answers every command; what it refuses is said
/// with its reason, and the stepper goes on through the log.
struct StepRemote {
  let listener: LiveListener
  let session: LiveSession
  /// How long a command waits for the app, in seconds.
  var patience = 10.0
  /// Reads what the app appended since the last look, without saying it (the entries
  /// the app recorded for this stepper's commands).
  let catchUp: (_ log: LogFile) throws -> LogFile?

  /// Asks the app to show state `position` of `log`; says what it answered.
  /// - Returns: Whether the app recorded an entry for the move.
  func show(_ position: Int, of log: LogFile, io: any ReplayIO) -> Bool {
    let seq = position == 0 ? 0 : log.numbering.number(atPosition: position)
    switch listener.request(.goto(seq: seq), to: session.id, timeout: patience) {
    case .done(let entry?):
      io.out("  the app shows it now (its entry \(entry) records the move)\n")
      return true
    case .done(nil):
      io.out("  the app shows it already\n")
    case .refused(let reason):
      io.out("  the app did not move: \(TerminalText.sanitize(reason))\n")
    }
    return false
  }

  /// Sends `command`; the seq of the entry the app recorded for it, or `nil` after
  /// saying why there is none.
  func send(_ command: LiveCommand, io: any ReplayIO) -> Int?? {
    switch listener.request(command, to: session.id, timeout: patience) {
    case .done(let seq): return .some(seq)
    case .refused(let reason):
      io.out("the app refused \(command.name): \(TerminalText.sanitize(reason))\n")
      return nil
    }
  }
}
