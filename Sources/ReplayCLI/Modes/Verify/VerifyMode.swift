import TerminalEditor
import TimeTravel

/// `replay LOG --verify --reducer NAME`: recompute every state through a registered
/// reducer and report the first divergence.
struct VerifyMode: LogMode {
  static let declaration = ModeDeclaration(
    VerifyMode.self,
    flag: Flag(
      names: ["--verify"],
      help:
        "Re-apply every action through a registered reducer and report the first divergence. That is the first entry whose recomputed state differs from the recorded one, with the differing paths; effects are not run."
    ), needs: [OptionFlags.reducer],
    states: .recorded(
      reason:
        "has no recorded states to compare with; --reducer NAME with another mode (--show, --diff, --bisect…) shows the recomputed states"
    ))

  /// The registered reducer's name.
  var reducer: String

  init(reducer: String) { self.reducer = reducer }
  init(_ arguments: ModeArguments) { reducer = arguments.options.reducer ?? "" }

  func run(_ context: Context) throws -> Int32 {
    let name = reducer
    let registry = context.reducers
    guard let verify = registry.verifier(named: name) else {
      throw registry.unknown(name)
    }
    let report: ReplayReport
    do {
      report = try verify(context.log)
    } catch {
      throw CommandError(
        code: error.kind == .unreadableLog ? ExitCode.unreadableLog : ExitCode.incompatibleLog,
        message: TerminalText.sanitize(error.description))
    }
    return try context.emit(VerifyOutput(report: report))
  }
}
