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
final class TmuxSession {
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
  private var server: pid_t?

  /// A session in a fresh private server running the command `command(home)`
  /// makes (through `/bin/sh -c`) at a terminal `columns` by `rows`. `home` is a
  /// folder of the session's own, unless one is given (to share it between
  /// sessions). The pane stays after the command ends, so its last screen can
  /// be read.
  init(
    columns: Int = 100, rows: Int = 30, home: String? = nil,
    _ command: (_ home: String) -> String
  ) async throws {
    // Short: a socket path must fit in sun_path (108 bytes).
    folder = "/tmp/replay-tmux-" + UUID().uuidString.prefix(8)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    self.home = home ?? folder + "/home"
    try FileManager.default.createDirectory(atPath: self.home, withIntermediateDirectories: true)
    socket = folder + "/socket"
    let configuration = folder + "/tmux.conf"
    try """
    set -g remain-on-exit on
    set -g remain-on-exit-format ""
    set -g status off
    set -g default-shell /bin/sh
    set -g history-limit 0

    """.write(toFile: configuration, atomically: true, encoding: .utf8)
    try await run(
      [
        "-f", configuration, "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)",
        command(self.home),
      ],
      output: false)
    server = try await Int32(value("pid"))
  }

  deinit {
    _ = try? Self.run(["kill-server"], socket: socket)
    try? FileManager.default.removeItem(atPath: folder)
    // The server takes a moment to end; should it outlive kill-server, it is
    // ours to end, by its id. Watched from a dispatch queue, not a test's thread.
    // A full test run starts more processes than there are process ids, so the id
    // is checked to be still this server's (its command line names this socket)
    // before each look: a reused id must never get another session's SIGKILL.
    if let server {
      let socket = socket
      DispatchQueue.global().async {
        let deadline = Date().addingTimeInterval(Self.patience)
        while Self.isServer(server, of: socket) && Date() < deadline { usleep(20_000) }
        if Self.isServer(server, of: socket) { kill(server, SIGKILL) }
      }
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

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's
  /// Glibc module does not declare; nil where the C library has none.
  private static let addCloseFrom:
    (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
      guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
        return nil
      }
      return unsafeBitCast(
        symbol,
        to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)
          .self)
    }()

  /// `text` quoted for `/bin/sh`.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }

  /// Types `text` literally, as a person types it.
  func type(_ text: String) async throws { try await run(["send-keys", "-l", text]) }

  /// Presses keys by tmux's names: `Enter`, `Up`, `Tab`, `C-c`, `Home`, …
  func press(_ keys: String...) async throws { try await run(["send-keys"] + keys) }

  /// The pane as text, one string a row, trailing spaces and empty rows removed.
  func screen() async throws -> [String] {
    var rows = try await run(["capture-pane", "-p"]).split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    while rows.last == "" { rows.removeLast() }
    return rows
  }

  /// A tmux format variable of the pane (`cursor_x`, `pane_pid`, …).
  func value(_ name: String) async throws -> String {
    try await run(["display-message", "-p", "#{\(name)}"]).trimmingCharacters(
      in: .whitespacesAndNewlines)
  }

  /// The screen once `condition` holds on it, polling; records an issue with the
  /// last screen seen when it does not within ``patience``.
  ///
  /// Sleeps between looks with `Task.sleep`, so a waiting test holds no thread
  /// of the shared pool that other tests run on.
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

  /// Waits until the screen is exactly `rows` (as ``screen()`` gives them);
  /// records an issue with both when it is not within ``patience``.
  func waitForScreen(_ rows: [String], sourceLocation: SourceLocation = #_sourceLocation)
    async throws
  {
    let expected = rows.joined(separator: "\n")
    try await waitFor("the screen\n\(expected)\n", sourceLocation: sourceLocation) { $0 == rows }
  }

  /// Runs tmux with `arguments` and returns what it printed. With `output`
  /// false its output goes to /dev/null instead: the server that `new-session`
  /// starts keeps its standard streams, and a pipe it held open would never end.
  ///
  /// Spawned with `posix_spawn` and reaped with `waitpid`, not with Foundation's
  /// `Process`, whose wait does not always see a client that has daemonized a
  /// server end.
  @discardableResult
  private func run(_ arguments: [String], output: Bool = true) async throws -> String {
    // Spawning and reaping block: do it on a dispatch queue, so that no thread
    // of the pool the tests share (two on a 2-core machine) waits on tmux.
    let socket = socket
    return try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(
          with: Result { try Self.run(arguments, socket: socket, output: output) })
      }
    }
  }

  /// ``run(_:output:)`` on the calling thread, for the server at `socket`.
  @discardableResult
  private static func run(_ arguments: [String], socket: String, output: Bool = true) throws
    -> String
  {
    var environment = ProcessInfo.processInfo.environment
    // tmux reads typed text as UTF-8 only in a UTF-8 locale.
    environment["LC_ALL"] = "C.UTF-8"
    environment.removeValue(forKey: "TMUX")
    let argv = ([tmux!, "-S", socket] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pipe: [Int32] = [-1, -1]
    if output { guard Glibc.pipe(&pipe) == 0 else { throw TmuxError.spawn(errno) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    if output {
      posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
      posix_spawn_file_actions_addclose(&actions, pipe[0])
      posix_spawn_file_actions_addclose(&actions, pipe[1])
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    // The server tmux starts lives on with every descriptor its client had: without
    // this it would hold the write end of another test's pipe open (a child's stdin
    // that test closed), and that child would never see its input end.
    if let closeFrom = Self.addCloseFrom { _ = closeFrom(&actions, 3) }
    // The test runner's threads block most signals, and a child inherits that
    // mask and any ignored signal: a tmux server blocking SIGCHLD never sees its
    // panes end, and so never exits. Start tmux with none blocked, all default.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var all = sigset_t()
    sigfillset(&all)
    sigdelset(&all, SIGKILL)
    sigdelset(&all, SIGSTOP)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, tmux!, &actions, &attributes, argv, envp)
    if output { close(pipe[1]) }
    guard spawned == 0 else {
      if output { close(pipe[0]) }
      throw TmuxError.spawn(spawned)
    }
    var bytes: [UInt8] = []
    if output {
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = read(pipe[0], &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        bytes += buffer[..<count]
      }
      close(pipe[0])
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// tmux could not be started.
enum TmuxError: Error {
  /// `posix_spawn` or `pipe` failed with this errno.
  case spawn(Int32)
}
