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
  /// - Returns: The exit code (see ``ExitCode``).
  public static func run(_ arguments: [String], io: some ReplayIO) -> Int32 {
    // Task-local values do not follow a new thread: carry the registry over.
    let reducers = ReducerRegistry.current
    return WorkThread.run {
      ReducerRegistry.$current.withValue(reducers) { runHere(arguments, io: io) }
    }
  }

  /// ``run(_:io:)`` on the calling thread.
  private static func runHere(_ arguments: [String], io: some ReplayIO) -> Int32 {
    let options: Options
    do {
      options = try Options.parse(arguments)
    } catch {
      io.errText("replay: \(error.message)\n\(HelpText.usage)\nTry 'replay --help' for more.\n")
      return ExitCode.usage
    }
    switch options.mode {
    case .help:
      io.out(HelpText.full)
      return ExitCode.success
    case .version:
      io.out("replay \(version)\n")
      return ExitCode.success
    case .eval(let expression):
      return EvalMode.run(expression, io: io)
    default:
      break
    }
    let log: LogFile
    do {
      log = try options.logPath == "-" ? io.standardInputLog() : LogFile(path: options.logPath!)
    } catch {
      io.errText("replay: \(error)\n")
      return ExitCode.unreadableLog
    }
    for warning in log.warnings {
      io.errText(
        "replay: warning: \(log.path):\(warning.line.map(String.init) ?? ""): \(warning.message)\n")
    }
    let context = Context(log: log, options: options, io: io)
    do {
      switch options.mode {
      case .summary: return try SummaryMode.run(context)
      case .show(let n) where ReproduceMode.showsPending(context, n):
        return ReproduceMode.showPending(context)
      case .show(let n): return try ShowMode.run(context, state: n)
      case .diff(let a, let b?): return try DiffMode.run(context, from: a, to: b)
      case .diff(let k, nil): return try DiffMode.run(context, entry: k)
      case .bisect(let criterion, let linear):
        return try BisectMode.run(context, criterion: criterion, linear: linear)
      case .watch(let path): return try WatchMode.run(context, path: path)
      case .find(let expression): return try FindMode.run(context, expression: expression)
      case .step: return try StepMode.run(context)
      case .verify(let reducer): return try VerifyMode.run(context, reducer: reducer)
      case .reproduce: return try ReproduceMode.run(context)
      case .help, .version, .eval: return ExitCode.success
      }
    } catch let error as LogError {
      io.errText("replay: \(error)\n")
      return error.kind == .outOfRange ? ExitCode.usage : ExitCode.unreadableLog
    } catch let error as CommandError {
      io.errText("replay: \(error.message)\n")
      return error.code
    } catch {
      io.errText("replay: \(error)\n")
      return ExitCode.unreadableLog
    }
  }

  /// Runs with the process's arguments and streams, then exits.
  public static func main() -> Never {
    let code = run(Array(CommandLine.arguments.dropFirst()), io: StandardIO())
    exit(code)
  }
}

/// An error a mode reports with its own exit code.
struct CommandError: Error {
  var code: Int32
  var message: String
}

/// What every mode needs.
struct Context {
  var log: LogFile
  var options: Options
  var io: any ReplayIO

  var json: Bool { options.format == .json }

  /// Prints a JSON value on one line (for `--format json`).
  func printJSON(_ value: JSONValue) { io.out(JSONPrinter.compact.print(value) + "\n") }

  /// The display name of an action, safe for a terminal.
  func name(_ action: JSONValue) -> String { TerminalText.sanitize(ActionName.of(action)) }

  /// A compact value, abbreviated unless `--full`.
  func abbreviated(_ value: JSONValue, limit: Int = 200) -> String {
    let text = JSONPrinter.compact.print(value)
    guard !options.full, text.count > limit else { return text }
    return String(text.prefix(limit - 1)) + "…"
  }
}
