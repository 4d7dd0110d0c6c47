import TerminalEditor
import TimeTravel

/// `replay LOG --emit-test --reducer NAME [--range A..B] [--module MODULE]`: a Swift
/// Testing source file, on stdout, that replays the entries with `TestStore`.
struct EmitTestMode: LogMode {
  /// Also an option of `--minimize`, which writes the test of the history it kept.
  static let flag = Flag(
    names: ["--emit-test"],
    help:
      "Write a Swift Testing test that replays the entries through a registered reducer with TimeTravelTesting's TestStore. It starts from the recorded state before the first entry, sends each action and asserts each recorded change as Swift mutations ($0.todos[24].title = \"x\"), decoding recorded JSON where a mutation cannot be written; the source goes to stdout."
  )

  static let declaration = ModeDeclaration(
    EmitTestMode.self, flag: flag, needs: [OptionFlags.reducer],
    options: [OptionFlags.range, OptionFlags.module, OptionFlags.liveEffects],
    states: .recorded(
      reason:
        "has no recorded changes to assert; --convert --reducer NAME writes a log with the recomputed states to emit a test from"
    ))

  /// What the test is made of.
  var request: EmitTestRequest

  init(request: EmitTestRequest) { self.request = request }

  init(_ arguments: ModeArguments) {
    let options = arguments.options
    request = EmitTestRequest(
      reducer: options.reducer ?? "", range: options.range, module: options.module,
      liveEffects: options.liveEffects)
  }

  func run(_ context: Context) throws -> Int32 {
    let registry = context.reducers
    guard let emit = registry.testEmitter(named: request.reducer) else {
      throw registry.unknown(request.reducer)
    }
    if context.options.format != .text {
      throw CommandError(
        code: ExitCode.usage,
        message:
          "--emit-test writes Swift source; --format \(context.options.format.rawValue) does not apply"
      )
    }
    let log = context.log
    guard log.entryCount > 0 else {
      throw CommandError(
        code: ExitCode.usage, message: "\(TerminalText.sanitize(log.path)) has no entries to test")
    }
    let first =
      try request.range?.lower.map { number throws(LogError) in try log.position(ofEntry: number) }
      ?? 1
    let last =
      try request.range?.upper.map { number throws(LogError) in try log.position(ofEntry: number) }
      ?? log.entryCount
    let emission = TestEmission(
      log: log, positions: first...last, module: request.module,
      command: Self.command(context, request), diffOptions: context.diffOptions,
      liveEffects: request.liveEffects)
    context.io.out(try emit(emission))
    return ExitCode.success
  }

  /// The command line, as the file's first comment quotes it: with `LOG` for the path,
  /// so the file is the same bytes wherever it was generated from.
  private static func command(_ context: Context, _ request: EmitTestRequest) -> String {
    var words = ["replay", "LOG", "--emit-test", "--reducer", request.reducer]
    if let range = request.range {
      words += ["--range", range.description]
    }
    if let module = request.module { words += ["--module", module] }
    if request.liveEffects { words.append("--live-effects") }
    return words.joined(separator: " ")
  }
}
