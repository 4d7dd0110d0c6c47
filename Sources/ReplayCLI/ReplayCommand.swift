import Foundation
import TerminalEditor
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
    switch invocation.mode {
    case let mode as any StandaloneMode:
      return mode.run(io: io, reducers: reducers)
    case let mode as any LogMode:
      return run(mode, invocation.options, io: io, reducers: reducers)
    default:
      return ExitCode.usage
    }
  }

  /// Opens the log and runs the mode on it.
  private static func run(
    _ mode: any LogMode, _ options: Options, io: some ReplayIO, reducers: ReducerRegistry
  ) -> Int32 {
    for warning in ScanEnvironment.warnings(io.environment) {
      io.errText("replay: warning: \(warning)\n")
    }
    let path = options.logPath ?? "-"
    if !options.moreLogPaths.isEmpty || (path != "-" && FleetRun.isFolder(path)) {
      let declaration = type(of: mode).declaration
      guard FleetRun.modes.contains(declaration.id), !options.follow else {
        // With --follow the mode may well read several logs: --follow is what does not.
        let what = options.follow ? "--follow" : declaration.name
        let note = options.follow ? "" : " (\(FleetRun.modesNote))"
        io.errText("replay: \(what) reads one log file at a time; '\(path)' is a folder\(note)\n")
        return ExitCode.usage
      }
      return FleetRun.run(
        mode, options, paths: [path] + options.moreLogPaths, io: io, reducers: reducers)
    }
    if options.follow, path != "-", let code = FollowMode.waitForLog(at: path, io: io) {
      return code
    }
    var stream: FollowMode.Stream?
    if options.follow, let kind = FollowMode.streamKind(path) {
      switch FollowMode.openStream(path, kind: kind, mode: mode, io: io) {
      case .success(let opened): stream = opened
      case .failure(let failure): return failure.code
      }
    }
    defer { stream?.close() }
    let log: LogFile
    var importWarnings: [LogWarning] = []
    // A mode that starts with a scan of every entry indexes the log as it scans it: the
    // file is read once (unless REPLAY_INDEX_FIRST=1, for comparing the two).
    let scansFirst =
      stream == nil && path != "-" && !options.follow
      && io.environment["REPLAY_INDEX_FIRST"] != "1"
      && mode is any ScanningMode
    do {
      if let stream {
        log = try LogFile(contents: [], name: stream.name)
      } else if path == "-" {
        log = try io.standardInputLog()
      } else {
        (log, importWarnings) = try LogOpener.open(path: path, deferringIndex: scansFirst)
      }
    } catch {
      io.errText("replay: \(error)\n")
      return ExitCode.unreadableLog
    }
    // The summary lists the import's warnings with the log's; other modes say them once
    // the log is open, or once their first scan has indexed it.
    // A log being followed is still being recorded: its missing closing record is no news.
    let follow = options.follow
    let warnings = OpeningWarnings(
      log: log, imported: mode is SummaryMode ? [] : importWarnings, io: io,
      keep: { !(follow && $0.isMissingClosingRecord) })
    if !scansFirst { warnings.say() }
    log.scanSettings = ScanSettings(environment: io.environment)
    var context = Context(
      log: log, options: options, io: io, reducers: reducers, importWarnings: importWarnings)
    context.openingWarnings = warnings
    // Said before an error ends the mode, and after a mode that did not say them.
    defer { warnings.say() }
    do {
      try ActionOnlyStates.prepare(
        context, for: type(of: mode).declaration, usesReducer: mode.usesReducer)
      if let stream, let mode = mode as? any FollowableMode {
        return try FollowMode.runStream(context, mode, descriptor: stream.descriptor)
      }
      if options.follow, let mode = mode as? any FollowableMode {
        return try FollowMode.run(context, mode)
      }
      return try mode.run(context)
    } catch let error as LogError {
      warnings.say()
      io.errText("replay: \(error)\n")
      switch error.kind {
      case .outOfRange: return ExitCode.usage
      case .doesNotFitReducer: return ExitCode.incompatibleLog
      default: return ExitCode.unreadableLog
      }
    } catch let error as CommandError {
      warnings.say()
      io.errText("replay: \(error.message)\n")
      return error.code
    } catch {
      warnings.say()
      io.errText("replay: \(error)\n")
      return ExitCode.unreadableLog
    }
  }

  /// Runs with the process's arguments and streams, then exits.
  /// - Parameter reducers: What `--verify --reducer NAME` can replay through.
  public static func main(reducers: ReducerRegistry = ReducerRegistry()) -> Never {
    let io = StandardIO()
    if let message = notUTF8(CommandLine.unsafeArgv, count: Int(CommandLine.argc)) {
      io.errText("replay: \(message)\n")
      exit(ExitCode.usage)
    }
    let code = run(Array(CommandLine.arguments.dropFirst()), io: io, reducers: reducers)
    exit(code)
  }

  /// Why the arguments `argv` (the program's name first) cannot be taken as they are, or
  /// `nil`: Swift's arguments are strings, and one whose bytes are not UTF-8 was repaired
  /// (U+FFFD), so a file named by it would be "no such file" and an expression another.
  static func notUTF8(_ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, count: Int)
    -> String?
  {
    for k in 1..<max(1, count) {
      guard let argument = argv[k] else { continue }
      let bytes = UnsafeRawBufferPointer(start: argument, count: strlen(argument))
      guard String(validating: bytes, as: UTF8.self) == nil else { continue }
      let shown = TerminalText.sanitize(String(decoding: bytes, as: UTF8.self))
      return
        "argument \(k) ('\(shown)') is not UTF-8, so replay cannot use it as it is (a file of that name: rename it)"
    }
    return nil
  }
}
