import Dispatch
import Foundation
import Synchronization
import TerminalEditor
import TimeTravel
import TimeTravelJQ

/// `replay LOG LOG…` and `replay DIR`: the summary, `--find` and `--watch` over many logs
/// at once (a fleet's crash reports), the logs read in parallel and reported in the order
/// given, each match prefixed by its log.
///
/// A folder stands for its files ending in `.jsonl` or `.ndjson`, by name. A log that
/// cannot be read is reported on stderr and the others still are; the exit code is then
/// that log's (``ExitCode/unreadableLog``).
enum FleetRun {
  /// The modes that read many logs.
  static let modes: Set<ModeID> = [
    ModeID(SummaryMode.self), ModeID(FindMode.self), ModeID(WatchMode.self),
  ]

  /// The file names a folder's logs end in.
  static let extensions = ["jsonl", "ndjson"]

  /// Whether `path` names a folder.
  static func isFolder(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  /// The logs `given` names: each file as given, each folder's logs by name.
  /// - Throws: ``CommandError`` (exit 3) for a folder that cannot be listed or holds no log.
  static func logPaths(_ given: [String]) throws(CommandError) -> [String] {
    var paths: [String] = []
    for path in given {
      guard isFolder(path) else {
        paths.append(path)
        continue
      }
      let names: [String]
      do {
        names = try FileManager.default.contentsOfDirectory(atPath: path)
      } catch {
        throw CommandError(
          code: ExitCode.unreadableLog,
          message:
            "cannot list the folder \(TerminalText.sanitize(path)): \(error.localizedDescription)")
      }
      let logs = names.filter { name in
        extensions.contains { name.hasSuffix("." + $0) } && !isFolder(path + "/" + name)
      }.sorted()
      guard !logs.isEmpty else {
        throw CommandError(
          code: ExitCode.unreadableLog,
          message:
            "the folder \(TerminalText.sanitize(path)) holds no log (no file ending in .jsonl or .ndjson)"
        )
      }
      let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
      paths += logs.map { folder + "/" + $0 }
    }
    return paths
  }

  /// What one log answered: its part of the report, or why it could not be read; and
  /// what it wrote to stderr (warnings).
  struct Answer: Sendable {
    var path: String
    var result: Result<FleetLogResult, FleetFailure>
    var stderr: String
  }

  /// Runs `mode` over the logs `paths` names and prints the report.
  ///
  /// `--find` and `--watch` with `--format json` stream (``FleetStream``): the opening of
  /// the record at once, each match's record as its log's scan consumes it once the logs
  /// before it are done, the unreadable logs after the last. The text waits for the end:
  /// its heading counts the matches.
  /// - Returns: The exit code: the first unreadable log's, else the mode's.
  static func run(
    _ mode: any LogMode, _ options: Options, paths given: [String], io: some ReplayIO,
    reducers: ReducerRegistry
  ) -> Int32 {
    let question: FleetQuestion
    let paths: [String]
    do {
      question = try FleetQuestion(mode, options)
      paths = try logPaths(given)
    } catch let error as CommandError {
      io.errText("replay: \(error.message)\n")
      return error.code
    } catch {
      io.errText("replay: \(error)\n")
      return ExitCode.usage
    }
    let style = TextStyle(
      full: options.full,
      color: options.color == .always
        || (options.color == .auto && io.isTerminal
          && (io.environment["NO_COLOR"] ?? "").isEmpty)
    )
    let json = options.format != .text
    let lists = question.listsMatches
    let live = json && lists
    if live { io.out(FleetOutput.opening(question)) }
    let stream = FleetStream(io, logs: paths.count, live: live)
    answer(
      question, paths: paths, options: options, environment: io.environment,
      reducers: reducers, stream: stream
    ) { match, path in
      try FleetOutput.record(match, log: path, question: question, json: json, style: style)
    }
    let answers = stream.answers
    let code = answers.lazy.compactMap { answer -> Int32? in
      guard case .failure(let failure) = answer.result else { return nil }
      return failure.code
    }.first
    let output = FleetOutput(question: question, answers: answers)
    if live {
      do {
        io.out(try output.closing())
      } catch {
        io.errText("replay: \(error)\n")
        return ExitCode.unreadableLog
      }
    } else if lists {
      io.out(output.heading())
      for (index, answer) in answers.enumerated() {
        if case .success = answer.result { stream.spool(of: index).write(to: io) }
      }
    } else if !json {
      io.out(output.text(style))
    } else {
      do {
        var bytes: [UInt8] = []
        JSONPrinter.compact.write(try JSONValueEncoder().encode(output), to: &bytes)
        io.out(String(decoding: bytes, as: UTF8.self) + "\n")
      } catch {
        io.errText("replay: \(error)\n")
        return ExitCode.unreadableLog
      }
    }
    return code ?? output.exitCode
  }

  /// Reads each log of `paths` into `stream`: the logs are read on the scan's threads
  /// (`REPLAY_THREADS`) at once, each on a thread with the large stack jq needs, and each
  /// log's own scan gets the threads left over. `render` makes a match's record (on the
  /// scan's worker that found it) from the match and its log's path.
  static func answer(
    _ question: FleetQuestion, paths: [String], options: Options,
    environment: [String: String], reducers: ReducerRegistry, stream: FleetStream,
    render: @escaping @Sendable (FleetMatch, String) throws -> [UInt8]
  ) {
    let settings = ScanSettings(environment: environment)
    let width = min(settings.threads, paths.count)
    let perLog = ScanSettings(
      threads: max(1, settings.threads / width), chunkBytes: settings.chunkBytes)
    let next = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: width) { _ in
      while true {
        let index = next.add(1, ordering: .relaxed).oldValue
        guard index < paths.count else { return }
        let path = paths[index]
        let answer = WorkThread.run {
          read(
            path, question, options: options, settings: perLog, environment: environment,
            reducers: reducers, render: { try render($0, path) }
          ) { stream.append($0, of: index) }
        }
        stream.finish(index, answer)
      }
    }
  }

  /// One log's answer to `question`.
  private static func read(
    _ path: String, _ question: FleetQuestion, options: Options, settings: ScanSettings,
    environment: [String: String], reducers: ReducerRegistry,
    render: @Sendable (FleetMatch) throws -> [UInt8], emit: ([UInt8]) -> Void
  ) -> Answer {
    let sink = BufferIO(environment: environment)
    do {
      let (log, warnings) = try LogOpener.open(path: path)
      // How a session ended is the report's; other warnings go to stderr as for one log.
      for warning in warnings + log.warnings
      where warning.message != log.pendingEntry?.crashMessage {
        sink.errText(
          "replay: warning: \(log.path):\(warning.line.map(String.init) ?? ""): \(warning.message)\n"
        )
      }
      log.scanSettings = settings
      var logOptions = options
      logOptions.logPath = path
      logOptions.moreLogPaths = []
      let context = Context(log: log, options: logOptions, io: sink, reducers: reducers)
      try ActionOnlyStates.prepare(context, for: question.declaration)
      let result = try question.answer(context, render: render, emit: emit)
      return Answer(path: path, result: .success(result), stderr: sink.stderr)
    } catch let error as LogError {
      let code =
        error.kind == .doesNotFitReducer ? ExitCode.incompatibleLog : ExitCode.unreadableLog
      return Answer(
        path: path,
        result: .failure(FleetFailure(message: "\(error)", code: code, reason: Self.reason(error))),
        stderr: sink.stderr)
    } catch let error as CommandError {
      return Answer(
        path: path, result: .failure(FleetFailure(message: error.message, code: error.code)),
        stderr: sink.stderr)
    } catch {
      return Answer(
        path: path,
        result: .failure(FleetFailure(message: "\(error)", code: ExitCode.unreadableLog)),
        stderr: sink.stderr)
    }
  }
}

extension FleetRun {
  /// `error` without its path: `line 5, column 1: not valid JSON…`, or the message alone
  /// for an error of the whole file (`no such file`).
  static func reason(_ error: LogError) -> String {
    let place = [error.line.map { "line \($0)" }, error.column.map { "column \($0)" }]
      .compactMap { $0 }
    return place.isEmpty ? error.message : place.joined(separator: ", ") + ": " + error.message
  }
}

/// Why one log of a fleet could not be read.
struct FleetFailure: Error, Sendable {
  /// The error as a single log's command says it, naming the log.
  var message: String
  var code: Int32
  /// The error without the log's path, for a line that names the log before it.
  var reason: String

  init(message: String, code: Int32, reason: String? = nil) {
    self.message = message
    self.code = code
    self.reason = reason ?? message
  }
}
