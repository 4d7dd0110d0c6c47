import Foundation

/// Reads lines at a terminal with a `LineEditor`: raw mode on while a line is
/// read and off again before it is returned, keys decoded by `KeyDecoder`, the
/// line drawn by `LineView`, entered lines kept in the ``HistoryFile``.
public final class TerminalLineReader {
  /// How long the rest of an escape sequence may take to arrive before a lone
  /// Escape is assumed (readline's `keyseq-timeout` default).
  static let sequenceTimeoutMilliseconds: Int32 = 500

  private var editor: LineEditor
  private var decoder = KeyDecoder()
  private let historyFile: HistoryFile?
  private let input: Int32
  private let output: Int32

  /// A reader on the terminal at `input` and `output`, its history loaded from
  /// `historyFile` (none kept between sessions when `nil`).
  public init(historyFile: HistoryFile?, input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO)
  {
    self.historyFile = historyFile
    self.input = input
    self.output = output
    editor = LineEditor(history: historyFile?.load() ?? LineHistory())
  }

  /// Whether the line editor can run: standard input and output are terminals,
  /// and `TERM` names one that understands the cursor controls (not `dumb`,
  /// nor Emacs's shell buffer), as linenoise decides.
  public static func isSupported(environment: [String: String]) -> Bool {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1,
      let term = environment["TERM"], !term.isEmpty
    else { return false }
    return !["dumb", "cons25", "emacs"].contains(term)
  }

  /// Shows `prompt` and reads one line with editing, Tab completing through
  /// `completer`. Returns the line (without its end), or `nil` on Ctrl-D at an
  /// empty line or at the end of input. The terminal is back in its own mode
  /// when this returns, whichever way.
  public func readLine(prompt: String, completer: LineCompleter?) -> String? {
    editor.completer = completer
    guard RawTerminal.enable(input) else {
      write(prompt)
      return Swift.readLine(strippingNewline: true)
    }
    defer { RawTerminal.disable() }
    editor.startNewLine()
    draw(prompt)
    var needsRedraw = false
    while true {
      // Drawn once the input waiting is read: a paste redraws once, not per key.
      if needsRedraw && !RawTerminal.hasInput(input) {
        draw(prompt)
        needsRedraw = false
      }
      let key: EditorKey?
      let timeout = decoder.isPending ? Self.sequenceTimeoutMilliseconds : nil
      switch RawTerminal.readByte(from: input, waitingAtMost: timeout) {
      case .byte(let byte): key = decoder.feed(byte)
      case .timeout: key = decoder.flush()
      case .end:
        write("\r\n")
        return nil
      }
      guard let key else { continue }
      switch editor.handle(key) {
      case .none: break
      case .redraw: needsRedraw = true
      case .bell: write("\u{7}")
      case .submit(let line, let newEntry):
        draw(prompt, line: line)
        write("\r\n")
        if let newEntry { historyFile?.append(newEntry) }
        return line
      case .cancel(let line):
        // As readline echoes it, then a fresh prompt (gdb's behaviour).
        draw(prompt, line: line)
        write("^C\r\n")
        draw(prompt)
      case .endOfInput:
        // The line as it is now (emptied by a key not yet drawn, say), then
        // the command Ctrl-D stands for, as gdb echoes it.
        if needsRedraw { draw(prompt) }
        write("quit\r\n")
        return nil
      case .list(let labels):
        // Below the line as it is now.
        if needsRedraw { draw(prompt) }
        let rows = CompletionList.rows(labels, columns: RawTerminal.columns(output))
        write("\r\n" + rows.map { $0 + "\r\n" }.joined())
        draw(prompt)
      case .clearScreen:
        write("\u{1B}[H\u{1B}[2J")
        draw(prompt)
      case .suspend:
        if needsRedraw { draw(prompt) }
        RawTerminal.disable()
        // raise, not kill: the signal is taken before it returns, so nothing
        // is drawn until the job is continued.
        raise(SIGTSTP)
        // Continued (fg): raw mode again, and the line as it was.
        guard RawTerminal.enable(input) else { return nil }
        draw(prompt)
      }
    }
  }

  /// Draws `line` (by default the editor's, with its cursor; otherwise with the
  /// cursor at its end), with the search prompt during a history search.
  private func draw(_ prompt: String, line: String? = nil) {
    let columns = RawTerminal.columns(output)
    if let line {
      write(LineView.redraw(prompt: prompt, buffer: line, cursor: line.count, columns: columns))
    } else {
      write(
        LineView.redraw(
          prompt: editor.searchPrompt ?? prompt, characters: editor.characters,
          cursor: editor.cursor, columns: columns))
    }
  }

  private func write(_ text: String) { RawTerminal.write(text, to: output) }
}
