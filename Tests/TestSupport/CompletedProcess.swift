import Foundation

/// A program run to completion, and what it printed: the tests' one way to run a shell,
/// Node, Python or the toolchain's `docc` and wait for it (as Python's
/// `subprocess.run` returns a `CompletedProcess`). Standard input is empty unless given.
///
/// Started as a ``SpawnedProcess`` (it inherits no descriptor of another test), and awaited
/// from a thread of its own: a compiler or browser run takes minutes on a loaded machine,
/// and a test waiting for it on the cooperative pool would hold one of its threads (two on
/// a 2-core machine) from every other test all that time.
public struct CompletedProcess: Sendable {
  /// Its exit status, or the number of the signal that ended it.
  public var status: Int32
  /// Its standard output (with standard error too, when run with `mergingOutput`).
  public var out: String
  /// Its standard error (empty when run with `mergingOutput`).
  public var err: String

  /// Runs `executable` with `arguments` until it exits.
  /// - Parameters:
  ///   - executable: The program's path.
  ///   - arguments: Its arguments.
  ///   - directory: Its working directory; this process's when `nil`.
  ///   - environment: Variables added to this process's environment.
  ///   - mergingOutput: Whether standard error goes to the same pipe as standard output,
  ///     interleaved as the program wrote them.
  ///   - input: What the program reads on standard input; empty when `nil`.
  /// - Throws: ``SpawnError`` when the program cannot be started.
  public static func run(
    _ executable: String, _ arguments: [String], in directory: URL? = nil,
    environment: [String: String] = [:], mergingOutput: Bool = false, input: String? = nil
  ) async throws -> CompletedProcess {
    try await OffPool.run {
      try runBlocking(
        executable, arguments, in: directory, environment: environment,
        mergingOutput: mergingOutput, input: input)
    }
  }

  /// ``run(_:_:in:environment:mergingOutput:input:)`` waiting on the calling thread: for
  /// a static property's one-time probe (a trait's condition, which cannot await), never
  /// in a test's body.
  public static func runBlocking(
    _ executable: String, _ arguments: [String], in directory: URL? = nil,
    environment: [String: String] = [:], mergingOutput: Bool = false, input: String? = nil
  ) throws -> CompletedProcess {
    let child = try SpawnedProcess(
      executable, arguments, directory: directory?.path,
      environment: environment.isEmpty
        ? nil : ProcessInfo.processInfo.environment.merging(environment) { $1 },
      input: input == nil ? .null : .pipe, output: .pipe,
      errors: mergingOutput ? .standardOutput : .pipe)
    if let input {
      // The outputs are read by threads of their own meanwhile, so a program that writes
      // before it has read everything cannot block this.
      child.send(input)
      child.closeInput()
    }
    let out = child.output?.remainingBytesBlocking() ?? []
    let err = child.errors?.remainingBytesBlocking() ?? []
    return CompletedProcess(
      status: child.terminationBlocking().status, out: String(decoding: out, as: UTF8.self),
      err: String(decoding: err, as: UTF8.self))
  }
}
