import Foundation
import TerminalEditor
import TimeTravel

/// `replay LOG --minimize --predicate EXPR --reducer NAME [--max-replays N]
/// [--emit-test [--module MODULE]]`: the fewest of the log's actions that, replayed
/// from its initial state, still make the predicate hold at the end.
struct MinimizeMode: LogMode {
  static let flag = Flag(
    names: ["--minimize"],
    help:
      "Shrink the session to a 1-minimal history that still makes the predicate hold at its end: removing any one more action (with the actions its effects sent) makes it false. Delta debugging (ddmin), each candidate replayed through a registered reducer from the log's initial state, effects not run. It prints the kept actions with their seq and, when recorded, where each was dispatched, how many of how many were kept and how many replays it took; progress goes to stderr, and Ctrl-C stops with the smallest failing history found so far. With --emit-test, it writes the Swift Testing test of the kept history instead, ending with a check that the predicate does not hold; with --html FILE, the HTML report of the kept history beside the recording."
  )
  static let declaration = ModeDeclaration(
    MinimizeMode.self,
    flag: flag, needs: [OptionFlags.predicate], alsoNeeds: [OptionFlags.reducer],
    synopsis: "--minimize --predicate EXPR --reducer NAME",
    options: [OptionFlags.maxReplays, OptionFlags.module],
    modeFlags: [EmitTestMode.flag, HTMLMode.flag])

  var predicate: String
  var reducer: String
  var maxReplays: Int
  /// `--emit-test` was given with it.
  var emitsTest: Bool
  var module: String?
  /// `--html FILE` given with it: the report of the kept history beside the recording.
  var html: String?

  init(_ arguments: ModeArguments) {
    let options = arguments.options
    predicate = options.predicate ?? ""
    reducer = options.reducer ?? ""
    maxReplays = options.maxReplays ?? 10_000
    emitsTest = arguments.values(of: EmitTestMode.flag) != nil
    module = options.module
    html = arguments.values(of: HTMLMode.flag)?.first
  }

  func run(_ context: Context) throws -> Int32 {
    if let html {
      let request = HTMLReportRequest(
        file: html, predicate: predicate, edited: .minimize(maxReplays: maxReplays))
      return try HTMLMode(request: request).run(context)
    }
    let recomputer = try EditedReplay.recomputer(reducer, context)
    let judge = try EditedReplay.predicate(predicate, context)
    if emitsTest, context.options.format != .text {
      throw CommandError(
        code: ExitCode.usage,
        message:
          "--emit-test writes Swift source; --format \(context.options.format.rawValue) does not apply"
      )
    }
    let stop = StopRequest()
    var progress = MinimizeProgress(io: context.io, total: context.log.entryCount)
    let minimizer = HistoryMinimizer(
      log: context.log, recomputer: recomputer, maxReplays: maxReplays)
    let result = try stop.during {
      try EditedReplay.run { () throws(WhatIfError) in
        try minimizer.run(
          shouldStop: { stop.isRequested }, progress: { progress.update($0) }, predicate: judge)
      }
    }
    progress.finish()
    let output = MinimizeOutput(result: result, reducer: reducer)
    guard emitsTest else { return try context.emit(output) }
    context.io.errText(output.text(TextStyle(full: false, color: false)))
    return try emitTest(result, recomputer: recomputer, context)
  }

  /// The test of the kept history, on stdout.
  private func emitTest(_ result: MinimizeResult, recomputer: StateRecomputer, _ context: Context)
    throws -> Int32
  {
    guard let emit = context.reducers.testEmitter(named: reducer) else {
      throw context.reducers.unknown(reducer)
    }
    let kept = result.kept.compactMap(\.seq)
    let edited = try EditedReplay.run { () throws(WhatIfError) in
      try WhatIf(log: context.log, recomputer: recomputer).editedLog(keeping: kept)
    }
    let log = try LogFile(contents: edited.text, name: context.log.path)
    var words = ["replay", "LOG", "--minimize", "--predicate", Self.shellQuoted(predicate)]
    words += ["--reducer", reducer, "--emit-test"]
    if let module { words += ["--module", module] }
    var emission = TestEmission(
      log: log, positions: 1...log.entryCount, module: module,
      command: words.joined(separator: " "), diffOptions: context.diffOptions)
    emission.minimized = TestEmission.Minimized(predicate: predicate, kept: kept, from: result.from)
    context.io.out(try emit(emission))
    return ExitCode.success
  }

  /// `text` as one word for a POSIX shell: in single quotes, each `'` as `'\''`.
  static func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}

/// `--minimize`'s progress on stderr, at a terminal: replays so far and the size of the
/// smallest failing history, redrawn in place at most ten times a second.
struct MinimizeProgress {
  let io: any ReplayIO
  let total: Int
  private var shown: UInt64 = 0
  private var drawn = false

  init(io: any ReplayIO, total: Int) {
    self.io = io
    self.total = total
  }

  mutating func update(_ progress: DeltaDebugging.Status) {
    guard io.errorIsTerminal else { return }
    let now = DispatchTime.now().uptimeNanoseconds
    guard now - shown >= 100_000_000 else { return }
    shown = now
    drawn = true
    io.err(
      "\rminimizing: \(progress.tests) replays, \(progress.size) of \(total) entries kept so far\u{1B}[K"
    )
  }

  func finish() {
    guard drawn else { return }
    io.err("\r\u{1B}[K")
  }
}
