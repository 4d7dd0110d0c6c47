import Foundation
import TestSupport
import Testing

/// A command at a real pseudo-terminal, driven as a person would through a
/// private tmux server (its own socket, so it never meets the user's tmux):
/// keys go in with `send-keys`, the screen comes back with `capture-pane`.
///
/// Nothing here waits a fixed time: ``waitFor(_:_:)`` polls the screen until
/// the expected text is there, up to a generous bound, so a loaded machine is
/// slower but never wrong. The server and its files go when the session does.
final class TmuxSession: Sendable {
  /// The first executable `tmux` on `PATH`, or nil.
  static let tmux: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    return path.split(separator: ":").lazy.map { "\($0)/tmux" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// The `replay` executable the test run built: beside the test binary (Linux),
  /// or a few folders up from it (a macOS `.xctest` bundle).
  static let replay: String? = {
    let me =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    var folder = URL(fileURLWithPath: me).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent("replay").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      folder.deleteLastPathComponent()
    }
    return nil
  }()

  /// Whether tmux and the `replay` executable are both there.
  static var isAvailable: Bool { tmux != nil && replay != nil }

  /// The longest a wait for the screen lasts before the test fails.
  static let patience: TimeInterval = 90

  /// A private folder: the server's socket, its configuration, and `home`.
  let folder: String
  /// A home folder for the command, so its history file is the test's own.
  let home: String
  private let socket: String
  /// The tmux server's process id.
  private let server: pid_t?

  /// A session in a fresh private server running the command `command(home)` makes
  /// (through `/bin/sh -c`) at a terminal `columns` by `rows`. `home` is a folder of the
  /// session's own, unless one is given (to share it between sessions). The pane stays
  /// after the command ends, so its last screen can be read.
  init(
    columns: Int = 100, rows: Int = 30, home: String? = nil,
    _ command: (_ home: String) -> String
  ) async throws {
    let places = try Self.places(home: home)
    let commandLine = command(places.home)
    (folder, self.home, socket) = places
    server = try await OffPool.run {
      try Self.start(places, columns: columns, rows: rows, command: commandLine)
    }
  }

  /// ``init(columns:rows:home:_:)`` on the calling thread, for the steps of a
  /// ``script(_:)`` that must follow the command's start without a wait for the pool.
  init(
    blockingColumns columns: Int = 100, rows: Int = 30, home: String? = nil,
    _ command: (_ home: String) -> String
  ) throws {
    let places = try Self.places(home: home)
    (folder, self.home, socket) = places
    server = try Self.start(places, columns: columns, rows: rows, command: command(places.home))
  }

  /// A new private folder, its home and socket paths.
  private static func places(home: String?) throws -> (
    folder: String, home: String, socket: String
  ) {
    // Short: a socket path must fit in sun_path (108 bytes).
    let folder = Scratch.folder.path + "/tmux-" + UUID().uuidString.prefix(8)
    let home = home ?? folder + "/home"
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return (folder, home, folder + "/socket")
  }

  /// Starts the server and its session; the server's process id.
  private static func start(
    _ places: (folder: String, home: String, socket: String), columns: Int, rows: Int,
    command: String
  ) throws -> pid_t? {
    let configuration = places.folder + "/tmux.conf"
    try """
    set -g remain-on-exit on
    set -g remain-on-exit-format ""
    set -g status off
    set -g default-shell /bin/sh
    set -g history-limit 0

    """.write(toFile: configuration, atomically: true, encoding: .utf8)
    try run(
      ["-f", configuration, "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", command],
      socket: places.socket, output: false)
    return Int32(try run(["display-message", "-p", "#{pid}"], socket: places.socket).trimmed)
  }

  deinit {
    // Ending the server and watching it go take a while: a thread of their own does it,
    // not whichever test thread lets go of the session.
    // A full test run starts more processes than there are process ids, so the id
    // is checked to be still this server's (its command line names this socket)
    // before each look: a reused id must never get another session's SIGKILL.
    let (socket, folder, server) = (socket, folder, server)
    OffPool.start("tmux \(folder)") {
      _ = try? Self.run(["kill-server"], socket: socket)
      try? FileManager.default.removeItem(atPath: folder)
      // The server takes a moment to end; should it outlive kill-server, it is ours to
      // end, by its id.
      guard let server else { return }
      let deadline = Date().addingTimeInterval(Self.patience)
      while Self.isServer(server, of: socket) && Date() < deadline { usleep(20_000) }
      if Self.isServer(server, of: socket) { kill(server, SIGKILL) }
    }
  }

  /// Whether process `pid` is the tmux server of `socket`: alive, and its command
  /// line (Linux's `/proc/PID/cmdline`) holds the socket's path.
  private static func isServer(_ pid: pid_t, of socket: String) -> Bool {
    guard kill(pid, 0) == 0,
      let commandLine = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
    else { return false }
    return commandLine.split(separator: 0).contains { $0.elementsEqual(socket.utf8) }
  }

  /// `text` quoted for `/bin/sh`.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }

  /// Types `text` literally, as a person types it.
  func type(_ text: String) async throws { try await run(["send-keys", "-l", text]) }

  /// ``type(_:)`` on the calling thread, for a ``script(_:)``.
  func type(blocking text: String) throws {
    try Self.run(["send-keys", "-l", text], socket: socket)
  }

  /// Presses keys by tmux's names: `Enter`, `Up`, `Tab`, `C-c`, `Home`, …
  func press(_ keys: String...) async throws { try await run(["send-keys"] + keys) }

  /// ``press(_:)`` on the calling thread, for a ``script(_:)``.
  func pressBlocking(_ keys: String...) throws {
    try Self.run(["send-keys"] + keys, socket: socket)
  }

  /// The pane as text, one string a row, trailing spaces and empty rows removed.
  func screen() async throws -> [String] {
    Self.rows(try await run(["capture-pane", "-p"]))
  }

  /// ``screen()`` on the calling thread, for a ``script(_:)``.
  func screenBlocking() throws -> [String] {
    Self.rows(try Self.run(["capture-pane", "-p"], socket: socket))
  }

  private static func rows(_ captured: String) -> [String] {
    var rows = captured.split(separator: "\n", omittingEmptySubsequences: false)
      .map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    while rows.last == "" { rows.removeLast() }
    return rows
  }

  /// A tmux format variable of the pane (`cursor_x`, `pane_pid`, …).
  func value(_ name: String) async throws -> String {
    try await run(["display-message", "-p", "#{\(name)}"]).trimmed
  }

  /// The screen once `condition` holds on it, polling; records an issue with the
  /// last screen seen when it does not within ``patience``.
  ///
  /// Sleeps between looks with `Task.sleep`, so a waiting test holds no thread
  /// of the shared pool that other tests run on. A look may come late when the pool
  /// is busy (each one waits for a thread of it): wait this way only for a screen that
  /// stays once shown (a prompt, a result); for one that passes (a progress line while
  /// a command runs), use ``waitBlocking(for:_:)`` in a ``script(_:)``.
  @discardableResult
  func waitFor(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: ([String]) async throws -> Bool
  ) async throws -> [String] {
    let deadline = Date().addingTimeInterval(Self.patience)
    var rows = try await screen()
    var pause = 10
    while try await !condition(rows) {
      if Date() > deadline {
        Issue.record(
          "gave up waiting for \(what); the screen:\n\(rows.joined(separator: "\n"))",
          sourceLocation: sourceLocation)
        return rows
      }
      // Quick at first, then less often: each look starts a tmux client.
      try await Task.sleep(for: .milliseconds(pause))
      pause = min(pause * 2, 160)
      rows = try await screen()
    }
    return rows
  }

  /// The screen once `condition` holds on it, polling on the calling thread, and whether
  /// it held within ``patience`` (else the last screen seen): for a ``script(_:)``.
  func waitBlocking(for condition: ([String]) -> Bool) throws -> (rows: [String], held: Bool) {
    let deadline = Date().addingTimeInterval(Self.patience)
    var pause: UInt32 = 10_000
    while true {
      let rows = try screenBlocking()
      if condition(rows) { return (rows, true) }
      if Date() > deadline { return (rows, false) }
      usleep(pause)
      pause = min(pause * 2, 160_000)
    }
  }

  /// Waits until the screen is exactly `rows` (as ``screen()`` gives them);
  /// records an issue with both when it is not within ``patience``.
  func waitForScreen(_ rows: [String], sourceLocation: SourceLocation = #_sourceLocation)
    async throws
  {
    let expected = rows.joined(separator: "\n")
    try await waitFor("the screen\n\(expected)\n", sourceLocation: sourceLocation) { $0 == rows }
  }

  /// Runs `steps` on a thread of their own, with the session's blocking calls
  /// (``init(blockingColumns:rows:home:_:)``, ``waitBlocking(for:_:)``,
  /// ``pressBlocking(_:)``), and returns what they return.
  ///
  /// For a move that must come while something passes on the screen: the tests share
  /// the cooperative pool (two threads on a 2-core machine), and Swift Testing queues
  /// every test at the start, so an async test that awaits anything resumes only when a
  /// thread of the pool is free, which in a full run can be minutes later. Between two
  /// steps here nothing waits for the pool.
  static func script<T: Sendable>(_ steps: @escaping @Sendable () throws -> T) async throws -> T {
    try await OffPool.run(steps)
  }

  /// Runs tmux with `arguments` and returns what it printed, from a thread of its own
  /// (``run(_:socket:output:)``), so that no thread of the pool waits on tmux.
  @discardableResult
  private func run(_ arguments: [String], output: Bool = true) async throws -> String {
    let socket = socket
    return try await OffPool.run { try Self.run(arguments, socket: socket, output: output) }
  }

  /// Runs tmux with `arguments` for the server at `socket` on the calling thread and
  /// returns what it printed. With `output` false its output goes to /dev/null instead:
  /// the server that `new-session` starts keeps its standard streams, and a pipe it held
  /// open would never end. Started as a ``SpawnedProcess``: the server a client starts
  /// lives on with the client's descriptors, and must hold no other test's pipe.
  /// - Throws: ``TmuxError`` when tmux fails (a capture of a server that is gone says so,
  ///   instead of showing an empty screen).
  @discardableResult
  private static func run(_ arguments: [String], socket: String, output: Bool = true) throws
    -> String
  {
    var environment = ProcessInfo.processInfo.environment
    // tmux reads typed text as UTF-8 only in a UTF-8 locale.
    environment["LC_ALL"] = "C.UTF-8"
    environment.removeValue(forKey: "TMUX")
    let client = try SpawnedProcess(
      tmux!, ["-S", socket] + arguments, environment: environment,
      output: output ? .pipe : .null, errors: output ? .pipe : .null)
    let printed = client.output?.remainingBytesBlocking() ?? []
    let errors = client.errors?.remainingBytesBlocking() ?? []
    let end = client.terminationBlocking()
    guard end == SpawnedProcess.Termination(status: 0) else {
      throw TmuxError.failed(arguments, end.status, String(decoding: errors, as: UTF8.self))
    }
    return String(decoding: printed, as: UTF8.self)
  }
}

/// tmux failed.
enum TmuxError: Error, CustomStringConvertible {
  /// `tmux ARGUMENTS` ended with this status and error output.
  case failed([String], Int32, String)

  var description: String {
    switch self {
    case .failed(let arguments, let status, let errors):
      "tmux \(arguments.joined(separator: " ")) failed (\(status)): \(errors)"
    }
  }
}

extension String {
  fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
