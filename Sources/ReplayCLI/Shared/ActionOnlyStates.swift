import TerminalEditor
import TimeTravel

/// Where the states of an action-only log come from (the log format article, LogFormat.md): `--reducer
/// NAME` recomputes them; without it, the modes that need states refuse, naming the
/// flag, and those that need actions only (the summary, `--find`, `--convert`) run.
enum ActionOnlyStates {
  /// Applies `--reducer` to `log` before a mode runs.
  /// - Throws: ``CommandError``: exit 2 for an unknown reducer, or a mode that needs
  ///   states on an action-only log without `--reducer` (or `--verify` or `--emit-test` on
  ///   one, which has no recorded states to check); exit 8 when neither the log nor the reducer has an
  ///   initial state.
  static func prepare(_ context: Context) throws(CommandError) {
    let log = context.log
    let mode = context.options.mode
    if case .verify = mode {
      guard log.isActionOnly else { return }
      throw CommandError(
        code: ExitCode.usage,
        message:
          "\(TerminalText.sanitize(log.path)) records actions only, so --verify has no recorded states to compare with; --reducer NAME with another mode (--show, --diff, --bisect…) shows the recomputed states"
      )
    }
    if case .emitTest = mode {
      // The test is built from the recorded changes, with the reducer as the test's own.
      guard log.isActionOnly else { return }
      throw CommandError(
        code: ExitCode.usage,
        message:
          "\(TerminalText.sanitize(log.path)) records actions only, so --emit-test has no recorded changes to assert; --convert --reducer NAME writes a log with the recomputed states to emit a test from"
      )
    }
    if context.options.follow, log.isActionOnly, mode != .summary, !isFind(mode) {
      throw CommandError(
        code: ExitCode.usage,
        message:
          "\(TerminalText.sanitize(log.path)) records actions only, and --follow reads the states a log records: it follows such a log with the summary or --find"
      )
    }
    if let name = context.options.reducer {
      guard let recomputer = context.reducers.recomputer(named: name) else {
        let registry = context.reducers
        let registered =
          registry.names.isEmpty
          ? "none are registered in this replay; see Sources/ReplayCLI/Documentation.docc/CustomReplay.md to register yours"
          : "registered: \(registry.names.joined(separator: ", "))"
        throw CommandError(
          code: ExitCode.usage,
          message: "unknown reducer '\(TerminalText.sanitize(name))' (\(registered))")
      }
      guard log.isActionOnly else {
        context.io.errText(
          "replay: warning: \(TerminalText.sanitize(log.path)) records its states, so --reducer \(TerminalText.sanitize(name)) is not used (--verify checks recorded states against a reducer)\n"
        )
        return
      }
      do { try log.recompute(with: recomputer) } catch {
        throw CommandError(
          code: ExitCode.incompatibleLog, message: TerminalText.sanitize(error.description))
      }
      return
    }
    guard log.isActionOnly, let flag = statesFlag(mode) else { return }
    let registered = context.reducers.names
    let names = registered.isEmpty ? "" : " (registered: \(registered.joined(separator: ", ")))"
    throw CommandError(
      code: ExitCode.usage,
      message:
        "\(TerminalText.sanitize(log.path)) records actions only (\(what(log))), and \(flag) needs states: add --reducer NAME to recompute them through a registered reducer\(names)"
    )
  }

  static func isFind(_ mode: Options.Mode) -> Bool {
    if case .find = mode { return true }
    return false
  }

  /// The flag of a mode that needs states, or `nil` for one that needs actions only.
  static func statesFlag(_ mode: Options.Mode) -> String? {
    switch mode {
    case .summary, .find, .convert, .verify: return nil
    case .show: return "--show"
    case .diff: return "--diff"
    case .bisect: return "--bisect"
    case .watch: return "--watch"
    case .step: return "--step"
    case .reproduce: return "--reproduce"
    case .export: return "--export"
    case .html: return "--html"
    case .emitTest: return "--emit-test"
    }
  }

  /// What the log is: the foreign format it came from, or a JSON Lines log.
  static func what(_ log: LogFile) -> String {
    if let raw = log.header?.importedFrom, let format = ForeignFormat(rawValue: raw) {
      return format.displayName
    }
    return "a log whose entries have no prior and next"
  }
}
