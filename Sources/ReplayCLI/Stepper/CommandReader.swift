import Foundation
import TerminalEditor

/// Where an interactive mode reads its commands: at a terminal, a line editor
/// with history and completion (``TerminalLineReader``); otherwise (a pipe, a
/// file, the test buffers) plain lines from ``ReplayIO/readLine()``, with the
/// prompt shown only when standard output is a terminal.
final class CommandReader {
  private let io: any ReplayIO
  private let terminal: TerminalLineReader?

  /// A reader for `io`; the line editor only for the process's own streams at
  /// a terminal, with the history file from `io`'s environment.
  init(io: any ReplayIO) {
    self.io = io
    if io is StandardIO, TerminalLineReader.isSupported(environment: io.environment) {
      let historyFile = HistoryFile.path(environment: io.environment).map(HistoryFile.init)
      terminal = TerminalLineReader(historyFile: historyFile)
    } else {
      terminal = nil
    }
  }

  /// The next command line, after `prompt`, Tab completing through `completer`
  /// at a terminal; `nil` at the end of input (or Ctrl-D).
  func readLine(prompt: String, completer: @escaping LineCompleter) -> String? {
    if let terminal { return terminal.readLine(prompt: prompt, completer: completer) }
    if io.isTerminal { io.out(prompt) }
    return io.readLine()
  }
}
