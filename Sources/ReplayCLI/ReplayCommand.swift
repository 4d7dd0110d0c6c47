import Foundation
import TimeTravel

/// The `replay` command line as a library call, so tests and apps can run it
/// in-process: `ReplayCommand.run(["log.jsonl", "--show", "3"], io: BufferIO())`.
public enum ReplayCommand {
  /// The version `--version` prints.
  public static let version = "0.1.0"

  /// Runs `replay` with `arguments` (without the program name).
  ///
  /// The work runs on a thread with a 1 GB stack (see `WorkThread`) while
  /// the caller waits, so deeply nested values evaluate the same in-process
  /// and from the shell.
  /// - Parameters:
  ///   - arguments: The command line without the program name.
  ///   - io: The streams.
  ///   - reducers: What `--verify --reducer NAME` can replay through; none by default.
  /// - Returns: The exit code (see ``ExitCode``).
  public static func run(
    _ arguments: [String], io: some ReplayIO, reducers: ReducerRegistry = ReducerRegistry()
  ) -> Int32 {
    WorkThread.run { runHere(arguments, io: io, reducers: reducers) }
  }

  /// ``run(_:io:reducers:)`` on the calling thread.
  private static func runHere(_ arguments: [String], io: some ReplayIO, reducers: ReducerRegistry)
    -> Int32
  {
    let invocation: Invocation
    do {
      invocation = try Options.parse(arguments)
    } catch {
      let usage = HelpText(table: .replay).usage
      io.errText("replay: \(error.message)\n\(usage)\nTry 'replay --help' for more.\n")
      return ExitCode.usage
    }
    switch invocation {
    case .help:
      io.out(HelpText(table: .replay, reducers: reducers.names).full)
      return ExitCode.success
    case .version:
      io.out("replay \(version)\n")
      return ExitCode.success
    case .completion(let shell):
      io.out(ShellCompletion(table: .replay).script(for: shell))
      return ExitCode.success
    case .eval(let expression):
      return EvalMode.run(expression, io: io)
    case .onLog(let options):
      return run(options, io: io, reducers: reducers)
    }
  }

  /// Opens the log and runs the mode on it.
  private static func run(_ options: Options, io: some ReplayIO, reducers: ReducerRegistry)
    -> Int32
  {
    let log: LogFile
    var importWarnings: [LogWarning] = []
    do {
      if options.logPath == "-" {
        log = try io.standardInputLog()
      } else {
        (log, importWarnings) = try LogOpener.open(path: options.logPath)
      }
    } catch {
      io.errText("replay: \(error)\n")
      return ExitCode.unreadableLog
    }
    for warning in importWarnings + log.warnings {
      io.errText(
        "replay: warning: \(log.path):\(warning.line.map(String.init) ?? ""): \(warning.message)\n")
    }
    let context = Context(log: log, options: options, io: io, reducers: reducers)
    do {
      try ActionOnlyStates.prepare(context)
      if options.follow, options.mode != .step { return try FollowMode.run(context) }
      switch options.mode {
      case .summary: return try SummaryMode.run(context)
      case .show(let n) where ReproduceMode.showsPending(context, n):
        return ReproduceMode.showPending(context)
      case .show(let name): return try ShowMode.run(context, state: name)
      case .diff(let a, let b?): return try DiffMode.run(context, from: a, to: b)
      case .diff(let k, nil): return try DiffMode.run(context, entry: k)
      case .bisect(let criterion, let linear):
        return try BisectMode.run(context, criterion: criterion, linear: linear)
      case .watch(let path): return try WatchMode.run(context, path: path)
      case .find(let expression): return try FindMode.run(context, expression: expression)
      case .step: return try StepMode.run(context)
      case .verify(let reducer): return try VerifyMode.run(context, reducer: reducer)
      case .reproduce: return try ReproduceMode.run(context)
      case .emitTest(let request): return try EmitTestMode.run(context, request)
      case .html(let request): return try HTMLMode.run(context, request: request)
      case .convert: return try ConvertMode.run(context)
      case .export(let target): return try ExportMode.run(context, to: target)
      }
    } catch let error as LogError {
      io.errText("replay: \(error)\n")
      switch error.kind {
      case .outOfRange: return ExitCode.usage
      case .doesNotFitReducer: return ExitCode.incompatibleLog
      default: return ExitCode.unreadableLog
      }
    } catch let error as CommandError {
      io.errText("replay: \(error.message)\n")
      return error.code
    } catch {
      io.errText("replay: \(error)\n")
      return ExitCode.unreadableLog
    }
  }

  /// Runs with the process's arguments and streams, then exits.
  /// - Parameter reducers: What `--verify --reducer NAME` can replay through.
  public static func main(reducers: ReducerRegistry = ReducerRegistry()) -> Never {
    let code = run(Array(CommandLine.arguments.dropFirst()), io: StandardIO(), reducers: reducers)
    exit(code)
  }
}
