import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process as the tests start them: the one way every test helper spawns a
/// program (``CompletedProcess``, the command-line tests' `ChildProcess` and tmux driver,
/// the live sessions' apps).
///
/// Two properties that Foundation's `Process` lacks on Linux, and whose absence made full
/// test runs fail while each test passed alone:
/// - **The child inherits descriptors 0–2 and nothing else**, whatever another test's
///   thread opens meanwhile. Foundation's `Process` emulates Apple's
///   `POSIX_SPAWN_CLOEXEC_DEFAULT` by listing `/proc/self/fd` and closing what it lists;
///   a pipe another thread opens between that listing and the spawn (Foundation's `Pipe`
///   has no `O_CLOEXEC`) is inherited, and a long-lived child then holds the write end of
///   another test's pipe open: that test's child never sees its input end. Here the child
///   closes every descriptor from 3 up as it starts (glibc's
///   `posix_spawn_file_actions_addclosefrom_np`, Apple's `POSIX_SPAWN_CLOEXEC_DEFAULT`),
///   and the pipes made here are close-on-exec, so no other spawner in the process inherits
///   them either.
/// - **Nothing waits on a thread of the cooperative pool** (as many threads as cores, two
///   on the CI machine, shared by every test): the child is reaped and its output read by
///   threads of its own, and the async waits poll what those threads collected with
///   `Task.sleep`.
///
/// The child runs in a process group of its own (as `Process` starts it), with no signal
/// blocked or ignored (the test runner's threads block most signals, and a child inherits
/// the mask and ignored signals: a tmux server blocking SIGCHLD never sees its panes end).
/// It is sent SIGKILL if it is still running when the value goes.
public final class SpawnedProcess: @unchecked Sendable {
  /// Where the child's standard input comes from.
  public enum Input: Sendable {
    /// `/dev/null`: the child reads end of file at once.
    case null
    /// A pipe the test writes with ``send(_:)`` and ends with ``closeInput()``.
    case pipe
  }

  /// Where one of the child's output streams goes.
  public enum Output: Sendable {
    /// `/dev/null`.
    case null
    /// A pipe read into ``output`` or ``errors`` as the child writes.
    case pipe
    /// Standard error only: the same pipe as standard output, interleaved as written.
    case standardOutput
  }

  /// How the child ended.
  public struct Termination: Sendable, Equatable {
    /// Its exit status, or the number of the signal that ended it.
    public var status: Int32
    /// Whether a signal ended it (`status` is then the signal's number).
    public var signaled: Bool

    /// An exit with `status`, or the signal `status` when `signaled`.
    public init(status: Int32, signaled: Bool = false) {
      self.status = status
      self.signaled = signaled
    }
  }

  /// The child's process id.
  public let pid: pid_t
  /// What the child writes on standard output (`nil` unless it goes to a pipe).
  public let output: PipedOutput?
  /// What it writes on standard error (`nil` unless that has a pipe of its own).
  public let errors: PipedOutput?
  private let exit = Latch<Termination>()
  private let inputLock = NSLock()
  private var input: Int32?

  /// Starts `executable` with `arguments`.
  /// - Parameters:
  ///   - executable: The program's path (no `PATH` search).
  ///   - arguments: Its arguments, without the program's name.
  ///   - directory: Its working directory; this process's when `nil`.
  ///   - environment: Its whole environment; this process's when `nil`.
  ///   - input, output, errors: Where its three standard streams go.
  /// - Throws: ``SpawnError`` when a pipe cannot be made or the program cannot be started.
  public init(
    _ executable: String, _ arguments: [String], directory: String? = nil,
    environment: [String: String]? = nil, input: Input = .null, output: Output = .pipe,
    errors: Output = .pipe
  ) throws {
    var pipes: [Int32] = []
    defer { pipes.forEach { close($0) } }
    func makePipe() throws -> (read: Int32, write: Int32) {
      let made = try Self.closeOnExecPipe()
      pipes += [made.read, made.write]
      return made
    }
    let inputPipe = input == .pipe ? try makePipe() : nil
    let outputPipe = output == .pipe ? try makePipe() : nil
    let errorPipe = errors == .pipe ? try makePipe() : nil

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // dup2 clears close-on-exec on the copy, so the three streams survive the exec and
    // every other descriptor made here does not.
    if let inputPipe {
      posix_spawn_file_actions_adddup2(&actions, inputPipe.read, 0)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    if let outputPipe {
      posix_spawn_file_actions_adddup2(&actions, outputPipe.write, 1)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    switch (errors, errorPipe) {
    case (_, let pipe?): posix_spawn_file_actions_adddup2(&actions, pipe.write, 2)
    case (.standardOutput, nil): posix_spawn_file_actions_adddup2(&actions, 1, 2)
    default: posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    if let directory {
      guard let addChdir = SpawnFunctions.addChdir else { throw SpawnError.unsupported }
      _ = addChdir(&actions, directory)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP)
    #if canImport(Darwin)
      flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
    #else
      if let closeFrom = SpawnFunctions.addCloseFrom {
        _ = closeFrom(&actions, 3)
      } else {
        // No closefrom (glibc before 2.34): close what is open now. The pipes made here
        // are close-on-exec anyway; only another spawner's descriptors could slip through.
        for fd in Self.openDescriptors() where fd > 2 && !pipes.contains(fd) {
          posix_spawn_file_actions_addclose(&actions, fd)
        }
      }
    #endif
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var all = sigset_t()
    sigfillset(&all)
    sigdelset(&all, SIGKILL)
    sigdelset(&all, SIGSTOP)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, Int16(flags))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp =
      (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") }
      + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard spawned == 0 else { throw SpawnError.spawn(executable, spawned) }
    self.pid = pid
    // The parent keeps the write end of the input and the read ends of the outputs.
    if let inputPipe {
      self.input = inputPipe.write
      pipes.removeAll { $0 == inputPipe.write }
    }
    self.output = outputPipe.map { pipe in
      pipes.removeAll { $0 == pipe.read }
      return PipedOutput(reading: pipe.read)
    }
    self.errors = errorPipe.map { pipe in
      pipes.removeAll { $0 == pipe.read }
      return PipedOutput(reading: pipe.read)
    }
    let exit = self.exit
    let child = pid
    OffPool.start("reaper \(child)", small: true) {
      var status: Int32 = 0
      while waitpid(child, &status, 0) < 0 && errno == EINTR {}
      let signal = status & 0x7f
      exit.set(
        signal == 0
          ? Termination(status: (status >> 8) & 0xff, signaled: false)
          : Termination(status: signal, signaled: true))
    }
  }

  /// A child still running when the test lets go of it is killed (SIGKILL: it may block
  /// SIGTERM), and reaped by its own thread.
  deinit {
    closeInput()
    if exit.value == nil { kill(pid, SIGKILL) }
  }

  /// Writes `text` to the child's standard input (made with `input: .pipe`); false when
  /// it is closed or the child no longer reads it.
  @discardableResult
  public func send(_ text: String) -> Bool {
    inputLock.withLock {
      guard let input else { return false }
      var bytes = Array(text.utf8)[...]
      while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return false }
        bytes = bytes.dropFirst(written)
      }
      return true
    }
  }

  /// Closes the child's standard input: it reads end of file once it has read the rest.
  public func closeInput() {
    inputLock.withLock {
      if let input { close(input) }
      input = nil
    }
  }

  /// Sends `signal` to the child (not to its group).
  public func signal(_ signal: Int32) {
    if exit.value == nil { kill(pid, signal) }
  }

  /// Whether the child is still running (not yet reaped).
  public var isRunning: Bool { exit.value == nil }

  /// How it ended, once it has; waits without holding a thread of the pool.
  public func termination() async -> Termination { await exit.wait() }

  /// How it ended, waiting on the calling thread: for threads of their own only.
  public func terminationBlocking() -> Termination { exit.waitBlocking() }

  /// A pipe whose two ends are close-on-exec from the start (`pipe2`, looked up at run time
  /// since the Glibc module does not declare it), so that no child another thread spawns
  /// meanwhile inherits it.
  static func closeOnExecPipe() throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [-1, -1]
    if let pipe2 = SpawnFunctions.pipe2 {
      guard pipe2(&fds, O_CLOEXEC) == 0 else { throw SpawnError.pipe(errno) }
    } else {
      guard pipe(&fds) == 0 else { throw SpawnError.pipe(errno) }
      _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
      _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
    }
    return (fds[0], fds[1])
  }

  /// The descriptors open in this process now (`/proc/self/fd`, else the first 1,024).
  static func openDescriptors() -> [Int32] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/dev/fd") else {
      return Array(0..<1024)
    }
    return names.compactMap { Int32($0) }
  }
}

/// Why a child could not be started.
public enum SpawnError: Error, CustomStringConvertible {
  /// `posix_spawn` of this program failed with this errno.
  case spawn(String, Int32)
  /// `pipe` failed with this errno.
  case pipe(Int32)
  /// The C library cannot set a child's working directory as it starts.
  case unsupported

  /// What failed, and why.
  public var description: String {
    switch self {
    case .spawn(let program, let code):
      "cannot start \(program): \(String(cString: strerror(code)))"
    case .pipe(let code): "cannot make a pipe: \(String(cString: strerror(code)))"
    case .unsupported: "posix_spawn_file_actions_addchdir_np is not available"
    }
  }
}

/// The C library's functions that Swift's Glibc module does not declare, looked up at run
/// time; nil where the C library has none.
enum SpawnFunctions {
  typealias Actions = UnsafeMutablePointer<posix_spawn_file_actions_t>

  /// glibc 2.34's `posix_spawn_file_actions_addclosefrom_np`.
  static let addCloseFrom: (@convention(c) (Actions, Int32) -> Int32)? = function(
    "posix_spawn_file_actions_addclosefrom_np")
  /// glibc 2.29's and macOS's `posix_spawn_file_actions_addchdir_np`.
  static let addChdir: (@convention(c) (Actions, UnsafePointer<CChar>) -> Int32)? = function(
    "posix_spawn_file_actions_addchdir_np")
  /// `pipe2`.
  static let pipe2: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32)? = function(
    "pipe2")

  private static func function<F>(_ name: String) -> F? {
    #if canImport(Darwin)
      let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
      let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    guard let symbol = dlsym(everywhere, name) else { return nil }
    return unsafeBitCast(symbol, to: F.self)
  }
}
