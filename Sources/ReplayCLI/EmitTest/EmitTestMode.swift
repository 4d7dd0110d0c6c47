import TerminalEditor
import TimeTravel

/// `replay LOG --emit-test --reducer NAME [--range A..B] [--module MODULE]`: a Swift
/// Testing source file, on stdout, that replays the entries with `TestStore`.
enum EmitTestMode {
  static func run(_ context: Context, _ request: EmitTestRequest) throws -> Int32 {
    let registry = context.reducers
    guard let emit = registry.testEmitter(named: request.reducer) else {
      let registered =
        registry.names.isEmpty
        ? "none are registered in this replay; see Sources/ReplayCLI/Documentation.docc/CustomReplay.md to register yours"
        : "registered: \(registry.names.joined(separator: ", "))"
      throw CommandError(
        code: ExitCode.usage,
        message: "unknown reducer '\(TerminalText.sanitize(request.reducer))' (\(registered))")
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
      command: command(context, request), diffOptions: context.diffOptions)
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
    return words.joined(separator: " ")
  }
}
