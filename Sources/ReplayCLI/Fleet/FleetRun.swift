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
/// A folder stands for its files ending in `.jsonl` or `.ndjson` (in either case), by
/// name. A log that cannot be read, or is read and cannot be answered, is reported on
/// stderr and listed, and the others are still read; the exit code is then
/// ``ExitCode/unreadableLog`` when a log could not be read, else the first failed log's.
enum FleetRun {
  /// The modes that read many logs.
  static let modes: Set<ModeID> = [
    ModeID(SummaryMode.self), ModeID(FindMode.self), ModeID(WatchMode.self),
  ]

  /// What a mode that reads one log says of several: which modes read them.
  static let modesNote = "several logs go with the summary, --find and --watch"

  /// The file names a folder's logs end in.
  static let extensions = ["jsonl", "ndjson"]

  /// Whether `path` names a folder.
  static func isFolder(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  /// What a path given or listed stands for: a log to read, or why there is none to read
  /// there (a folder that cannot be listed or holds no log; a file of a folder that is not
  /// a regular file, cannot be looked at, or has a name that is not UTF-8), which is
  /// reported as a log that could not be read is.
  struct Input: Sendable {
    var path: String
    var failure: FleetFailure?
  }

  /// The logs `given` names: each file as given, each folder's logs by name (its
  /// subfolders are not searched; a file of a folder that is not a regular file, which
  /// could block a read forever, is listed with its problem).
  /// - Throws: ``CommandError`` (exit 3) when the one path given is a folder that cannot
  ///   be listed or holds no log.
  static func inputs(_ given: [String]) throws(CommandError) -> [Input] {
    func problem(_ path: String, _ message: String, _ reason: String) -> Input {
      Input(
        path: path,
        failure: FleetFailure(message: message, code: ExitCode.unreadableLog, reason: reason))
    }
    var inputs: [Input] = []
    var folderProblems = 0
    for path in given {
      guard isFolder(path) else {
        inputs.append(Input(path: path))
        continue
      }
      let shown = TerminalText.sanitize(path)
      let names: [(name: String, isUTF8: Bool)]
      do {
        names = try Self.names(inFolder: path)
      } catch {
        let reason = "cannot be listed: \(String(cString: strerror(error.code.rawValue)))"
        inputs.append(problem(path, "the folder \(shown) \(reason)", "a folder that " + reason))
        folderProblems += 1
        continue
      }
      let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
      let logs = names.filter { entry in
        let lowercased = entry.name.lowercased()
        return extensions.contains { lowercased.hasSuffix("." + $0) }
          && !isFolder(folder + "/" + entry.name)
      }.sorted { $0.name < $1.name }
      guard !logs.isEmpty else {
        let reason = "holds no log (no file ending in .jsonl or .ndjson)"
        inputs.append(problem(path, "the folder \(shown) \(reason)", "a folder that " + reason))
        folderProblems += 1
        continue
      }
      for (name, isUTF8) in logs {
        let file = folder + "/" + name
        let shownFile = TerminalText.sanitize(file)
        if !isUTF8 {
          // A path is a Swift string here: the bytes that are not UTF-8 were replaced
          // (U+FFFD), and the file cannot be named to open it.
          let reason =
            "its name is not UTF-8 (shown with U+FFFD), so it cannot be opened; rename it"
          inputs.append(problem(file, "\(shownFile): \(reason)", reason))
        } else if let reason = notARegularFile(file) {
          inputs.append(problem(file, "\(shownFile): \(reason)", reason))
        } else {
          inputs.append(Input(path: file))
        }
      }
    }
    // One folder alone that gives no log is the command's error; among others, it is
    // listed as they are.
    if given.count == 1, folderProblems == inputs.count, let first = inputs.first?.failure {
      throw CommandError(code: first.code, message: first.message)
    }
    return inputs
  }

  /// The names in the folder at `path` (not `.` and `..`), each with whether its bytes are
  /// UTF-8 (a name that is not is decoded with U+FFFD).
  /// - Throws: The `errno` of `opendir(3)`.
  static func names(inFolder path: String) throws(POSIXError) -> [(name: String, isUTF8: Bool)] {
    guard let folder = opendir(path) else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    defer { closedir(folder) }
    var names: [(String, Bool)] = []
    while let entry = readdir(folder) {
      let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        Array(raw.prefix { $0 != 0 })
      }
      if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
      let valid = String(validating: bytes, as: UTF8.self)
      names.append((valid ?? String(decoding: bytes, as: UTF8.self), valid != nil))
    }
    return names
  }

  /// Why `path` (links followed) is no regular file to read, or `nil` when it is one: "not
  /// a regular file" (a FIFO, a device), or why it cannot be looked at (a link to nothing,
  /// a loop of links).
  static func notARegularFile(_ path: String) -> String? {
    var status = stat()
    guard stat(path, &status) == 0 else {
      let reason = String(cString: strerror(errno))
      return "cannot be opened: \(reason.prefix(1).lowercased() + reason.dropFirst())"
    }
    return status.st_mode & S_IFMT == S_IFREG ? nil : "not a regular file"
  }

  /// What one log answered: its part of the report, or why it could not be read or
  /// answered; what it wrote to stderr (warnings); and how many matches of `--find` or
  /// `--watch` it had, those of a log that failed part-way included.
  struct Answer: Sendable {
    var path: String
    var result: Result<FleetLogResult, FleetFailure>
    var stderr: String
    var matches = 0
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
    let inputs: [Input]
    do {
      question = try FleetQuestion(mode, options)
      // Said once, before any log is read, as one log's command says it.
      if let name = options.reducer, reducers.recomputer(named: name) == nil {
        throw reducers.unknown(name)
      }
      inputs = try Self.inputs(given)
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
    let stream = FleetStream(io, logs: inputs.count, live: live)
    answer(
      question, inputs: inputs, options: options, environment: io.environment,
      reducers: reducers, stream: stream
    ) { match, path in
      try FleetOutput.record(match, log: path, question: question, json: json, style: style)
    }
    let answers = stream.answers
    // Whatever the order the logs are given in: 3 when one could not be read, else the
    // code of the first that failed.
    let codes = answers.compactMap { answer -> Int32? in
      guard case .failure(let failure) = answer.result else { return nil }
      return failure.code
    }
    let code = codes.contains(ExitCode.unreadableLog) ? ExitCode.unreadableLog : codes.first
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
      // A log that failed part-way keeps its matches before the error, as in JSON.
      for index in answers.indices { stream.spool(of: index).write(to: io) }
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

  /// Reads each log of `inputs` into `stream`: the logs are read on the scan's threads
  /// (`REPLAY_THREADS`) at once, each on a thread with the large stack jq needs, and each
  /// log's own scan gets the threads left over. `render` makes a match's record (on the
  /// scan's worker that found it) from the match and its log's path.
  static func answer(
    _ question: FleetQuestion, inputs: [Input], options: Options,
    environment: [String: String], reducers: ReducerRegistry, stream: FleetStream,
    render: @escaping @Sendable (FleetMatch, String) throws -> [UInt8]
  ) {
    let settings = ScanSettings(environment: environment)
    let width = min(settings.threads, inputs.count)
    let perLog = ScanSettings(
      threads: max(1, settings.threads / width), chunkBytes: settings.chunkBytes)
    let next = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: width) { _ in
      while true {
        let index = next.add(1, ordering: .relaxed).oldValue
        guard index < inputs.count else { return }
        let path = inputs[index].path
        if let failure = inputs[index].failure {
          stream.finish(index, Answer(path: path, result: .failure(failure), stderr: ""))
          continue
        }
        var answer = WorkThread.run {
          read(
            path, question, options: options, settings: perLog, environment: environment,
            reducers: reducers, render: { try render($0, path) }
          ) { stream.append($0, of: index) }
        }
        answer.matches = stream.recordCount(of: index)
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
      let pending = log.pendingEntry
      for warning in warnings + log.warnings where !(pending?.isEndWarning(warning) ?? false) {
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
      // Named once: most of these messages do not name the log (one log's command has only
      // the one), and those that do start with it ("LOG records actions only, …").
      let shown = TerminalText.sanitize(path)
      let namesIt = error.message.hasPrefix(shown + " ")
      return Answer(
        path: path,
        result: .failure(
          FleetFailure(
            message: namesIt ? error.message : "\(shown): \(error.message)", code: error.code,
            reason: namesIt ? "the log" + error.message.dropFirst(shown.count) : error.message)),
        stderr: sink.stderr)
    } catch {
      return Answer(
        path: path,
        result: .failure(
          FleetFailure(
            message: "\(TerminalText.sanitize(path)): \(error)", code: ExitCode.unreadableLog,
            reason: "\(error)")),
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

/// Why one log of a fleet could not be read, or its question answered.
struct FleetFailure: Error, Sendable {
  /// The error naming the log (as a single log's command says an error of its file).
  var message: String
  var code: Int32
  /// The error without the log's path, for a line that names the log before it.
  var reason: String

  /// Whether the log could not be read (exit 3); otherwise it was, and could not be
  /// answered (an expression failed on an entry, exit 4; the mode needs the states of a
  /// log of actions only, exit 2; the log does not fit `--reducer`, exit 8): it is listed
  /// as failed.
  var isUnreadable: Bool { code == ExitCode.unreadableLog }

  init(message: String, code: Int32, reason: String? = nil) {
    self.message = message
    self.code = code
    self.reason = reason ?? message
  }
}
