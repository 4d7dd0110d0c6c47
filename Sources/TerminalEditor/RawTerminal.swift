import Foundation

/// The terminal's raw mode (`termios`, POSIX.1 §11), for the line editor to
/// read each key as it is pressed, with the settings it replaces restored on
/// every way out.
///
/// Raw mode is the one linenoise and readline use: no echo, no line buffering,
/// no signals from Ctrl-C or Ctrl-Z (the editor handles those keys), no CR/LF
/// translation. While it is on, handlers for SIGINT, SIGTERM, SIGHUP, SIGQUIT and
/// the crash signals restore the saved settings, put back the handler they
/// replaced and raise the signal again, so the process ends as it would have,
/// with the shell's terminal usable. A signal that was ignored stays ignored.
enum RawTerminal {
  /// What ``readByte(from:waitingAtMost:)`` got.
  enum ReadResult: Equatable {
    /// One byte of input.
    case byte(UInt8)
    /// Nothing came within the time allowed.
    case timeout
    /// End of input, or an error (the terminal hung up).
    case end
  }

  /// The signals whose arrival restores the terminal before the process ends.
  static let signals: [Int32] = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP,
  ]

  /// Puts the terminal `descriptor` refers to in raw mode and installs the
  /// signal handlers. Returns false, changing nothing, when it is not a
  /// terminal or its settings cannot be read or changed.
  static func enable(_ descriptor: Int32) -> Bool {
    guard terminalState.descriptor.pointee < 0, tcgetattr(descriptor, terminalState.saved) == 0
    else {
      return false
    }
    var raw = terminalState.saved.pointee
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { controls in
      controls[Int(VMIN)] = 1
      controls[Int(VTIME)] = 0
    }
    // Handlers first, so that no moment in raw mode is without them.
    terminalState.descriptor.pointee = descriptor
    installHandlers()
    guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else {
      terminalState.descriptor.pointee = -1
      removeHandlers()
      return false
    }
    return true
  }

  /// Restores the settings ``enable(_:)`` saved and the signal handlers it
  /// replaced; does nothing when raw mode is off.
  static func disable() {
    let descriptor = terminalState.descriptor.pointee
    guard descriptor >= 0 else { return }
    _ = tcsetattr(descriptor, TCSANOW, terminalState.saved)
    terminalState.descriptor.pointee = -1
    removeHandlers()
  }

  /// Reads one byte from `descriptor`, waiting at most `milliseconds` when
  /// given (for the rest of an escape sequence), forever otherwise. Retries
  /// reads a signal interrupts.
  static func readByte(from descriptor: Int32, waitingAtMost milliseconds: Int32? = nil)
    -> ReadResult
  {
    if let milliseconds {
      var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      while true {
        let ready = poll(&request, 1, milliseconds)
        if ready == 0 { return .timeout }
        if ready > 0 { break }
        if errno != EINTR { return .end }
      }
    }
    var byte: UInt8 = 0
    while true {
      let count = read(descriptor, &byte, 1)
      if count == 1 { return .byte(byte) }
      if count < 0 && errno == EINTR { continue }
      return .end
    }
  }

  /// Whether input is waiting to be read from `descriptor` (`poll` with no wait).
  static func hasInput(_ descriptor: Int32) -> Bool {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&request, 1, 0) > 0
  }

  /// The terminal's width in columns (`TIOCGWINSZ`), or 80 when it cannot be
  /// read. Asked before each redraw, so a resized window is followed.
  static func columns(_ descriptor: Int32) -> Int {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }

  /// Writes all of `text` to `descriptor`, retrying short and interrupted writes.
  static func write(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let count = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return }
      bytes = bytes.dropFirst(count)
    }
  }

  private static func installHandlers() {
    for signal in signals {
      var action = sigaction()
      action.sa_flags = 0
      sigemptyset(&action.sa_mask)
      setHandler(&action, restoreTerminalAndReraise)
      let previous = terminalState.previousActions + Int(signal)
      // A signal ignored (nohup and friends) stays ignored.
      guard sigaction(signal, nil, previous) == 0, !isIgnored(previous.pointee) else { continue }
      terminalState.installed[Int(signal)] = true
      if sigaction(signal, &action, nil) != 0 { terminalState.installed[Int(signal)] = false }
    }
  }

  private static func removeHandlers() {
    for signal in signals where terminalState.installed[Int(signal)] {
      sigaction(signal, terminalState.previousActions + Int(signal), nil)
      terminalState.installed[Int(signal)] = false
    }
  }

  private static func isIgnored(_ action: sigaction) -> Bool {
    #if os(Linux)
      let handler = action.__sigaction_handler.sa_handler
    #else
      let handler = action.__sigaction_u.__sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self) == 1  // SIG_IGN
  }

  private static func setHandler(
    _ action: inout sigaction, _ handler: @escaping @convention(c) (Int32) -> Void
  ) {
    #if os(Linux)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
  }
}

/// What the signal handler needs, allocated once and reached through pointers
/// held in constants: no locks, no reference counting and no exclusivity checks
/// that a signal arriving mid-access could trip (only async-signal-safe work
/// happens in a handler).
private struct TerminalState {
  /// The raw terminal's descriptor, or -1 when raw mode is off.
  let descriptor = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
  /// The settings raw mode replaced.
  let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  /// The handlers replaced, indexed by signal number.
  let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
  /// Whether the handler for a signal number is ours.
  let installed = UnsafeMutablePointer<Bool>.allocate(capacity: 65)

  init() {
    descriptor.initialize(to: -1)
    saved.initialize(to: termios())
    previousActions.initialize(repeating: sigaction(), count: 65)
    installed.initialize(repeating: false, count: 65)
  }
}

// One terminal per process, as there is one set of signal handlers.
nonisolated(unsafe) private let terminalState = TerminalState()

/// Restores the terminal, puts the replaced handler back and raises the signal
/// again: the process then ends (or dumps core, or runs the replaced handler) as
/// it would have without raw mode. Uses only async-signal-safe calls (tcsetattr,
/// write, sigaction, raise).
private func restoreTerminalAndReraise(_ signal: Int32) {
  let descriptor = terminalState.descriptor.pointee
  if descriptor >= 0 {
    _ = tcsetattr(descriptor, TCSANOW, terminalState.saved)
    terminalState.descriptor.pointee = -1
    // End the prompt line, so the shell's prompt starts on its own.
    var newline = UInt8(ascii: "\n")
    _ = write(STDOUT_FILENO, &newline, 1)
  }
  if terminalState.installed[Int(signal)] {
    sigaction(signal, terminalState.previousActions + Int(signal), nil)
    terminalState.installed[Int(signal)] = false
  }
  raise(signal)
}
